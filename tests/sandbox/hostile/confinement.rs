//! What the box holds: no privilege and nothing of the host, whether the referee runs as root
//! or as an ordinary user; where the kernel refuses the namespaces, one line says so and
//! `--sandbox strict` refuses to run.

use super::{fixture, referee_as, root_or_note, share_folder_of, text};
use crate::common;
use std::process::Command;

/// What `reports_what_it_may.sh` found in the sandbox of a referee run as root or as nobody,
/// with a listener of the host on 127.0.0.1 it tries to reach: the report's lines.
fn report_of_a_run(nobody: bool) -> Vec<String> {
    let dir = common::TempDir::new("sandbox-report");
    let outside = common::TempDir::new("sandbox-outside");
    use std::os::unix::fs::PermissionsExt;
    // Open to anyone: only the sandbox keeps the solution out of it.
    std::fs::set_permissions(&*outside, std::fs::Permissions::from_mode(0o777)).unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let report = dir.join("report");
    let mut cmd = referee_as(nobody);
    cmd.args(["play", common::a_game(), "--rounds", "1", "--seed", "1"])
        .args([
            "-E",
            "HOSTILE_REPORT",
            "-E",
            "HOSTILE_OUTSIDE",
            "-E",
            "HOSTILE_PORT",
            "--",
        ])
        .arg(fixture("reports_what_it_may.sh"))
        .args([common::bin(common::a_game()).as_str(), "--play"])
        .env("HOSTILE_REPORT", &report)
        .env("HOSTILE_OUTSIDE", outside.join("escaped"))
        .env("HOSTILE_PORT", &port);
    share_folder_of(&mut cmd, &report);
    let out = cmd.output().unwrap();
    let line = text(&out.stdout);
    assert!(
        line.starts_with(&format!("OK {}", common::a_game())),
        "{line} {}",
        text(&out.stderr)
    );
    assert!(
        listener.accept().is_err(),
        "the solution reached the host's 127.0.0.1"
    );
    assert!(
        !outside.join("escaped").exists(),
        "wrote outside its scratch"
    );
    let lines: Vec<String> = std::fs::read_to_string(&report)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    // Nothing of the run is left on the host (a file at / would have been written by root).
    let escaped = lines.iter().find_map(|l| l.strip_prefix("wrote "));
    if let Some(path) = escaped {
        let _ = std::fs::remove_file(path);
    }
    lines
}

/// The solution holds no privilege and sees only its own sandbox, whether the
/// referee runs as root (a box uid) or as an ordinary user (a user namespace).
fn the_sandbox_holds(nobody: bool) {
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run("no namespaces here (docs/sandbox.md lists what is missing)");
        return;
    }
    let lines = report_of_a_run(nobody);
    let all = lines.join("\n");
    let field = |name: &str| {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in\n{all}"))
            .trim()
            .to_owned()
    };
    assert_ne!(field("uid "), "0", "{all}");
    for cap in ["CapInh:", "CapPrm:", "CapEff:", "CapBnd:", "CapAmb:"] {
        assert_eq!(field(cap), "0000000000000000", "{cap}\n{all}");
    }
    assert_eq!(field("NoNewPrivs:"), "1", "{all}");
    assert_eq!(field("Groups:"), "", "{all}");
    // Init, the fixture, its command substitution, ls and grep: nothing of the host's.
    let processes: usize = field("processes ").parse().unwrap();
    let host = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .count();
    assert!(processes <= 5 && host > 10, "{host} on the host\n{all}");
    assert_eq!(
        field("devices "),
        "fd full null random shm stderr stdin stdout urandom zero",
        "{all}"
    );
    assert_eq!(field("interfaces "), "lo", "{all}");
    for forbidden in ["wrote", "remounted", "unmounted", "connected"] {
        assert!(!all.contains(forbidden), "{forbidden}:\n{all}");
    }
    assert_eq!(
        field("scratch "),
        combgames_sandbox::mounts::SCRATCH,
        "{all}"
    );
    assert!(all.contains("scratch writable"), "{all}");
}

#[test]
fn the_sandbox_holds_for_the_referees_own_user() {
    the_sandbox_holds(false);
}

/// As `nobody`, where the tests run as root (CI): the user-namespace path.
#[test]
fn the_sandbox_holds_for_an_ordinary_user() {
    // SAFETY: geteuid has no arguments.
    if !root_or_note("a referee run as nobody")
        || !super::attacks::nobody_reaches_the_test_files(true)
    {
        return;
    }
    the_sandbox_holds(true);
}

/// Where the kernel refuses the namespaces (here: a user namespace whose own limit allows no
/// nested one, as root of it, which maps no box uid), the referee says on one stderr line
/// which guarantees are missing and plays; `--sandbox strict` refuses to run (exit 3).
#[test]
fn without_namespaces_one_line_says_so_and_strict_refuses() {
    let referee = env!("CARGO_BIN_EXE_referee");
    let game = common::a_game();
    let solution = common::bin(game);
    let run = |strict: &str| {
        let script = format!(
            "echo 0 >/proc/sys/user/max_user_namespaces || exit 99; \
             exec {referee} play {game} --rounds 1 --seed 1 {strict} -- {solution} --play"
        );
        Command::new("unshare")
            .args(["--user", "--map-root-user", "--fork", "sh", "-c", &script])
            .output()
            .unwrap()
    };
    let auto = run("");
    if auto.status.code() == Some(99) {
        common::cannot_run("no user namespace here to take the namespaces away in");
        return;
    }
    let stderr = text(&auto.stderr);
    assert!(
        text(&auto.stdout).starts_with(&format!("OK {game}")),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("does not allow a read-only file system"),
        "{stderr}"
    );
    let strict = run("--sandbox strict");
    let stderr = text(&strict.stderr);
    assert_eq!(strict.status.code(), Some(3), "{stderr}");
    assert!(strict.stdout.is_empty(), "{}", text(&strict.stdout));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--sandbox strict"), "{stderr}");
}
