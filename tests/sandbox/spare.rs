//! The namespaces and box made ahead for the next run of the same command
//! (crates/sandbox/src/spare.rs): a run started from them sees the command's files as they are
//! when it starts, and nothing an earlier run left.

use crate::common;
use combgames_sandbox::{self as sandbox, Rlimits};
use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

/// Runs `command` in the sandbox from this process: its stdout.
fn run(command: &[String]) -> String {
    let limits = Rlimits {
        cpu: Duration::from_secs(5),
        file_size: None,
        memory: Some(256 << 20),
    };
    let stdio = [Stdio::null(), Stdio::piped(), Stdio::null()];
    let (mut child, pid, mut tree) = sandbox::spawn(command, stdio, limits).expect("it starts");
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("a pipe")
        .read_to_string(&mut out)
        .expect("its stdout");
    sandbox::wait(pid, true).expect("it is reaped");
    sandbox::kill(pid, true);
    tree.kill();
    out
}

/// Writes `text` as an executable script at `path` through a new file renamed over it: a new
/// inode, as a compiler or `cp` to a temporary name leaves it.
fn replace(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    let new = path.with_extension("new");
    std::fs::write(&new, text).unwrap();
    std::fs::set_permissions(&new, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::rename(&new, path).unwrap();
}

/// Four runs of one command in one process, the last three started from namespaces made
/// ahead: the program replaced between two runs is the new one in the next, and a file the
/// first run left in its scratch space is not in the second's.
#[test]
fn a_run_made_ahead_sees_the_program_of_now_and_a_fresh_scratch() {
    if !sandbox::confinement_works() {
        common::cannot_run("no confinement here (no user namespaces): nothing is made ahead");
        return;
    }
    let dir = common::TempDir::new("spare");
    // Readable by the box's user under a root referee.
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let program = dir.join("sol");
    // Says what an earlier run left in the scratch space, leaves a file there, says its word.
    let script = |word: &str| {
        format!(
            "#!/bin/sh\nfor f in /tmp/left-by-*; do [ -e \"$f\" ] && echo \"found $f\"; done\n\
             touch /tmp/left-by-$$\necho {word}\n"
        )
    };
    replace(&program, &script("first"));
    let command = [program.to_string_lossy().into_owned()];
    assert_eq!(run(&command), "first\n");
    // The same program: from the namespaces made ahead, whose scratch is empty.
    assert_eq!(run(&command), "first\n");
    replace(&program, &script("second"));
    assert_eq!(run(&command), "second\n");
    assert_eq!(run(&command), "second\n");
}
