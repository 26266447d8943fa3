//! Every round of a generated session starts where its seed and its number say, whatever the
//! player did before: two correct players that choose different winning moves
//! (examples/perfect_player.rs, default and `--random-win`) make rounds of different lengths,
//! so the referee draws a different number of times in them; the positions of every round must
//! still be the same in both sessions, for every game of the registry.

use crate::common;

use common::TempDir;

/// The positions of a session's rounds, in order: the referee's lines (`<`) just before the
/// solution says `first` or `second`, after the header (`play R`) or the previous round's
/// `end`.
fn round_positions(transcript: &str) -> Vec<Vec<String>> {
    let mut positions = Vec::new();
    let mut block: Vec<String> = Vec::new();
    for line in transcript.lines() {
        let Some((_, rest)) = line.split_once(' ') else {
            continue;
        };
        if rest.starts_with("# ") {
            continue;
        }
        if let Some(sent) = rest.strip_prefix("< ") {
            if sent == "end" || sent.starts_with("play ") {
                block.clear();
            } else {
                block.push(sent.to_owned());
            }
        } else if rest == "> first" || rest == "> second" {
            positions.push(std::mem::take(&mut block));
        } else {
            block.clear();
        }
    }
    positions
}

/// `referee play GAME --seed S --transcript FILE -- perfect_player GAME FLAGS`: the positions
/// of its rounds and the player's lines.
fn session(game: &str, seed: u64, flags: &[&str], dir: &TempDir) -> (Vec<Vec<String>>, usize) {
    let (verdict, text) = common::play_perfect_player(game, seed, &["--rounds", "6"], flags, dir);
    assert!(verdict.starts_with("OK "), "{game} {flags:?}: {verdict}");
    let player_lines = text.lines().filter(|l| l.contains(" > ")).count();
    (round_positions(&text), player_lines)
}

#[test]
fn a_rounds_start_does_not_depend_on_the_earlier_rounds() {
    let dir = TempDir::new("round-streams");
    for game in common::games() {
        let mut lengths_differ = false;
        for seed in 1..=3u64 {
            let (default, default_lines) = session(game, seed, &[], &dir);
            let seed_text = seed.to_string();
            let (random, random_lines) =
                session(game, seed, &["--random-win", "--seed", &seed_text], &dir);
            assert_eq!(default.len(), 6, "{game} seed {seed}: rounds {default:?}");
            assert_eq!(
                default, random,
                "{game} seed {seed}: the rounds started elsewhere after the players differed"
            );
            lengths_differ |= default_lines != random_lines;
        }
        // Else the test shows nothing for this game: the two players played alike.
        assert!(lengths_differ, "{game}: both players took as many moves");
    }
}

/// The lines of a transcript from its first round's position on, without timestamps and notes
/// (`<` and `>` lines: positions, sides, moves, `end`).
fn played_lines(transcript: &str) -> Vec<String> {
    transcript
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(_, rest)| rest))
        .filter(|rest| rest.starts_with("< ") || rest.starts_with("> "))
        .skip_while(|rest| rest.starts_with("< play "))
        .map(str::to_owned)
        .collect()
}

/// `referee play GAME --seed 1 --rounds ROUNDS --transcript FILE -- SOLUTION --play` (limits as
/// the coverage test's): the
/// verdict line and the transcript.
fn solution_session(game: &str, rounds: &str, dir: &TempDir) -> (String, String) {
    let transcript = dir.join(format!("{game}-{rounds}.txt"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_referee"))
        .args([
            "play",
            game,
            "--seed",
            "1",
            "--rounds",
            rounds,
            "--transcript",
        ])
        .arg(&transcript)
        .args(common::judging_play_mode(common::solution(game), "120"))
        .output()
        .expect("the referee runs");
    (
        String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        std::fs::read_to_string(&transcript).unwrap_or_default(),
    )
}

/// `--rounds A..B` plays rounds A to B of the session exactly as the whole session plays them:
/// the same positions, the referee's moves and the solution's (whose moves depend on the
/// position alone), for every game; its header announces B − A + 1 rounds and its verdict
/// counts them.
#[test]
fn a_range_of_rounds_plays_them_as_the_whole_session_does() {
    let dir = TempDir::new("round-range");
    for game in common::games() {
        let (whole_verdict, whole) = solution_session(game, "6", &dir);
        let (range_verdict, range) = solution_session(game, "4..6", &dir);
        assert!(whole_verdict.starts_with("OK "), "{game}: {whole_verdict}");
        assert!(
            range_verdict.starts_with(&format!("OK {game} seed=1 rounds=3 ")),
            "{game}: {range_verdict}"
        );
        assert!(range.contains(" < play 3\n"), "{game}: {range}");
        let whole_positions = round_positions(&whole);
        assert_eq!(
            round_positions(&range),
            whole_positions[3..],
            "{game}: rounds 4..6 start elsewhere than in the whole session"
        );
        // From round 4's position on, the two transcripts play the same lines.
        let whole_lines = played_lines(&whole);
        let start = whole_positions[3][0].as_str();
        let from_round_4 = whole_lines
            .iter()
            .position(|l| l.strip_prefix("< ") == Some(start))
            .unwrap_or_else(|| panic!("{game}: no round 4 in {whole_lines:?}"));
        assert_eq!(
            played_lines(&range),
            whole_lines[from_round_4..],
            "{game}: rounds 4..6 played otherwise than in the whole session"
        );
    }
}
