//! Shrinking a failing test to a smallest failing input, as property-testing libraries do
//! (QuickCheck, proptest, Hypothesis): from the failing input, try smaller inputs of the same
//! problem, keep the first one that still fails the same way, and start again from it, until
//! no candidate fails or the budget is spent.
//!
//! [`shrink_candidates`] is the one place that knows each problem's reductions, a reducer per
//! game in one `match`; [`shrink`] is the greedy loop around it, which validates each candidate
//! with the problem's strict validator (so the shrunk input is one a judge could have given)
//! and leaves the judging to its caller.
//!
//! The reductions, most aggressive first, so that a success removes the most:
//! - fewer cases, where the format has several (halves, then quarters, ..., then one case);
//! - then, case by case, smaller values: shorter strips (cells deleted, then marks erased),
//!   smaller N, fewer knights and smaller boards, race boards cut by rows and columns (then
//!   walls removed), smaller n and simpler k, fewer and smaller heaps (the impartial spec
//!   line is kept as it is).
//!
//! Every candidate is smaller than its input in a well-founded order (fewer cases, then
//! shorter or fewer, then smaller numbers), so the loop ends even without its budget.
//!
//! The input is read by whitespace-separated tokens (the solutions' own reading), and every
//! candidate is written in the strict format; so an input with CRLF line ends or extra blanks
//! shrinks too, into strict inputs.

use combgames_core::shrink::Candidates;
use combgames_core::validate::{self, Limits};
use combgames_registry::Game;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// The smaller inputs to try after `input` of `problem`, most aggressive first. Some may be
/// invalid (a deleted cell can put two equal marks side by side): [`shrink`] validates each.
/// Empty when the input cannot be read as the problem's format.
pub fn shrink_candidates(problem: Game, input: &[u8]) -> Vec<Vec<u8>> {
    let Ok(text) = std::str::from_utf8(input) else {
        return Vec::new();
    };
    let mut out = Candidates::default();
    // None: the input does not read as the format; no candidate.
    let _: Option<()> = (problem.shrink())(text, &mut out);
    out.into_list()
}

// ---------------------------------------------------------------------------------------------
// The greedy loop.

/// Successes in a row at one position of the candidate list before the loop moves on.
const SAME_POSITION: u32 = 4;

/// What one shrink may spend: candidate runs and wall time.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub runs: u64,
    pub time: Duration,
}

/// Why the loop stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// No candidate of the last input fails: a local minimum.
    Minimal,
    /// The budget of runs was spent.
    Runs,
    /// The time budget was spent.
    Time,
}

#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing input found (the original input when no candidate failed).
    pub input: Vec<u8>,
    /// Candidates judged.
    pub runs: u64,
    /// Candidates that failed, each the new input.
    pub steps: u64,
    pub stop: Stop,
    pub elapsed: Duration,
}

fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// Shrinks `input`, a failing input of `problem`: greedily takes the first candidate
/// ([`shrink_candidates`]) that `limits`' validator accepts and `fails` (the caller judges it
/// as the original test was judged and says whether it still fails the same way), until no
/// candidate fails or `budget` is spent. An input is judged at most once.
///
/// The candidates are gone through in passes: after a success the list of the new input is
/// taken up at the same position rather than from its start (the reductions before it mostly
/// failed to fail a moment ago, and the one that worked may work again: the next chunk of
/// cases goes, k shrinks while n stays), but after `SAME_POSITION` successes in a row there
/// at the next position (a fine step that keeps working, n less 7 where n must stay a
/// multiple of 7, would otherwise spend the budget one step at a time); a pass that ends after
/// a success starts another from the top, and a pass without one, a fixpoint, ends the
/// shrink.
pub fn shrink(
    problem: Game,
    limits: Limits,
    input: &[u8],
    budget: Budget,
    mut fails: impl FnMut(&[u8]) -> bool,
) -> Shrunk {
    let started = Instant::now();
    let mut current = input.to_vec();
    let mut seen = HashSet::new();
    seen.insert(fingerprint(&current));
    let (mut runs, mut steps) = (0, 0);
    let stop = 'passes: loop {
        let mut candidates = shrink_candidates(problem, &current);
        let mut at = 0;
        let mut progressed = false;
        // Successes in a row at one position, and which.
        let (mut streak, mut streak_at) = (0, usize::MAX);
        while at < candidates.len() {
            if runs >= budget.runs {
                break 'passes Stop::Runs;
            }
            if started.elapsed() >= budget.time {
                break 'passes Stop::Time;
            }
            let candidate = std::mem::take(&mut candidates[at]);
            at += 1;
            if !seen.insert(fingerprint(&candidate))
                || validate::validate(problem.validator(), limits, &candidate[..]).is_err()
            {
                continue;
            }
            runs += 1;
            if fails(&candidate) {
                current = candidate;
                steps += 1;
                progressed = true;
                // The old list goes before the new one is made: the referee's resident memory
                // counts in every run's ([`combgames_core::shrink::MAX_CANDIDATE_BYTES`]).
                drop(std::mem::take(&mut candidates));
                candidates = shrink_candidates(problem, &current);
                let here = at - 1;
                streak = if here == streak_at { streak + 1 } else { 1 };
                streak_at = here;
                if streak < SAME_POSITION {
                    at = here;
                }
            }
        }
        if !progressed {
            break Stop::Minimal;
        }
    };
    Shrunk {
        input: current,
        runs,
        steps,
        stop,
        elapsed: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(problem: Game, input: &str) -> Vec<String> {
        shrink_candidates(problem, input.as_bytes())
            .into_iter()
            .map(|c| String::from_utf8(c).unwrap())
            .collect()
    }

    #[test]
    fn each_problem_drops_cases_first_and_keeps_its_format() {
        let sub = texts(Game::Subtraction, "3\n10 2\n20 3\n30 1.5\n");
        assert_eq!(sub[0], "1\n10 2\n");
        assert!(sub.contains(&"2\n20 3\n30 1.5\n".to_owned()));
        assert!(sub.contains(&"3\n10 2\n20 3\n30 1\n".to_owned()));
        assert!(sub.contains(&"3\n2 2\n20 3\n30 1.5\n".to_owned()));
        let strips = texts(Game::Tictactoe, "2\nX.O\n..\n");
        assert_eq!(strips[..2], ["1\nX.O\n", "1\n..\n"]);
        assert!(strips.contains(&"2\n.O\n..\n".to_owned()));
        assert!(strips.contains(&"2\n..O\n..\n".to_owned()));
        let colouring = texts(Game::Coloring, "4\n1020\n");
        assert_eq!(colouring[..2], ["2\n10\n", "2\n20\n"]);
        assert!(colouring.contains(&"4\n0020\n".to_owned()));
        let knights = texts(Game::Knights, "2 9\n3 5\n4 4\n");
        assert_eq!(knights[..2], ["1 9\n3 5\n", "1 9\n4 4\n"]);
        assert!(knights.contains(&"2 5\n3 5\n4 4\n".to_owned()));
        assert!(knights.contains(&"2 7\n1 3\n2 2\n".to_owned()));
        let heaps = texts(Game::Impartial, "0.137\n2\n2 5 6\n1 3\n");
        assert_eq!(heaps[..2], ["0.137\n1\n2 5 6\n", "0.137\n1\n1 3\n"]);
        assert!(heaps.contains(&"0.137\n2\n1 6\n1 3\n".to_owned()));
        // 1000 = 52 + 948, and 948 mod 34 = 30, mod 68 = 64, mod 136 = 132, mod 272 = 132.
        let pawns = texts(Game::Pawns, "1000\n");
        assert_eq!(pawns[..4], ["82\n", "116\n", "184\n", "184\n"]);
        assert!(pawns.contains(&"1\n".to_owned()) && pawns.contains(&"999\n".to_owned()));
        let boards = texts(Game::Race, "1\n3\nA..\n.#.\n..B\n");
        assert!(boards.contains(&"1\n2\nA.\n.B\n".to_owned()));
        assert!(boards.contains(&"1\n3\nA..\n...\n..B\n".to_owned()));
        assert!(texts(Game::Subtraction, "2\n10 2\n").is_empty());
    }

    /// The loop keeps the first failing candidate and stops where none fails: a pawns
    /// "solution" wrong for every N that is a multiple of 7 shrinks 7000 to 7.
    #[test]
    fn shrink_reaches_a_local_minimum_and_counts_its_runs() {
        let budget = Budget {
            runs: 1000,
            time: Duration::from_secs(60),
        };
        let fails = |input: &[u8]| {
            let n: u64 = std::str::from_utf8(input).unwrap().trim().parse().unwrap();
            n % 7 == 0
        };
        let shrunk = shrink(Game::Pawns, Limits::Judge, b"7000\n", budget, fails);
        assert_eq!(shrunk.input, b"7\n");
        assert_eq!(shrunk.stop, Stop::Minimal);
        assert!(shrunk.steps >= 1 && shrunk.runs > shrunk.steps);
        let tight = Budget { runs: 3, ..budget };
        let cut = shrink(Game::Pawns, Limits::Judge, b"7000\n", tight, fails);
        assert_eq!((cut.runs, cut.stop), (3, Stop::Runs));
    }

    /// A near-miss: a subtraction solution that says `lose` for n <= 2k where only
    /// n <= k + 1 is lost. Above k + 1 the losing piles go k + 3, k + 5, ... while they are at
    /// most 2k + 1 (subtraction_hdu.cpp's construction: each is the last plus the pile 1, the
    /// only one more than k times smaller), so it fails exactly where k + 2 <= n <= 2k and
    /// n - k is even (checked against the project's solution for every k <= 60, n < 150).
    /// Shrinking n or k alone keeps that only by small steps (n less 2), so one
    /// at a time it stalled at `58815 57507`; both at once reach `4 2`, a fixpoint, in a few
    /// dozen runs.
    #[test]
    fn a_failure_of_n_and_k_together_shrinks_to_its_smallest_case() {
        let fails_case = |n: u64, k: u64| k + 2 <= n && n <= 2 * k && (n - k) % 2 == 0;
        let fails = |input: &[u8]| {
            let numbers: Vec<u64> = std::str::from_utf8(input)
                .unwrap()
                .split_whitespace()
                .skip(1)
                .map(|t| t.parse().unwrap())
                .collect();
            numbers.chunks(2).any(|c| fails_case(c[0], c[1]))
        };
        let budget = Budget {
            runs: 300,
            time: Duration::from_secs(60),
        };
        // The case where one at a time stalled, and twenty cases of which one fails (the seventh).
        let many = "20\n92823099 54689\n2496437 8232\n11223 71543\n78152384 18470\n31 30\n\
                    41558787 71297\n80474 60398\n17862 33445\n26330563 53734\n6060521 96186\n\
                    37883 88765\n80474 13350\n80237 60398\n55317207 20133\n10000 7765\n\
                    38 1\n4771 57093\n100000000 100000\n2 1\n123456 99999\n";
        for input in ["1\n58815 57507\n", many] {
            assert!(fails(input.as_bytes()), "{input}");
            let shrunk = shrink(
                Game::Subtraction,
                Limits::Judge,
                input.as_bytes(),
                budget,
                fails,
            );
            assert_eq!(
                (
                    String::from_utf8(shrunk.input).unwrap().as_str(),
                    shrunk.stop
                ),
                ("1\n4 2\n", Stop::Minimal),
                "{input}"
            );
            assert!(shrunk.runs <= 150, "{input}: {} runs", shrunk.runs);
        }
    }

    /// A failure that fine steps keep (n a multiple of 7: n less 7, less 14, ...) still ends
    /// at a fixpoint (a local one: `19201 1`, where no number of the ladder below 19201 is a
    /// multiple of 7) well inside the budget: after a few successes in a row at one position
    /// the pass moves on rather than trying the same fine step again and again, which took n
    /// down 7 at a time until the 300 runs were spent.
    #[test]
    fn a_failure_fine_steps_keep_still_reaches_a_fixpoint() {
        let fails = |input: &[u8]| {
            let text = std::str::from_utf8(input).unwrap();
            let n: u64 = text.split_whitespace().nth(1).unwrap().parse().unwrap();
            n % 7 == 0
        };
        let budget = Budget {
            runs: 300,
            time: Duration::from_secs(60),
        };
        for input in ["1\n86419746 54321\n", "1\n69999993 3\n"] {
            let shrunk = shrink(
                Game::Subtraction,
                Limits::Judge,
                input.as_bytes(),
                budget,
                fails,
            );
            assert_eq!(shrunk.stop, Stop::Minimal, "{input}: {} runs", shrunk.runs);
            assert!(shrunk.runs <= 150, "{input}: {} runs", shrunk.runs);
            assert!(fails(&shrunk.input) && shrunk.input.len() < input.len());
        }
    }

    /// Malformed inputs (as a lenient sample may be) make no candidate or only candidates,
    /// never a panic: a board of side 1, knights off their board, a k of `.5`, and random
    /// bytes over each problem's alphabet.
    #[test]
    fn malformed_inputs_do_not_panic() {
        assert!(texts(Game::Knights, "1 2\n5 5\n").is_empty());
        let _ = texts(Game::Race, "1\n1\nA\n");
        let _ = texts(Game::Race, "1\n3\nA\n.\nB..\n");
        let _ = texts(Game::Subtraction, "1\n5 .5\n");
        let _ = texts(Game::Subtraction, "1\n5 3/0\n");
        let mut rng = combgames_core::rng::Rng::new(1);
        let alphabet = b"0123456789 \n.#ABXO/";
        for &game in Game::ALL {
            for _ in 0..300 {
                let len = rng.index(40);
                let bytes: Vec<u8> = (0..len)
                    .map(|_| alphabet[rng.index(alphabet.len())])
                    .collect();
                let _ = shrink_candidates(game, &bytes);
            }
        }
    }

    /// A candidate the validator refuses is never judged: tictactoe strips never get `XX`.
    #[test]
    fn invalid_candidates_are_not_judged() {
        let budget = Budget {
            runs: 1000,
            time: Duration::from_secs(60),
        };
        let mut judged = Vec::new();
        shrink(Game::Tictactoe, Limits::Judge, b"1\nX.X\n", budget, |c| {
            judged.push(c.to_vec());
            false
        });
        assert!(!judged.is_empty());
        for c in &judged {
            assert!(validate::validate(Game::Tictactoe.validator(), Limits::Judge, &c[..]).is_ok());
        }
        assert!(!judged.contains(&b"1\nXX\n".to_vec()));
    }
}
