//! Hostile solutions against the sandbox, each kept as a fixture in
//! tests/fixtures/hostile/: a solution that reads the jury's answer next to its input, one that
//! rewrites the project's samples, CPU and memory spent in a child out of the process group,
//! a child in a session of its own left running, and a referee killed outright.
//!
//! The runs and the pid files of the fixtures are here; what a solution may read and write in
//! `files`, the CPU, memory, tasks and scratch space it is counted and capped on in `limits`,
//! the referee killed and its solution's attempt to kill it in `kills`, what the box holds
//! and where the kernel refuses it in `confinement`.

mod confinement;
mod files;
mod kills;
mod limits;

use crate::common;

/// The submodules name `super::attacks` (its check that `nobody` reaches the test files).
use super::attacks;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures/hostile")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The referee run with `args`, the variables of `env` set and passed to the solution (`-E`
/// before the `--`: the solution sees no other variable of the referee's).
fn referee(args: &[&str], env: &[(&str, &Path)]) -> (Output, Duration) {
    let started = Instant::now();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_referee"));
    let split = args.iter().position(|a| *a == "--").unwrap_or(args.len());
    cmd.args(&args[..split]);
    for (k, _) in env {
        cmd.args(["-E", k]);
    }
    cmd.args(&args[split..]);
    for (k, v) in env {
        cmd.env(k, v);
        if *k == "HOSTILE_PIDFILE" {
            share_folder_of(&mut cmd, v);
        }
    }
    let out = cmd.output().unwrap();
    (out, started.elapsed())
}

/// Lets the solution write its pid file: the only host folder it may write to is the one the
/// referee is given in `COMBGAMES_SANDBOX_SHARE` ([`combgames_sandbox::mounts::SHARE_ENV`]), open to
/// the box uid a root referee gives it.
fn share_folder_of(cmd: &mut Command, file: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let dir = file.parent().unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    cmd.env(combgames_sandbox::mounts::SHARE_ENV, dir);
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether the process whose pid the fixture wrote to `pidfile` still runs (a zombie does not
/// count: it no longer runs and is reaped by whoever adopted it).
fn still_runs(pidfile: &Path) -> bool {
    let pid = std::fs::read_to_string(pidfile).unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()));
    stat.is_ok_and(|s| {
        let state = s.rsplit_once(')').map_or("", |r| r.1).trim_start();
        !state.starts_with('Z')
    })
}

/// A pid file holding the pid (as this test sees it) of the process that wrote `pidfile`: the
/// same where the solution shares the test's PID namespace; where it has one of its own
/// ([`combgames_sandbox::pid_namespace_works`]) the fixture wrote its pid there, and the
/// process is found here by its `NSpid` line (its pids, outermost first) and by its environment
/// (`HOSTILE_PIDFILE` is the test's own file, so a process of another test's namespace with
/// the same inner pid is not taken). `None` when no such process runs any more.
fn outside_pidfile(pidfile: &Path, dir: &common::TempDir) -> Option<PathBuf> {
    let inner = std::fs::read_to_string(pidfile).unwrap().trim().to_owned();
    let marker = format!("HOSTILE_PIDFILE={}", pidfile.display());
    let found = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|name| name.bytes().all(|b| b.is_ascii_digit()))
        .find(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
            let nspid = status.lines().find_map(|l| l.strip_prefix("NSpid:"));
            let innermost = nspid.and_then(|l| l.split_whitespace().last());
            let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            innermost == Some(inner.as_str())
                && environ.split(|&b| b == 0).any(|v| v == marker.as_bytes())
        })?;
    let outside = dir.join("pid-outside");
    std::fs::write(&outside, found).unwrap();
    Some(outside)
}

/// Waits up to `limit` for the process of `pidfile` to be gone.
fn gone_within(pidfile: &Path, limit: Duration) -> bool {
    let until = Instant::now() + limit;
    while still_runs(pidfile) {
        if Instant::now() > until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

/// Waits up to 10 s for the fixture to write its pid file.
fn wait_for_file(path: &Path) {
    let until = Instant::now() + Duration::from_secs(10);
    while std::fs::read_to_string(path).map_or(true, |s| s.trim().is_empty()) {
        assert!(Instant::now() < until, "{} never written", path.display());
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `referee play GAME --rounds 1 --seed 1 OPTIONS -- [FIXTURE] GAME --play` (GAME: some game,
/// [`common::a_game`]), the fixture (of tests/fixtures/hostile/) wrapping the project's
/// solution: the verdict line and the exit code.
fn one_round(
    options: &[&str],
    fixture_name: Option<&str>,
    env: &[(&str, &Path)],
) -> (String, Option<i32>) {
    let fixture_path = fixture_name.map(fixture);
    let solution = common::bin(common::a_game());
    let mut args = vec!["play", common::a_game(), "--rounds", "1", "--seed", "1"];
    args.extend_from_slice(options);
    args.push("--");
    args.extend(fixture_path.as_deref());
    args.extend([solution.as_str(), "--play"]);
    let (out, _) = referee(&args, env);
    (text(&out.stdout), out.status.code())
}

/// The control-group hierarchies the kernel gives the referee here, or `None` after saying
/// why the test cannot run: CI runs as root on a machine with cgroup v1 mounted, where they
/// must be there, so the tests that need them cannot pass by skipping.
fn cgroups_or_note(needed: &str) -> bool {
    let available = combgames_sandbox::cgroup::available();
    if available.contains(&needed) {
        return true;
    }
    common::cannot_run(&format!(
        "no writable {needed} cgroup (v1) here (found {available:?}); that guarantee is off"
    ));
    false
}

/// The task cap docs/sandbox.md promises: processes and threads of one solution.
const DOCUMENTED_TASK_CAP: u64 = 512;

/// How the referee is run: as itself, or (when the tests run as root) as `nobody` by setpriv,
/// the path of an ordinary user with user namespaces.
pub(crate) fn referee_as(nobody: bool) -> Command {
    if nobody {
        let mut cmd = Command::new("setpriv");
        cmd.args([
            "--reuid=nobody",
            "--regid=nogroup",
            "--clear-groups",
            env!("CARGO_BIN_EXE_referee"),
        ]);
        cmd
    } else {
        Command::new(env!("CARGO_BIN_EXE_referee"))
    }
}

/// Whether the tests run as root (CI), else a note that `what` needs root to be tried.
fn root_or_note(what: &str) -> bool {
    // SAFETY: geteuid has no arguments.
    let root = unsafe { libc::geteuid() } == 0;
    if !root {
        common::cannot_run(&format!("not root; {what} is tried as root only"));
    }
    root
}
