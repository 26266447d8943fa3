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
