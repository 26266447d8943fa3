//! The fixture zoo: misbehaving solutions each get the right verdict within their limit
//! plus one second, and leave no process of their group behind. The sessions are of the
//! registry's first game (`common::a_game`), some also of its second: no misbehaviour
//! depends on the game.

use crate::common;

use combgames_sandbox::group_alive;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Timing assertions: one referee session at a time.
static SERIAL: Mutex<()> = Mutex::new(());

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

struct Outcome {
    verdict: String,
    line: String,
    code: Option<i32>,
    elapsed: Duration,
    transcript: String,
}

/// Runs `referee <args> --transcript T -- <command>` and checks that the solution's
/// process group is gone afterwards.
fn referee(args: &[&str], command: &[&str]) -> Outcome {
    let _guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!(
        "referee-zoo-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let transcript_path = dir.join("transcript.txt");
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .arg("--transcript")
        .arg(&transcript_path)
        .arg("--")
        .args(command)
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    let line = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    let transcript = std::fs::read_to_string(&transcript_path).unwrap_or_default();
    if let Some(pgid) = pgid_of(&transcript) {
        assert!(
            !group_alive(pgid),
            "process group {pgid} still alive after: {line}"
        );
    } else {
        panic!("no pgid in the transcript of {command:?}: {transcript}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let verdict = line.split_whitespace().next().unwrap_or("").to_owned();
    Outcome {
        verdict,
        line,
        code: out.status.code(),
        elapsed,
        transcript,
    }
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

fn pgid_of(transcript: &str) -> Option<i32> {
    let at = transcript.find("pgid=")?;
    transcript[at + 5..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// Asserts the verdict, its exit code, a word of its message, and the time bound.
fn expect(o: &Outcome, verdict: &str, code: i32, needle: &str, within: Duration) {
    assert_eq!(o.verdict, verdict, "{}", o.line);
    assert_eq!(o.code, Some(code), "{}", o.line);
    assert!(
        o.line.contains(needle),
        "{:?} does not mention {needle:?}",
        o.line
    );
    assert!(
        o.elapsed <= within,
        "took {:?} (bound {within:?}): {}",
        o.elapsed,
        o.line
    );
}

const IDLE_ARGS: &[&str] = &[
    "--rounds",
    "3",
    "--seed",
    "5",
    "--time-limit",
    "3",
    "--idle-limit",
    "1",
];
const ONE_S: Duration = Duration::from_secs(1);

fn sub(extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = ["play", common::a_game()]
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.extend(IDLE_ARGS.iter().map(|s| s.to_string()));
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn run_sub(extra: &[&str], command: &[&str]) -> Outcome {
    let args = sub(extra);
    let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
    referee(&args, command)
}

/// The perfect player (examples/perfect_player.rs) with `flags`, playing `game`.
fn player(game: &str, flags: &[&str]) -> Vec<String> {
    let mut command = vec![common::example("perfect_player"), game.to_owned()];
    command.extend(flags.iter().map(|f| f.to_string()));
    command
}

/// `player`'s command as the words `referee` takes.
fn words(command: &[String]) -> Vec<&str> {
    command.iter().map(String::as_str).collect()
}

#[test]
fn perfect_player_wins_both_games() {
    let (first, second) = (common::a_game(), common::another_game());
    let o = run_sub(&["--rounds", "30"], &words(&player(first, &[])));
    expect(&o, "OK", 0, "seed=5", Duration::from_secs(20));
    assert!(o.line.contains("rounds=30"), "{}", o.line);
    let o = referee(
        &["play", second, "--rounds", "30", "--seed", "9"],
        &words(&player(second, &[])),
    );
    expect(&o, "OK", 0, "seed=9", Duration::from_secs(20));
    // The transcript is one line per message with a timestamp and a direction.
    for line in o.transcript.lines() {
        let mut parts = line.splitn(3, ' ');
        assert!(parts.next().unwrap().parse::<f64>().is_ok(), "{line}");
        assert!(matches!(parts.next(), Some("<" | ">" | "#")), "{line}");
    }
}

#[test]
fn never_flushes_is_idle() {
    let o = run_sub(&[], &words(&player(common::a_game(), &["--no-flush"])));
    expect(&o, "IDLE", 11, "missing flush", ONE_S * 2);
}

#[test]
fn exits_early_is_pe() {
    let o = run_sub(&[], &[&fixture("exits_early.sh")]);
    expect(&o, "PE", 2, "output ended (exit status 0)", ONE_S * 2);
}

#[test]
fn closes_stdin_is_idle() {
    let o = run_sub(&[], &[&fixture("closes_stdin.sh")]);
    expect(&o, "IDLE", 11, "waiting for move", ONE_S * 2);
}

#[test]
fn closes_stdout_is_pe() {
    let o = run_sub(&[], &[&fixture("closes_stdout.sh")]);
    expect(&o, "PE", 2, "closed its output", ONE_S * 2);
}

#[test]
fn flood_without_newline_is_pe_with_bounded_memory() {
    let o = run_sub(&[], &[&fixture("floods_without_newline.sh")]);
    expect(&o, "PE", 2, "longer than 4096 bytes", ONE_S * 2);
}

#[test]
fn non_utf8_is_pe() {
    let o = run_sub(&[], &[&fixture("writes_non_utf8.sh")]);
    expect(&o, "PE", 2, "not UTF-8", ONE_S * 2);
    assert!(o.transcript.contains("> fir\\xffst"), "{}", o.transcript);
}

#[test]
fn stderr_flood_without_reading_is_idle() {
    let o = run_sub(&[], &[&fixture("floods_stderr.sh")]);
    expect(&o, "IDLE", 11, "30000000 bytes", ONE_S * 2);
}

#[test]
fn sleeps_forever_is_idle() {
    let o = run_sub(&[], &[&fixture("sleeps_forever.sh")]);
    expect(&o, "IDLE", 11, "waiting for the side", ONE_S * 2);
}

#[test]
fn forked_pipe_holder_is_killed() {
    let o = run_sub(&[], &[&fixture("forks_pipe_holder.sh")]);
    expect(&o, "PE", 2, "output ended", ONE_S * 2);
    // The holder keeps the pipes open; the player still finishes and the holder dies.
    let mut command = vec![fixture("forks_then_plays.sh")];
    command.extend(player(common::a_game(), &[]));
    let o = run_sub(&[], &words(&command));
    expect(&o, "OK", 0, "rounds=3", ONE_S * 10);
}

#[test]
fn ignoring_sigterm_does_not_help() {
    let o = run_sub(&[], &[&fixture("ignores_sigterm.sh")]);
    expect(&o, "IDLE", 11, "waiting", ONE_S * 2);
}

#[test]
fn cpu_burner_is_tle() {
    // CPU time is what counts here, and the machine may be shared: the wall-clock bound is
    // loose, the CPU figure must be just over the limit (sampled every 0.1 s).
    let o = run_sub(
        &[
            "--time-limit",
            "0.5",
            "--wall-limit",
            "20",
            "--idle-limit",
            "20",
        ],
        &[&fixture("burns_cpu.sh")],
    );
    expect(&o, "TLE", 10, "CPU time over 0.5s", ONE_S * 8);
    let cpu: f64 = o
        .line
        .split("cpu=")
        .nth(1)
        .and_then(|s| s.split('s').next())
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert!((0.5..1.5).contains(&cpu), "{}", o.line);
}

#[test]
fn slow_in_wall_time_is_tle() {
    let o = run_sub(
        &[
            "--time-limit",
            "5",
            "--wall-limit",
            "1",
            "--idle-limit",
            "5",
        ],
        &[&fixture("slow_answer.sh")],
    );
    expect(&o, "TLE", 10, "wall time", ONE_S * 2);
}

#[test]
fn crash_after_last_correct_move_is_re() {
    let (first, second) = (common::a_game(), common::another_game());
    let o = run_sub(&[], &words(&player(first, &["--crash-after-last"])));
    expect(&o, "RE", 12, "exit status 3", ONE_S * 5);
    let o = referee(
        &["play", second, "--rounds", "4", "--seed", "2"],
        &words(&player(second, &["--crash-after-last"])),
    );
    expect(&o, "RE", 12, "exit status 3", ONE_S * 5);
}

#[test]
fn illegal_move_is_wa() {
    let (first, second) = (common::a_game(), common::another_game());
    let o = run_sub(&[], &words(&player(first, &["--illegal"])));
    expect(&o, "WA", 1, "illegal move", ONE_S * 2);
    let o = referee(
        &["play", second, "--seed", "3"],
        &words(&player(second, &["--illegal"])),
    );
    expect(&o, "WA", 1, "illegal move", ONE_S * 2);
    // The solution is told: the referee's last line is the abort line.
    let sent: Vec<&str> = o.transcript.lines().filter(|l| l.contains(" < ")).collect();
    assert!(
        sent.last().is_some_and(|l| l.ends_with(" < -1")),
        "{sent:?}"
    );
}

#[test]
fn blunder_is_wa_naming_round_move_and_position() {
    let (first, second) = (common::a_game(), common::another_game());
    let o = run_sub(&[], &words(&player(first, &["--blunder"])));
    expect(&o, "WA", 1, "hands over the win", ONE_S * 2);
    assert!(
        o.line.contains("round 1, position") && o.line.contains(", move "),
        "{}",
        o.line
    );
    let o = referee(
        &["play", second, "--seed", "4"],
        &words(&player(second, &["--blunder"])),
    );
    expect(&o, "WA", 1, "hands over the win", ONE_S * 2);
}

#[test]
fn losing_side_meets_perfect_play() {
    let (first, second) = (common::a_game(), common::another_game());
    let o = run_sub(&[], &words(&player(first, &["--losing-side"])));
    expect(&o, "WA", 1, "took the losing side", ONE_S * 2);
    let o = referee(
        &["play", second, "--seed", "6"],
        &words(&player(second, &["--losing-side"])),
    );
    expect(&o, "WA", 1, "took the losing side", ONE_S * 2);
}

#[test]
fn first_fault_stands_over_sigpipe_death() {
    // The illegal move comes first: WA, although the process then dies of SIGPIPE.
    let mut command = vec![fixture("illegal_then_sigpipe.sh")];
    command.extend(player(common::a_game(), &["--illegal"]));
    let o = run_sub(&[], &words(&command));
    expect(&o, "WA", 1, "illegal move", ONE_S * 2);
    // The same death with no fault before it is RE.
    let o = run_sub(&[], &[&fixture("dies_of_sigpipe.sh")]);
    expect(&o, "RE", 12, "SIGPIPE", ONE_S * 2);
}

#[test]
fn bad_usage_is_fail_and_help_is_ok() {
    use predicates::prelude::*;
    common::command("referee")
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("referee play <game>"));
    let game = common::a_game();
    for args in [
        &["play", "chess", "--", "true"][..],
        &["play", game],
        &["play", game, "--size", "0", "--", "true"],
    ] {
        common::command("referee")
            .args(args)
            .assert()
            .code(3)
            .stderr(predicate::function(|e: &str| e.lines().count() == 1));
    }
    common::command("referee")
        .args(["play", game, "--", "/nonexistent/solution"])
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with(format!("FAIL {game}")));
}

/// The messages of a transcript, timestamps dropped.
fn messages(transcript: &str) -> Vec<String> {
    transcript
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(_, m)| m.to_owned()))
        .filter(|m| !m.starts_with('#'))
        .collect()
}

#[test]
fn same_seed_same_session_and_transcripts_replay() {
    for game in [common::a_game(), common::another_game()] {
        let p = player(game, &[]);
        let p = words(&p);
        let args = ["play", game, "--rounds", "6", "--seed", "11"];
        let a = referee(&args, &p);
        let b = referee(&args, &p);
        expect(&a, "OK", 0, "seed=11", ONE_S * 10);
        assert_eq!(
            messages(&a.transcript),
            messages(&b.transcript),
            "{game}: same seed, different sessions"
        );
        let other = referee(&["play", game, "--rounds", "6", "--seed", "12"], &p);
        assert_ne!(
            messages(&a.transcript),
            messages(&other.transcript),
            "{game}: the seed changes nothing"
        );
        // Replaying the transcript sends the same referee lines.
        let dir = common::TempDir::new(&format!("referee-replay-{game}"));
        let file = dir.join("t.txt");
        std::fs::write(&file, &a.transcript).unwrap();
        let r = referee(&["replay", game, file.to_str().unwrap()], &p);
        expect(&r, "OK", 0, "rounds=6", ONE_S * 10);
        let sent = |t: &str| {
            messages(t)
                .into_iter()
                .filter(|m| m.starts_with("< "))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            sent(&a.transcript),
            sent(&r.transcript),
            "{game}: replay differs"
        );
    }
}
