//! The mutation suite for race (the example `race_mutants`, race_mutants.rs): (1) each wrong player's bug is real —
//! a concrete position where its choice (the side, or a move) loses, proved by the plain
//! retrograde search; the correct players never leave a won position, and each makes other
//! moves than the nearest winning one in many positions; (2) under the default
//! `referee play race` settings and each of the first seeds (seed 1 in `make test`, 1..5 in the
//! long tier), every wrong player gets WA — on a board
//! wider than 12, where the old referee could not judge every move — and every correct one
//! (a random winning move, detours included; the slowest winning move) gets OK.

use crate::common;

mod bugs;

use bugs::{error_variants, Mutant, Rng as PlayerRng, FAR_RACE_FROM, LATE_FROM, VARIANTS};
use combgames_core::rng::Rng;
use combgames_race::gen::{board_of, Density, Shape};
use combgames_race::{
    legal_moves, retrograde, Board, Move, Outcome, Player, Position, Retrograde, Rules, Value,
};
use std::process::Command;

/// Small boards of every shape, the same every run.
fn boards(count: usize) -> Vec<Board> {
    let mut rng = Rng::new(77);
    let shapes = [
        Shape::SecondWins,
        Shape::Random(Density::SESSION),
        Shape::Maze,
        Shape::Corridor,
        Shape::Open,
    ];
    (0..count)
        .map(|i| board_of(shapes[i % shapes.len()], 3 + i % 5, &mut rng))
        .collect()
}

/// Whether the move with outcome `o` loses for its maker, by the retrograde search.
fn loses(exact: &Retrograde, o: Outcome) -> bool {
    match o {
        Outcome::Wins => false,
        Outcome::Continues(next) => exact.value(next) == Value::Win,
    }
}

/// A position won for the mover where `bug`'s move loses (trying a few of the player's
/// random streams), as (board, position, move) text; None if none in the boards.
fn losing_move(bug: &str, boards: &[Board], streams: u64) -> Option<String> {
    losing_move_after(bug, boards, streams, 0)
}

/// [`losing_move`] for a player that has already made `made` moves this round.
fn losing_move_after(bug: &str, boards: &[Board], streams: u64, made: u64) -> Option<String> {
    for board in boards {
        let exact = retrograde(board, Rules::default());
        let player = Mutant::new(bug, board);
        for pos in Position::all_of_play(board) {
            player.moves_made.set(made);
            if exact.value(pos) != Value::Win {
                continue;
            }
            for stream in 1..=streams {
                let (m, o) = player
                    .choose(pos, &mut stream_rng(stream))
                    .expect("a legal move");
                if loses(&exact, o) {
                    return Some(format!(
                        "{pos:?}, move {m:?} (random stream {stream}) on\n{}",
                        board.to_input()
                    ));
                }
            }
        }
    }
    None
}

#[test]
fn every_bug_has_a_losing_position_by_the_retrograde_search() {
    let boards = boards(60);
    // The side bugs: a board whose start the retrograde search gives to the other side.
    let mut rng = Rng::new(78);
    let wider: Vec<Board> = (0..400)
        .map(|i| {
            board_of(
                [Shape::Random(Density::SESSION), Shape::Open][i % 2],
                6 + i % 5,
                &mut rng,
            )
        })
        .collect();
    for bug in ["no-jumps", "parity"] {
        let found = boards.iter().chain(&wider).find(|board| {
            let start = retrograde(board, Rules::default()).value(Position::start(board));
            let side = Mutant::new(bug, board).side(Position::start(board));
            (side == Player::A) != (start == Value::Win)
        });
        let board = found.unwrap_or_else(|| panic!("{bug}: no board where its side loses"));
        eprintln!("{bug}: takes the losing side on\n{}", board.to_input());
    }
    // The move bugs: a won position where the move it makes loses.
    for (bug, streams) in [
        ("no-jumps", 4),
        ("straight-jump", 1),
        ("never-jump", 1),
        ("blind", 8),
        ("off-layers", 16),
        ("rare", 2000),
        ("odd-border", 1),
        ("lone-arc", 1),
    ] {
        let found = losing_move(bug, &boards, streams);
        let text = found.unwrap_or_else(|| panic!("{bug}: no losing move found"));
        eprintln!("{bug}: loses at {text}");
    }
    // edge-jump: a jump that must land on the last row or column (boards of side 3..=12).
    let mut rng = Rng::new(79);
    let edge: Vec<Board> = (0..200)
        .map(|i| board_of(Shape::Random(Density::SESSION), 3 + i % 10, &mut rng))
        .collect();
    let text = losing_move("edge-jump", &boards, 1)
        .or_else(|| losing_move("edge-jump", &edge, 1))
        .expect("edge-jump: no losing move found");
    eprintln!("edge-jump: loses at {text}");
    // late: the same exact player, once it has made its 500 moves of the round.
    assert!(losing_move_after("late", &boards, 1, 0).is_none());
    let text = losing_move_after("late", &boards, 16, LATE_FROM).expect("late: no losing move");
    eprintln!("late: after {LATE_FROM} moves, loses at {text}");
    // far-race: a board with distances past its bound, small enough for the search.
    let board = rooms_and_pipes();
    let start = Position::start(&board);
    let player = Mutant::new("far-race", &board);
    assert!(player.eval.to_goal(Player::A, start.a) > FAR_RACE_FROM);
    let text = losing_move("far-race", &[board], 1).expect("far-race: no losing move found");
    eprintln!("far-race: loses at {text}");
}

/// Two serpentine pipes of 4 rows × 26 squares, one above and one below an open 10×8 room
/// in the middle of a 26×26 board, A at the top pipe's far end and B at the bottom one's: the
/// players meet in the room with more than 100 squares still to go, where the retrograde
/// search still runs. B moves one square back along its pipe if the distance is odd.
fn rooms_and_pipes() -> Board {
    let n = 26;
    let mut free = vec![false; n * n];
    // Top pipe: rows 0, 2, 4, 6 open, joined at alternate ends, into the room at (8, 9).
    for r in (0..8).step_by(2) {
        for c in 0..n {
            free[r * n + c] = true;
        }
        if r + 2 < 8 {
            free[(r + 1) * n + if r / 2 % 2 == 0 { n - 1 } else { 0 }] = true;
        }
    }
    free[7 * n + 9] = true;
    for r in 8..18 {
        for c in 9..17 {
            free[r * n + c] = true;
        }
    }
    // Bottom pipe: the mirror image, out of the room at (15, 16).
    for v in 0..n * n {
        if free[v] && v / n < 8 {
            free[n * n - 1 - v] = true;
        }
    }
    let a = 0; // the top pipe's far end
    let mut board = Board {
        n,
        free,
        a,
        b: n * n - 1 - a,
    };
    if board.distances(board.a)[board.b] % 2 == 1 {
        board.free[board.b] = false;
        board.b -= 1;
    }
    board
}

/// The random stream `stream` of the player (the same streams on every position).
fn stream_rng(stream: u64) -> PlayerRng {
    PlayerRng::new(0x9e37_79b9_7f4a_7c15 ^ stream.wrapping_mul(0x2545_f491))
}

/// The correct players never leave a won position (every won position of 40 small boards,
/// 3 random streams each), and each is another player than a nearest-win one: in many of
/// those positions it makes a move that is no nearest winning move (one after which the mover
/// is nearest its goal, by a breadth-first search: what the exact variants play). So their
/// sessions ([`correct_players_get_ok`]) put other winning moves before the referee: detours
/// (`random-win`, `detour-win`) and slower progress (`slowest`).
#[test]
fn correct_players_keep_every_won_position() {
    let correct: Vec<&str> = VARIANTS.iter().filter(|v| v.2).map(|v| v.0).collect();
    assert_eq!(correct, ["random-win", "detour-win", "slowest"]);
    // Won positions where some stream of each player moved elsewhere than nearest.
    let mut elsewhere = [0; 3];
    let mut won = 0;
    for board in &boards(40) {
        let exact = retrograde(board, Rules::default());
        // Distances to A's goal (B's start) and to B's goal (A's start).
        let to_goal = [board.distances(board.b), board.distances(board.a)];
        let players: Vec<Mutant> = correct.iter().map(|bug| Mutant::new(bug, board)).collect();
        for pos in Position::all_of_play(board) {
            if exact.value(pos) != Value::Win {
                continue;
            }
            won += 1;
            let after = |o: Outcome| match o {
                Outcome::Wins => 0,
                Outcome::Continues(p) => to_goal[pos.to_move as usize][p.square(pos.to_move)],
            };
            let wins: Vec<(Move, u32)> = legal_moves(board, pos, Rules::default())
                .into_iter()
                .filter(|&(_, o)| !loses(&exact, o))
                .map(|(m, o)| (m, after(o)))
                .collect();
            let near = wins.iter().map(|&(_, d)| d).min().expect("a winning move");
            for (player, count) in players.iter().zip(&mut elsewhere) {
                let mut moved_elsewhere = false;
                for stream in 1..=3 {
                    let (m, o) = player.choose(pos, &mut stream_rng(stream)).expect("a move");
                    assert!(
                        !loses(&exact, o),
                        "{}: loses at {pos:?}, move {m:?} (random stream {stream}) on\n{}",
                        player.bug,
                        board.to_input()
                    );
                    moved_elsewhere |= !wins.contains(&(m, near));
                }
                *count += usize::from(moved_elsewhere);
            }
        }
    }
    eprintln!("{won} won positions; moved elsewhere than nearest: {correct:?} {elsewhere:?}");
    for (bug, (count, floor)) in correct.iter().zip(elsewhere.iter().zip(ELSEWHERE_FLOORS)) {
        assert!(
            *count > floor,
            "{bug}: elsewhere than nearest in {count} of {won}"
        );
    }
}

/// Floors of the counts above (random-win, detour-win, slowest), about a third of today's
/// (15605, 16171, 504 of 26216 won positions).
const ELSEWHERE_FLOORS: [usize; 3] = [5000, 5000, 150];

/// `referee play race --seed S --rounds 10 [extra]` (default settings unless `extra` says
/// otherwise)
/// against `race_mutants --bug B`: (verdict line, exit code).
fn session(bug: &str, seed: u64, extra: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args([
            "play",
            "race",
            "--seed",
            &seed.to_string(),
            "--rounds",
            "10",
        ])
        .args(extra)
        .arg("--")
        .args([&common::example("race_mutants"), "--bug", bug])
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).trim_end().to_owned(),
        out.status.code(),
    )
}

/// The side of the board in a verdict line's `position "n\n…`.
fn board_side(line: &str) -> usize {
    let at = line.find("position \"").expect("a position in the verdict") + 10;
    line[at..]
        .split('\\')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a board side")
}

/// The first seeds every wrong player must be caught on, and every correct one pass: seed 1 in
/// `make test`, all five in the long tier.
const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

/// Every wrong player named gets WA (exit 1) in each of `seeds`, and with `wide`, at least one
/// of its sessions ends on a board wider than 12 (where the old referee could not judge).
fn caught_on_every_seed(bugs: &[&str], seeds: std::ops::RangeInclusive<u64>, wide: bool) {
    let sessions: Vec<(&str, u64)> = bugs
        .iter()
        .flat_map(|&bug| seeds.clone().map(move |seed| (bug, seed)))
        .collect();
    let sides = common::par_map(&sessions, |&(bug, seed)| {
        let (line, code) = session(bug, seed, &[]);
        assert!(line.starts_with("WA race"), "{bug} seed {seed}: {line}");
        assert_eq!(code, Some(1), "{bug} seed {seed}: {line}");
        board_side(&line)
    });
    for &bug in bugs {
        assert!(VARIANTS.iter().any(|v| v.0 == bug && !v.2), "{bug}");
        let widest = sessions
            .iter()
            .zip(&sides)
            .filter(|((b, _), _)| *b == bug)
            .map(|(_, &side)| side)
            .max()
            .unwrap_or(0);
        assert!(
            !wide || widest > 12,
            "{bug}: caught only on boards up to {widest}"
        );
    }
}

fn wrong_players() -> Vec<&'static str> {
    let bugs: Vec<&str> = VARIANTS.iter().filter(|v| !v.2).map(|v| v.0).collect();
    assert!(bugs.len() >= 5, "{bugs:?}");
    bugs
}

#[test]
fn wrong_players_get_wa_on_the_first_seed() {
    caught_on_every_seed(&wrong_players(), 1..=1, false);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 1..5 and the boards past 12"]
fn wrong_players_get_wa_on_every_seed() {
    caught_on_every_seed(&wrong_players(), SEEDS, true);
}

/// The correct players' sessions of `seeds`, and with `wide`, two sessions on 12×12 boards.
fn correct_players_pass(seeds: std::ops::RangeInclusive<u64>, wide: bool) {
    let wide_sessions: &[(&str, u64, &[&str])] = if wide {
        // 12×12, where the old referee's move bound rejected a random winner.
        &[
            ("random-win", 5, &["--size", "12..12", "--rounds", "40"]),
            ("detour-win", 5, &["--size", "12..12", "--rounds", "40"]),
        ]
    } else {
        &[]
    };
    let sessions: Vec<(&str, u64, &[&str])> = VARIANTS
        .iter()
        .filter(|v| v.2)
        .flat_map(|v| seeds.clone().map(move |seed| (v.0, seed, &[][..])))
        .chain(wide_sessions.iter().copied())
        .collect();
    common::par_map(&sessions, |&(bug, seed, extra)| {
        let (line, code) = session(bug, seed, extra);
        assert!(
            line.starts_with("OK race"),
            "{bug} seed {seed} {extra:?}: {line}"
        );
        assert_eq!(code, Some(0), "{bug} seed {seed} {extra:?}: {line}");
    });
}

#[test]
fn correct_players_get_ok_on_the_first_seed() {
    correct_players_pass(1..=1, true);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn correct_players_get_ok() {
    correct_players_pass(2..=5, false);
}

#[test]
fn help_lists_the_variants() {
    let out = Command::new(common::example("race_mutants"))
        .arg("--help")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for (name, _, _) in VARIANTS {
        assert!(text.contains(name), "{name} missing from --help");
    }
    let out = Command::new(common::example("race_mutants"))
        .args(["--bug", "nonsense"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

/// Each error player (one per (class, error) pair, bugs.rs `error_variants`) takes the wrong
/// side exactly at the starts (A to move) where the referee's classes name its pair, on every
/// such position of small boards.
#[test]
fn error_players_are_wrong_where_their_pair_is_named() {
    let boards = boards(40);
    let mut wrong_somewhere = vec![false; error_variants().len()];
    for board in &boards {
        let round = combgames_race::play::RaceRound::new(board.clone()).unwrap();
        let exact = retrograde(board, Rules::default());
        let players: Vec<Mutant> = error_variants()
            .iter()
            .map(|name| Mutant::new(name, board))
            .collect();
        for pos in Position::all_of_play(board)
            .into_iter()
            .filter(|p| p.to_move == Player::A)
        {
            let classes = round.classes_at(pos);
            let a_wins = exact.value(pos) == Value::Win;
            for (i, &name) in error_variants().iter().enumerate() {
                let wrong = (players[i].side(pos) == Player::A) != a_wins;
                let named = classes.iter().any(|c| c == name);
                wrong_somewhere[i] |= wrong;
                assert_eq!(wrong, named, "{name} at {pos:?} on\n{}", board.to_input());
            }
        }
    }
    for (name, wrong) in error_variants().iter().zip(wrong_somewhere) {
        assert!(wrong, "{name}: never takes the wrong side");
    }
}

/// Every error player gets WA in default sessions (100 rounds: the coverage rounds 11..27
/// show each pair) of `seeds`.
fn error_players_caught(seeds: &[u64]) {
    let sessions: Vec<(&str, u64)> = error_variants()
        .iter()
        .flat_map(|&name| seeds.iter().map(move |&seed| (name, seed)))
        .collect();
    common::par_map(&sessions, |(bug, seed)| {
        let out = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(["play", "race", "--seed", &seed.to_string(), "--"])
            .args([&common::example("race_mutants"), "--bug", bug])
            .output()
            .unwrap();
        let line = String::from_utf8_lossy(&out.stdout);
        assert!(line.starts_with("WA race"), "{bug} seed {seed}: {line}");
    });
}

#[test]
fn error_players_get_wa_in_default_sessions_of_the_first_seed() {
    error_players_caught(&[1]);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seed 2"]
fn error_players_get_wa_in_default_sessions() {
    error_players_caught(&[2]);
}
