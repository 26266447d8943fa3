//! `subtraction --play` driven over pipes by a test-side referee (docs/protocol.md).
//!
//! The driver plays the opponent with seeded random legal moves and checks every line of the
//! solution: the side it takes, the legality of each move, and, for piles up to 300, that the
//! independent game search says the position after the solution's move is lost for the driver.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use crate::brute::{lowest_set_bit, zeckendorf_smallest, Search, K, SMALL_KS};
use combgames_core::rng::Rng;

/// One `subtraction --play` process and both ends of its pipes.
struct Session {
    child: Child,
    to: Option<ChildStdin>,
    from: BufReader<ChildStdout>,
    transcript: Vec<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(common::solution("subtraction"))
            .arg("--play")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start subtraction --play");
        let to = child.stdin.take();
        let from = BufReader::new(child.stdout.take().unwrap());
        Session {
            child,
            to,
            from,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("< {line}"));
        let to = self.to.as_mut().expect("stdin already closed");
        writeln!(to, "{line}")
            .and_then(|()| to.flush())
            .unwrap_or_else(|e| panic!("cannot send {line:?}: {e}\n{}", self.tail()));
    }

    fn recv(&mut self) -> String {
        let mut line = String::new();
        let got = self
            .from
            .read_line(&mut line)
            .expect("cannot read the solution");
        assert!(
            got > 0,
            "the solution closed its output early\n{}",
            self.tail()
        );
        assert!(line.ends_with('\n'), "unterminated line {line:?}");
        let line = line.trim_end().to_string();
        self.transcript.push(format!("> {line}"));
        line
    }

    fn recv_move(&mut self) -> u64 {
        let line = self.recv();
        line.parse()
            .unwrap_or_else(|_| panic!("not a move: {line:?}\n{}", self.tail()))
    }

    /// The last lines exchanged, for failure messages.
    fn tail(&self) -> String {
        let from = self.transcript.len().saturating_sub(12);
        self.transcript[from..].join("\n")
    }

    /// Closes the solution's stdin and waits: its exit code, the rest of its stdout, its stderr.
    fn finish(mut self) -> (Option<i32>, String, String) {
        drop(self.to.take());
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut rest = String::new();
                std::io::Read::read_to_string(&mut self.from, &mut rest).unwrap();
                let mut err = String::new();
                std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut err)
                    .unwrap();
                return (status.code(), rest, err);
            }
            if started.elapsed() > Duration::from_secs(5) {
                let _ = self.child.kill();
                panic!(
                    "the solution did not exit after its stdin closed\n{}",
                    self.tail()
                );
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// What the driver checks after each solution move, beyond legality.
enum Judge<'a> {
    /// The game search: the position left must be lost for the driver.
    Search(&'a Search),
    /// A closed form of the smallest part (k < 2: lowest set bit; k = 2: Zeckendorf): the
    /// driver, facing m stones with cap c, must find that part above c.
    SmallestPart(fn(u64) -> u64),
    /// Legality only.
    Legality,
}

impl Judge<'_> {
    fn driver_lost(&self, left: u64, cap: u64) -> bool {
        match self {
            Judge::Search(s) => !s.mover_wins(left as usize, cap),
            Judge::SmallestPart(part) => left == 0 || part(left) > cap,
            Judge::Legality => true,
        }
    }

    /// Whether the player to move first wins from n stones with cap `cap`.
    fn first_player_wins(&self, n: u64, cap: u64) -> Option<bool> {
        match self {
            Judge::Search(s) => Some(s.mover_wins(n as usize, cap)),
            Judge::SmallestPart(part) => Some(part(n) <= cap),
            Judge::Legality => None,
        }
    }
}

/// How the driver picks its moves.
#[derive(Clone, Copy)]
enum Opponent {
    /// One stone, the most stones, or a uniform amount, a third of the time each.
    Random,
    /// The solution's last amount (legal since k ≥ 1): keeps games with k < 2 short.
    Copy,
}

fn opponent_move(
    rng: &mut Rng,
    style: Opponent,
    limit: u64,
    last_solution_move: Option<u64>,
) -> u64 {
    match style {
        Opponent::Copy => last_solution_move.unwrap_or(limit).min(limit),
        Opponent::Random => match rng.next_u64() % 3 {
            0 => 1,
            1 => limit,
            _ => rng.range(1, limit),
        },
    }
}

/// How a round ended.
enum Outcome {
    /// The solution took the last stone after this many moves (both sides).
    SolutionWon(u64),
    /// The driver stopped the round after `max_moves` with `-1`.
    Aborted,
}

/// Plays one round: position, side, moves; ends it with `end`, or with `-1` after max_moves.
/// `last`: None for a fresh pile `n k`, Some(p) for a mid-game start `n k p`.
#[allow(clippy::too_many_arguments)]
fn play_round(
    s: &mut Session,
    rng: &mut Rng,
    (n, last): (u64, Option<u64>),
    k_text: &str,
    k: K,
    judge: &Judge,
    style: Opponent,
    max_moves: u64,
) -> Outcome {
    let start_cap = match last {
        Some(p) => {
            s.send(&format!("{n} {k_text} {p}"));
            // Plain u128 here: k's parts and p may both be large.
            u64::try_from(u128::from(p) * u128::from(k.num) / u128::from(k.den)).unwrap_or(u64::MAX)
        }
        None => {
            s.send(&format!("{n} {k_text}"));
            n - 1
        }
    };
    let side = s.recv();
    assert!(
        side == "first" || side == "second",
        "bad side {side:?}\n{}",
        s.tail()
    );
    if let Some(first_wins) = judge.first_player_wins(n, start_cap) {
        let want = if first_wins { "first" } else { "second" };
        assert_eq!(
            side,
            want,
            "n = {n}, k = {k_text}: wrong side\n{}",
            s.tail()
        );
    }
    let (mut left, mut cap) = (n, start_cap);
    let mut solution_turn = side == "first";
    let mut last_solution_move = None;
    let mut moves = 0;
    while left > 0 {
        if moves >= max_moves && !solution_turn {
            s.send("-1"); // in place of the driver's move, where the solution waits for one
            return Outcome::Aborted;
        }
        moves += 1;
        if solution_turn {
            let x = s.recv_move();
            let limit = cap.min(left);
            assert!(
                (1..=limit).contains(&x),
                "n = {n}, k = {k_text}: move {x} outside 1 to {limit}\n{}",
                s.tail()
            );
            left -= x;
            cap = k.cap_after(x);
            last_solution_move = Some(x);
            assert!(
                judge.driver_lost(left, cap),
                "n = {n}, k = {k_text}: after the solution took {x}, {left} stones with cap {cap} win for the driver\n{}",
                s.tail()
            );
        } else {
            let y = opponent_move(rng, style, cap.min(left), last_solution_move);
            s.send(&y.to_string());
            left -= y;
            cap = k.cap_after(y);
        }
        solution_turn = !solution_turn;
    }
    assert!(
        !solution_turn,
        "n = {n}, k = {k_text}: the driver took the last stone\n{}",
        s.tail()
    );
    s.send("end");
    Outcome::SolutionWon(moves)
}

fn assert_clean_exit(s: Session) {
    let (code, rest, err) = s.finish();
    assert_eq!(code, Some(0), "exit status; stderr {err:?}");
    assert!(rest.is_empty(), "output after the last round: {rest:?}");
    assert!(err.is_empty(), "stderr: {err:?}");
}

/// One session of `starts` (n, and the last removal p of a mid-game start) in random order
/// for k, against a random opponent: the side and every solution move are checked by the game
/// search.
fn search_judged_session(
    (k_text, k): (&str, K),
    search: &Search,
    mut starts: Vec<(u64, Option<u64>)>,
    rng: &mut Rng,
) {
    for i in (1..starts.len()).rev() {
        starts.swap(i, rng.range(0, i as u64) as usize);
    }
    let mut s = Session::start();
    s.send(&starts.len().to_string());
    for &start in &starts {
        let outcome = play_round(
            &mut s,
            rng,
            start,
            k_text,
            k,
            &Judge::Search(search),
            Opponent::Random,
            u64::MAX,
        );
        assert!(matches!(outcome, Outcome::SolutionWon(_)));
    }
    assert_clean_exit(s);
}

/// Every n ≤ 300 for every k, one session per k with its rounds in random order: the side
/// and every solution move are checked by the game search.
#[test]
fn every_small_pile_is_won_by_the_search_verdict() {
    let mut rng = Rng::new(4_2486);
    for &(k_text, k) in SMALL_KS {
        let search = Search::new(k, 300);
        let starts = (2..=300).map(|n| (n, None)).collect();
        search_judged_session((k_text, k), &search, starts, &mut rng);
    }
}

/// Mid-game starts `n k p` (docs/protocol.md) for every n ≤ 60 with p = 1..=12 and a random
/// p up to 200 (caps below, at and past the pile), for every k: the side and every solution
/// move are checked by the game search.
#[test]
fn every_small_mid_game_start_is_won_by_the_search_verdict() {
    let mut rng = Rng::new(17);
    for &(k_text, k) in SMALL_KS {
        let search = Search::new(k, 60);
        let mut starts = Vec::new();
        for n in 2..=60 {
            starts.extend((1..=12).map(|p| (n, Some(p))));
            starts.push((n, Some(rng.range(13, 200))));
        }
        search_judged_session((k_text, k), &search, starts, &mut rng);
    }
}

/// Piles up to 10^18 that end in a few hundred moves: k < 2 with n = m·2^e against an
/// opponent that copies the solution's amount, and piles of at most floor(k) + 1 stones for
/// huge k, where the solution must take the rest right after the opponent's first move.
#[test]
fn huge_piles_are_played_to_the_last_stone() {
    let mut rng = Rng::new(3922);
    let mut s = Session::start();
    let mut rounds = Vec::new();
    for (k_text, k) in [
        ("1", K { num: 1, den: 1 }),
        ("3/2", K { num: 3, den: 2 }),
        ("1.2", K { num: 6, den: 5 }),
    ] {
        for _ in 0..8 {
            let n = rng.range(1, 1000) << rng.range(40, 49);
            rounds.push((n, k_text, k, Opponent::Copy, true));
        }
    }
    for (k_text, k) in [
        (
            "1000000000000000000",
            K {
                num: 1_000_000_000_000_000_000,
                den: 1,
            },
        ),
        (
            "100000",
            K {
                num: 100_000,
                den: 1,
            },
        ),
        (
            "99999.5",
            K {
                num: 199_999,
                den: 2,
            },
        ),
    ] {
        for _ in 0..6 {
            let n = rng.range(2, k.num / k.den + 1);
            rounds.push((n, k_text, k, Opponent::Random, false));
        }
    }
    s.send(&rounds.len().to_string());
    for (n, k_text, k, style, powers_of_two) in rounds {
        let judge = if powers_of_two {
            Judge::SmallestPart(lowest_set_bit)
        } else {
            Judge::Legality
        };
        match play_round(
            &mut s,
            &mut rng,
            (n, None),
            k_text,
            k,
            &judge,
            style,
            100_000,
        ) {
            Outcome::SolutionWon(moves) if !powers_of_two => {
                // n ≤ floor(k) + 1: the opponent moves first, the solution empties the pile.
                assert_eq!(moves, 2, "n = {n}, k = {k_text}");
            }
            Outcome::SolutionWon(_) => {}
            Outcome::Aborted => panic!("n = {n}, k = {k_text}: the game did not end"),
        }
    }
    assert_clean_exit(s);
}

/// Random piles up to 10^18 for k from 1 to 10^5, random opponent moves, 400 moves each:
/// every solution move legal (and right, for k = 1, 3/2 and 2, by the closed forms); then
/// the driver aborts with `-1` and the solution must exit at once with status 0.
#[test]
fn huge_piles_stay_legal_until_the_abort() {
    let mut rng = Rng::new(2486);
    let cases: &[(&str, K, Judge)] = &[
        (
            "1",
            K { num: 1, den: 1 },
            Judge::SmallestPart(lowest_set_bit),
        ),
        (
            "3/2",
            K { num: 3, den: 2 },
            Judge::SmallestPart(lowest_set_bit),
        ),
        (
            "2",
            K { num: 2, den: 1 },
            Judge::SmallestPart(zeckendorf_smallest),
        ),
        (
            "2.0",
            K { num: 2, den: 1 },
            Judge::SmallestPart(zeckendorf_smallest),
        ),
        ("7/3", K { num: 7, den: 3 }, Judge::Legality),
        ("5/2", K { num: 5, den: 2 }, Judge::Legality),
        ("10", K { num: 10, den: 1 }, Judge::Legality),
        (
            "100000",
            K {
                num: 100_000,
                den: 1,
            },
            Judge::Legality,
        ),
    ];
    for (k_text, k, judge) in cases {
        for _ in 0..2 {
            let mut s = Session::start();
            s.send("3");
            let n = rng.range(2, 1_000_000_000_000_000_000);
            let outcome = play_round(
                &mut s,
                &mut rng,
                (n, None),
                k_text,
                *k,
                judge,
                Opponent::Random,
                400,
            );
            if matches!(outcome, Outcome::SolutionWon(_)) {
                s.send("-1"); // a short game: abort in place of the next position instead
            }
            assert_clean_exit(s);
        }
    }
}

/// The example session of docs/protocol.md, line for line.
#[test]
fn protocol_example_session() {
    let mut s = Session::start();
    s.send("1");
    s.send("5 2");
    assert_eq!(s.recv(), "second");
    s.send("1");
    assert_eq!(s.recv(), "1");
    s.send("2");
    assert_eq!(s.recv(), "1");
    s.send("end");
    assert_clean_exit(s);
}

/// The whole stdin at once (the solution reads it line by line): exit code, stdout, stderr.
fn play_script(script: &str) -> common::Run {
    common::run_with_args("subtraction", &["--play"], script.to_owned())
}

#[test]
fn abort_line_ends_the_session_at_once() {
    for (script, out) in [
        ("-1\n", ""),
        ("2\n-1\n", ""),
        ("1\n5 2\n-1\n", "second\n"),
        ("1\n6 2\n-1\n", "first\n1\n"),
        ("1\n5 2\n4\n-1\n", "second\n1\n"),
        ("2\n5 2\n4\nend\n-1\n", "second\n1\n"),
        ("2\n5 2\n4\nend\n-1\r\n", "second\n1\n"),
        // A cut: `end` where the referee's move is due ends the round; R rounds, then exit.
        (
            "2\n5 2\nend\n6 2\n1\nend\nanything\n",
            "second\nfirst\n1\n1\n",
        ),
    ] {
        let r = play_script(script);
        assert_eq!(
            (r.code, r.stdout.as_str(), r.stderr.as_str()),
            (Some(0), out, ""),
            "{script:?}"
        );
    }
}

#[test]
fn referee_lines_are_checked() {
    for (script, needle) in [
        ("", "line 1: expected the header `play R`, got end of input"),
        (
            "0\n",
            "line 1: expected the header `play R` with R ≥ 1 rounds, got \"0\"",
        ),
        (
            "x\n",
            "line 1: expected the header `play R` with R ≥ 1 rounds, got \"x\"",
        ),
        ("play x\n", "got \"play x\""),
        ("play 1\n1 2\n", "line 2: n = 1 is outside"),
        (
            "1\n",
            "line 2: expected a position `n k` or `n k p`, got end of input",
        ),
        (
            "1\n5\n",
            "line 2: expected a position `n k` or `n k p`, got \"5\"",
        ),
        (
            "1\n5 2 1 1\n",
            "line 2: expected a position `n k` or `n k p`, got \"5 2 1 1\"",
        ),
        ("1\n5 2 0\n", "line 2: p = 0 is outside 1 to 10^18"),
        (
            "1\n5 2 1000000000000000001\n",
            "line 2: p = 1000000000000000001 is outside",
        ),
        (
            "1\n5 2 -1\n",
            "line 2: p \"-1\" is not a plain decimal number",
        ),
        // 5 stones with cap ⌊2·1⌋ = 2: 5 is a losing start, the solution takes second, and
        // the driver's 5 is past the cap the start gives, not the fresh pile's 4.
        ("1\n5 2 1\n5\n", "line 3: move 5 is outside 1 to 2"),
        ("1\n1 2\n", "line 2: n = 1 is outside"),
        ("1\n5 1/2\n", "line 2: k = 1/2 is less than 1"),
        ("1\n5 0/0\n", "line 2: k = 0/0 has a zero denominator"),
        (
            "1\n5 2\n",
            "line 3: expected the opponent's move, got end of input",
        ),
        ("1\n5 2\n0\n", "line 3: move 0 is outside 1 to 4"),
        ("1\n5 2\n5\n", "line 3: move 5 is outside 1 to 4"),
        ("1\n5 2\nabc\n", "line 3: move \"abc\""),
        ("1\n5 2\n+1\n", "line 3: move \"+1\""),
        ("1\n5 2\n1 1\n", "line 3: move \"1 1\""),
        ("1\n5 2\nstop\n", "line 3: move \"stop\""),
        // 5 2: the driver takes 1 (cap 2), the solution 1 (cap 2); 3 left, 3 > 2.
        ("1\n5 2\n1\n3\n", "line 4: move 3 is outside 1 to 2"),
        ("1\n5 2\n4\n", "line 4: expected `end`, got end of input"),
        ("1\n5 2\n4\nnext\n", "line 4: expected `end`, got \"next\""),
        (
            "2\n5 2\n4\nend\n",
            "line 5: expected a position `n k` or `n k p`, got end of input",
        ),
        (
            "1\n1000000000000000000 1000000\n",
            "line 2: k = 1000000/1 with n = 1000000000000000000 needs more than",
        ),
    ] {
        let r = play_script(script);
        assert_eq!(r.code, Some(1), "{script:?}: stderr {:?}", r.stderr);
        let lines: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{script:?}: stderr {:?}", r.stderr);
        assert!(
            lines[0].starts_with("subtraction: line "),
            "{script:?}: {:?}",
            lines[0]
        );
        assert!(
            lines[0].contains(needle),
            "{script:?}: {:?} lacks {needle:?}",
            lines[0]
        );
    }
}

/// Lines from the referee may end in CR LF.
#[test]
fn crlf_lines_are_accepted() {
    let r = play_script("1\r\n5 2\r\n4\r\nend\r\n");
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "second\n1\n", "")
    );
}

/// Bytes that are not UTF-8 from the referee are garbage like any other: one line, exit 1.
#[test]
fn non_utf8_lines_are_rejected() {
    for (script, needle) in [
        (&b"1\n5 2\n\xff\n"[..], "line 3: move"),
        (b"1\n5 \xff\n", "line 2: k"),
    ] {
        let r = common::run_with_args("subtraction", &["--play"], script.to_vec());
        assert_eq!(r.code, Some(1), "{script:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{:?}", r.stderr);
        assert!(
            r.stderr.contains(needle) && r.stderr.contains("is not a plain decimal number"),
            "{:?}",
            r.stderr
        );
    }
    // The header is not a number either: shown escaped.
    let r = common::run_with_args("subtraction", &["--play"], b"\xc3\x28\n".to_vec());
    assert_eq!(r.code, Some(1));
    assert!(
        r.stderr.contains("line 1: expected the header `play R`"),
        "{:?}",
        r.stderr
    );
}
