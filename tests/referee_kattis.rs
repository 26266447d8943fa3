//! `referee kattis` wired as a judge system wires an interactive output validator: two
//! processes, the team's program and `referee kattis <game> input answer feedback_dir`, joined
//! by two pipes (the team's stdout is the validator's stdin and the validator's stdout the
//! team's stdin). Accepted is exit 42, rejected 43, the reason in judgemessage.txt.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A built binary of the package, from the folder the referee is in.
fn bin(name: &str) -> String {
    Path::new(env!("CARGO_BIN_EXE_referee"))
        .with_file_name(name)
        .to_string_lossy()
        .into_owned()
}

struct Judged {
    /// The validator's exit status.
    code: Option<i32>,
    judgemessage: String,
    /// The team program's exit status.
    team_code: Option<i32>,
    transcript: String,
}

fn temp_dir(tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let dir = std::env::temp_dir().join(format!(
        "referee-kattis-{tag}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(dir.join("feedback")).unwrap();
    dir
}

/// Runs the team program `team` against `referee kattis <game>` with `input` as the test's
/// input file, the two processes joined by two pipes.
fn judge(game: &str, input: &str, team: &[&str]) -> Judged {
    let dir = temp_dir(game);
    let input_path = dir.join("test.in");
    let answer_path = dir.join("test.ans");
    let feedback = dir.join("feedback");
    std::fs::write(&input_path, input).unwrap();
    std::fs::write(&answer_path, "").unwrap();
    let started = Instant::now();
    let mut team_process = Command::new(team[0])
        .args(&team[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the team program");
    let team_output = team_process.stdout.take().unwrap();
    let team_input = team_process.stdin.take().unwrap();
    // The Command owns the pipe ends it is given and closes them when dropped (here, at the
    // end of the statement), so the test keeps no copy that would hide an end of file.
    let mut validator = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["kattis", game])
        .args([&input_path, &answer_path, &feedback])
        .stdin(Stdio::from(team_output))
        .stdout(Stdio::from(team_input))
        .spawn()
        .expect("start the validator");
    let code = validator.wait().unwrap().code();
    let team_code = team_process.wait().unwrap().code();
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the session took {:?}",
        started.elapsed()
    );
    let read = |name: &str| std::fs::read_to_string(feedback.join(name)).unwrap_or_default();
    let judged = Judged {
        code,
        judgemessage: read("judgemessage.txt"),
        team_code,
        transcript: read("transcript.txt"),
    };
    let _ = std::fs::remove_dir_all(&dir);
    judged
}

#[test]
fn accepts_the_projects_subtraction_player() {
    let r = judge(
        "subtraction",
        "# 200 rounds of the default mix of k and n, cut at 200 moves to keep it short\n\
         --rounds 200 --seed 11 --max-moves 200\n",
        &[&bin("subtraction"), "--play"],
    );
    assert_eq!(r.code, Some(42), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage
            .starts_with("OK subtraction seed=11 rounds=200 "),
        "{}",
        r.judgemessage
    );
    assert_eq!(
        r.team_code,
        Some(0),
        "the team sees end of file and exits cleanly"
    );
    assert!(
        r.transcript.contains("< play 200\n"),
        "transcript kept in the feedback folder"
    );
}

#[test]
fn accepts_the_projects_pawns_player_with_sizes_from_the_input_file() {
    let r = judge(
        "pawns",
        "--rounds 30 --seed 4 --size 1..60\n",
        &[&bin("pawns"), "--play"],
    );
    assert_eq!(r.code, Some(42), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage.starts_with("OK pawns seed=4 rounds=30 "),
        "{}",
        r.judgemessage
    );
}

#[test]
fn rejects_a_blunder_with_the_reason() {
    let r = judge(
        "subtraction",
        "--rounds 20 --seed 3\n",
        &[
            &common::example("perfect_player"),
            "subtraction",
            "--blunder",
        ],
    );
    assert_eq!(r.code, Some(43), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage.starts_with("WA subtraction seed=3 "),
        "{}",
        r.judgemessage
    );
    assert!(
        r.judgemessage.contains("hands over the win"),
        "{}",
        r.judgemessage
    );
}

#[test]
fn rejects_an_illegal_pawn_move() {
    let r = judge(
        "pawns",
        "--rounds 5 --seed 9\n",
        &[&common::example("perfect_player"), "pawns", "--illegal"],
    );
    assert_eq!(r.code, Some(43), "judgemessage: {}", r.judgemessage);
    assert!(
        r.judgemessage.starts_with("WA pawns "),
        "{}",
        r.judgemessage
    );
    assert!(
        r.judgemessage.contains("illegal move"),
        "{}",
        r.judgemessage
    );
}

#[test]
fn rejects_a_team_that_stops_answering() {
    // The fixture reads the round count and a position, then exits: the validator sees its
    // stdin end where a side was due.
    let fixture = root().join("tests/fixtures/exits_early.sh");
    let r = judge(
        "subtraction",
        "--rounds 3 --seed 1\n",
        &[fixture.to_str().unwrap()],
    );
    assert_eq!(r.code, Some(43), "judgemessage: {}", r.judgemessage);
    assert!(r.judgemessage.starts_with("PE "), "{}", r.judgemessage);
    assert!(
        r.judgemessage.contains("waiting for the side"),
        "{}",
        r.judgemessage
    );
}

#[test]
fn a_bad_input_file_is_a_judging_error_not_a_rejection() {
    let r = judge(
        "subtraction",
        "--rounds zero\n",
        &[&bin("subtraction"), "--play"],
    );
    assert_eq!(r.code, Some(1), "judgemessage: {}", r.judgemessage);
    assert!(r.judgemessage.starts_with("FAIL "), "{}", r.judgemessage);
    assert!(r.judgemessage.contains("--rounds"), "{}", r.judgemessage);
}

/// A pipe whose two ends are owned fds.
fn pipe() -> (std::os::fd::OwnedFd, std::os::fd::OwnedFd) {
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

/// The Kattis runner keeps its own copies of both pipes open until the validator exits, so
/// neither side ever sees end of file from the other: the validator must give its verdict
/// right after the last round and the player must exit after the rounds it was told, each
/// without waiting for end of input (both would wait forever here).
#[test]
fn every_project_player_finishes_while_the_judge_holds_the_pipes() {
    for game in [
        "subtraction",
        "pawns",
        "tictactoe",
        "coloring",
        "knights",
        "race",
    ] {
        let dir = temp_dir(game);
        let input_path = dir.join("test.in");
        std::fs::write(&input_path, "--rounds 3 --seed 5\n").unwrap();
        let (to_team_r, to_team_w) = pipe();
        let (from_team_r, from_team_w) = pipe();
        let held = (
            to_team_w.try_clone().unwrap(),
            from_team_w.try_clone().unwrap(),
        );
        let started = Instant::now();
        let mut team = Command::new(bin(game))
            .arg("--play")
            .stdin(Stdio::from(to_team_r))
            .stdout(Stdio::from(from_team_w))
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut validator = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(["kattis", game])
            .arg(&input_path)
            .arg(&input_path)
            .arg(dir.join("feedback"))
            .stdin(Stdio::from(from_team_r))
            .stdout(Stdio::from(to_team_w))
            .spawn()
            .unwrap();
        let wait = |child: &mut std::process::Child, who: &str| loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status.code();
            }
            if started.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                panic!("{game}: the {who} still runs after 20 s while the judge holds the pipes");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let code = wait(&mut validator, "validator");
        let team_code = wait(&mut team, "team's player");
        drop(held);
        let message =
            std::fs::read_to_string(dir.join("feedback/judgemessage.txt")).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(code, Some(42), "{game}: {message}");
        assert_eq!(team_code, Some(0), "{game}: the player's exit");
    }
}

/// docs/judging.md's example test input file (the fenced block that starts with
/// `# data/secret/`) plays to its end within seconds and accepts the project's player.
#[test]
fn the_documented_example_input_file_finishes_and_accepts() {
    let doc = std::fs::read_to_string(root().join("docs/judging.md")).unwrap();
    let start = doc
        .find("```\n# data/secret/")
        .expect("the example input file in docs/judging.md");
    let body = &doc[start + 4..];
    let input = &body[..body.find("```").unwrap()];
    assert!(input.contains("--rounds"), "{input}");
    let started = Instant::now();
    let r = judge("subtraction", input, &[&bin("subtraction"), "--play"]);
    assert_eq!(r.code, Some(42), "judgemessage: {}", r.judgemessage);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the documented example took {:?}",
        started.elapsed()
    );
}
