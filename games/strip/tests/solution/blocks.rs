//! Big inputs across the read blocks. The solutions read 64 KiB blocks, always filled, so block
//! boundaries sit at fixed input offsets; each feature below is put just before, on and just
//! after several of them.

use crate::common;
use combgames_core::rng::Rng;
use combgames_strip::{self as strip, Cell, Colour};
use common::{assert_rejects, run};

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
