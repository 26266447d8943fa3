//! race through the referee: the solution's `--play` wins every seeded round of
//! each size class with every move judged exactly, the referee wins when the solution takes
//! the losing side, a transcript replays to the session's verdict, the generated shapes are
//! what they say, and `--play` keeps the protocol. The evaluator itself is checked in
//! eval.rs, the wrong and right players in mutants/.

use crate::common;

use combgames_core::gen::SESSION;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, Round, RoundSpec, Trap};
use combgames_race::gen::{board_of, round_board, Density, Shape};
use combgames_race::play::RaceRound;
use combgames_race::{
    self as race, legal_moves, retrograde, Board, Evaluator, Outcome, Position, Rules, Value,
};
use combgames_registry::Game;
use predicates::prelude::*;
use std::process::Command;

/// Runs a referee session and returns (verdict line, exit code).
fn referee(args: &[&str], command: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", "race"])
        .args(args)
        .args(["--time-limit", "30", "--idle-limit", "10", "--"])
        .args(command)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).trim_end().to_owned(),
        out.status.code(),
    )
}

fn solution_passes(args: &[&str]) {
    let (line, code) = referee(args, &[common::solution("race"), "--play"]);
    assert!(line.starts_with("OK race"), "{line}");
    assert_eq!(code, Some(0), "{line}");
}

/// 200 rounds of sides 2..12.
#[test]
fn solution_wins_every_round_on_small_boards() {
    solution_passes(&["--rounds", "200", "--seed", "1"]);
}

/// Boards 13..24 (pipes and tanks from 20 on).
#[test]
fn solution_wins_every_round_on_medium_boards() {
    solution_passes(&["--rounds", "200", "--seed", "2", "--size", "13..24"]);
}

/// When the solution takes the losing side the referee must win: it plays winning moves
/// that bring it nearer its goal (so the round ends) against a player that moves at random
/// or by the traps, on every size class up to 300.
#[test]
fn referee_wins_against_the_losing_side() {
    let mut rng = Rng::new(14);
    for (lo, hi, rounds) in [(2, 12, 200), (13, 40, 100), (200, 300, 6)] {
        for i in 0..rounds {
            let mut round =
                RaceRound::new(round_board(SESSION, lo, hi, &mut rng).unwrap()).unwrap();
            let mut referee_to_move = round.mover_wins().unwrap();
            // Each player's distance to its goal (the other's start), on walls that never
            // change: one search per round, not one per move.
            let to_goal = {
                let board = round.board();
                let from = |p: race::Player| board.distances(board.start(p.other()));
                [from(race::Player::A), from(race::Player::B)]
            };
            let mut last = u32::MAX;
            while round.mover_has_move() {
                let before = round.position();
                if referee_to_move {
                    round.winning_move(&mut rng).unwrap();
                    let me = before.to_move;
                    let after = round.position();
                    if round.mover_has_move() {
                        assert!(!round.mover_wins().unwrap(), "round {i}");
                        let d = &to_goal[me as usize];
                        assert!(d[after.square(me)] < last, "round {i}: no progress");
                        last = d[after.square(me)];
                    }
                } else {
                    let trap = [Trap::Random, Trap::Longest, Trap::UniqueReply][i % 3];
                    round.trap_move(trap, &mut rng).unwrap();
                }
                referee_to_move = !referee_to_move;
            }
            assert!(
                !referee_to_move,
                "the referee lost:\n{}",
                round.position_line()
            );
        }
    }
}

/// Through the real referee: the test-side perfect player taking the losing side is WA.
#[test]
fn losing_side_is_wa() {
    let exe = std::env::current_exe().unwrap();
    let p = exe
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/perfect_player");
    let (line, code) = referee(
        &["--rounds", "20", "--seed", "3"],
        &[p.to_str().unwrap(), "race", "--losing-side"],
    );
    assert!(line.contains("took the losing side"), "{line}");
    assert_eq!(code, Some(1), "{line}");
}

/// The retrograde depths (the mutation suite's `slowest` player uses them) are exact
/// distances to the end under best play: a win one more than its nearest lost child, a loss
/// one more than its farthest child.
#[test]
fn retrograde_depths_are_exact() {
    let mut rng = Rng::new(12);
    for i in 0..120 {
        let n = 2 + i % 10;
        let shape = [
            Shape::Random(Density::SESSION),
            Shape::Corridor,
            Shape::SecondWins,
        ][i % 3];
        let board = board_of(shape, n, &mut rng);
        let exact = retrograde(&board, Rules::default());
        let mut deepest = 0;
        for pos in Position::all_of_play(&board) {
            let moves = legal_moves(&board, pos, Rules::default());
            let kids: Vec<(Value, u32)> = moves
                .iter()
                .filter_map(|(_, o)| match o {
                    Outcome::Continues(p) => Some((exact.value(*p), exact.depth(*p))),
                    Outcome::Wins => None,
                })
                .collect();
            let immediate = moves.iter().any(|(_, o)| *o == Outcome::Wins);
            let want = match exact.value(pos) {
                Value::Win if immediate => 1,
                Value::Win => {
                    1 + kids
                        .iter()
                        .filter(|(v, _)| *v == Value::Loss)
                        .map(|&(_, d)| d)
                        .min()
                        .expect("a won position has a lost child")
                }
                Value::Loss => {
                    assert!(kids.iter().all(|(v, _)| *v == Value::Win));
                    kids.iter().map(|&(_, d)| d + 1).max().unwrap_or(0)
                }
                Value::Draw => panic!("draw at {pos:?} on\n{}", board.to_input()),
            };
            assert_eq!(exact.depth(pos), want, "{pos:?} on\n{}", board.to_input());
            deepest = deepest.max(want);
        }
        assert!(deepest > 0);
    }
}

/// Every kind of the generator makes referee rounds at every side the referee plays: the
/// shapes that need room fall back to others on small boards, and the round's board has a
/// side in the asked range. At n = 1000 a board whose tables pass the limit may be refused,
/// with a message, never a panic.
#[test]
fn every_kind_makes_rounds_at_every_side() {
    let mut rng = Rng::new(15);
    for &kind in Game::Race.gen().kinds {
        for (lo, hi) in [
            (2, 2),
            (3, 3),
            (8, 8),
            (9, 9),
            (19, 20),
            (2, 300),
            (1000, 1000),
        ] {
            let spec = RoundSpec {
                size: Some((lo, hi)),
                kind: Some(kind),
                ..RoundSpec::default()
            };
            match Game::Race.generate(&spec, 1, &mut rng) {
                Ok(round) => {
                    let n: u64 = round
                        .position_line()
                        .lines()
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap();
                    assert!(
                        (lo..=hi).contains(&n),
                        "{kind}: side {n} outside {lo}..={hi}"
                    );
                }
                Err(e) => assert!(
                    hi == 1000
                        && matches!(&e, GameError::Unplayable(why) if why.contains("band tables")),
                    "{kind} {lo}..={hi}: {e}"
                ),
            }
        }
    }
}

/// Mid-game starts (docs/protocol.md, race): session rounds 2..=6 on boards of at most 640
/// free squares start with the players elsewhere than their starts, A to move, written with
/// the `a`/`b` marks. The referee's valuation of each start (the side the solution must take)
/// agrees with the plain retrograde search on the board the marks describe, and the line reads
/// back as the same round.
#[test]
fn mid_game_starts_agree_with_the_retrograde_search() {
    let mut rng = Rng::new(19);
    let spec = RoundSpec {
        size: Some((3, 8)),
        kind: Some(SESSION),
        ..RoundSpec::default()
    };
    let (mut rounds, mut moved, mut a_wins, mut off_layers) = (0, 0, 0, 0);
    for i in 0..200 {
        let number = 2 + i % 5;
        let mut round = Game::Race.generate(&spec, number, &mut rng).unwrap();
        let text = round.position_line();
        let rows: Vec<&str> = text.lines().skip(1).collect();
        let (board, start) = Board::from_play_rows(&rows).unwrap();
        let exact = retrograde(&board, Rules::default());
        let referee_says = round.mover_wins().unwrap();
        assert_eq!(referee_says, exact.value(start) == Value::Win, "{text}");
        assert_eq!(
            Game::Race.from_line(&text).unwrap().describe(),
            round.describe(),
            "{text}"
        );
        rounds += 1;
        if start != Position::start(&board) {
            moved += 1;
            a_wins += usize::from(referee_says);
            let (da, db) = (board.distances(board.a), board.distances(board.b));
            let d = da[board.b];
            let on = |v: usize| da[v] + db[v] == d;
            off_layers += usize::from(!on(start.a) || !on(start.b));
        }
    }
    // Nearly every round moves (a draw may land on the starts); both sides occur, and
    // most starts have a player off the shortest-path layers.
    assert!(moved * 10 >= rounds * 9, "{moved} of {rounds} moved");
    assert!(a_wins > 0 && a_wins < moved, "A wins {a_wins} of {moved}");
    assert!(
        off_layers * 2 > moved,
        "{off_layers} of {moved} off the layers"
    );
}

/// The shapes are what they say: corridors are one path (two ends of one neighbour, the
/// rest two), SecondWins boards are won by B and EvenFirstWins boards by A with the starts
/// an even distance apart (by the retrograde search up to 8, the evaluator beyond), mazes
/// and random boards are connected, open boards have no walls, pipes and tanks from n = 20.
#[test]
fn generated_shapes() {
    let mut rng = Rng::new(13);
    let mut second = 0;
    for i in 0..60 {
        let n = 4 + i % 20;
        let c = board_of(Shape::Corridor, n, &mut rng);
        let degrees: Vec<usize> = (0..n * n)
            .filter(|&v| c.free[v])
            .map(|v| c.neighbours(v).count())
            .collect();
        assert_eq!(
            degrees.iter().filter(|&&d| d == 1).count(),
            2,
            "{}",
            c.to_input()
        );
        assert!(
            degrees.iter().all(|&d| d == 1 || d == 2),
            "{}",
            c.to_input()
        );
        assert!(c.connected());
        let s = board_of(Shape::SecondWins, n, &mut rng);
        let b_wins = if n <= 8 {
            retrograde(&s, Rules::default()).value(Position::start(&s)) == Value::Loss
        } else {
            !Evaluator::new(&s, Rules::default()).mover_wins(Position::start(&s))
        };
        second += usize::from(b_wins);
        // EvenFirstWins: the starts an even distance apart, and A wins.
        let e = board_of(Shape::EvenFirstWins, n, &mut rng);
        assert_eq!(e.distances(e.a)[e.b] % 2, 0, "{}", e.to_input());
        if n <= 8 {
            let v = retrograde(&e, Rules::default()).value(Position::start(&e));
            assert_eq!(v, Value::Win, "{}", e.to_input());
        }
        assert!(
            Evaluator::new(&e, Rules::default()).mover_wins(Position::start(&e)),
            "{}",
            e.to_input()
        );
        for shape in [Shape::Random(Density::SESSION), Shape::Maze, Shape::Open] {
            let b = board_of(shape, n, &mut rng);
            assert!(b.connected() && b.a != b.b);
            if shape == Shape::Open {
                assert!(b.free.iter().all(|&f| f));
            }
        }
    }
    assert!(
        second >= 55,
        "only {second} of 60 SecondWins boards are B's"
    );
    // A serpentine of a 300×300 board is about n²/2 squares long.
    let long = (0..20)
        .map(|_| board_of(Shape::Corridor, 300, &mut rng))
        .map(|b| b.free.iter().filter(|&&f| f).count())
        .max()
        .unwrap();
    assert!(long > 44_000, "{long}");
    let pt = board_of(Shape::PipesAndTanks, 24, &mut rng);
    let fits =
        [false, true].map(|long| race::PipesAndTanks::fitting(24, long).map(|p| p.board(24)));
    assert!(fits.contains(&Some(pt)));
}

/// `referee replay` of a session's transcript gives the session's verdict: an OK session
/// with cut rounds and a WA one.
#[test]
fn transcripts_replay_to_the_same_verdict() {
    // Removed on drop, also when an assertion fails.
    let dir = common::TempDir::new("referee-race");
    let t = dir.join("t.txt");
    let t = t.to_str().unwrap();
    let mutants = common::example("race_mutants");
    for (bug, seed, verdict) in [
        ("random-win", "1", "OK race"),
        ("never-jump", "1", "WA race"),
    ] {
        let player = [mutants.as_str(), "--bug", bug];
        let (line, _) = referee(
            &["--rounds", "10", "--seed", seed, "--transcript", t],
            &player,
        );
        assert!(line.starts_with(verdict), "{bug}: {line}");
        let out = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(["replay", "race", t, "--"])
            .args(player)
            .output()
            .unwrap();
        let again = String::from_utf8_lossy(&out.stdout);
        assert!(again.starts_with(verdict), "{bug}: replayed {again}");
    }
}

/// The referee's round: moves in the notation, jumps needing their landing square, the
/// goal entered by the first half of a jump, and errors sorted into PE and WA.
#[test]
fn round_notation_and_rules() {
    // A and B face each other in a 1-wide corridor 2 apart: A steps, B jumps over A onto
    // A's start and wins.
    let board = Board::from_rows(&["A.B#", "####", "####", "####"]).unwrap();
    let mut round = RaceRound::new(board.clone()).unwrap();
    assert!(!round.mover_wins().unwrap(), "d = 2: B wins");
    use combgames_core::round::MoveError;
    assert!(matches!(round.play_line("1 1"), Err(MoveError::Illegal(_))));
    assert!(matches!(round.play_line("1  2"), Err(MoveError::Syntax(_))));
    assert!(matches!(round.play_line("+1 2"), Err(MoveError::Syntax(_))));
    assert!(matches!(
        round.play_line("1 2 1 3"),
        Err(MoveError::Illegal(_))
    ));
    round.play_line("1 2").unwrap();
    assert!(round.mover_wins().unwrap());
    // Stepping onto A needs a landing; landing on A's start wins at once.
    assert!(matches!(round.play_line("1 2"), Err(MoveError::Illegal(_))));
    round.play_line("1 2 1 1").unwrap();
    assert!(!round.mover_has_move(), "the round is over");
    assert!(round.position_line().starts_with("4\nA.B#\n"));
}

/// `--play` keeps the protocol: `-1` ends it at once with status 0; garbage from the
/// referee is one stderr line and status 1; `--help` mentions `--play`.
#[test]
fn play_mode_protocol_edges() {
    let bin = "race";
    let play = |input: &str| {
        let mut command = common::command(bin);
        command.arg("--play").write_stdin(input);
        command.assert()
    };
    play("1\n-1\n").code(0).stdout("");
    // The sample's first board (B wins): the solution answers `second`, then the abort.
    play("1\n4\nA...\n.#..\n....\n...B\n-1\n")
        .code(0)
        .stdout("second\n");
    // The same board, a mid-game start: A on 3 4, next to B's start, which it enters.
    play("1\n4\nA...\n.#..\n...a\n...B\nend\n")
        .code(0)
        .stdout("first\n4 4\n");
    for (input, needle) in [
        ("x\n", "line 1: expected the header `play R`"),
        ("1\n3\nAab\n.a.\n..B\n", "a second 'a'"),
        ("1\n3\nA..\n.Q.\n..B\n", "line 4: bad cell"),
        ("1\n3\nA.#\n.##\n#.B\n", "not reachable"),
        ("1\n4\nA...\n.#..\n....\n...B\n7 7\n", "not a legal move"),
        ("1\n4\nA...\n.#..\n....\n...B\n", "end of input"),
    ] {
        play(input)
            .code(1)
            .stderr(common::one_line().and(predicate::str::contains(needle)));
    }
    common::command(bin)
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains("--play"));
}

/// Session round 9's board: when both players always step towards their goals (the only such
/// step in a corridor), A ends up next to B with B between it and a turn, and A's only way
/// on is the jump round the corner, landing on the last column or row; the distance is odd
/// (A wins) and at most the bound.
#[test]
fn corner_meeting_serpentine_ends_in_a_turning_jump_on_the_edge() {
    use combgames_race::gen::corner_meeting_board;
    use combgames_race::{legal_moves, Outcome, Player, Position, Rules};
    let mut rng = combgames_core::rng::Rng::new(5);
    for n in 4..=40 {
        for bound in [3, 50, 2900] {
            let board = corner_meeting_board(n, bound, &mut rng);
            let (from_a, from_b) = (board.distances(board.a), board.distances(board.b));
            let d = from_a[board.b];
            assert!(d % 2 == 1 && d as usize <= bound.max(3), "n={n} d={d}");
            let mut pos = Position::start(&board);
            loop {
                let me = pos.to_move;
                let goal = if me == Player::A { &from_b } else { &from_a };
                let here = goal[pos.square(me)];
                let moves = legal_moves(&board, pos, Rules::default());
                // The jumps forward (landing back where it came from is legal too).
                let forward = |o: &Outcome| match o {
                    Outcome::Continues(p) => goal[p.square(me)] < here,
                    Outcome::Wins => true,
                };
                let jumps: Vec<_> = moves
                    .iter()
                    .filter(|(m, o)| m.landing.is_some() && forward(o))
                    .collect();
                if let Some((m, _)) = jumps.first() {
                    assert_eq!(me, Player::A, "n={n}: B got the jump");
                    let l = m.landing.unwrap();
                    let (r0, c0) = (pos.a / n, pos.a % n);
                    let (r2, c2) = (l / n, l % n);
                    assert!(
                        r0 != r2 && c0 != c2,
                        "n={n} bound={bound}: a straight jump {pos:?} {m:?}\n{}",
                        board.to_input()
                    );
                    assert!(
                        r2 == n - 1 || c2 == n - 1,
                        "n={n}: landing {l} off the edge"
                    );
                    break;
                }
                let (_, o) = moves
                    .into_iter()
                    .find(|(_, o)| forward(o))
                    .expect("a step nearer the goal");
                match o {
                    Outcome::Continues(p) => pos = p,
                    Outcome::Wins => panic!("n={n}: won without meeting"),
                }
            }
        }
    }
}
