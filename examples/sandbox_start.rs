//! What the sandbox costs a start (bench/sandbox.sh): `true` started and reaped N times as a
//! plain child and N times through `sandbox::spawn` (namespaces, mounts, PID namespace, no
//! privilege, control groups where there are any), interleaved; prints the mean and the median
//! wall time of each and their differences, the sandbox's set-up per start (the median is the
//! figure to trust on a busy machine: a few starts delayed by other processes move the mean).
//!
//! Usage: sandbox_start [N]   (default 200)

use combgames_sandbox::{self as sandbox, Rlimits};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    let n: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 200,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("sandbox_start: N must be a positive whole number");
            std::process::exit(2);
        }
    };
    sandbox::become_subreaper();
    let missing = sandbox::missing_guarantees();
    if !missing.is_empty() {
        eprintln!("sandbox_start: missing here: {}", missing.join(", "));
    }
    let limits = Rlimits {
        cpu: Duration::from_secs(2),
        file_size: None,
        memory: Some(256 << 20),
    };
    let command = ["true".to_owned()];
    let (mut plain, mut boxed) = (Vec::new(), Vec::new());
    for _ in 0..n {
        let t = Instant::now();
        let status = Command::new("true")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        plain.push(t.elapsed());
        if !status.is_ok_and(|s| s.success()) {
            eprintln!("sandbox_start: plain `true` failed");
            std::process::exit(1);
        }
        let t = Instant::now();
        let stdio = [Stdio::null(), Stdio::null(), Stdio::null()];
        let (_child, pid, mut tree) = match sandbox::spawn(&command, stdio, limits) {
            Ok(started) => started,
            Err(e) => {
                eprintln!("sandbox_start: cannot start: {e}");
                std::process::exit(1);
            }
        };
        let reaped = sandbox::wait(pid, true).ok().flatten();
        sandbox::kill(pid, true);
        tree.kill();
        drop(tree);
        boxed.push(t.elapsed());
        if !matches!(reaped.map(|r| r.exit), Some(sandbox::Exit::Code(0))) {
            eprintln!("sandbox_start: `true` in the sandbox failed: {reaped:?}");
            std::process::exit(1);
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = |v: &[Duration]| ms(v.iter().sum::<Duration>()) / f64::from(n);
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        ms(v[v.len() / 2])
    };
    let (mean_plain, mean_boxed) = (mean(&plain), mean(&boxed));
    let (median_plain, median_boxed) = (median(&mut plain), median(&mut boxed));
    println!(
        "starts {n}  mean: plain {mean_plain:.3} ms  sandboxed {mean_boxed:.3} ms  set-up {:.3} ms  \
         median: plain {median_plain:.3} ms  sandboxed {median_boxed:.3} ms  set-up {:.3} ms",
        mean_boxed - mean_plain,
        median_boxed - median_plain
    );
}
