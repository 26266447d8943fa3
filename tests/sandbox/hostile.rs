//! Hostile solutions against the sandbox, each kept as a fixture in
//! tests/fixtures/hostile/: a solution that reads the jury's answer next to its input, one that
//! rewrites the project's samples, CPU and memory spent in a child out of the process group,
//! a child in a session of its own left running, and a referee killed outright.

use crate::common;

use combgames_sandbox::confinement_works;
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

/// A "solution" that prints the answer it finds next to its input: before the sandbox
/// the generated tests' answers sat beside the input file, and every test was OK.
#[test]
fn a_solution_never_reads_the_answer_of_a_generated_test() {
    let dir = common::TempDir::new("sandbox-answer");
    let empty = dir.join("no-samples");
    std::fs::create_dir_all(&empty).unwrap();
    let (out, _) = referee(
        &[
            "judge",
            common::a_game(),
            "--tests",
            "6",
            "--seed",
            "1",
            "--samples",
            empty.to_str().unwrap(),
            "--keep",
            dir.join("kept").to_str().unwrap(),
            "--",
            &fixture("reads_the_answer.sh"),
        ],
        &[],
    );
    let stdout = text(&out.stdout);
    let ok = stdout.lines().filter(|l| l.contains("  OK  ")).count();
    assert_eq!(ok, 0, "a test was judged OK:\n{stdout}");
    // Six generated tests, and the statement's largest where the game has one.
    let largest = combgames_registry::Game::parse(common::a_game())
        .unwrap()
        .largest()
        .is_some();
    let tests = 6 + usize::from(largest);
    assert!(
        stdout.contains(&format!("summary: {tests} tests")),
        "{stdout}"
    );
}

/// A solution that rewrites the sample answers of a folder inside the project (target/):
/// confined, it cannot; the next run still judges against the true answers.
#[test]
fn a_solution_cannot_rewrite_the_projects_samples() {
    if !confinement_works() {
        // CI runs as root, where a mount namespace is always possible: there the confinement
        // must work, and this test must not pass by skipping.
        common::cannot_run(
            "no mount namespace here; the samples are not protected (docs/judging.md)",
        );
        return;
    }
    // A samples folder inside the temporary folder, which a confined solution may write to:
    // `referee judge` still makes the samples read-only (as a project checked out under /tmp).
    let samples_dir = common::TempDir::new("sandbox-samples-src");
    let samples = samples_dir.join("samples");
    std::fs::create_dir_all(&samples).unwrap();
    let sample = common::game_data::judged_sample(common::a_game());
    std::fs::copy(&sample.input, samples.join(format!("{}.in", sample.name))).unwrap();
    let answer_file = samples.join(format!("{}.out", sample.name));
    std::fs::copy(&sample.answer, &answer_file).unwrap();
    let answer = std::fs::read(&answer_file).unwrap();
    let dir = common::TempDir::new("sandbox-samples");
    let (out, _) = referee(
        &[
            "judge",
            common::a_game(),
            "--tests",
            "0",
            "--samples",
            samples.to_str().unwrap(),
            "--keep",
            dir.join("kept").to_str().unwrap(),
            "--",
            &fixture("rewrites_the_samples.sh"),
        ],
        &[("HOSTILE_SAMPLES", &samples)],
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(&format!("sample-{}  PE", sample.name)),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read(&answer_file).unwrap(),
        answer,
        "the sample answer was rewritten"
    );
}

/// CPU burnt by a child in a session of its own counts against the time limit, and the child
/// does not outlive the session. Before: OK, and the child spun on for ever.
#[test]
fn cpu_of_a_detached_child_counts_and_the_child_is_killed() {
    let dir = common::TempDir::new("sandbox-cpu");
    let pidfile = dir.join("pid");
    let player = common::example("perfect_player");
    let fixture = fixture("burns_in_a_detached_child.sh");
    // The wall limit far above: on a loaded machine the child gets little of a CPU, and the
    // CPU limit must be what stops the session.
    let game = common::a_game();
    let mut args: Vec<&str> = "--rounds 1000 --seed 1 --time-limit 1 --wall-limit 60 --"
        .split(' ')
        .collect();
    args.splice(0..0, ["play", game]);
    args.extend([fixture.as_str(), &player, game]);
    let (out, elapsed) = referee(&args, &[("HOSTILE_PIDFILE", &pidfile)]);
    let line = text(&out.stdout);
    assert!(line.starts_with(&format!("TLE {game}")), "{line}");
    assert!(line.contains("CPU time over 1.0s"), "{line}");
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}: {line}");
    wait_for_file(&pidfile);
    // Not found: no longer running.
    if let Some(pidfile) = outside_pidfile(&pidfile, &dir) {
        assert!(
            gone_within(&pidfile, Duration::from_secs(2)),
            "the detached child outlived the session"
        );
    }
}

/// Memory held by a child counts against `referee play`'s memory limit. Before: there was no
/// memory limit in play at all.
#[test]
fn memory_of_a_child_counts_against_the_play_limit() {
    let player = common::example("perfect_player");
    let game = common::a_game();
    let (out, elapsed) = referee(
        &[
            "play",
            game,
            "--rounds",
            "100000",
            "--seed",
            "1",
            "--memory-limit",
            "256",
            "--time-limit",
            "30",
            "--",
            &fixture("hogs_memory_in_a_child.sh"),
            &player,
            game,
        ],
        &[],
    );
    let line = text(&out.stdout);
    assert!(line.starts_with(&format!("MLE {game}")), "{line}");
    assert!(line.contains("memory over 256 MB"), "{line}");
    assert_eq!(out.status.code(), Some(13), "{line}");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

/// Memory held by a child counts against `referee judge`'s memory limit. Before: the main
/// process alone was measured, and the test was OK.
#[test]
fn memory_of_a_child_counts_against_the_judge_limit() {
    let dir = common::TempDir::new("sandbox-judge-mem");
    let (out, _) = referee(
        &[
            "judge",
            common::a_game(),
            "--tests",
            "0",
            "--memory-limit",
            "256",
            "--time-limit",
            "20",
            "--keep",
            dir.join("kept").to_str().unwrap(),
            "--",
            &fixture("hogs_memory_in_a_child.sh"),
            "sh",
            "-c",
            "read n; sleep 5; echo White",
        ],
        &[],
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.lines().any(|l| l.contains("  MLE  ")),
        "no MLE:\n{stdout}"
    );
}

/// A referee killed outright (SIGKILL: no handler runs) takes the solution with it.
#[test]
fn the_solution_dies_with_a_killed_referee() {
    let dir = common::TempDir::new("sandbox-kill");
    let pidfile = dir.join("pid");
    let mut command = Command::new(env!("CARGO_BIN_EXE_referee"));
    command
        .args(["play", common::a_game(), "--idle-limit", "60"])
        .args(["-E", "HOSTILE_PIDFILE", "--"])
        .arg(fixture("sleeps_and_records_its_pid.sh"))
        .env("HOSTILE_PIDFILE", &pidfile)
        .stdout(std::process::Stdio::null());
    share_folder_of(&mut command, &pidfile);
    let mut child = command.spawn().unwrap();
    wait_for_file(&pidfile);
    let pidfile = outside_pidfile(&pidfile, &dir).expect("the solution runs");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        gone_within(&pidfile, Duration::from_secs(2)),
        "the solution outlived the referee"
    );
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

/// CPU spent in short processes that leave the tree at once (orphans that end before a walk of
/// /proc finds them) counts: the cpuacct group holds every process that was ever in it.
/// Before: `cpu=0.1s` or so, the orphans' 1 s of CPU unseen.
#[test]
fn cpu_of_short_lived_orphans_counts() {
    if !cgroups_or_note("cpuacct") {
        return;
    }
    // 40 starts of a shell on a machine that may be busy: more than the default 5 s.
    let (line, _) = one_round(
        &["--idle-limit", "30"],
        Some("burns_in_short_orphans.sh"),
        &[],
    );
    assert!(
        line.starts_with(&format!("OK {}", common::a_game())),
        "{line}"
    );
    let cpu: f64 = line
        .split_once(" cpu=")
        .and_then(|(_, rest)| rest.split('s').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no cpu= figure: {line}"));
    // 40 orphans of about 25 ms each (30000 shell loop turns), the session itself 0.05 s.
    assert!(cpu > 0.5, "the orphans' CPU was not counted: {line}");
}

/// Memory taken for a moment by an orphan (600 MB, freed before a walk of /proc sees it) is
/// stopped by the memory group's cap and judged MLE. Before: OK.
#[test]
fn memory_of_a_short_lived_orphan_is_mle() {
    if !cgroups_or_note("memory") {
        return;
    }
    let (line, code) = one_round(
        &["--memory-limit", "100"],
        Some("hogs_memory_in_a_short_orphan.sh"),
        &[],
    );
    assert!(
        line.starts_with(&format!("MLE {}", common::a_game())),
        "{line}"
    );
    assert_eq!(code, Some(13), "{line}");
}

/// The task cap docs/judging.md promises: processes and threads of one solution.
const DOCUMENTED_TASK_CAP: u64 = 512;

/// A fork bomb stops at the cap, by each of the two defences with the other switched off
/// ([`combgames_sandbox::WITHOUT_ENV`]): the pids group's cap, and `RLIMIT_NPROC` of the box
/// uid. Before: all 1000 sleepers started (and were killed at the end).
#[test]
fn a_fork_bomb_stops_at_the_task_cap() {
    if !cgroups_or_note("pids") {
        return;
    }
    let dir = common::TempDir::new("sandbox-pids");
    for off in ["nproc", "pids"] {
        let started = dir.join(format!("started-without-{off}"));
        let (line, _) = one_round(
            &[],
            Some("starts_a_thousand_processes.sh"),
            &[
                ("HOSTILE_PIDFILE", &started),
                (combgames_sandbox::WITHOUT_ENV, Path::new(off)),
            ],
        );
        // Empty when the kill came between truncating the file and writing the count.
        let count: u64 = std::fs::read_to_string(&started)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(u64::MAX);
        assert!(
            count < DOCUMENTED_TASK_CAP,
            "without {off}: {count} processes started: {line}"
        );
        assert!(
            line.starts_with(&format!("RE {}", common::a_game())),
            "without {off}: {line}"
        );
    }
}

/// What a referee killed outright leaves behind (a child in a session of its own, which
/// `PR_SET_PDEATHSIG` does not reach) dies at once where the solution has a PID namespace (the
/// namespace's first process dies with the referee, and the kernel kills the rest), else it is
/// killed by the next referee run, from the dead referee's control group. Before: it spun on
/// for ever.
#[test]
fn what_a_killed_referee_left_dies() {
    let namespace = combgames_sandbox::pid_namespace_works();
    if !namespace && !cgroups_or_note("pids") {
        return;
    }
    let dir = common::TempDir::new("sandbox-stale");
    let pidfile = dir.join("pid");
    let mut command = Command::new(env!("CARGO_BIN_EXE_referee"));
    command
        .args([
            "play",
            common::a_game(),
            "--idle-limit",
            "60",
            "--time-limit",
            "60",
            "-E",
            "HOSTILE_PIDFILE",
            "--",
        ])
        .arg(fixture("burns_in_a_detached_child.sh"))
        .args(["sleep", "60"])
        .env("HOSTILE_PIDFILE", &pidfile)
        .stdout(std::process::Stdio::null());
    share_folder_of(&mut command, &pidfile);
    let mut child = command.spawn().unwrap();
    wait_for_file(&pidfile);
    // The pid the fixture wrote is the namespace's; the test needs the one it has here.
    let pidfile = outside_pidfile(&pidfile, &dir).expect("the detached child runs");
    child.kill().unwrap();
    child.wait().unwrap();
    if namespace {
        assert!(
            gone_within(&pidfile, Duration::from_secs(2)),
            "the detached child outlived the referee's SIGKILL"
        );
        // The next run removes the killed referee's (now empty) control groups.
        one_round(&[], None, &[]);
        return;
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        still_runs(&pidfile),
        "the detached child died with the referee"
    );
    let (line, _) = one_round(&[], None, &[]);
    assert!(
        line.starts_with(&format!("OK {}", common::a_game())),
        "{line}"
    );
    assert!(
        gone_within(&pidfile, Duration::from_secs(2)),
        "the detached child outlived the next referee run"
    );
}

/// A solution that kills its parent cannot reach the referee from its PID namespace, and
/// sees none of the machine's other processes. Before: the referee died (no verdict).
#[test]
fn a_solution_cannot_kill_the_referee() {
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run(
            "no PID namespace here; the solution can signal the referee (docs/judging.md)",
        );
        return;
    }
    let (line, code) = one_round(&[], Some("kills_its_parent.sh"), &[]);
    assert!(
        line.starts_with(&format!("OK {}", common::a_game())),
        "{line} {code:?}"
    );
    // Only the namespace's own processes in its /proc: init, the shell, ls.
    let (out, _) = referee(
        &[
            "play",
            common::a_game(),
            "--rounds",
            "1",
            "--",
            "sh",
            "-c",
            "echo $(ls /proc | grep -c '^[0-9]') >&2; exit 3",
        ],
        &[],
    );
    let line = text(&out.stdout);
    let seen: u32 = line
        .split("bytes: \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no count of processes: {line}"));
    assert!(seen <= 5, "the solution sees {seen} processes: {line}");
}

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
        common::cannot_run("no namespaces here (docs/judging.md lists what is missing)");
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

/// Whether the tests run as root (CI), else a note that `what` needs root to be tried.
fn root_or_note(what: &str) -> bool {
    // SAFETY: geteuid has no arguments.
    let root = unsafe { libc::geteuid() } == 0;
    if !root {
        common::cannot_run(&format!("not root; {what} is tried as root only"));
    }
    root
}

/// A fork bomb of an ordinary user's solution (no control group) stops at the cap of
/// [`DOCUMENTED_TASK_CAP`] processes and threads: RLIMIT_NPROC in the
/// referee's user namespace, which the kernel counts per namespace, so 100 processes of the
/// same uid outside it (sleepers of `nobody` on the host) leave the solution all of the cap
/// but the sandbox's own holder and init. Before: all 1000 sleepers started.
#[test]
fn a_fork_bomb_of_an_ordinary_user_stops_at_the_cap() {
    if !root_or_note("a referee run as nobody")
        || !super::attacks::nobody_reaches_the_test_files(true)
    {
        return;
    }
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run("no namespaces here (docs/sandbox.md lists what is missing)");
        return;
    }
    let dir = common::TempDir::new("sandbox-nproc");
    let started = dir.join("started");
    let mut outside: Vec<std::process::Child> = (0..100)
        .map(|_| {
            Command::new("setpriv")
                .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups"])
                .args(["sleep", "60"])
                .spawn()
                .unwrap()
        })
        .collect();
    let mut cmd = referee_as(true);
    cmd.args(["play", common::a_game(), "--rounds", "1", "--seed", "1"])
        .args(["-E", "HOSTILE_PIDFILE", "--"])
        .arg(fixture("starts_a_thousand_processes.sh"))
        .args([common::bin(common::a_game()).as_str(), "--play"])
        .env("HOSTILE_PIDFILE", &started);
    share_folder_of(&mut cmd, &started);
    let out = cmd.output().unwrap();
    for sleeper in &mut outside {
        let _ = sleeper.kill();
        let _ = sleeper.wait();
    }
    let line = text(&out.stdout);
    let count: u64 = std::fs::read_to_string(&started)
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(u64::MAX);
    let cap = DOCUMENTED_TASK_CAP;
    // The fixture's shell, the sandbox's holder and init, and the sleepers it started.
    assert!(
        count < cap && count + 8 >= cap,
        "{count} processes started under a cap of {cap}: {line}"
    );
    assert!(
        line.starts_with(&format!("RE {}", common::a_game())),
        "{line}"
    );
}

/// Under a root referee the solution runs as a box uid that may not enter the folder holding
/// its program (mode 700, root's): the box holds the program and the files its command names
/// at their own paths in folders of its own, so a binary, a `#!` script and `python3` on a
/// source run alike. Before: RE, "Permission denied".
#[test]
fn a_program_in_a_folder_only_root_may_enter_runs() {
    if !root_or_note("a box uid") {
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = common::TempDir::new("sandbox-private");
    std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let game = common::a_game();
    let binary = dir.join(game);
    std::fs::copy(common::bin(game), &binary).unwrap();
    let script = dir.join("player.sh");
    std::fs::write(&script, "#!/bin/sh\nexec \"$1\" --play\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let source = dir.join("player.py");
    std::fs::write(
        &source,
        "import os, sys\nos.execv(sys.argv[1], [sys.argv[1], '--play'])\n",
    )
    .unwrap();
    let binary = binary.to_str().unwrap();
    for command in [
        vec![binary, "--play"],
        vec![script.to_str().unwrap(), binary],
        vec!["python3", source.to_str().unwrap(), binary],
    ] {
        let mut args = vec!["play", game, "--rounds", "1", "--seed", "1", "--"];
        args.extend(command);
        let (out, _) = referee(&args, &[]);
        let line = text(&out.stdout);
        assert!(
            line.starts_with(&format!("OK {game}")),
            "{args:?}: {line} {}",
            text(&out.stderr)
        );
    }
}

/// A solution that fills its scratch space is MLE with a message naming the scratch space and
/// its size, in `play` (the fixture's 300 MB, then it plays on) and in `judge` (files under
/// the output's size limit, one after another). Before: "memory over the limit".
#[test]
fn a_full_scratch_space_is_named() {
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run("no namespaces here (docs/sandbox.md lists what is missing)");
        return;
    }
    let (line, code) = one_round(
        &["--scratch-size", "8"],
        Some("tries_to_escape.sh"),
        &[
            ("HOSTILE_ATTACK", Path::new("fill-scratch")),
            ("HOSTILE_TAG", Path::new("scratch")),
        ],
    );
    assert!(
        line.starts_with(&format!("MLE {}", common::a_game())),
        "{line}"
    );
    assert!(line.contains("the scratch space (8 MiB) is full"), "{line}");
    assert_eq!(code, Some(13), "{line}");
    let samples = common::TempDir::new("sandbox-scratch-samples");
    let game = common::a_game();
    let sample = common::game_data::judged_sample(game);
    std::fs::copy(&sample.input, samples.join(format!("{}.in", sample.name))).unwrap();
    std::fs::copy(&sample.answer, samples.join(format!("{}.out", sample.name))).unwrap();
    // The failure's files in a scratch folder, not in judge-failures/ of the checkout.
    let kept = common::TempDir::new("sandbox-scratch-kept");
    let fill = format!(
        "for i in $(seq 40); do head -c 500000 /dev/zero >$TMPDIR/f$i; done; exec {}",
        common::bin(game)
    );
    let (out, _) = referee(
        &[
            "judge",
            game,
            "--tests",
            "0",
            "--scratch-size",
            "8",
            "--samples",
            samples.to_str().unwrap(),
            "--keep",
            kept.to_str().unwrap(),
            "--",
            "sh",
            "-c",
            &fill,
        ],
        &[],
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("MLE") && stdout.contains("the scratch space (8 MiB) is full"),
        "{stdout}"
    );
}
