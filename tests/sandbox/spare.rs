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

/// The holders of this build's referee whose referee is gone: process ids of `sandbox-spare`
/// processes of this referee binary whose parent is init.
fn orphan_holders() -> Vec<u32> {
    let referee = std::fs::canonicalize(common::referee()).unwrap();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            continue;
        };
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .map(str::trim)
                .unwrap_or("")
                .to_owned()
        };
        let exe = std::fs::read_link(format!("/proc/{pid}/exe")).ok();
        if field("Name:") == "sandbox-spare"
            && field("PPid:") == "1"
            && !field("State:").starts_with('Z')
            && exe.as_deref() == Some(referee.as_path())
        {
            found.push(pid);
        }
    }
    found
}

/// A referee that ends leaves no holder behind, and none holds its output open: 30 judges of
/// one test each end with their output read to its end, and no holder is left whose referee
/// is gone (one seen twice, a second apart).
#[test]
fn no_holder_outlives_its_referee() {
    if !sandbox::confinement_works() {
        common::cannot_run("no confinement here (no user namespaces): nothing is made ahead");
        return;
    }
    for _ in 0..30 {
        let out = std::process::Command::new(common::referee())
            .args([
                "judge",
                common::a_game(),
                "--tests",
                "1",
                "--",
                common::solution(common::a_game()),
            ])
            .stdin(Stdio::null())
            .output()
            .expect("the referee runs");
        assert!(String::from_utf8_lossy(&out.stdout).contains("summary:"));
    }
    let first = orphan_holders();
    std::thread::sleep(Duration::from_secs(1));
    let left: Vec<u32> = orphan_holders()
        .into_iter()
        .filter(|p| first.contains(p))
        .collect();
    assert!(
        left.is_empty(),
        "holders left by a referee that ended: {left:?}"
    );
}
