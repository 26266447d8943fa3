//! race (BOI 2008 "Game"): the built `race` binary against an exhaustive retrograde search
//! over (A square, B square, side to move) with the jump — no layers, no parity, no theory —
//! under both readings of the jump (landing back on the square the jumper came from allowed
//! or forbidden); the interval DP against the exact pair DP on larger boards; the samples;
//! the pipes-and-tanks family; malformed input.

use crate::common;
use crate::solution;

use combgames_core::rng::Rng;
use combgames_race::{
    brute_force_winner, legal_moves, Board, JumpBack, Move, Outcome, PipesAndTanks, Player,
    Position, Rules,
};
use solution::{layer_stats, method, parse_games, winner, winner_pairs, Method};
use std::fs;
use std::path::Path;

const ALLOWED: Rules = Rules {
    jump_back: JumpBack::Allowed,
};
const FORBIDDEN: Rules = Rules {
    jump_back: JumpBack::Forbidden,
};

/// Distinct A and B on free squares of `free`, joined by a path (None after many misses).
fn place_starts(rng: &mut Rng, n: usize, free: Vec<bool>) -> Option<Board> {
    let cells: Vec<usize> = (0..n * n).filter(|&v| free[v]).collect();
    if cells.len() < 2 {
        return None;
    }
    for _ in 0..20 {
        let (a, b) = (cells[rng.index(cells.len())], cells[rng.index(cells.len())]);
        let board = Board {
            n,
            free: free.clone(),
            a,
            b,
        };
        if a != b && board.connected() {
            return Some(board);
        }
    }
    None
}

/// A connected n×n board with each square a wall with probability `wall_pct`%.
fn random_board(rng: &mut Rng, n: usize, wall_pct: usize) -> Board {
    loop {
        let free = (0..n * n).map(|_| rng.index(100) >= wall_pct).collect();
        if let Some(board) = place_starts(rng, n, free) {
            return board;
        }
    }
}

/// A random depth-first maze (corridors between squares of even coordinates) with `extra`%
/// of the walls knocked out afterwards: long corridors and many rings.
fn maze_board(rng: &mut Rng, n: usize, extra: usize) -> Board {
    loop {
        let mut free = vec![false; n * n];
        let mut stack = vec![(0usize, 0usize)];
        free[0] = true;
        while let Some(&(r, c)) = stack.last() {
            let options: Vec<(usize, usize)> = [(0, 2), (2, 0), (0, -2), (-2, 0)]
                .iter()
                .filter_map(|&(dr, dc): &(i64, i64)| {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    let inside = (0..n as i64).contains(&nr) && (0..n as i64).contains(&nc);
                    (inside && !free[nr as usize * n + nc as usize])
                        .then_some((nr as usize, nc as usize))
                })
                .collect();
            if options.is_empty() {
                stack.pop();
                continue;
            }
            let (nr, nc) = options[rng.index(options.len())];
            free[(r + nr) / 2 * n + (c + nc) / 2] = true;
            free[nr * n + nc] = true;
            stack.push((nr, nc));
        }
        for cell in free.iter_mut() {
            if rng.index(100) < extra {
                *cell = true;
            }
        }
        if let Some(board) = place_starts(rng, n, free) {
            return board;
        }
    }
}

/// Square rings of walls (1 to 3, each with 1 to 3 gaps) around one start, the other start
/// anywhere outside: the shortest paths go round the rings on both sides, so the layers
/// near the encircled start are cyclic — the case the cyclic arcs are for.
fn ringed_board(rng: &mut Rng, n: usize, sparse: usize) -> Board {
    loop {
        let mut free: Vec<bool> = (0..n * n).map(|_| rng.index(100) >= sparse).collect();
        let (cr, cc) = (rng.index(n), rng.index(n));
        for k in 0..1 + rng.index(3) {
            let radius = 2 + 2 * k + rng.index(2);
            let ring: Vec<usize> = (0..n * n)
                .filter(|&v| (v / n).abs_diff(cr).max((v % n).abs_diff(cc)) == radius)
                .collect();
            for &v in &ring {
                free[v] = false;
            }
            for _ in 0..1 + rng.index(3) {
                if !ring.is_empty() {
                    free[ring[rng.index(ring.len())]] = true;
                }
            }
        }
        let centre = cr * n + cc;
        free[centre] = true;
        let others: Vec<usize> = (0..n * n).filter(|&v| free[v] && v != centre).collect();
        if others.is_empty() {
            continue;
        }
        let other = others[rng.index(others.len())];
        let (a, b) = if rng.index(2) == 0 {
            (centre, other)
        } else {
            (other, centre)
        };
        let board = Board { n, free, a, b };
        if board.connected() {
            return board;
        }
    }
}

/// The judge input for `boards`.
fn input_of(boards: &[Board]) -> String {
    let mut s = format!("{}\n", boards.len());
    for b in boards {
        s.push_str(&b.to_input());
    }
    s
}

/// The binary's answers for up to 10 boards in one run.
fn binary_answers(boards: &[Board]) -> Vec<Player> {
    let input = input_of(boards);
    let run = common::run("race", input.clone());
    assert_eq!(run.code, Some(0), "race failed on\n{input}\n{}", run.stderr);
    let answers: Vec<Player> = run
        .stdout
        .lines()
        .map(|l| match l {
            "A" => Player::A,
            "B" => Player::B,
            other => panic!("race printed {other:?} on\n{input}"),
        })
        .collect();
    assert_eq!(
        answers.len(),
        boards.len(),
        "race printed {:?} on\n{input}",
        run.stdout
    );
    answers
}

/// The exhaustive search's answer, the same under both jump readings and never a draw.
fn searched_winner(board: &Board) -> Player {
    let allowed = brute_force_winner(board, ALLOWED);
    let forbidden = brute_force_winner(board, FORBIDDEN);
    let show = || board.rows().join("\n");
    let w = allowed.unwrap_or_else(|| panic!("a draw on a connected board:\n{}", show()));
    assert_eq!(
        allowed,
        forbidden,
        "the jump-back rule changes the answer on\n{}",
        show()
    );
    w
}

/// Every board through the binary in batches of 10, compared with the exhaustive search.
fn assert_binary_matches_search(boards: &[Board]) {
    for batch in boards.chunks(10) {
        let got = binary_answers(batch);
        for (board, got) in batch.iter().zip(got) {
            let want = searched_winner(board);
            assert_eq!(
                got,
                want,
                "race answers {got:?}, search {want:?} on\n{}",
                board.rows().join("\n")
            );
        }
    }
}

#[test]
fn random_boards_match_the_exhaustive_search() {
    let mut rng = Rng::new(2008);
    let boards: Vec<Board> = (0..3000)
        .map(|i| random_board(&mut rng, 2 + i % 5, 30))
        .collect();
    // The family must hold both parities and both winners, or the comparison proves little.
    let b_wins = boards
        .iter()
        .filter(|b| searched_winner(b) == Player::B)
        .count();
    assert!(
        (300..2700).contains(&b_wins),
        "only {b_wins} of 3000 boards are won by B"
    );
    assert_binary_matches_search(&boards);
}

#[test]
fn mazes_and_ringed_starts_match_the_exhaustive_search() {
    let mut rng = Rng::new(2009);
    let mut boards: Vec<Board> = (0..600)
        .map(|i| maze_board(&mut rng, 5 + i % 3, [0, 10, 25][i % 3]))
        .collect();
    boards.extend((0..600).map(|i| ringed_board(&mut rng, 7 + i % 3, [0, 10][i % 2])));
    assert_binary_matches_search(&boards);
}

/// Corridors where the jump decides; the answers are argued in the comments and checked by
/// the search too.
#[test]
fn corridors_where_the_jump_decides() {
    // Each board is its open rows; walled rows below make it square (the input's n × n).
    let cases: &[(&[&str], Player)] = &[
        // d = 4: B waits one square short of the middle and jumps over A onto A's side.
        (&["A...B"], Player::B),
        // d = 5, odd: B is never next to A on its turn; A, moving first, arrives first.
        (&["A....B"], Player::A),
        // A ring in the middle: B commits to a side after A does and copies it.
        (&["#######", "#.....#", "A.###.B", "#.....#"], Player::B),
        // The ring next to B's start: B must choose a side at once, A takes the other.
        (&["A........", "####.###.", "####....B"], Player::A),
        // The same ring next to A's start: now A chooses first and B copies.
        (&["B........", "####.###.", "####....A"], Player::B),
        // A strip two squares wide: B's square (1,3) touches both middle squares of A.
        (&["A.....", ".....B"], Player::B),
        // Next to each other, B's start a dead end: the first step onto B's start wins.
        (&["AB"], Player::A),
        // A wall in the open (the judge sample's second board moved): A slips past.
        (&["A...", "....", "..#.", "...B"], Player::A),
    ];
    let boards: Vec<Board> = cases
        .iter()
        .map(|(rows, _)| {
            let n = rows[0].len();
            let wall = "#".repeat(n);
            let square: Vec<&str> = rows
                .iter()
                .copied()
                .chain(std::iter::repeat(wall.as_str()))
                .take(n)
                .collect();
            Board::from_rows(&square).unwrap()
        })
        .collect();
    let got = binary_answers(&boards);
    for ((board, &(_, want)), got) in boards.iter().zip(cases).zip(got) {
        let show = board.rows().join("\n");
        assert_eq!(
            searched_winner(board),
            want,
            "the search disagrees with the comment on\n{show}"
        );
        assert_eq!(got, want, "race is wrong on\n{show}");
    }
}

/// race on an input of the judge sample's two boards (however laid out) answers B, then A.
fn assert_answers_the_judge_sample(input: &str) {
    common::command("race")
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout("B\nA\n");
}

#[test]
fn judge_sample() {
    assert_answers_the_judge_sample("2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n");
}

/// The expected outputs in samples/race come from the exhaustive search, not the solution.
#[test]
fn samples_agree_with_the_exhaustive_search() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/race");
    let mut checked = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "in") {
            continue;
        }
        let boards = parse_games(&fs::read(&path).unwrap()).unwrap();
        let want: String = boards
            .iter()
            .map(|b| format!("{}\n", searched_winner(b).letter()))
            .collect();
        let out = fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(out, want, "{} disagrees with the search", path.display());
        checked += 1;
    }
    assert!(
        checked >= 2,
        "expected the judge sample and the corridors in samples/race"
    );
}

#[test]
fn small_pipes_and_tanks_match_the_exhaustive_search() {
    let shapes = [
        PipesAndTanks {
            band_levels: 0,
            levels: 1,
            leaf_offset: 1,
            tank_height: 1,
            lead: 0,
        },
        PipesAndTanks {
            band_levels: 0,
            levels: 1,
            leaf_offset: 2,
            tank_height: 2,
            lead: 0,
        },
        PipesAndTanks {
            band_levels: 0,
            levels: 2,
            leaf_offset: 1,
            tank_height: 2,
            lead: 0,
        },
        PipesAndTanks {
            band_levels: 1,
            levels: 1,
            leaf_offset: 1,
            tank_height: 1,
            lead: 0,
        },
        PipesAndTanks {
            band_levels: 1,
            levels: 1,
            leaf_offset: 2,
            tank_height: 2,
            lead: 2,
        },
    ];
    let boards: Vec<Board> = shapes.iter().map(|p| p.board(0)).collect();
    for b in &boards {
        let stats = layer_stats(b).unwrap();
        assert_eq!(
            stats.d % 2,
            0,
            "the generator must give an even distance:\n{}",
            b.rows().join("\n")
        );
    }
    assert_binary_matches_search(&boards);
}

/// On the family's large members the layers are much longer than a side (wide members)
/// or the distance is Θ(n²) (long members), which makes the official pair DP super-cubic;
/// the interval DP still agrees with it.
#[test]
fn pipes_and_tanks_have_long_layers_and_the_dps_agree() {
    for n in [80, 150, 300] {
        for long in [false, true] {
            let board = PipesAndTanks::fitting(n, long).unwrap().board(n);
            assert_eq!(board.n, n);
            let stats = layer_stats(&board).unwrap();
            assert_eq!(stats.d % 2, 0);
            if long {
                assert!(
                    stats.d as usize > n * n / 6,
                    "n = {n}: distance {} only",
                    stats.d
                );
            } else {
                assert!(
                    stats.largest_layer > n,
                    "n = {n}: largest layer {} only",
                    stats.largest_layer
                );
            }
            assert_eq!(method(&board), Some(Method::Intervals));
            assert_eq!(winner(&board), winner_pairs(&board), "n = {n}");
        }
    }
}

/// The interval DP checks every step of the interval argument and would fall back to the
/// pair DP if one failed: it must never need to, and both must agree.
#[test]
fn interval_dp_needs_no_fallback_and_equals_the_pair_dp() {
    let mut rng = Rng::new(300);
    let mut even = 0;
    for i in 0..4500 {
        let n = 5 + i % 45;
        let board = match i % 3 {
            0 => maze_board(&mut rng, n, [0, 5, 15, 30][i / 3 % 4]),
            1 => random_board(&mut rng, n, [0, 3, 10, 20, 35, 45][i / 3 % 6]),
            _ => ringed_board(&mut rng, n, [0, 5, 15][i / 3 % 3]),
        };
        let m = method(&board).unwrap();
        assert_ne!(
            m,
            Method::PairFallback,
            "an interval check failed on\n{}",
            board.rows().join("\n")
        );
        if m == Method::Intervals {
            even += 1;
            assert_eq!(
                winner(&board),
                winner_pairs(&board),
                "on\n{}",
                board.rows().join("\n")
            );
        }
    }
    assert!(even > 1500, "only {even} boards with an even distance");
}

#[test]
fn malformed_inputs_are_rejected() {
    let sample_game = "4\nA...\n.#..\n....\n...B\n";
    let cases: &[(&str, &str)] = &[
        ("", "line 1"),
        ("x\n", "number of games"),
        ("0\n", "out of range"),
        ("11\n", "out of range"),
        ("99999999999999999999999\n", "out of range"),
        ("1\n1\nA\n", "out of range"),
        ("1\n2001\n", "out of range"),
        ("1\n4\nA...\n.#..\n....\n", "line 5: expected row 4"),
        // Lines end at LF, CRLF and a bare CR alike.
        ("1\r4\rA...\r.#..\r....\r", "line 5: expected row 4"),
        (
            "1\r\n4\r\nA...\r\n.#..\r\n....\r\n",
            "line 5: expected row 4",
        ),
        ("1\r4\rA...\r.x..\r....\r...B\r", "line 4: bad cell \"x\""),
        (
            "1\n4\nA...\n.#..\n...\n...B\n",
            "line 5: expected a row of 4 cells, got 3",
        ),
        ("1\n4\nA...\n.#..\n.....\n...B\n", "got 5"),
        (
            "1\n4\nA...\n.x..\n....\n...B\n",
            "line 4: bad cell \"x\" in column 2",
        ),
        ("1\n4\nA...\n.#..\n..A.\n...B\n", "line 5: a second 'A'"),
        ("1\n4\nA..B\n.#..\n....\n...B\n", "a second 'B'"),
        (
            "1\n4\n....\n.#..\n....\n...B\n",
            "line 2: game 1 has no 'A'",
        ),
        ("1\n4\nA...\n.#..\n....\n....\n", "has no 'B'"),
        (
            "1\n4\nA.#.\n##..\n....\n...B\n",
            "line 2: game 1 has no winner",
        ),
        (
            "2\n4\nA...\n.#..\n....\n...B\n3\nA#B\n.#.\n.#.\n",
            "line 7: game 2 has no winner",
        ),
        ("1\n4\nA...\n.#..\n....\n...B\nB\n", "line 7: unexpected"),
        (
            "1\n4\nA . . .\n.#..\n....\n...B\n",
            "expected a row of 4 cells, got 1",
        ),
    ];
    for (input, needle) in cases {
        common::assert_rejects("race", input, needle);
    }
    // Two games, the second missing: nothing of the first may be printed.
    common::assert_rejects("race", &format!("2\n{sample_game}"), "end of input");
}

#[test]
fn layout_freedom_spaces_tabs_crlf_no_final_newline() {
    assert_answers_the_judge_sample("2 \t4\r\nA...\r\n.#..  ....\t...B\n\n4 A... .... ..#. ...B");
    // Bare CR line ends, blank lines, a vertical tab and a form feed.
    assert_answers_the_judge_sample(
        "\r\r2\r4\rA...\r\r.#..\r....\x0b...B\r4\x0cA...\r....\r..#.\r...B\r\r",
    );
}

#[test]
fn help_goes_to_stdout() {
    for flag in ["--help", "-h"] {
        common::command("race")
            .arg(flag)
            .assert()
            .code(0)
            .stdout(predicates::str::starts_with("usage: race"));
    }
}

/// An argument other than --play, --help or -h is refused, not taken for judge mode (which
/// would answer stdin as if the flag were not there).
#[test]
fn unknown_arguments_are_refused() {
    for args in [&["--bogus"][..], &["--paly"], &["--play", "extra"]] {
        use predicates::prelude::*;
        common::command("race")
            .args(args)
            .write_stdin("1\n2\nA.\n.B\n")
            .assert()
            .code(1)
            .stdout(predicate::str::is_empty())
            .stderr(common::one_line().and(predicate::str::starts_with("race: unknown argument")));
    }
}

/// The rules engine on a corridor `A...B` (squares 0..4 of row 0): steps, the jump with and
/// without landing back, and the win on entering the opponent's start.
#[test]
fn rules_engine_moves() {
    let board = Board::from_rows(&["A...B", "#####", "#####", "#####", "#####"]).unwrap();
    let moves = |a, b, to_move, rules| {
        let mut m = legal_moves(&board, Position { a, b, to_move }, rules);
        m.sort_by_key(|(mv, _)| (mv.step, mv.landing));
        m
    };
    let go = |a, b, to_move| Outcome::Continues(Position { a, b, to_move });
    let step = |step| Move {
        step,
        landing: None,
    };
    let jump = |step, landing| Move {
        step,
        landing: Some(landing),
    };
    // A on 1, B on 2: back home, or onto B and over it to 3 (or back to 1 if allowed).
    assert_eq!(
        moves(1, 2, Player::A, ALLOWED),
        vec![
            (step(0), go(0, 2, Player::B)),
            (jump(2, 1), go(1, 2, Player::B)),
            (jump(2, 3), go(3, 2, Player::B)),
        ]
    );
    assert_eq!(
        moves(1, 2, Player::A, FORBIDDEN),
        vec![
            (step(0), go(0, 2, Player::B)),
            (jump(2, 3), go(3, 2, Player::B)),
        ]
    );
    // B on 2 jumps over A on 1 and lands on A's start: a win in the middle of the move.
    assert!(moves(1, 2, Player::B, FORBIDDEN).contains(&(jump(1, 0), Outcome::Wins)));
    // A next to B standing on its own start: the step itself wins, no landing needed.
    assert_eq!(
        moves(3, 4, Player::A, FORBIDDEN),
        vec![(step(2), go(2, 4, Player::B)), (step(4), Outcome::Wins)]
    );
}

#[test]
fn library_parser_rejects_what_the_binary_rejects() {
    assert_eq!(parse_games(b"1\n2\nAB\n..\n").unwrap().len(), 1);
    let err = parse_games(b"1\n3\nA#B\n.#.\n.#.\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("line 2: game 1 has no winner"), "{err}");
    let err = parse_games(b"1\n2\nAA\n..\n").unwrap_err().to_string();
    assert!(err.contains("line 3: a second 'A'"), "{err}");
}

/// Beyond the brief's 6×6: 6000 boards of 7×7 and 8×8 with 0..40% walls, in process (the
/// library runs the solution's own module), boards `range` of them (seed 12345).
fn larger_boards_match(range: std::ops::Range<usize>) {
    let mut rng = Rng::new(12345);
    for i in 0..range.end {
        let board = random_board(&mut rng, 7 + i % 2, [0, 10, 20, 30, 40][i % 5]);
        if i < range.start {
            continue;
        }
        assert_eq!(
            winner(&board),
            Some(searched_winner(&board)),
            "on\n{}",
            board.rows().join("\n")
        );
    }
}

/// The first 1500 boards (every size and wall share among them).
#[test]
fn larger_boards_match_the_exhaustive_search() {
    larger_boards_match(0..1500);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): boards 1500..6000"]
fn larger_boards_match_the_exhaustive_search_to_6000() {
    larger_boards_match(1500..6000);
}
