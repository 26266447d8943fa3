//! What one left-to-right pass over a strip knows of it: enough for its Grundy value (the
//! strip game's theory, shared by tictactoe and coloring, which feed it from their own
//! readers; shared/strip.rs is the play engine). A run of L empty cells is worth L mod 2
//! between the strip's ends, L between an end and a mark, 1 between equal marks and 0
//! between different ones; the strip is the XOR of its runs, and the inner runs' XOR is the
//! parity of the inner runs between equal marks, which the mark count's parity and whether
//! the first and last marks differ give at once.

/// The running summary of a strip.
pub struct Summary {
    pub cells: u64,
    pub odd_marks: bool,
    /// Offset and letter of the first mark.
    pub first_mark: Option<(u64, u8)>,
    pub last_mark: u8,
    /// Empty cells after the last mark (all cells while there is no mark).
    pub empty_after_last: u64,
    /// The last cell seen.
    pub prev: u8,
}

impl Summary {
    /// The summary of no cell yet; `empty` is the notation's empty cell.
    pub fn new(empty: u8) -> Self {
        Summary {
            cells: 0,
            odd_marks: false,
            first_mark: None,
            last_mark: empty,
            empty_after_last: 0,
            prev: empty,
        }
    }

    /// Grundy value of the strip for the player to move.
    pub fn grundy(&self) -> u64 {
        match self.first_mark {
            None => self.cells % 2,
            Some((before_first, first)) => {
                let inner = u64::from(!self.odd_marks ^ (first != self.last_mark));
                before_first ^ self.empty_after_last ^ inner
            }
        }
    }
}
