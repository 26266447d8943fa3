//! The registry: the one list of games. Everything that names the games (the referee, gen,
//! `referee judge`, `referee kattis`, their help texts, scripts/play.sh through
//! `referee --list-games`, the tests) iterates [`Game::ALL`] or looks a name up with
//! [`Game::parse`].
//!
//! Each game is one line below: its name (the problem's name too: the batch problem
//! `<name>`, its solution `solutions/<name>.rs`, its checker `check-<name>`, its validator
//! `validate-<name>`), its generator ([`Generator`], in src/generate/: the one maker of its
//! positions, batch tests and referee rounds alike), its input validator
//! ([`Validator`], in src/validate.rs) and how the referee plays it ([`Play`], in the game's file under src/referee/games/). Every problem is
//! today both a batch problem and a played game; tictactoe and coloring are two problems on
//! the one strip game (src/referee/games/strip.rs), each with its own notation.
//!
//! Adding a game: its own files (rules and evaluator, `Play` and `Generator` values, solution,
//! checker and validator binaries, samples, package) and one line here.

use crate::generate::{self, Generator};
use crate::referee::games::{self, Play};
use crate::validate::{self, Validator};

/// What the registry holds about one game.
pub struct Entry {
    pub name: &'static str,
    pub gen: &'static Generator,
    pub validator: &'static Validator,
    pub play: &'static Play,
}

/// Declares the `Game` enum, its list `ALL` and each game's [`Entry`] from one line per game.
macro_rules! registry {
    ($($variant:ident => $name:literal, $gen:path, $validator:path, $play:path;)*) => {
        /// A game (and the problem of the same name).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Game {
            $($variant,)*
        }

        impl Game {
            /// Every game, in the order help texts and tables list them.
            pub const ALL: &'static [Game] = &[$(Game::$variant,)*];

            pub fn entry(self) -> &'static Entry {
                match self {
                    $(Game::$variant => &Entry {
                        name: $name,
                        gen: &$gen,
                        validator: &$validator,
                        play: &$play,
                    },)*
                }
            }
        }
    };
}

// name, generator (batch tests and rounds), input validator, how the referee plays it.
#[rustfmt::skip]
registry! {
    Subtraction => "subtraction", generate::subtraction::GEN, validate::SUBTRACTION, games::subtraction::PLAY;
    Pawns => "pawns", generate::pawns::GEN, validate::PAWNS, games::pawns::PLAY;
    Tictactoe => "tictactoe", generate::strip::TICTACTOE, validate::TICTACTOE, games::strip::PLAY_TICTACTOE;
    Coloring => "coloring", generate::strip::COLORING, validate::COLORING, games::strip::PLAY_COLORING;
    Knights => "knights", generate::knights::GEN, validate::KNIGHTS, games::knights::PLAY;
    Race => "race", generate::race::GEN, validate::RACE, games::race::PLAY;
    Impartial => "impartial", generate::impartial::GEN, validate::IMPARTIAL, games::impartial::PLAY;
}

impl Game {
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    pub fn parse(name: &str) -> Option<Game> {
        Game::ALL.iter().copied().find(|g| g.name() == name)
    }

    /// The game's generator: batch tests (gen, `referee judge`) and the referee's rounds.
    pub fn gen(self) -> &'static Generator {
        self.entry().gen
    }

    /// The batch problem's strict input validator.
    pub fn validator(self) -> &'static Validator {
        self.entry().validator
    }

    /// How the referee plays the game.
    pub fn play(self) -> &'static Play {
        self.entry().play
    }

    /// Every name, `a, b, ... or z` (for messages).
    pub fn names_or() -> String {
        let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
        match names.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// Every name, comma-separated.
    pub fn names() -> String {
        let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::Game;

    /// The validators are bundled without the registry, so they carry their names: the same.
    #[test]
    fn each_validator_is_its_games() {
        for &game in Game::ALL {
            assert_eq!(game.validator().name, game.name());
            assert_eq!(Game::parse(game.name()), Some(game));
        }
        assert_eq!(Game::parse("chess"), None);
    }
}
