//! Proofs for the strip game: `tictactoe` (UVa 11534) and `coloring` (SGU 328).
//!
//! - The run Grundy closed form of `combgames_strip` equals its plain mex table for every
//!   length up to 5000 and every pair of ends.
//! - An exhaustive game search over whole strips (below; it knows only the rules: place either
//!   colour in an empty cell with no neighbour of that colour, no move loses) decides every
//!   proper strip up to length 10; both binaries must agree with it in their own formats, and
//!   the library's whole-strip value must equal the searched Grundy value.
//! - Big inputs cross the solutions' 64 KiB read blocks at every feature (first and last mark,
//!   faults, blanks), with answers from the library's run formula (the solutions use a different
//!   reduction of it).
//! - Malformed inputs are rejected with one line naming the fault.

use crate::common;

use combgames_core::rng::Rng;
use combgames_strip::{self as strip, run_grundy_dp, run_grundy_formula, Cell, Colour, End};
use common::{assert_rejects, run};
use std::collections::{HashSet, VecDeque};

// ---------------------------------------------------------------------------------------------
// Exhaustive search over whole strips. A strip of length n is a base-3 number: digit i is cell
// i, 0 empty, 1 and 2 the colours. Independent of the library and of the solutions.

struct Search {
    len: usize,
    pow3: Vec<usize>,
    /// Per code: None unknown, Some((player to move wins, Grundy value by mex over moves)).
    memo: Vec<Option<(bool, u32)>>,
}

impl Search {
    fn new(len: usize) -> Search {
        let pow3: Vec<usize> = (0..=len).map(|i| 3usize.pow(i as u32)).collect();
        Search {
            len,
            memo: vec![None; pow3[len]],
            pow3,
        }
    }

    fn cell(&self, code: usize, i: usize) -> usize {
        code / self.pow3[i] % 3
    }

    /// Codes reachable in one move: colour `c` into empty cell `i` whose neighbours are not `c`.
    fn moves(&self, code: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for i in 0..self.len {
            if self.cell(code, i) != 0 {
                continue;
            }
            for c in 1..=2 {
                let left_clash = i > 0 && self.cell(code, i - 1) == c;
                let right_clash = i + 1 < self.len && self.cell(code, i + 1) == c;
                if !left_clash && !right_clash {
                    out.push(code + c * self.pow3[i]);
                }
            }
        }
        out
    }

    /// (the player to move wins, Grundy value).
    fn solve(&mut self, code: usize) -> (bool, u32) {
        if let Some(known) = self.memo[code] {
            return known;
        }
        let children: Vec<(bool, u32)> = self
            .moves(code)
            .into_iter()
            .map(|c| self.solve(c))
            .collect();
        let wins = children.iter().any(|&(child_wins, _)| !child_wins);
        let grundy = (0..)
            .find(|g| children.iter().all(|&(_, cg)| cg != *g))
            .unwrap();
        self.memo[code] = Some((wins, grundy));
        (wins, grundy)
    }

    fn cells(&self, code: usize) -> Vec<usize> {
        (0..self.len).map(|i| self.cell(code, i)).collect()
    }

    /// No two equal colours side by side.
    fn proper(&self, code: usize) -> bool {
        let cells = self.cells(code);
        cells.windows(2).all(|w| w[0] == 0 || w[0] != w[1])
    }

    /// Every strip reached from the empty one by legal play (breadth-first).
    fn reachable(&self) -> HashSet<usize> {
        let mut seen = HashSet::from([0usize]);
        let mut queue = VecDeque::from([0usize]);
        while let Some(code) = queue.pop_front() {
            for next in self.moves(code) {
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        seen
    }
}

fn to_text(cells: &[usize], symbols: [char; 3]) -> String {
    cells.iter().map(|&c| symbols[c]).collect()
}

fn to_library(cells: &[usize]) -> Vec<Cell> {
    cells
        .iter()
        .map(|&c| [None, Some(Colour::One), Some(Colour::Two)][c])
        .collect()
}

/// Every proper strip of length `len`, as cell lists, with (player to move wins, Grundy value).
fn all_positions(len: usize) -> Vec<(Vec<usize>, bool, u32)> {
    let mut search = Search::new(len);
    let proper: Vec<usize> = (0..search.pow3[len])
        .filter(|&code| search.proper(code))
        .collect();
    proper
        .into_iter()
        .map(|code| {
            let (wins, grundy) = search.solve(code);
            (search.cells(code), wins, grundy)
        })
        .collect()
}

const MAX_BRUTE_LEN: usize = 10;

// ---------------------------------------------------------------------------------------------
// Theory.

#[test]
fn run_formula_equals_mex_table_up_to_5000() {
    let table = run_grundy_dp(5000);
    assert_eq!(table.max_len(), 5000);
    for len in 0..=5000usize {
        for left in End::ALL {
            for right in End::ALL {
                let dp = table.get(len, left, right).unwrap();
                let formula = run_grundy_formula(len as u64, left, right);
                assert_eq!(
                    u64::from(dp),
                    formula,
                    "run of {len} between {left:?} and {right:?}"
                );
            }
        }
    }
}

/// The induction step of the proof in games/strip/src/lib.rs, checked at long runs (the table above is
/// the base up to 5000): with every shorter run valued by the closed form, the mex over all
/// legal moves of a run of length `len` is the closed form, for every pair of ends. The moves
/// and the legality rule are written here from the statement, not taken from the library.
#[test]
fn closed_form_is_the_mex_of_its_options_at_long_runs() {
    fn formula(len: usize, left: End, right: End) -> u64 {
        run_grundy_formula(len as u64, left, right)
    }
    let mut seen: Vec<u32> = Vec::new();
    let mut stamp = 0u32;
    for len in [
        4999, 5000, 5001, 8191, 8192, 8193, 65_535, 65_536, 65_537, 262_143, 999_999, 1_000_000,
    ] {
        for left in End::ALL {
            for right in End::ALL {
                stamp += 1;
                seen.resize(2 * len + 2, 0);
                for at in 0..len {
                    for colour in Colour::BOTH {
                        let mark = End::Colour(colour);
                        if (at == 0 && left == mark) || (at == len - 1 && right == mark) {
                            continue; // the cell touches an end of its own colour
                        }
                        let g = formula(at, left, mark) ^ formula(len - 1 - at, mark, right);
                        seen[g as usize] = stamp;
                    }
                }
                let mex = (0..).find(|&g| seen[g] != stamp).unwrap() as u64;
                assert_eq!(
                    mex,
                    formula(len, left, right),
                    "run of {len} between {left:?} and {right:?}"
                );
            }
        }
    }
}

/// UVa's "reached from the empty strip by legal play" is exactly "no XX and no OO": the
/// solutions validate with the second.
#[test]
fn reachable_strips_are_exactly_the_proper_ones() {
    for len in 1..=MAX_BRUTE_LEN {
        let search = Search::new(len);
        let proper: HashSet<usize> = (0..search.pow3[len])
            .filter(|&c| search.proper(c))
            .collect();
        assert_eq!(search.reachable(), proper, "length {len}");
    }
}

#[test]
fn library_strip_value_equals_searched_grundy_value() {
    for len in 1..=MAX_BRUTE_LEN {
        for (cells, _, grundy) in all_positions(len) {
            let strip = to_library(&cells);
            assert_eq!(
                strip::position_grundy(&strip),
                u64::from(grundy),
                "{}",
                to_text(&cells, ['0', '1', '2'])
            );
        }
    }
}

/// The library's winning move (for the referee) wins by the search, and exists exactly when
/// the search says the player to move wins.
#[test]
fn library_winning_move_wins_by_search() {
    for len in 1..=MAX_BRUTE_LEN {
        let mut search = Search::new(len);
        for code in 0..search.pow3[len] {
            if !search.proper(code) {
                continue;
            }
            let cells = search.cells(code);
            let strip = to_library(&cells);
            let (wins, _) = search.solve(code);
            match strip::winning_move(&strip) {
                None => assert!(
                    !wins,
                    "no winning move found in {}",
                    to_text(&cells, ['0', '1', '2'])
                ),
                Some((at, colour)) => {
                    assert!(
                        strip::is_legal_move(&strip, at, colour),
                        "illegal move {at} in {cells:?}"
                    );
                    let digit = if colour == Colour::One { 1 } else { 2 };
                    let (child_wins, _) = search.solve(code + digit * search.pow3[at]);
                    assert!(
                        !child_wins,
                        "move {at}={digit} in {} does not win",
                        to_text(&cells, ['0', '1', '2'])
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The binaries against the search, every proper strip up to length 10.

#[test]
fn tictactoe_matches_search_on_every_strip_up_to_10() {
    for len in 1..=MAX_BRUTE_LEN {
        let positions = all_positions(len);
        let mut input = format!("{}\n", positions.len());
        let mut expected = String::new();
        for (cells, mover_wins, _) in &positions {
            input += &to_text(cells, ['.', 'X', 'O']);
            input.push('\n');
            let alice_moves = cells.iter().filter(|&&c| c != 0).count() % 2 == 0;
            let alice_wins = if alice_moves {
                *mover_wins
            } else {
                !*mover_wins
            };
            expected += if alice_wins {
                "Possible.\n"
            } else {
                "Impossible.\n"
            };
        }
        // LF and CRLF line ends (the solution has a fast path for each).
        for input in [input.clone(), input.replace('\n', "\r\n")] {
            let r = run("tictactoe", input);
            assert_eq!(r.code, Some(0), "length {len}: {}", r.stderr);
            for (i, (got, want)) in r.stdout.lines().zip(expected.lines()).enumerate() {
                let strip = to_text(&positions[i].0, ['.', 'X', 'O']);
                assert_eq!(got, want, "strip {strip}");
            }
            assert_eq!(r.stdout, expected, "length {len}");
        }
    }
}

#[test]
fn coloring_matches_search_on_every_strip_up_to_10() {
    let cases: Vec<(String, &str)> = (1..=MAX_BRUTE_LEN)
        .flat_map(all_positions)
        .map(|(cells, wins, _)| {
            let input = format!("{}\n{}\n", cells.len(), to_text(&cells, ['0', '1', '2']));
            (input, if wins { "FIRST\n" } else { "SECOND\n" })
        })
        .collect();
    assert_eq!(
        cases.len(),
        3 + 7 + 17 + 41 + 99 + 239 + 577 + 1393 + 3363 + 8119
    );
    // One process per position (the format holds one strip): two threads halve the wait.
    let (a, b) = cases.split_at(cases.len() / 2);
    std::thread::scope(|s| {
        for half in [a, b] {
            s.spawn(move || {
                for (input, want) in half {
                    let r = run("coloring", input.clone());
                    assert_eq!(
                        (r.stdout.as_str(), r.code),
                        (*want, Some(0)),
                        "on {input:?}: {}",
                        r.stderr
                    );
                }
            });
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Big inputs across the read blocks. The solutions read 64 KiB blocks, always filled, so block
// boundaries sit at fixed input offsets; each feature below is put just before, on and just
// after several of them.

const BLOCK: usize = 1 << 16;

/// Random strips from the crate's seeded generator (reproducible).
trait RandomStrip {
    fn strip(&mut self, len: usize, empty_weight: u64) -> Vec<Cell>;
}

impl RandomStrip for Rng {
    /// A random proper strip; `empty_weight` out of 8 is the chance of an empty cell.
    fn strip(&mut self, len: usize, empty_weight: u64) -> Vec<Cell> {
        let mut cells: Vec<Cell> = Vec::with_capacity(len);
        for _ in 0..len {
            let pick = if (self.index(8) as u64) < empty_weight {
                None
            } else if self.index(2) == 0 {
                Some(Colour::One)
            } else {
                Some(Colour::Two)
            };
            let clash = pick.is_some() && cells.last() == Some(&pick);
            cells.push(if clash { None } else { pick });
        }
        cells
    }
}

fn colouring_answer(cells: &[Cell]) -> &'static str {
    if strip::position_grundy(cells) != 0 {
        "FIRST\n"
    } else {
        "SECOND\n"
    }
}

fn alice_answer(cells: &[Cell]) -> &'static str {
    let alice_moves = strip::marks(cells) % 2 == 0;
    if (strip::position_grundy(cells) != 0) == alice_moves {
        "Possible.\n"
    } else {
        "Impossible.\n"
    }
}

/// Offsets within the digit string that land next to block boundaries, given the header.
fn near_boundaries(header_len: usize, len: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for k in 1..=len / BLOCK + 1 {
        for d in [-2i64, -1, 0, 1, 2] {
            let at = (k * BLOCK) as i64 + d - header_len as i64;
            if at >= 0 && (at as usize) < len {
                out.push(at as usize);
            }
        }
    }
    out
}

#[test]
fn coloring_big_strips_across_block_boundaries() {
    let n = 3 * BLOCK + 1000;
    let header = format!("{n}\n");
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for at in near_boundaries(header.len(), n) {
        // A single colour at `at` (first and last mark at once), then one also at the end.
        for tail in [false, true] {
            let mut cells: Vec<Cell> = vec![None; n];
            cells[at] = Some(Colour::One);
            if tail {
                cells[n - 1] = Some(Colour::Two);
            }
            let input = format!("{header}{}\n", strip::to_digits(&cells));
            assert_eq!(
                run("coloring", input).stdout,
                colouring_answer(&cells),
                "mark at {at}, tail {tail}"
            );
            checked += 1;
        }
        // Dense random strip whose first colour sits at `at` and last colour too (mirrored).
        let mut cells = rng.strip(n, 3);
        cells[..at].fill(None);
        cells[at] = Some(Colour::Two);
        if let Some(next) = cells.get_mut(at + 1) {
            if *next == Some(Colour::Two) {
                *next = None;
            }
        }
        let input = format!("{header}{}\n", strip::to_digits(&cells));
        assert_eq!(
            run("coloring", input).stdout,
            colouring_answer(&cells),
            "first colour at {at}"
        );
        let mut cells = rng.strip(n, 3);
        cells[at..].fill(None);
        if at > 0 && cells[at - 1] == Some(Colour::One) {
            cells[at - 1] = None;
        }
        cells[at] = Some(Colour::One);
        let input = format!("{header}{}\n", strip::to_digits(&cells));
        assert_eq!(
            run("coloring", input).stdout,
            colouring_answer(&cells),
            "last colour at {at}"
        );
        checked += 2;
        // An improper pair straddling the offset: the error names the right vertices.
        if at > 0 {
            let mut cells: Vec<Cell> = vec![None; n];
            cells[at - 1] = Some(Colour::Two);
            cells[at] = Some(Colour::Two);
            let input = format!("{header}{}\n", strip::to_digits(&cells));
            assert_rejects(
                "coloring",
                &input,
                &format!("vertices {at} and {} are both coloured 2", at + 1),
            );
            // A blank at `at` ends the digit string (one token) there.
            let mut text = strip::to_digits(&vec![None; n]);
            text.insert(at, ' ');
            let input = format!("{header}{text}\n");
            assert_rejects(
                "coloring",
                &input,
                &format!("line 2: expected {n} digits, got {at}"),
            );
        }
    }
    assert!(checked > 40, "only {checked} boundary cases");
}

/// A lone colour in the middle of an odd strip: the two runs are worth the same, so the value
/// is 0 exactly when both run lengths are counted right, wherever the blocks cut them.
fn centred_mark(at: usize, colour: Colour) -> Vec<Cell> {
    let mut cells = vec![None; 2 * at + 1];
    cells[at] = Some(colour);
    cells
}

#[test]
fn centred_marks_on_block_boundaries() {
    // Headers of fixed length: the count right-aligned with spaces (allowed before it).
    const WIDTH: usize = 10;
    for at in near_boundaries(WIDTH + 1, 3 * BLOCK) {
        let cells = centred_mark(at, Colour::Two);
        assert_eq!(colouring_answer(&cells), "SECOND\n");
        let input = format!("{:>WIDTH$}\n{}\n", cells.len(), strip::to_digits(&cells));
        assert_eq!(run("coloring", input).stdout, "SECOND\n", "mark at {at}");
        // tictactoe: one mark, Bob to move on a zero position: Alice wins.
        assert_eq!(alice_answer(&cells), "Possible.\n");
        let input = format!("{:>WIDTH$}\n{}\n", 1, strip::to_marks(&cells));
        assert_eq!(
            run("tictactoe", input).stdout,
            "Possible.\n",
            "mark at {at}"
        );
        // Off by one on the right: a non-zero position.
        let mut cells = cells;
        cells.push(None);
        let input = format!("{:>WIDTH$}\n{}\n", 1, strip::to_marks(&cells));
        assert_eq!(
            run("tictactoe", input).stdout,
            "Impossible.\n",
            "mark at {at}, one more cell"
        );
    }
}

#[test]
fn tictactoe_faults_on_block_boundaries() {
    let header = "1\n";
    let n = 2 * BLOCK + 100;
    for at in near_boundaries(header.len(), n)
        .into_iter()
        .filter(|&at| at > 0)
    {
        for colour in Colour::BOTH {
            let mut cells: Vec<Cell> = vec![None; n];
            cells[at - 1] = Some(colour);
            cells[at] = Some(colour);
            let input = format!("{header}{}\n", strip::to_marks(&cells));
            let pair = format!("{0}{0}", colour.mark());
            assert_rejects(
                "tictactoe",
                &input,
                &format!("line 2: '{pair}' at columns {at}-{}", at + 1),
            );
        }
        // A blank ends the one strip there: what follows is extra.
        let mut text = strip::to_marks(&vec![None; n]);
        text.insert(at, '\t');
        let input = format!("{header}{text}\n");
        assert_rejects(
            "tictactoe",
            &input,
            "line 2: unexpected '.' after the last strip (T = 1)",
        );
        // Columns count from the line's start, whatever ended the line before.
        for header in [header, "1\r", "\r\n1\r\n"] {
            let mut text = strip::to_marks(&vec![None; n]);
            text.insert(at, '#');
            let input = format!("{header}{text}\n");
            let line = 2 + usize::from(header.starts_with('\r'));
            assert_rejects(
                "tictactoe",
                &input,
                &format!("line {line}: '#' at column {} is not a cell", at + 1),
            );
        }
    }
}

#[test]
fn tictactoe_many_random_strips_across_block_boundaries() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut strips = Vec::new();
    // Lengths from 1 to beyond two blocks, sparse and dense, about 1.5 MB in all.
    for i in 0..3000 {
        let len = match i % 4 {
            0 => rng.range(1, 8) as usize,
            1 => rng.range(1, 200) as usize,
            2 => rng.range(1, 1000) as usize,
            _ => rng.range(1, if i % 40 == 3 { 40_000 } else { 2000 }) as usize,
        };
        strips.push(rng.strip(len, [1, 4, 7][i % 3]));
    }
    // Strips with all cells empty, and one mark at either end, long enough to span blocks.
    let mut lone = vec![None; 2 * BLOCK + 5];
    strips.push(lone.clone());
    lone[0] = Some(Colour::One);
    strips.push(lone.clone());
    lone[0] = None;
    let end = lone.len() - 1;
    lone[end] = Some(Colour::Two);
    strips.push(lone);
    let mut input = format!("{}\r\n", strips.len());
    let mut expected = String::new();
    for (i, cells) in strips.iter().enumerate() {
        // Mix the whitespace the format tolerates: line ends of every kind, blanks around
        // strips, blank lines, strips joined on one line.
        let (before, after) = [
            ("", "\n"),
            ("  ", "\r\n"),
            ("\t", " \t\n"),
            ("", "\r"),
            ("\n\n", " "),
            ("\x0b", "\r\n\r\n\x0c"),
        ][i % 6];
        input += before;
        input += &strip::to_marks(cells);
        input += after;
        expected += alice_answer(cells);
    }
    let r = run("tictactoe", input);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    for (i, (got, want)) in r.stdout.lines().zip(expected.lines()).enumerate() {
        assert_eq!(got, want, "strip {} of length {}", i + 1, strips[i].len());
    }
    assert_eq!(r.stdout, expected);
}

/// Line numbers through the fast path: 50 000 one-cell strips with every kind of line end (so
/// line ends straddle the 64-byte chunks and the input blocks at every offset), then a fault.
#[test]
fn tictactoe_counts_lines_across_chunks() {
    for end in ["\n", "\r\n", "\r", "\r\n\r\n", "\n\r"] {
        let lines_per_strip = match end {
            "\r\n\r\n" | "\n\r" => 2,
            _ => 1,
        };
        let strips = 50_000;
        let mut input = format!("{}{end}", strips + 1);
        for i in 0..strips {
            input += ["X", ".", "O"][i % 3];
            input += end;
        }
        input += ".XX";
        input += end;
        // The count and each strip end with `end`: the fault's line is the one after them.
        let line = 1 + (strips + 1) * lines_per_strip;
        assert_rejects(
            "tictactoe",
            &input,
            &format!("line {line}: 'XX' at columns 2-3"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed input.

#[test]
fn tictactoe_rejects_malformed_input() {
    let cases = [
        (
            "",
            "line 1: expected the number of strips T, got the end of input",
        ),
        (
            "x\n...\n",
            "line 1: expected the number of strips T, got 'x'",
        ),
        ("-1\n", "line 1: expected the number of strips T, got '-'"),
        ("99999999999999999999\n", "line 1: T is too large"),
        ("2x\n...\nX..\n", "line 1: unexpected 'x' after T"),
        ("2\n...\n", "line 3: expected 2 strips, got 1 (input ends)"),
        (
            "3\n...\n\n.X.\n",
            "line 5: expected 3 strips, got 2 (input ends)",
        ),
        ("1\n \t\r\n", "line 3: expected 1 strip, got 0 (input ends)"),
        (
            "1\n...\n...\n",
            "line 3: unexpected '.' after the last strip (T = 1)",
        ),
        ("2\n.X.\n.XX\n", "line 3: 'XX' at columns 2-3"),
        ("1\nO.OO\n", "line 2: 'OO' at columns 3-4"),
        ("1\n  X.x\n", "line 2: 'x' at column 5 is not a cell"),
        ("1\n.0.\n", "line 2: '0' at column 2 is not a cell"),
        ("1\nX. .\n", "line 2: unexpected '.' after the last strip"),
        (
            "1\nX.\t.\r\n",
            "line 2: unexpected '.' after the last strip",
        ),
        ("1\nX.\r.\n", "line 3: unexpected '.' after the last strip"),
        // Lines end at LF, CRLF and a bare CR alike; joined strips count columns on.
        ("2\r.X.\r\r.XX\r", "line 4: 'XX' at columns 2-3"),
        ("2\r\n.X.\r\n\r\n.XX\r\n", "line 4: 'XX' at columns 2-3"),
        ("2 .X. .XX", "line 1: 'XX' at columns 8-9"),
        ("2\r\r.X.\r.#X", "line 4: '#' at column 2 is not a cell"),
        (
            "1\n.\u{e9}\n",
            "line 2: byte 0xc3 at column 2 is not a cell",
        ),
        ("1\n.\0\n", "line 2: byte 0x00 at column 2 is not a cell"),
    ];
    for (input, needle) in cases {
        let line = assert_rejects("tictactoe", input, needle);
        assert!(line.starts_with("tictactoe: line "), "{line}");
    }
}

#[test]
fn coloring_rejects_malformed_input() {
    let cases = [
        (
            "",
            "line 1: expected the number of vertices N, got the end of input",
        ),
        (
            "a\n0\n",
            "line 1: expected the number of vertices N, got 'a'",
        ),
        ("0\n\n", "line 1: N must be at least 1"),
        ("18446744073709551616\n0\n", "line 1: N is too large"),
        ("5x\n00100\n", "line 1: unexpected 'x' after N"),
        (
            "5\n",
            "line 2: expected 5 digits after N, got the end of input",
        ),
        (
            "5\n\n \r\n",
            "line 4: expected 5 digits after N, got the end of input",
        ),
        ("5\n0010\n", "line 2: expected 5 digits, got 4"),
        ("5\n001000\n", "line 2: expected 5 digits, got 6"),
        ("5\n001\n00\n", "line 2: expected 5 digits, got 3"),
        (
            "5\n00100\n1\n",
            "line 3: unexpected '1' after the digit string",
        ),
        ("5\n001 00\n", "line 2: expected 5 digits, got 3"),
        (
            "5\n00100 \t0\n",
            "line 2: unexpected '0' after the digit string",
        ),
        // Lines end at LF, CRLF and a bare CR alike; a joined record counts columns on.
        ("5\r\r00300\r", "line 3: '3' at column 3"),
        ("5\r\n\r\n0010\r\n", "line 3: expected 5 digits, got 4"),
        ("5 00300", "line 1: '3' at column 5"),
        ("5\n00110\n", "line 2: vertices 3 and 4 are both coloured 1"),
        (
            "4\n  2200\n",
            "line 2: vertices 1 and 2 are both coloured 2",
        ),
        (
            "5\n00300\n",
            "line 2: '3' at column 3 is not a digit 0, 1 or 2",
        ),
        (
            "5\n0010X\n",
            "line 2: 'X' at column 5 is not a digit 0, 1 or 2",
        ),
        ("3\n0\u{0}0\n", "line 2: byte 0x00 at column 2"),
    ];
    for (input, needle) in cases {
        let line = assert_rejects("coloring", input, needle);
        assert!(line.starts_with("coloring: line "), "{line}");
    }
}

/// What the formats tolerate: any whitespace between tokens (blank lines anywhere, LF, CRLF or
/// bare CR line ends, records joined on one line), no final newline.
#[test]
fn whitespace_the_formats_tolerate() {
    for input in [
        "5\n00100\n",
        "\r\n 5 \r\n\t00100\t\r\n\r\n  \n",
        "5\n00100",
        // A record joined on one line, blank lines anywhere, bare CR, VT and FF.
        "5 00100",
        "\n\n5\n\n\n00100\n\n",
        "5\r\r00100\r",
        "5\x0b00100\x0c",
    ] {
        let r = run("coloring", input);
        assert_eq!(
            (r.stdout.as_str(), r.code),
            ("SECOND\n", Some(0)),
            "{input:?}: {}",
            r.stderr
        );
    }
    for input in [
        "2\n.X.\nX.O\n",
        "\n2\r\n .X. \r\nX.O",
        "2\n.X.\t\nX.O\n\n\n",
        // Strips joined on one line, blank lines anywhere, bare CR, VT and FF.
        "2 .X. X.O",
        "\n\n2\n\n.X.\n\nX.O\n\n",
        "2\r.X.\r\rX.O\r",
        "2\x0b.X.\x0cX.O",
    ] {
        let r = run("tictactoe", input);
        assert_eq!(
            (r.stdout.as_str(), r.code),
            ("Possible.\nImpossible.\n", Some(0)),
            "{input:?}: {}",
            r.stderr
        );
    }
    // T = 0 is out of range (T counts at least one strip), refused like coloring's N = 0
    // (tests/solutions/small_faults.rs).
    common::command("tictactoe")
        .write_stdin("0\n")
        .assert()
        .code(1)
        .stdout("");
}

#[test]
fn help_goes_to_stdout() {
    for bin in ["tictactoe", "coloring"] {
        for flag in ["--help", "-h"] {
            common::command(bin)
                .arg(flag)
                .assert()
                .code(0)
                .stdout(predicates::str::starts_with(format!("usage: {bin}")));
        }
        common::command(bin)
            .arg("--frobnicate")
            .write_stdin("1\n1\n")
            .assert()
            .code(1)
            .stdout(predicates::str::is_empty());
    }
}

/// Answers into a pipe whose reader is gone (100000 strips: larger than a pipe's buffer): no
/// message, exit 0.
#[test]
fn answers_into_a_closed_pipe_end_quietly() {
    let solution = std::path::PathBuf::from(common::bin("tictactoe"));
    let strips = format!("100000\n{}", "...\n".repeat(100_000));
    let out = common::into_a_closed_pipe(&solution, &[], strips.as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
