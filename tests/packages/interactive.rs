//! The interactive Kattis packages that scripts/make-interactive-packages.sh writes
//! (docs/packages.md), checked here without problemtools (scripts/verify-packages.sh runs
//! verifyproblem on them):
//! - every package has its parts, says `validation: custom interactive`, and
//!   submissions/accepted holds the project's solution byte for byte;
//! - the package's own programs, each built by its `build` script (plain rustc, as a judge
//!   host builds them; the one source they share compiled once per flags through
//!   scripts/compile-once.sh): its input validator accepts (42) every test's input file and
//!   rejects (43) a malformed one; every answer file is empty, and the sample's `.interaction`
//!   has only `<` and `>` lines, starting with the referee's;
//! - (the long tier) judged as a judge does, by the package's output validator talking to the
//!   player over pipes under the package's `.timelimit` (wall seconds) per test: the accepted solution
//!   is accepted on every test; every wrong-answer player, as the package holds it (bundled
//!   with its packages/shared/ modules and the protocol client), compiles with plain `rustc
//!   --edition 2018` (and type-checks with 2021) and is rejected (43) on the package's tests
//!   before it runs out of time; every time-limit-exceeded player runs out of time before it
//!   is rejected.
//!
//! - each is also written in format 2025-09 (`bapc/<game>interactive`) with the same tests.
//!
//! Written into a scratch folder that is removed at the end.

use super::made;
use crate::common;

use combgames_registry::Game as GameKind;
use common::TempDir;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    found.sort();
    found
}

/// Builds a package's program folder with its own `build` script, its `rustc` standing for
/// scripts/compile-once.sh (the test binary's cache, `common::compile_once_cache`): returns
/// its `run`.
fn build(folder: &Path) -> PathBuf {
    super::batch::build_with(folder, common::compile_once_env)
}

/// The input validator `run` on `input`: its exit code.
fn validate_input(run: &Path, input: &[u8]) -> Option<i32> {
    use std::io::Write;
    let mut child = Command::new(run)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait().unwrap().code()
}

/// How the package's output validator judged a player on one test.
#[derive(Debug, PartialEq)]
enum Judged {
    /// The validator's exit code (42 accepted, 43 rejected) and judgemessage.txt.
    Exit(Option<i32>, String),
    /// The player used up the time limit in CPU time, or ran (or was waited on) for the wall
    /// limit.
    OutOfTime,
}

/// The CPU time a running process has used so far (/proc/PID/stat: utime and stime, in
/// clock ticks), or None once it is gone.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command's `(name)`: state is field 3, utime and stime fields 14 and 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().ok()? + fields[12].parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Some(Duration::from_millis(ticks * 1000 / per_second))
}

/// Runs `player` against the output validator `run` on the test `input` as a judge does for
/// an interactive problem: the validator's stdout is the player's stdin and the other way
/// round, `run input answer feedback_dir`; the player's time limit `limit` is CPU time, as
/// Kattis counts it, and `wall` is the backstop for a player that waits.
fn judge(
    run: &Path,
    input: &Path,
    player: &Path,
    feedback: &Path,
    limit: Duration,
    wall: Duration,
) -> Judged {
    fs::create_dir_all(feedback).unwrap();
    let mut player = Command::new(player)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let to_player = player.stdin.take().unwrap();
    let from_player = player.stdout.take().unwrap();
    let mut validator = Command::new(run)
        .arg(input)
        .arg(input.with_extension("ans"))
        .arg(feedback)
        .stdin(from_player)
        .stdout(to_player)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let judged = loop {
        if let Some(status) = validator.try_wait().unwrap() {
            let message = fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
            break Judged::Exit(status.code(), message);
        }
        if start.elapsed() > wall || cpu_time(player.id()).is_some_and(|t| t > limit) {
            let _ = validator.kill();
            let _ = validator.wait();
            break Judged::OutOfTime;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = player.kill();
    let _ = player.wait();
    judged
}

/// Every game's interactive package has its parts and its players, and its input validator
/// (built by its own `build` script) keeps the contract (the long tier's test below builds
/// and judges the players).
#[test]
fn interactive_packages_are_complete_and_their_programs_build() {
    // make-packages.sh writes the interactive packages into kattis/ with
    // make-interactive-packages.sh.
    let made = made::packages();
    let out = made.out.join("kattis");
    // One game per thread.
    common::par_map(GameKind::ALL, |&game| {
        let name = game.name();
        let dir = out.join(format!("{name}interactive"));
        let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
        assert!(
            yaml.contains("\nvalidation: custom interactive\n"),
            "{name}: {yaml}"
        );
        assert!(dir.join("problem_statement/problem.en.tex").is_file());
        assert_eq!(
            fs::read(dir.join(format!("submissions/accepted/{name}.rs"))).unwrap(),
            fs::read(root().join(format!("solutions/{name}.rs"))).unwrap(),
            "{name}: the accepted submission is the project's solution, unchanged"
        );
        for program in ["output_validators/referee", "input_validators/referee"] {
            let build = dir.join(program).join("build");
            let mode = {
                use std::os::unix::fs::PermissionsExt;
                fs::metadata(&build).unwrap().permissions().mode()
            };
            assert!(mode & 0o111 != 0, "{}: not executable", build.display());
            assert!(dir.join(program).join("referee_kattis.rs").is_file());
        }

        let interaction =
            fs::read_to_string(dir.join("data/sample/1.interaction")).unwrap_or_default();
        assert!(interaction.starts_with('<'), "{name}: {interaction:?}");
        assert!(
            interaction
                .lines()
                .all(|l| l.starts_with('<') || l.starts_with('>')),
            "{name}: {interaction:?}"
        );
        let mut tests = files(&dir.join("data/sample"), "in");
        tests.extend(files(&dir.join("data/secret"), "in"));
        assert!(tests.len() >= 5, "{name}: {tests:?}");

        // `make packages` writes each interactive package in format 2025-09 too (bapc/, for
        // BAPCtools): interactive, the referee as its one output validator, the same tests,
        // each sample's download (the options and an empty answer) named apart.
        let bapc = made.out.join("bapc").join(format!("{name}interactive"));
        let yaml = fs::read_to_string(bapc.join("problem.yaml")).unwrap_or_default();
        assert!(yaml.contains("\ntype: interactive\n"), "{name}: {yaml:?}");
        assert!(bapc.join("statement/problem.en.tex").is_file(), "{name}");
        assert!(
            bapc.join("output_validator/referee_kattis.rs").is_file(),
            "{name}"
        );
        for test in &tests {
            let relative = test.strip_prefix(&dir).unwrap();
            assert_eq!(
                fs::read(bapc.join(relative)).ok(),
                fs::read(test).ok(),
                "{name}: bapc/ lacks {}",
                relative.display()
            );
        }
        for sample in files(&bapc.join("data/sample"), "in") {
            let download =
                |ext: &str| format!("{}.{ext}.download", sample.with_extension("").display());
            assert!(Path::new(&download("in")).is_file(), "{}", download("in"));
            assert_eq!(fs::read(download("ans")).unwrap(), b"", "{name}");
        }
        let input_validator = build(&dir.join("input_validators/referee"));
        for test in &tests {
            assert_eq!(
                validate_input(&input_validator, &fs::read(test).unwrap()),
                Some(42),
                "{}: the package's input validator rejects it",
                test.display()
            );
            assert_eq!(fs::read(test.with_extension("ans")).unwrap(), b"");
        }
        assert_eq!(
            validate_input(&input_validator, b"--rounds 0\n"),
            Some(43),
            "{name}: the package's input validator accepts --rounds 0"
        );
        let source = root().join(format!("packages/{name}/interactive"));
        let submitted = |kind: &str| common::package_players(&source, &dir, kind);
        let players = [submitted("wrong_answer"), submitted("time_limit_exceeded")].concat();
        assert!(!players.is_empty(), "{name}: no player");
    });
}

/// Every game's interactive package judged as a judge does, by its own output validator built
/// by its own `build` script (an -O3 build of the bundled referee: about 40 s of CPU): the
/// accepted solution accepted on every test, every wrong-answer player rejected, every
/// time-limit-exceeded player out of time.
#[test]
#[ignore = "long tier (make test-long; CI runs it): the -O3 validator build and its sessions"]
fn interactive_packages_accept_their_solution_and_reject_their_wrong_players() {
    let made = made::packages();
    let out = made.out.join("kattis");
    common::par_map(GameKind::ALL, |&game| {
        let scratch = TempDir::new("interactive-packages");
        let name = game.name();
        let dir = out.join(format!("{name}interactive"));
        let mut tests = files(&dir.join("data/sample"), "in");
        tests.extend(files(&dir.join("data/secret"), "in"));
        // Judged by the package's output validator under the package's time limit.
        let validator = build(&dir.join("output_validators/referee"));
        let seconds: f64 = fs::read_to_string(dir.join(".timelimit"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let limit = Duration::from_secs_f64(seconds);
        // A player that waits is out of time here: five times the limit, for a machine that
        // runs other tests beside (the accepted solution's longest test takes under 2 s of
        // wall time on two busy cores).
        let wall = 5 * limit;
        let feedback = scratch.join("feedback");
        let judged = |player: &Path, test: &Path| {
            let _ = fs::remove_dir_all(&feedback);
            judge(&validator, test, player, &feedback, limit, wall)
        };
        // The accepted submission is solutions/<name>.rs unchanged (above): its binary.
        let accepted = Path::new(common::solution(name));
        for test in &tests {
            let verdict = judged(accepted, test);
            assert!(
                matches!(verdict, Judged::Exit(Some(42), _)),
                "{name}: the accepted solution on {}: {verdict:?}",
                test.display()
            );
        }

        // Each wrong player, as a judge gets it (the package's file, bundled with its modules:
        // built here, away from the sources, it has only itself) and builds it, gets
        // its folder's verdict on the first test it fails.
        let source = root().join(format!("packages/{name}/interactive"));
        let submitted = |kind: &str| common::package_players(&source, &dir, kind);
        let wrong = submitted("wrong_answer");
        assert!(!wrong.is_empty(), "{name}: no wrong-answer player");
        let slow = submitted("time_limit_exceeded");
        let players = wrong
            .iter()
            .map(|p| (p, false))
            .chain(slow.iter().map(|p| (p, true)));
        for (player, slow) in players {
            let exe = scratch.join(player.file_stem().unwrap());
            common::assert_rustc_builds(player, "2018", &["-O"], &exe);
            // Other judges use edition 2021: the file must mean the same there (type-checked).
            let checked = scratch.join("checked");
            common::assert_rustc_builds(player, "2021", &["--emit=metadata"], &checked);
            let first_failure = tests.iter().find_map(|test| {
                let verdict = judged(&exe, test);
                (!matches!(verdict, Judged::Exit(Some(42), _))).then_some(verdict)
            });
            let verdict = first_failure
                .unwrap_or_else(|| panic!("{}: accepted on every test", player.display()));
            let want_rejected = matches!(verdict, Judged::Exit(Some(43), _));
            let out_of_time = verdict == Judged::OutOfTime;
            assert!(
                if slow { out_of_time } else { want_rejected },
                "{}: {verdict:?}",
                player.display()
            );
        }
    });
}
