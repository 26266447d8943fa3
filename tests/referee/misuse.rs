//! A careless user and a hostile script against the `referee` command line: options the
//! referee cannot honour are refused before anything starts (or, in a replayed script, with a
//! FAIL verdict line) instead of hanging, a mistyped command line says what is wrong, and a
//! closed stdout never turns a verdict into a panic. Each game's own (subtraction's piles and
//! k beyond the evaluator's reach): its folder's tests/misuse.rs.

use crate::common;

use combgames_registry::Game;
use combgames_session::options;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const REFEREE: &str = env!("CARGO_BIN_EXE_referee");

/// Waits for `child` at most `limit`; a referee still running then is killed and the test
/// fails (the bug these tests guard against is a referee that never ends).
fn output_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: the referee still runs after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn referee(args: &[&str]) -> Child {
    Command::new(REFEREE)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_command_without_the_separator_is_named_as_an_unknown_option() {
    let game = common::a_game();
    for args in [
        &["play", game, "./a.out"][..],
        &["play", game, "--rounds", "3", "./a.out", "--play"],
        &["play", game, "--frobnicate", "--", "./a.out"],
    ] {
        let out = output_within(referee(args), Duration::from_secs(10), "bad options");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("referee: unknown option") && err.contains("after `--`"),
            "{args:?}: {err}"
        );
    }
}

/// The referee with its stdout a pipe nobody reads any more (`referee ... | true`).
fn with_closed_stdout(args: &[&str]) -> Output {
    let mut child = referee(args);
    drop(child.stdout.take());
    output_within(child, Duration::from_secs(60), "closed stdout")
}

#[test]
fn a_closed_stdout_keeps_the_verdict_exit_code() {
    let game = common::a_game();
    let solution = common::solution(game);
    let out = with_closed_stdout(&[
        "play", game, "--rounds", "3", "--seed", "1", "--", solution, "--play",
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let out = with_closed_stdout(&["judge", game, "--tests", "1", "--seed", "1", "--", solution]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A failing judging still says so through the exit code (RE: `false` exits 1); its
    // failed tests are kept in a temporary folder, not in the project.
    let keep = std::env::temp_dir().join(format!("referee-misuse-keep-{}", std::process::id()));
    let out = with_closed_stdout(&[
        "judge",
        game,
        "--tests",
        "1",
        "--seed",
        "1",
        "--keep",
        keep.to_str().unwrap(),
        "--",
        "false",
    ]);
    let _ = std::fs::remove_dir_all(&keep);
    assert_eq!(out.status.code(), Some(12), "{}", text(&out.stderr));
}

#[test]
fn closing_stdout_without_exiting_after_the_session_is_idle() {
    // docs/protocol.md: IDLE is also "no exit within the idle limit after stdin is closed";
    // a solution that closes its output first must not get away with PE after a second.
    let fixture = &fixture("plays_then_lingers.sh");
    let game = common::a_game();
    let solution = common::solution(game);
    let start = Instant::now();
    let out = output_within(
        referee(&[
            "play",
            game,
            "--rounds",
            "2",
            "--seed",
            "1",
            "--idle-limit",
            "2",
            "--",
            fixture,
            solution,
            "--play",
        ]),
        Duration::from_secs(20),
        "a lingering solution",
    );
    let elapsed = start.elapsed();
    let line = text(&out.stdout);
    assert_eq!(out.status.code(), Some(11), "{line}");
    assert!(
        line.starts_with(&format!("IDLE {game} seed=1 rounds=2")) && line.contains("did not exit"),
        "{line}"
    );
    assert!(
        elapsed >= Duration::from_secs(2) && elapsed < Duration::from_secs(5),
        "{elapsed:?}: {line}"
    );
}

#[test]
fn cpu_time_is_sampled_even_when_every_answer_is_quick() {
    // Each answer comes within milliseconds, so no single wait lasts a sample period; the
    // CPU time must still be read every 0.1 s and stop the solution at its limit, not only at
    // the RLIMIT_CPU backstop (limit + 2 s).
    let fixture = &fixture("burns_between_moves.sh");
    let game = common::a_game();
    let start = Instant::now();
    let out = output_within(
        referee(&[
            "play",
            game,
            "--rounds",
            "1000",
            "--seed",
            "1",
            "--time-limit",
            "1",
            "--wall-limit",
            "30",
            "--",
            fixture,
            common::solution(game),
            "--play",
        ]),
        Duration::from_secs(40),
        "a quick CPU burner",
    );
    let elapsed = start.elapsed();
    let line = text(&out.stdout);
    assert_eq!(out.status.code(), Some(10), "{line}");
    assert!(line.contains("CPU time over 1.0s while waiting"), "{line}");
    // CPU time, unlike wall time, does not depend on the machine's load.
    let cpu: f64 = line
        .split_whitespace()
        .find_map(|t| t.strip_prefix("cpu=")?.strip_suffix("s:")?.parse().ok())
        .unwrap_or(f64::MAX);
    assert!(cpu < 1.5, "{line}");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}: {line}");
}

#[test]
fn a_huge_test_count_is_refused_not_allocated() {
    // `--tests 1000000000` used to list a billion tests before running the first. Under a
    // 2 GB address-space limit (so a regression aborts instead of eating the machine's memory).
    let child = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 2000000; exec \"$0\" judge \"$1\" --tests 1000000000 -- x",
            REFEREE,
            common::a_game(),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = output_within(child, Duration::from_secs(20), "--tests 10^9");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("referee: --tests must be at most"), "{err}");
}

/// The children of process `parent` (by /proc), as the referee's solution is one of them.
fn children_of(parent: u32) -> Vec<i32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|stat| {
                    let rest = stat.rsplit_once(')')?.1.to_owned();
                    rest.split_whitespace().nth(1)?.parse::<u32>().ok()
                })
                == Some(parent)
        })
        .collect()
}

#[test]
fn a_referee_told_to_stop_takes_the_solution_with_it() {
    // The solution runs in a session of its own, so Ctrl-C or `timeout` reach only the
    // referee; it must kill the solution's group before it goes, in `play` and in `judge`.
    let sleeper = &fixture("sleeps_forever.sh");
    let game = common::a_game();
    for (args, signal) in [
        (
            &["play", game, "--idle-limit", "60", "--", sleeper][..],
            libc::SIGTERM,
        ),
        (
            &["judge", game, "--time-limit", "60", "--", sleeper][..],
            libc::SIGINT,
        ),
    ] {
        // A referee killed by a signal leaves its scratch folder (`referee judge` works in
        // one under TMPDIR): give it a folder of the test's, removed at the end.
        let scratch = common::TempDir::new("misuse-stopped");
        let child = Command::new(REFEREE)
            .args(args)
            .env("TMPDIR", &*scratch)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let referee_pid = child.id();
        let start = Instant::now();
        let solution = loop {
            let found: Vec<i32> = children_of(referee_pid)
                .into_iter()
                .filter(|&pid| combgames_sandbox::group_alive(pid))
                .collect();
            if let Some(&pid) = found.first() {
                break pid;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{args:?}: no solution started"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        // Let the solution's shell exec into sleep, then stop the referee.
        std::thread::sleep(Duration::from_millis(200));
        // SAFETY: signalling the referee this test started.
        unsafe {
            libc::kill(referee_pid as i32, signal);
        }
        let out = output_within(child, Duration::from_secs(10), "a stopped referee");
        assert!(out.status.code().is_none(), "{args:?}: {:?}", out.status);
        let gone_by = Instant::now() + Duration::from_secs(2);
        while combgames_sandbox::group_alive(solution) && Instant::now() < gone_by {
            std::thread::sleep(Duration::from_millis(20));
        }
        let alive = combgames_sandbox::group_alive(solution);
        if alive {
            // SAFETY: cleaning up the group this test caused to be left behind.
            unsafe {
                libc::killpg(solution, libc::SIGKILL);
            }
        }
        assert!(
            !alive,
            "{args:?}: the solution's group {solution} outlived the referee"
        );
    }
}

#[test]
fn a_crlf_solution_whose_last_line_lacks_the_lf_is_ok() {
    // docs/protocol.md accepts `\r\n` line ends and a last line without its newline; the two
    // together (a move and `\r`, then end of output) are one accepted move too. The player
    // exits with status 5 (RE) when a cut round left it no last move to end so.
    let game = common::a_game();
    let player = common::example("perfect_player");
    // Positions near the smallest, so that no round is cut at the move cap.
    let min = Game::parse(game).unwrap().play().min_size;
    let sizes = format!("{min}..{}", min + 100);
    for seed in ["1", "2"] {
        let out = output_within(
            referee(&[
                "play", game, "--size", &sizes, "--rounds", "5", "--seed", seed, "--", &player,
                game, "--crlf",
            ]),
            Duration::from_secs(20),
            "a CRLF player",
        );
        let line = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{line}");
        assert!(line.starts_with(&format!("OK {game}")), "{line}");
    }
}

/// The command line comes from the registry: `--list-games` lists its games, `--help` names
/// each game with its size range and its own options, and a game's option is refused, by
/// name, for a game that does not declare it.
#[test]
fn games_options_and_help_come_from_the_registry() {
    let run = |args: &[&str]| Command::new(REFEREE).args(args).output().unwrap();
    let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
    let list = run(&["--list-games"]);
    assert_eq!(list.status.code(), Some(0));
    assert_eq!(text(&list.stdout).lines().collect::<Vec<_>>(), names);

    let help = text(&run(&["--help"]).stdout);
    // One parser reads the session's options for play and for Kattis test files: the help
    // names every option it takes.
    for option in options::SESSION_OPTIONS {
        assert!(
            help.contains(&format!("  {} ", option.flag)),
            "{}: {help}",
            option.flag
        );
    }
    for &game in Game::ALL {
        let play = game.play();
        let (lo, hi) = play.default_size;
        assert!(
            help.contains(&format!("{}: {lo} to {hi}", play.size_is)),
            "{}: {help}",
            game.name()
        );
        for option in play.options {
            assert!(help.contains(option.flag) && help.contains(option.help));
        }
        // The kinds `--kind` takes, from the game's generator.
        let kinds = format!("kinds: {}", options::kinds(game).join(", "));
        assert!(help.contains(&kinds), "{kinds}: {help}");
    }

    let (flag, owners, other) = common::foreign_option();
    let out = run(&["play", other, flag, "3", "--", "true"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stderr).trim_end(),
        format!("referee: {flag} is an option of {owners} only, not of {other}")
    );
    // Each game's own smallest size: one below is refused, naming it; from it up is taken.
    for &game in Game::ALL {
        let (name, min) = (game.name(), game.play().min_size);
        if min > 0 {
            let below = format!("{}..{}", min - 1, min + 4);
            let out = run(&["play", name, "--size", &below, "--", "true"]);
            let stderr = text(&out.stderr);
            assert!(
                stderr.contains(&format!("must lie in {min}..")),
                "{name}: {stderr}"
            );
        }
        let from = format!("{min}..{}", min + 4);
        let out = run(&[
            "play",
            name,
            "--size",
            &from,
            "--rounds=1",
            "--seed=1",
            "--",
            "true",
        ]);
        // Only the line naming the command that plays the rounds again repeats the option.
        let stderr = text(&out.stderr);
        let mut lines = stderr
            .lines()
            .filter(|l| !l.contains("play these rounds again"));
        assert!(!lines.any(|l| l.contains("--size")), "{name}: {out:?}");
    }
}

/// `--kind` takes the game's generator kinds and `session`, and otherwise names the game and
/// its kinds; a replay, which plays a transcript's rounds, refuses it (and the other options
/// that shape generated rounds) before anything starts.
#[test]
fn kind_is_checked_against_the_games_kinds() {
    let run = |args: &[&str]| Command::new(REFEREE).args(args).output().unwrap();
    let name = common::a_game();
    let game = Game::parse(name).unwrap();
    let solution = common::solution(name);
    for kind in options::kinds(game) {
        let out = run(&[
            "play", name, "--rounds", "1", "--seed", "1", "--kind", kind, "--", solution,
        ]);
        assert_eq!(out.status.code(), Some(0), "{kind}: {out:?}");
        assert!(
            text(&out.stdout).starts_with(&format!("OK {name} seed=1")),
            "{out:?}"
        );
    }
    let out = run(&["play", name, "--kind", "sideways", "--", solution]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        text(&out.stderr).trim_end(),
        format!(
            "referee: --kind for {name} must be one of {}, got \"sideways\"",
            options::kinds(game).join(", ")
        )
    );
    let dir = common::TempDir::new("referee-kind-replay");
    let script = dir.join("script.txt");
    std::fs::write(&script, "< 1\n< 3 0\n").unwrap();
    let script = script.to_str().unwrap();
    for generating in [
        &["--kind", "session"][..],
        &["--seed", "5"],
        &["--size", "3"],
    ] {
        let args = [&["replay", name, script][..], generating, &["--", solution]].concat();
        let out = run(&args);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with(&format!(
                "referee: {} shapes generated rounds",
                generating[0]
            )),
            "{err}"
        );
    }
}

/// A replay reports the seed its transcript's header names, not one of its own; a transcript
/// without one (a hand-written script) is reported as having none.
#[test]
fn a_replay_reports_its_transcripts_seed() {
    let game = common::a_game();
    let solution = common::solution(game);
    let dir = common::TempDir::new("referee-replay-seed");
    let transcript = dir.join("t.txt");
    let played = Command::new(REFEREE)
        .args([
            "play",
            game,
            "--rounds",
            "2",
            "--seed",
            "4242",
            "--transcript",
        ])
        .arg(&transcript)
        .args(["--", solution, "--play"])
        .output()
        .unwrap();
    assert!(
        text(&played.stdout).starts_with(&format!("OK {game} seed=4242 ")),
        "{played:?}"
    );
    let replay = |file: &std::path::Path| {
        let out = Command::new(REFEREE)
            .args(["replay", game])
            .arg(file)
            .args(["--", solution, "--play"])
            .output()
            .unwrap();
        text(&out.stdout)
    };
    let again = replay(&transcript);
    assert!(
        again.starts_with(&format!("OK {game} seed=4242 rounds=2 ")),
        "{again}"
    );
    let recorded = std::fs::read_to_string(&transcript).unwrap();
    let script = dir.join("script.txt");
    let without_header: String = recorded
        .lines()
        .filter(|l| !l.contains(" # "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&script, without_header).unwrap();
    let again = replay(&script);
    assert!(
        again.starts_with(&format!("OK {game} seed=none rounds=2 ")),
        "{again}"
    );
}

/// The path of a player script in tests/fixtures.
fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A mode the referee does not have is named as such, with the modes it has, whatever
/// follows it (not "missing game" when no game follows).
#[test]
fn an_unknown_mode_is_named() {
    for args in [&["bogus"][..], &["bogus", common::a_game()]] {
        assert_cmd::Command::new(REFEREE)
            .args(args)
            .assert()
            .code(3)
            .stderr("referee: unknown mode \"bogus\": expected play, replay, judge, kattis or human (see --help)\n");
    }
}
