//! knights through the referee:
//! - the real solution's `--play` wins every round: 200 seeded rounds on small boards and on
//!   boards up to 600 (played to their end), and default rounds on boards up to 10^9 and on
//!   the four largest sides (cut at the move cap: these need a `--play` that reads `end` in
//!   place of the referee's move, docs/protocol.md);
//! - the referee's evaluator against a plain game search (no suspense theory) on every
//!   position of small boards, and against the whole-board DP on knights near the edges of
//!   N = 300..=303 (the evaluator itself is proven against the DP in games/knights/tests/solution/evaluator.rs);
//! - the adversary's long game (every knight to an option one below its suspense) and its
//!   set-up turns (one knight on a trap square, the others at most its suspense), and the
//!   chain of set-ups the even-gap round keeps up on every turn;
//! - generated rounds reach the far border lines of 10^9 boards, every residue mod 4;
//! - long lines: a 10^5-knight move passes, a line over the game's limit is PE;
//! - a transcript with multi-line positions replays to the same verdict.
//!
//! The wrong and the alternative correct players are in games/knights/tests/mutants/mod.rs.

use crate::common;

use crate::brute;

use combgames_core::rng::Rng;
use combgames_core::round::{Round, RoundSpec, Trap};
use combgames_knights::gen as knights;
use combgames_knights::play::{KnightsRound, MAX_MOVE_LINE};
use combgames_knights::{moves, Evaluator, SuspenseBoard};
use combgames_registry::Game as GameKind;

/// The even gap's place in the referee's opening (games/knights/src/gen.rs, `OPENING`).
const EVEN_GAP_OPENING: usize = 7;
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `referee <args> -- <command>`; returns the verdict line.
fn referee(args: &[&str], command: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .args(["--time-limit", "30", "--idle-limit", "10", "--"])
        .args(command)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

fn play_ok(rounds: &str, seed: &str, extra: &[&str]) -> String {
    let sol = common::solution("knights");
    let mut args = vec!["play", "knights", "--rounds", rounds, "--seed", seed];
    args.extend_from_slice(extra);
    let line = referee(&args, &[sol, "--play"]);
    assert!(line.starts_with("OK knights"), "{extra:?}: {line}");
    assert!(line.contains(&format!("rounds={rounds} ")), "{line}");
    line
}

// ------------------------------------------------------------------ the solution wins

#[test]
fn solution_wins_200_rounds_on_small_boards() {
    play_ok("200", "11", &["--size", "1..40"]);
}

/// Boards up to 600, every game played to its end (no cut).
#[test]
fn solution_wins_200_rounds_on_boards_up_to_600() {
    play_ok(
        "200",
        "12",
        &["--size", "41..600", "--max-moves", "1000000"],
    );
}

/// The default mix on boards up to 10^9, rounds cut at the move cap.
#[test]
fn solution_wins_default_rounds_up_to_10_9() {
    let line = play_ok("40", "13", &[]);
    assert!(!line.contains(" cut=0 "), "no round was cut: {line}");
}

/// The four largest sides (every residue mod 4), knights on their far border lines too.
#[test]
fn solution_wins_on_the_largest_boards() {
    play_ok("40", "14", &["--size", "999999997..1000000000"]);
}

/// A default session is 286 rounds (games/knights/README.md: the 100 of every game's session,
/// then the 186 lone rounds), and the lone rounds are cut at the referee's first turn after 4
/// moves (`LONE_MOVES`): the solution wins them in at most 5 moves each, where the game's cap
/// would let them run on.
#[test]
fn the_lone_rounds_end_the_default_session_cut_at_4_moves() {
    assert_eq!(GameKind::Knights.default_rounds(), 286);
    let sol = common::solution("knights");
    let moves = |extra: &[&str]| {
        let mut args = vec!["play", "knights", "--rounds", "101..286", "--seed", "15"];
        args.extend_from_slice(extra);
        let line = referee(&args, &[sol, "--play"]);
        assert!(line.starts_with("OK knights seed=15 rounds=186 "), "{line}");
        let field = line.split(' ').find_map(|w| w.strip_prefix("moves="));
        field.and_then(|m| m.parse::<u64>().ok()).expect("moves=")
    };
    assert!(moves(&[]) <= 5 * 186);
    assert!(moves(&["--max-moves", "1200"]) > 5 * 186);
}

// ------------------------------------------------------------------ the evaluator

use brute::{Brute, Square};

fn round_of(n: i64, pos: &[Square]) -> Box<dyn Round> {
    let mut text = format!("{} {n}", pos.len());
    for (x, y) in pos {
        text.push_str(&format!("\n{x} {y}"));
    }
    GameKind::Knights.from_line(&text).unwrap()
}

/// Every position of 1 and 2 knights on boards up to 7×7, and of 3 knights up to 5×5.
#[test]
fn evaluator_agrees_with_plain_game_search() {
    let mut checked = 0;
    for n in 1..=7i64 {
        let mut brute = Brute::new(n);
        let squares: Vec<Square> = (1..=n).flat_map(|x| (1..=n).map(move |y| (x, y))).collect();
        let mut check = |pos: &[Square], brute: &mut Brute| {
            let mut round = round_of(n, pos);
            assert_eq!(
                round.mover_wins().unwrap(),
                brute.wins(pos),
                "N={n} {pos:?}"
            );
            assert_eq!(
                round.mover_has_move(),
                pos.iter().any(|&k| !brute.steps(k).is_empty()),
                "N={n} {pos:?}"
            );
            checked += 1;
        };
        for (i, &a) in squares.iter().enumerate() {
            check(&[a], &mut brute);
            for &b in &squares[i..] {
                check(&[a, b], &mut brute);
                if n <= 5 {
                    for &c in &squares[i..] {
                        check(&[a, b, c], &mut brute);
                    }
                }
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}

/// The referee's winning move, from every won position of 1 to 2 knights up to 6×6, is legal
/// and leaves a position the plain search calls lost.
#[test]
fn winning_moves_win_by_plain_game_search() {
    let mut rng = Rng::new(3);
    for n in 1..=6i64 {
        let mut brute = Brute::new(n);
        let squares: Vec<Square> = (1..=n).flat_map(|x| (1..=n).map(move |y| (x, y))).collect();
        for &a in &squares {
            for &b in &squares {
                let pos = [a, b];
                if !brute.wins(&pos) {
                    continue;
                }
                let mut round = round_of(n, &pos);
                let line = round.winning_move(&mut rng).unwrap();
                let to: Vec<i64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
                let next = [(to[0], to[1]), (to[2], to[3])];
                for (k, &from) in pos.iter().enumerate() {
                    let steps = brute.steps(from);
                    assert!(
                        steps.contains(&next[k]) || (steps.is_empty() && next[k] == from),
                        "N={n} {pos:?}: {line}"
                    );
                }
                assert!(
                    !brute.wins(&next),
                    "N={n} {pos:?}: {line} leaves a won position"
                );
            }
        }
    }
}

/// The referee's evaluator against the whole-board DP run here on N = 300..=303 (every
/// residue mod 4, compressed boards): every knight within 3 of an edge and seeded others,
/// alone and in pairs.
#[test]
fn evaluator_agrees_with_the_dp_on_boards_300_to_303() {
    let mut rng = Rng::new(5);
    for n in 300..=303u64 {
        let board = SuspenseBoard::compute(n as usize);
        let s = |(x, y): (u64, u64)| u64::from(board.get(x as usize, y as usize));
        let mut squares = Vec::new();
        for band in [1, 2, 3, n - 2, n - 1, n] {
            for _ in 0..40 {
                let other = rng.range(1, n);
                squares.push((band, other));
                squares.push((other, band));
            }
        }
        for _ in 0..400 {
            squares.push((rng.range(1, n), rng.range(1, n)));
        }
        for (i, &a) in squares.iter().enumerate() {
            let b = squares[(i * 7 + 3) % squares.len()];
            let mut one = KnightsRound::new(n, vec![a]).unwrap();
            assert_eq!(one.mover_wins().unwrap(), s(a) % 2 == 1, "N={n} {a:?}");
            let mut two = KnightsRound::new(n, vec![a, b]).unwrap();
            assert_eq!(
                two.mover_wins().unwrap(),
                s(a).max(s(b)) % 2 == 1,
                "N={n} {a:?} {b:?}"
            );
        }
    }
}

/// Generated rounds with the default sizes put knights on the far lines N and N − 1 of boards
/// over 10^6, on all four residues of N mod 4, and on squares anywhere (not only near a corner).
#[test]
fn generated_rounds_reach_the_far_border_of_huge_boards() {
    let spec = RoundSpec::default();
    let mut rng = Rng::new(21);
    let mut residues = [false; 4];
    let mut far_line = 0;
    let mut middle = 0;
    for round in 1..=600 {
        let round = GameKind::Knights.generate(&spec, round, &mut rng).unwrap();
        let text = round.position_line();
        let nums: Vec<u64> = text
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let n = nums[1];
        if n <= 1_000_000 {
            continue;
        }
        for sq in nums[2..].chunks(2) {
            if sq.iter().any(|&c| c >= n - 1) {
                far_line += 1;
                residues[(n % 4) as usize] = true;
            }
            if sq.iter().all(|&c| c > 1000 && c < n - 1000) {
                middle += 1;
            }
        }
    }
    assert_eq!(
        residues, [true; 4],
        "far lines of some residue never generated"
    );
    assert!(far_line >= 100, "only {far_line} knights on far lines");
    assert!(middle >= 100, "only {middle} knights in the middle");
}

// ------------------------------------------------------------------ the adversary

/// The long game (Longest, and UniqueReply when it finds no set-up): each knight lands on an
/// option of suspense exactly one below its own (by the DP), so the referee keeps the knights
/// it wins on as long as they go and ends the others at once. A set-up turn (UniqueReply) puts
/// one knight on a square of odd suspense v with two different even options, every other knight
/// at most v, and it is found on some of these positions. Random moves are legal and reach
/// other options too.
#[test]
fn referee_turns_are_legal_and_follow_their_trap() {
    let n = 40u64;
    let board = SuspenseBoard::compute(n as usize);
    let s = |(x, y): (u64, u64)| board.get(x as usize, y as usize);
    let two_even = |(x, y): (u64, u64)| {
        let mut even: Vec<u32> = board
            .options(x as usize, y as usize)
            .into_iter()
            .map(|(a, b)| board.get(a, b))
            .filter(|v| v % 2 == 0)
            .collect();
        even.sort_unstable();
        even.dedup();
        even.len() >= 2
    };
    let mut rng = Rng::new(9);
    let mut random_differs = false;
    let mut set_ups = 0;
    for round_no in 0..200 {
        let knights: Vec<(u64, u64)> = (0..6).map(|_| (rng.range(1, n), rng.range(1, n))).collect();
        for trap in [Trap::Longest, Trap::UniqueReply, Trap::Random] {
            let mut round = KnightsRound::new(n, knights.clone()).unwrap();
            if !round.mover_has_move() {
                continue;
            }
            // A set-up square has two even options or lies within 8 lines of the far edges
            // (where the far border can change a suspense number). The attack plays the
            // set-up turn (when there is one) on most turns of the non-random traps, else
            // the long game.
            let set_up_turn = (trap != Trap::Random)
                .then(|| round.set_up_turn())
                .flatten();
            let line = round.trap_move(trap, &mut rng).unwrap();
            let to: Vec<u64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
            let dests: Vec<(u64, u64)> = to.chunks(2).map(|c| (c[0], c[1])).collect();
            let set_up = set_up_turn.as_ref() == Some(&dests);
            for (k, &from) in knights.iter().enumerate() {
                let dest = dests[k];
                let options = board.options(from.0 as usize, from.1 as usize);
                if options.is_empty() {
                    assert_eq!(dest, from, "round {round_no}: a stuck knight moved");
                    continue;
                }
                assert!(
                    options.contains(&(dest.0 as usize, dest.1 as usize)),
                    "round {round_no}: {from:?} -> {dest:?} is not a move"
                );
                if trap == Trap::Random {
                    random_differs |= s(dest) + 1 != s(from);
                } else if !set_up {
                    assert_eq!(
                        s(dest) + 1,
                        s(from),
                        "round {round_no} {trap:?}: {from:?} -> {dest:?}"
                    );
                }
            }
            if set_up {
                set_ups += 1;
                let v = dests.iter().map(|&d| s(d)).max().unwrap();
                assert_eq!(v % 2, 1, "round {round_no}: set-up leaves an even largest");
                assert!(
                    dests
                        .iter()
                        .any(|&d| s(d) == v && (two_even(d) || d.0 >= n - 7 || d.1 >= n - 7)),
                    "round {round_no}: no knight of suspense {v} on a trap square: {dests:?}"
                );
            }
        }
    }
    assert!(random_differs, "the random trap never left the long game");
    assert!(set_ups >= 20, "only {set_ups} set-up turns");
}

/// The chain (games/knights/README.md, Play): from the opening's even-gap round (round 9 of a
/// default session, on a side of at least 2^14), while the player answers every trap with its
/// only winning turn, every turn of the referee, whatever trap the session draws (random turns
/// included), leaves a leader of odd suspense v with even options v − 1 and v − 3 and a rival
/// at v − 1: a player that takes any even option loses on any of them with probability 1/2.
#[test]
fn even_gap_round_sets_the_trap_on_every_referee_turn() {
    for seed in 1..=5 {
        let mut rng = Rng::new(seed);
        let position = knights::session_round(EVEN_GAP_OPENING, (1, 1_000_000_000), &mut rng);
        let n = position.n;
        assert!(n >= 1 << 14, "seed {seed}: even-gap round on side {n}");
        let eval = Evaluator::new(n);
        let s = |(x, y): (u64, u64)| eval.suspense(x, y);
        let trap_set = |knights: &[(u64, u64)]| {
            let v = knights.iter().map(|&k| s(k)).max().unwrap();
            let leader_ok = knights.iter().any(|&(x, y)| {
                let even: Vec<u64> = moves(n, x, y).map(s).filter(|w| w % 2 == 0).collect();
                s((x, y)) == v && even.contains(&(v - 1)) && even.contains(&(v - 3))
            });
            v % 2 == 1 && leader_ok && knights.iter().any(|&k| s(k) + 1 == v)
        };
        assert!(trap_set(&position.knights), "seed {seed}: {position}");
        let mut round = KnightsRound::new(n, position.knights.clone()).unwrap();
        for turn in 0..300 {
            round.winning_move(&mut rng).unwrap();
            let line = round.trap_move(Trap::pick(&mut rng), &mut rng).unwrap();
            let to: Vec<u64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
            let knights: Vec<(u64, u64)> = to.chunks(2).map(|c| (c[0], c[1])).collect();
            assert!(trap_set(&knights), "seed {seed}, turn {turn}: {knights:?}");
        }
    }
}

// ------------------------------------------------------------------ long lines, replay

/// A line over the knights limit is PE, however the rest goes; the limit is per game.
#[test]
fn a_line_over_the_knights_limit_is_pe() {
    let fixture = root().join("games/knights/tests/fixtures/huge_line.sh");
    let bytes = (MAX_MOVE_LINE + 10).to_string();
    let line = referee(
        &[
            "play", "knights", "--rounds", "1", "--seed", "2", "--size", "1..40",
        ],
        &[fixture.to_str().unwrap(), &bytes],
    );
    assert!(line.starts_with("PE knights"), "{line}");
    assert!(
        line.contains(&format!("longer than {} bytes", MAX_MOVE_LINE)),
        "{line}"
    );
    // Just under the limit, the same line is read as a line (then judged as a move: PE for
    // its token count, not for its length).
    let bytes = (MAX_MOVE_LINE - 10).to_string();
    let line = referee(
        &[
            "play", "knights", "--rounds", "1", "--seed", "2", "--size", "1..40",
        ],
        &[fixture.to_str().unwrap(), &bytes],
    );
    assert!(line.starts_with("PE knights"), "{line}");
    assert!(line.contains("tokens"), "{line}");
}

/// A session with a crowd of knights (seed 17 with sides up to 600 has 47090 in round 5) is
/// OK, and its transcript, multi-line positions and megabyte moves included, replays to OK.
/// Every game is played to its end (no cut).
#[test]
fn crowd_session_replays_from_its_transcript() {
    let dir = common::TempDir::new("referee-knights");
    let transcript = dir.join("t.txt");
    let sol = common::solution("knights");
    let t = transcript.to_str().unwrap();
    let line = referee(
        &[
            "play",
            "knights",
            "--rounds",
            "6",
            "--seed",
            "17",
            "--size",
            "1..600",
            "--max-moves",
            "1000000",
            "--transcript",
            t,
        ],
        &[sol, "--play"],
    );
    assert!(line.starts_with("OK knights"), "{line}");
    let text = std::fs::read_to_string(&transcript).unwrap();
    // A crowd: a position line `K N` with more knights than any coordinate of these boards
    // (the session's round 6 is its crowd shape).
    let crowd = text.lines().any(|l| {
        let fields: Vec<&str> = l.split(' ').collect();
        fields.len() == 4
            && fields[1] == "<"
            && fields[2].parse::<u64>().is_ok_and(|k| k > 1000)
            && fields[3].parse::<u64>().is_ok()
    });
    assert!(crowd, "no crowd round");
    let again = referee(&["replay", "knights", t], &[sol, "--play"]);
    assert!(again.starts_with("OK knights"), "{again}");
    let moves = |l: &str| {
        l.split_whitespace()
            .find(|w| w.starts_with("moves="))
            .map(str::to_owned)
    };
    assert_eq!(moves(&line), moves(&again));
}

// ------------------------------------------------------------------ the solution's --play

/// Runs `knights --play` on `input`: (exit code, stdout, stderr).
fn knights_play(input: &str) -> (Option<i32>, String, String) {
    use std::io::Write;
    let mut child = Command::new(common::solution("knights"))
        .arg("--play")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The statement's example played out; `-1` anywhere ends the session at once with status 0;
/// garbage from the referee is one stderr line naming the line, status 1; --help names --play.
#[test]
fn play_mode_follows_the_protocol() {
    let (code, out, err) = knights_play("1\n3 5\n4 4\n3 4\n1 1\n1 3 2 3 1 1\nend\n");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "first\n2 5 1 5 1 1\n2 1 1 1 1 1\n", "")
    );
    // A lost start: `second`, and the referee's turn is read (CRLF and trailing blanks allowed).
    let (code, out, _) = knights_play("1\r\n1 5\r\n1 5 \r\n2 3\r\nend\r\n");
    assert_eq!((code, out.as_str()), (Some(0), "second\n1 1\n"));
    for aborted in [
        "-1\n",
        "2\n-1\n",
        "1\n2 5\n-1\n",
        "1\n3 5\n4 4\n3 4\n1 1\n-1\n",
    ] {
        let (code, _, err) = knights_play(aborted);
        assert_eq!((code, err.as_str()), (Some(0), ""), "{aborted:?}");
    }
    for (garbage, needle) in [
        ("x\n", "line 1: expected the header `play R`"),
        (
            "1\n0 5\n",
            "line 2: K (number of knights) 0 is out of range",
        ),
        ("1\n1 5\n6 1\n", "line 3: x 6 is out of range 1 to 5"),
        ("1\n1 5\n1 1 1\n", "line 3: unexpected \"1\""),
        (
            "1\n3 5\n4 4\n3 4\n1 1\n1 3 2 3 1 2\n",
            "line 6: knight 3 cannot go from (1, 1) to (1, 2)",
        ),
        (
            "1\n3 5\n4 4\n3 4\n1 1\n1 3 2 3\n",
            "line 6: expected x of knight 3, got end of input",
        ),
        (
            "1\n3 5\n4 4\n3 4\n1 1\n1 3 2 3 1 1\nfin\n",
            "line 7: expected `end`, got \"fin\"",
        ),
        (
            "2\n1 5\n1 1\nend\n",
            "line 5: expected a position `K N`, got end of input",
        ),
    ] {
        let (code, out, err) = knights_play(garbage);
        assert_eq!(code, Some(1), "{garbage:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{garbage:?}: {err}");
        assert!(
            err.starts_with("knights: ") && err.contains(needle),
            "{garbage:?}: {err}"
        );
        assert!(!out.contains("panicked") && !err.contains("panicked"));
    }
    let help = Command::new(common::solution("knights"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--play"));
}

/// The largest round: 10^5 knights on (3, 1) of the 10^9 board (suspense 1 each): the
/// solution wins with one move line naming all of them, read whole by the referee.
#[test]
fn hundred_thousand_knights_in_one_line() {
    let dir = common::TempDir::new("referee-knights-max");
    let script = dir.join("max.txt");
    let mut text = String::from("< 1\n< 100000 1000000000\n");
    text.push_str(&"< 3 1\n".repeat(100_000));
    std::fs::write(&script, text).unwrap();
    let sol = common::solution("knights");
    let line = referee(
        &["replay", "knights", script.to_str().unwrap()],
        &[sol, "--play"],
    );
    assert!(
        line.starts_with("OK knights") && line.contains("moves=1 "),
        "{line}"
    );
}
