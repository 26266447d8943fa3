//! Starts of a given coverage class or (class, error) pair (games/strip/README.md, coverage
//! classes): a run of the class planted in a sprinkled strip, or a lost strip whose one run of
//! a kind shows the error, each checked by the evaluator.

use super::{put, usize_of, MakeError};
use crate::play::MAX_CELLS;
use crate::{Cell, Colour, ValuedStrip};
use combgames_core::rng::Rng;
use std::ops::Range;

/// Draws a class round makes (each a strip checked for its class) before it gives up.
const CLASS_TRIES: usize = 200;

/// Whether a session's length range holds a strip of every coverage class (crate::CLASSES):
/// the shortest ones (a run of one or two cells) and an end run past 65535 cells.
pub fn covers_classes((lo, hi): (u64, u64)) -> bool {
    lo <= 8 && hi >= 100_000
}

/// A start of coverage class `class` (one of crate::CLASSES, games/strip/README.md, coverage classes) with a
/// length in `lo..=hi`: a run of the class planted in a sprinkled strip (`run:`), or a
/// sprinkled strip with its end cells set (`ends:`) or drawn as is (`win:`); kept when the
/// evaluator finds the class in it, moved on to a lost start a third of the time where the
/// class survives that. The seed chooses the lengths, the place and the rest of the strip.
/// None when no draw is of the class (not for a range [`covers_classes`] accepts).
pub fn class_start(
    class: &str,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<Option<Vec<Cell>>, MakeError> {
    let (lo, hi) = (lo.clamp(1, MAX_CELLS), hi.clamp(1, MAX_CELLS));
    let hi = usize_of(hi.max(lo))?;
    let lo = usize_of(lo)?;
    for _ in 0..CLASS_TRIES {
        let Some(cells) = class_draw(class, lo, hi, rng) else {
            continue;
        };
        if !(lo..=hi).contains(&cells.len()) {
            continue;
        }
        let valued = ValuedStrip::new(cells).map_err(MakeError::Strip)?;
        if !valued.classes().contains(&class) {
            continue;
        }
        if !class.starts_with("win:") && valued.xor() != 0 && rng.index(3) == 0 {
            let mut moved = valued.clone();
            let (at, colour) = moved.winning_move().map_err(MakeError::Valued)?;
            moved.place(at, colour).map_err(MakeError::Valued)?;
            if moved.classes().contains(&class) {
                return Ok(Some(moved.into_cells()));
            }
        }
        return Ok(Some(valued.into_cells()));
    }
    Ok(None)
}

/// A start that shows the (class, error) pair `pair` (one of crate::ERROR_PAIRS,
/// games/strip/README.md, coverage classes) with a length in `lo..=hi` (a range
/// [`covers_classes`] accepts): the empty strip of the pair's parity for the open runs, else
/// a lost strip with one run of the pair's kind (`error_cells`). The seed chooses the run's
/// length within its kind, the other runs' lengths, the colours, the marked stretches between
/// the runs and which way the strip reads. None when no draw fits the range.
pub fn error_start(
    pair: &str,
    (lo, hi): (u64, u64),
    rng: &mut Rng,
) -> Result<Option<Vec<Cell>>, MakeError> {
    let (lo, hi) = (lo.clamp(1, MAX_CELLS), hi.clamp(1, MAX_CELLS));
    let hi = usize_of(hi.max(lo))?;
    let lo = usize_of(lo)?;
    let Some((_, kind)) = pair.split_once(':') else {
        return Ok(None);
    };
    let class = format!("run:{kind}");
    for _ in 0..CLASS_TRIES {
        let cells = if kind.starts_with("open-") {
            class_draw(&class, lo, hi, rng)
        } else if pair.starts_with("run-2:") {
            shift_cells(lo, rng)
        } else {
            error_cells(kind, lo, rng)
        };
        let Some(cells) = cells.filter(|c| (lo..=hi).contains(&c.len())) else {
            continue;
        };
        let valued = ValuedStrip::new(cells).map_err(MakeError::Strip)?;
        if valued.classes().contains(&pair) {
            return Ok(Some(valued.into_cells()));
        }
    }
    Ok(None)
}

/// A lost strip holding one run of `kind` (a [`strip::RUN_KINDS`] kind past `run:`, not an
/// open one), its value set beside different ones, from left to right: an end run, a mark,
/// marked cells, the runs between marks, marked cells, a mark, an end run; then reversed
/// half of the time. An end kind's run is the left end run, beside a run between equal marks
/// (value 1) and a right end run of its length xor 1 (so the two end runs never cancel); a
/// run between marks sits between end runs of a drawn length a and a xor its value. A length
/// of 0 is a marked end cell. At least `lo` cells.
///
/// [`strip::RUN_KINDS`]: crate::RUN_KINDS
fn error_cells(kind: &str, lo: usize, rng: &mut Rng) -> Option<Vec<Cell>> {
    let banded = |rng: &mut Rng| match kind {
        "end-1" | "equal-1" | "different-1" => 1,
        "end-2" | "equal-2" | "different-2" => 2,
        "end-3-to-255" => rng.range(3, 255),
        "end-256-to-65535" => rng.log_range(256, 65535),
        "end-past-65535" => rng.log_range(65536, 300_000),
        _ => rng.log_range(3, 10_000),
    } as usize;
    let len = banded(rng);
    // (left end run, the inner runs as (length, equal marks), right end run)
    let (left, inner, right) = if kind.starts_with("end-") {
        let equal = rng.range(1, 4) as usize;
        (len, vec![(equal, true)], len ^ 1)
    } else {
        let equal = kind.starts_with("equal-");
        let a = rng.log_range(1, 2000) as usize - 1;
        (a, vec![(len, equal)], a ^ usize::from(equal))
    };
    let mut cells: Vec<Cell> = vec![None; left];
    // `count` marked cells, each unlike the one before.
    fn marked(cells: &mut Vec<Cell>, count: usize, rng: &mut Rng) {
        for _ in 0..count {
            let c = match cells.last() {
                Some(Some(c)) => c.other(),
                _ => Colour::BOTH[rng.index(2)],
            };
            cells.push(Some(c));
        }
    }
    marked(&mut cells, 1 + rng.index(4), rng);
    for (len, equal) in inner {
        let Some(Some(c)) = cells.last().copied() else {
            return None;
        };
        cells.extend(std::iter::repeat(None).take(len));
        cells.push(Some(if equal { c } else { c.other() }));
        marked(&mut cells, rng.index(4), rng);
    }
    let short = lo.saturating_sub(cells.len() + right);
    marked(&mut cells, short, rng);
    cells.extend(std::iter::repeat(None).take(right));
    if rng.index(2) == 0 {
        cells.reverse();
    }
    Some(cells)
}

/// A won strip where end runs past 65535 cells valued 2 too small make the xor 0: an end run
/// of 65536 or 65537 cells (a), at the other end one of (a − 2) xor y cells, y the xor of the
/// runs between, 0 (none) or 1 (one run between equal marks of 1 to 4 cells); marked cells
/// between; reversed half of the time. At least `lo` cells.
fn shift_cells(lo: usize, rng: &mut Rng) -> Option<Vec<Cell>> {
    let a = 65536 + rng.index(2);
    let y = rng.index(2);
    let mut cells: Vec<Cell> = vec![None; a];
    let c = Colour::BOTH[rng.index(2)];
    cells.push(Some(c));
    if y == 1 {
        cells.extend(std::iter::repeat(None).take(1 + rng.index(4)));
        cells.push(Some(c));
    }
    let marks = 1 + rng.index(4) + lo.saturating_sub(cells.len() + ((a - 2) ^ y));
    for _ in 0..marks {
        let last = cells.last().copied().flatten().unwrap_or(c);
        cells.push(Some(last.other()));
    }
    cells.extend(std::iter::repeat(None).take((a - 2) ^ y));
    if rng.index(2) == 0 {
        cells.reverse();
    }
    Some(cells)
}

/// One draw of [`class_start`]: None when the draw cannot fit `hi`.
fn class_draw(class: &str, lo: usize, hi: usize, rng: &mut Rng) -> Option<Vec<Cell>> {
    let (group, detail) = class.split_once(':')?;
    let percent = rng.range(10, 70);
    if group != "run" {
        let n = rng.log_range(lo as u64, hi.min(10_000) as u64) as usize;
        let mut cells = sprinkled(vec![None; n], 0..0, percent, rng);
        let set = |cells: &mut Vec<Cell>, at: usize, marked: bool, rng: &mut Rng| {
            cells[at] = None;
            if marked {
                let c = Colour::BOTH[rng.index(2)];
                put(cells, at, c);
                put(cells, at, c.other());
            }
        };
        let ends = match detail {
            "both-empty" => Some((false, false)),
            "left-marked" => Some((true, false)),
            "right-marked" => Some((false, true)),
            "both-marked" => Some((true, true)),
            _ => None,
        };
        if let Some((left, right)) = ends {
            set(&mut cells, 0, left, rng);
            set(&mut cells, n - 1, right, rng);
        }
        return Some(cells);
    }
    let (len, ends) = match detail {
        "open-odd" | "open-even" => {
            let mut n = rng.log_range(lo as u64, hi.min(100_000) as u64) as usize;
            if (n % 2 == 1) != (detail == "open-odd") {
                n = if n > lo { n - 1 } else { n + 1 };
            }
            return (n <= hi).then(|| vec![None; n]);
        }
        "end-1" => (1, 1),
        "end-2" => (2, 1),
        "end-3-to-255" => (rng.range(3, 255), 1),
        "end-256-to-65535" => (rng.log_range(256, 65535), 1),
        "end-past-65535" => (rng.log_range(65536, 300_000), 1),
        "equal-1" | "different-1" => (1, 2),
        "equal-2" | "different-2" => (2, 2),
        _ => (rng.log_range(3, 10_000), 2),
    };
    let len = len as usize;
    let base = len + ends;
    let n = (base + rng.log_range(1, 2000) as usize - 1).max(lo);
    if n > hi {
        return None;
    }
    let mut cells = vec![None; n];
    let c = Colour::BOTH[rng.index(2)];
    let run = if ends == 1 {
        // An end run: at the left or the right edge, bounded by one mark.
        if rng.index(2) == 0 {
            cells[len] = Some(c);
            0..len
        } else {
            cells[n - 1 - len] = Some(c);
            n - len..n
        }
    } else {
        let at = rng.index(n - base + 1);
        let other = if class.contains("equal") {
            c
        } else {
            c.other()
        };
        cells[at] = Some(c);
        cells[at + len + 1] = Some(other);
        at + 1..at + 1 + len
    };
    Some(sprinkled(cells, run, percent, rng))
}

/// `cells` with each empty cell outside `keep` marked with probability `percent` % where a
/// colour is allowed.
fn sprinkled(mut cells: Vec<Cell>, keep: Range<usize>, percent: u64, rng: &mut Rng) -> Vec<Cell> {
    for at in 0..cells.len() {
        if keep.contains(&at) || cells[at].is_some() || rng.range(1, 100) > percent {
            continue;
        }
        let c = Colour::BOTH[rng.index(2)];
        put(&mut cells, at, c);
        put(&mut cells, at, c.other());
    }
    cells
}
