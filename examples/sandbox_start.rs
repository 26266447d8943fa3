//! What the sandbox costs a start (bench/sandbox.sh): `true` started and reaped N times as a
//! plain child and N times through `sandbox::spawn` (namespaces, mounts, PID namespace, no
//! privilege, control groups where there are any), interleaved; prints the mean wall time of
//! each and their difference, the sandbox's set-up per start.
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
    let (mut plain, mut boxed) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..n {
        let t = Instant::now();
        let status = Command::new("true")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        plain += t.elapsed();
        if !status.is_ok_and(|s| s.success()) {
            eprintln!("sandbox_start: plain `true` failed");
            std::process::exit(1);
        }
        let t = Instant::now();
        let stdio = [Stdio::null(), Stdio::null(), Stdio::null()];
        let (_child, pid, mut tree) = match sandbox::spawn(&command, stdio, limits, &[]) {
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
        boxed += t.elapsed();
        if !matches!(reaped.map(|r| r.exit), Some(sandbox::Exit::Code(0))) {
            eprintln!("sandbox_start: `true` in the sandbox failed: {reaped:?}");
            std::process::exit(1);
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0 / f64::from(n);
    println!(
        "starts {n}  plain {:.3} ms  sandboxed {:.3} ms  set-up {:.3} ms",
        ms(plain),
        ms(boxed),
        ms(boxed) - ms(plain)
    );
}
