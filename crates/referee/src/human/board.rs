//! The board of the game drawn in text for `referee human`: each game's crate draws its own
//! ([`combgames_core::board::Drawing`], found through the registry); this keeps whose turn it is
//! and the last move.

use combgames_core::board::Drawing;
use combgames_registry::Game;

/// The position of one round as drawn; [`Board::apply`] plays a move the round accepted.
pub struct Board {
    drawing: Box<dyn Drawing>,
    /// Whether the first player is to move.
    first_to_move: bool,
    /// The last move, in notation.
    last: Option<String>,
}

/// The name of a side: the first player is White in pawns and A in race.
pub fn side_name(game: Game, first: bool) -> &'static str {
    game.problem().sides[usize::from(!first)]
}

/// How a move is typed, for `help` and after a malformed move.
pub fn notation(game: Game) -> &'static str {
    game.problem().notation
}

impl Board {
    /// The board of a start position in the problem's single-case input (its lines joined by
    /// `\n`, as [`combgames_core::round::Round::position_line`] gives it).
    pub fn new(game: Game, position: &str) -> Result<Board, String> {
        let (drawing, before) = (game.problem().board)(position)?;
        Ok(Board {
            drawing,
            first_to_move: true,
            last: before,
        })
    }

    /// Plays a move the round has accepted as legal (so it is in notation and fits the
    /// position), for the player to move.
    pub fn apply(&mut self, line: &str) {
        // The numeric tokens (a strip move's symbol is not one).
        let nums: Vec<u64> = line
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        self.drawing.apply(line, &nums, self.first_to_move);
        self.first_to_move = !self.first_to_move;
        self.last = Some(line.to_owned());
    }

    /// The position drawn, each line ending in a newline.
    pub fn render(&self) -> String {
        self.drawing.render(self.last.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_move_and_capture() {
        let mut board = Board::new(Game::Pawns, "3").unwrap();
        board.apply("1 2 2 2");
        board.apply("3 1 2 2");
        let text = board.render();
        assert!(text.contains("  3   . b b  Black"), "{text}");
        assert!(text.contains("  2   . b ."), "{text}");
        assert!(text.contains("  1   w . w  White"), "{text}");
    }

    #[test]
    fn a_long_pawn_row_shows_a_window_around_the_last_move() {
        let mut board = Board::new(Game::Pawns, "1000").unwrap();
        board.apply("1 500 2 500");
        let text = board.render();
        assert!(text.contains("columns 485 to 514 of 1000"), "{text}");
    }

    #[test]
    fn strips_have_a_ruler() {
        let mut board = Board::new(Game::Tictactoe, "............").unwrap();
        board.apply("5 X");
        let text = board.render();
        assert!(text.contains("  ....X.......\n  1   5    10\n"), "{text}");
        let board = Board::new(Game::Coloring, "3\n010").unwrap();
        assert!(board.render().contains("3 cells, 2 empty"));
    }

    #[test]
    fn subtraction_shows_the_cap() {
        let mut board = Board::new(Game::Subtraction, "10 2").unwrap();
        assert!(board.render().contains("may take: 1 to 9"));
        board.apply("3");
        let text = board.render();
        assert!(text.contains("pile: 7 stones  ooooooo\n"), "{text}");
        assert!(text.contains("may take: 1 to 6"), "{text}");
    }

    #[test]
    fn subtraction_starts_mid_game() {
        // `n k p`: 10 stones, the opponent took 2, so k = 3/2 gives a cap of 3.
        let board = Board::new(Game::Subtraction, "10 3/2 2").unwrap();
        let text = board.render();
        assert!(text.contains("may take: 1 to 3"), "{text}");
        assert!(text.contains("3/2 * 2, floor 3"), "{text}");
        assert!(Board::new(Game::Subtraction, "10 2 1 1").is_err());
        assert!(Board::new(Game::Subtraction, "10 2 x").is_err());
    }

    #[test]
    fn knights_race_and_heaps() {
        let mut board = Board::new(Game::Knights, "2 5\n4 4\n1 1").unwrap();
        board.apply("2 5 1 1");
        let text = board.render();
        assert!(text.contains("A:(2, 5)  B:(1, 1)*"), "{text}");
        let mut board = Board::new(Game::Race, "3\nA..\n...\n..B").unwrap();
        board.apply("1 2");
        let text = board.render();
        assert!(text.contains("   1 a A ."), "{text}");
        // A mid-game start: A on 1 2 and B on 2 2, the starts drawn lower case.
        let board = Board::new(Game::Race, "3\nAa.\n.b.\n..B").unwrap();
        let text = board.render();
        assert!(text.contains("A on (1, 2), B on (2, 2)"), "{text}");
        assert!(
            text.contains("   1 a A .\n   2 . B .\n   3 . . b"),
            "{text}"
        );
        let mut board = Board::new(Game::Impartial, "0.137\n2 4 5").unwrap();
        board.apply("2 1 2");
        let text = board.render();
        assert!(text.contains("3 heaps"), "{text}");
        assert!(text.contains("3:   2  ||"), "{text}");
    }
}
