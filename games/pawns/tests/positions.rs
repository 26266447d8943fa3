//! Pawns rounds that start from a board with columns already played (docs/protocol.md,
//! pawns: `N K a1 b1 ... aK bK`, the runs of untouched columns): the referee accepts exactly
//! the reachable ones and values them as a plain game-tree search of the real board values
//! the positions play reaches; malformed lines are refused, never a panic; the generated
//! mid-game and late-game starts are what their documentation says.

use crate::common;

use combgames_core::rng::Rng;
use combgames_core::round::GameError;
use combgames_pawns::gen::{played_start, LATE_GAME_ROUND, MID_GAME_ROUND, PLAYED_WIDTH};
use combgames_pawns::position::Position;
use combgames_pawns::{Board, Cell, Side};
use combgames_registry::Game;
use std::collections::{HashMap, HashSet};

use crate::brute;
use brute::brute_wins;

fn untouched(board: &Board, col: usize) -> bool {
    let c = col as i64;
    board.cell(0, c) == Some(Cell::Pawn(Side::White))
        && board.cell(1, c) == Some(Cell::Empty)
        && board.cell(2, c) == Some(Cell::Pawn(Side::Black))
}

/// The notation of the board whose untouched columns are `fresh` (by column).
fn line_of(fresh: &[bool]) -> String {
    let n = fresh.len();
    let mut runs = Vec::new();
    let mut c = 0;
    while c < n {
        if fresh[c] {
            let a = c;
            while c < n && fresh[c] {
                c += 1;
            }
            runs.push((a + 1, c));
        } else {
            c += 1;
        }
    }
    let mut line = format!("{n} {}", runs.len());
    for (a, b) in runs {
        line += &format!(" {a} {b}");
    }
    line
}

/// Every quiet position with White to move that play reaches from the start, on every board
/// up to 11 columns: its runs' line is accepted, and the referee's value of the round made from
/// it (the played columns left empty) is the game-tree value of the real board (dead pawns
/// and all). Every other set of untouched columns is refused: reachability is exact.
#[test]
fn the_runs_of_every_reachable_quiet_board_are_accepted_and_valued_right_and_no_others() {
    for n in 1..=11usize {
        let mut memo = HashMap::new();
        let mut seen = HashSet::new();
        let mut reachable = HashSet::new();
        let mut stack = vec![Board::start(n)];
        while let Some(b) = stack.pop() {
            if !seen.insert(b.clone()) {
                continue;
            }
            let quiet = b.captures(Side::White).is_empty() && b.captures(Side::Black).is_empty();
            if quiet && b.to_move == Side::White {
                let fresh: Vec<bool> = (0..n).map(|c| untouched(&b, c)).collect();
                let line = line_of(&fresh);
                let mut round = Game::Pawns
                    .from_line(&line)
                    .unwrap_or_else(|e| panic!("{line:?} (from {}) refused: {e}", b.picture()));
                let want = brute_wins(&b, &mut memo);
                assert_eq!(
                    round.mover_wins(),
                    Ok(want),
                    "{line:?} from {}",
                    b.picture()
                );
                reachable.insert(fresh);
            }
            for m in b.legal_moves() {
                stack.push(b.play(m).unwrap());
            }
        }
        let mut accepted = 0;
        for mask in 0u32..1 << n {
            let fresh: Vec<bool> = (0..n).map(|c| mask >> c & 1 == 1).collect();
            let line = line_of(&fresh);
            match Game::Pawns.from_line(&line) {
                Ok(_) => {
                    accepted += 1;
                    assert!(
                        reachable.contains(&fresh),
                        "{line:?} is unreachable, accepted"
                    );
                }
                Err(GameError::Position(_)) => {
                    assert!(
                        !reachable.contains(&fresh),
                        "{line:?} is reachable, refused"
                    )
                }
                Err(e) => panic!("{line:?}: {e:?}"),
            }
        }
        assert_eq!(accepted, reachable.len(), "N={n}");
        // Positions with White to move after an odd number of pushes exist in the masks
        // (N = 4: only column 4 untouched), so the parity rule is exercised.
        if n == 4 {
            assert!(!reachable.contains(&vec![false, false, false, true]));
        }
    }
}

#[test]
fn malformed_or_unreachable_lines_are_position_errors() {
    for line in [
        "",
        "0",
        "1000001",
        "x",
        "5 x",
        "+5",
        "5 1",
        "5 1 1",
        "5 1 1 2 3",
        "5 2 1 2",
        "5 1 3 2",
        "5 1 0 2",
        "5 1 1 6",
        "5 -1",
        "05",
        "7 1 01 7",
        "9 2 1 2 3 9",   // runs touching
        "9 2 3 4 1 1",   // runs out of order
        "12 2 1 2 7 12", // a gap of 4 between runs
        "6 1 2 6",       // one played column at the edge
        "4 1 4 4",       // reachable only with Black to move
        "5 99999999999999999999 1 1",
        "5 18446744073709551615",
    ] {
        match Game::Pawns.from_line(line) {
            Err(GameError::Position(why)) => assert!(!why.is_empty()),
            Err(e) => panic!("{line:?}: {e:?}"),
            Ok(_) => panic!("{line:?} accepted"),
        }
    }
    // The start, written either way, and a played board, printed back as read.
    assert_eq!(Game::Pawns.from_line("7").unwrap().position_line(), "7");
    assert_eq!(
        Game::Pawns.from_line("7 1 1 7").unwrap().position_line(),
        "7"
    );
    let played = "20 3 1 3 7 9 13 20";
    assert_eq!(
        Game::Pawns.from_line(played).unwrap().position_line(),
        played
    );
    assert_eq!(
        Position::parse("9 0", 1_000_000).map(|p| p.runs.len()),
        Ok(0),
        "every column played, White to move: pushes 1, 4, 7 and 9"
    );
}

/// The generated starts: the mid-game board holds thousands of segments, every length
/// 1..=600 and every residue mod 34 among the long ones; the late board few columns; both
/// full size and accepted as the notation reads them back.
#[test]
fn generated_played_starts_are_full_size_and_as_documented() {
    for seed in 1..=5 {
        let mut rng = Rng::for_round(seed, MID_GAME_ROUND);
        let mid = played_start(MID_GAME_ROUND, &mut rng).expect("a mid-game start");
        assert_eq!(mid.n, PLAYED_WIDTH);
        let lens: Vec<usize> = mid.runs.iter().map(|&(a, b)| b - a + 1).collect();
        assert!(lens.len() > 3000, "{} segments", lens.len());
        for l in 1..=600 {
            assert!(lens.contains(&l), "seed {seed}: no segment of {l}");
        }
        for r in 0..34 {
            assert!(lens.iter().any(|&l| l > 600 && l % 34 == r), "residue {r}");
        }
        let line = mid.to_string();
        assert_eq!(Game::Pawns.from_line(&line).unwrap().position_line(), line);
        assert!(line.len() < 1 << 20, "{} bytes", line.len());

        let mut rng = Rng::for_round(seed, LATE_GAME_ROUND);
        let late = played_start(LATE_GAME_ROUND, &mut rng).expect("a late-game start");
        assert_eq!(late.n, PLAYED_WIDTH);
        let left: usize = late.runs.iter().map(|&(a, b)| b - a + 1).sum();
        assert!((1..=600).contains(&left), "{left} untouched columns");
        let line = late.to_string();
        assert_eq!(Game::Pawns.from_line(&line).unwrap().position_line(), line);
    }
    assert!(played_start(1, &mut Rng::new(1)).is_none());
}

/// The solution's --play mode wins the first 10 rounds of default sessions of `seeds`,
/// whose rounds 9 and 10 start from played boards of 10^6 columns (read back from the
/// transcript).
fn wins_sessions_with_played_boards(seeds: std::ops::RangeInclusive<u64>) {
    let scratch = common::TempDir::new("pawns-played-sessions");
    for seed in seeds {
        let transcript = scratch.join(format!("seed{seed}.txt"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_referee"))
            .args([
                "play",
                "pawns",
                "--rounds",
                "10",
                "--seed",
                &seed.to_string(),
            ])
            .arg("--transcript")
            .arg(&transcript)
            .args(common::judging_play_mode(&common::bin("pawns"), "20"))
            .output()
            .unwrap();
        let line = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(line.starts_with("OK pawns"), "seed {seed}: {line}");
        let text = std::fs::read_to_string(&transcript).unwrap();
        let played = text
            .lines()
            .filter_map(|l| l.split_once(" < ").map(|(_, m)| m))
            .filter(|m| m.starts_with(&format!("{PLAYED_WIDTH} ")))
            .count();
        assert_eq!(played, 2, "seed {seed}: played boards sent");
    }
}

#[test]
fn the_solution_wins_default_sessions_with_played_boards() {
    wins_sessions_with_played_boards(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn the_solution_wins_default_sessions_with_played_boards_in_seeds_2_to_5() {
    wins_sessions_with_played_boards(2..=5);
}
