//! Programs run on pipes: a pipe of owned fds, a program writing into a closed pipe, and a
//! Kattis session wired as problemtools' runner does, the judge holding both pipes.

use crate::TempDir;

/// A pipe whose two ends are owned fds.
pub fn pipe() -> (std::os::fd::OwnedFd, std::os::fd::OwnedFd) {
    use std::os::fd::FromRawFd;
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two fresh descriptors into the array, which we then own.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: both descriptors were just created and are owned by nobody else.
    unsafe {
        (
            std::os::fd::OwnedFd::from_raw_fd(fds[0]),
            std::os::fd::OwnedFd::from_raw_fd(fds[1]),
        )
    }
}

/// Runs `program` with `args`, `input` on its stdin, its stdout a pipe whose reader is gone
/// (`program | head` after head has exited): what it did.
pub fn into_a_closed_pipe(
    program: &std::path::Path,
    args: &[&str],
    input: &[u8],
) -> std::process::Output {
    use std::process::{Command, Stdio};
    let (read, write) = pipe();
    drop(read);
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(write))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    // The program may exit before it reads all of it: a write error here is no fault.
    let _ = std::io::Write::write_all(&mut stdin, input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// What [`judge_holding_the_pipes`] saw.
pub struct HeldPipes {
    pub code: Option<i32>,
    pub team_code: Option<i32>,
    /// The judge message (judgemessage.txt; empty when there is none).
    pub message: String,
    /// From the validator's start to its exit.
    pub elapsed: std::time::Duration,
}

/// One session as problemtools' runner wires it: the validator (`validator`, then `input
/// input feedback_dir`, then `flags`) and the team's program `team` joined by two pipes, of
/// which the runner itself keeps copies (both ends of the team's input, the write end of its
/// output) until both have exited, so neither side ever sees end of file from the other and a
/// write to a team that stopped reading blocks. `prepare` may change the feedback folder first.
/// Fails the test if either still runs after 20 s.
pub fn judge_holding_the_pipes(
    validator: &[&str],
    input: &str,
    flags: &[&str],
    team: &[&str],
    prepare: fn(&std::path::Path),
) -> HeldPipes {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = TempDir::new("kattis-held");
    let input_path = dir.join("test.in");
    std::fs::write(&input_path, input).unwrap();
    let feedback = dir.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    prepare(&feedback);
    let (to_team_r, to_team_w) = pipe();
    let (from_team_r, from_team_w) = pipe();
    let held = (
        to_team_r.try_clone().unwrap(),
        to_team_w.try_clone().unwrap(),
        from_team_w.try_clone().unwrap(),
    );
    let started = Instant::now();
    let mut team_process = Command::new(team[0])
        .args(&team[1..])
        .stdin(Stdio::from(to_team_r))
        .stdout(Stdio::from(from_team_w))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut validator_process = Command::new(validator[0])
        .args(&validator[1..])
        .arg(&input_path)
        .arg(&input_path)
        .arg(&feedback)
        .args(flags)
        .stdin(Stdio::from(from_team_r))
        .stdout(Stdio::from(to_team_w))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let wait = |child: &mut std::process::Child, who: &str| loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!(
                "{validator:?}: the {who} still runs after 20 s while the judge holds the pipes"
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let code = wait(&mut validator_process, "validator");
    let elapsed = started.elapsed();
    let team_code = wait(&mut team_process, "team's player");
    drop(held);
    HeldPipes {
        code,
        team_code,
        message: std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default(),
        elapsed,
    }
}
