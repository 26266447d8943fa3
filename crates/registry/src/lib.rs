//! The registry: the one list of games. Everything that names the games (the referee, gen,
//! `referee judge`, `referee kattis`, their help texts, scripts/play.sh through
//! `referee --list-games`, the tests) iterates [`Game::ALL`] or looks a name up with
//! [`Game::parse`].
//!
//! Each game is one line below naming its crate's [`Problem`] (`games/<game>/`: rules and
//! evaluator, generator, the referee's side, validator, checker, shrinker, human board, its
//! part of the replay page): the registry knows the games through those values alone. Every problem is both a batch problem and a
//! played game; tictactoe and coloring are two problems on the one strip game (games/strip/),
//! each with its own notation.
//!
//! Adding a game: docs/adding-a-game.md.
//!
//! ```
//! use combgames_core::gen::{generate_bytes, Spec};
//! use combgames_core::rng::Rng;
//! use combgames_core::round::{Round, RoundSpec};
//! use combgames_registry::Game;
//!
//! let game = Game::parse("subtraction").unwrap();
//! // A judge input, the bytes of `gen subtraction --seed 1 --kind integer`.
//! let spec = Spec::new(game.gen(), Some("integer"), None, None, 1).unwrap();
//! let input = generate_bytes(&spec);
//! assert!(input.ends_with(b"\n"));
//!
//! // A round as the referee draws it, and its evaluator's answer.
//! let mut rng = Rng::for_round(1, 1);
//! let mut round = game.generate(&RoundSpec::default(), 1, &mut rng).unwrap();
//! if round.mover_wins().unwrap() {
//!     let played = round.winning_move(&mut rng).unwrap(); // in the protocol's notation
//!     assert!(!played.is_empty() && !round.mover_wins().unwrap());
//! }
//! ```

use combgames_core::gen::Generator;
use combgames_core::problem::Problem;
use combgames_core::rng::Rng;
use combgames_core::round::{GameError, Play, Round, RoundSpec};
use combgames_core::shrink::Candidates;
use combgames_core::validate::Validator;

use combgames_impartial as impartial;
use combgames_knights as knights;
use combgames_pawns as pawns;
use combgames_race as race;
use combgames_strip as strip;
use combgames_subtraction as subtraction;

/// Declares the `Game` enum, its list `ALL` and each game's [`Problem`] from one line per game.
macro_rules! registry {
    ($($variant:ident => $problem:path;)*) => {
        /// A game (and the problem of the same name).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Game {
            $($variant,)*
        }

        impl Game {
            /// Every game, in the order help texts and tables list them.
            pub const ALL: &'static [Game] = &[$(Game::$variant,)*];

            /// The parts the game's crate provides.
            pub fn problem(self) -> &'static Problem {
                match self {
                    $(Game::$variant => &$problem,)*
                }
            }
        }
    };
}

// The problems in the order help texts and tables list them: each its game crate's one value.
registry! {
    Subtraction => subtraction::SUBTRACTION;
    Pawns => pawns::PAWNS;
    Tictactoe => strip::TICTACTOE;
    Coloring => strip::COLORING;
    Knights => knights::KNIGHTS;
    Race => race::RACE;
    Impartial => impartial::IMPARTIAL;
}

impl Game {
    pub fn name(self) -> &'static str {
        self.problem().name
    }

    pub fn parse(name: &str) -> Option<Game> {
        Game::ALL.iter().copied().find(|g| g.name() == name)
    }

    /// The game's generator: batch tests (gen, `referee judge`) and the referee's rounds.
    pub fn gen(self) -> &'static Generator {
        self.problem().gen
    }

    /// The batch problem's strict input validator.
    pub fn validator(self) -> &'static Validator {
        self.problem().validator
    }

    /// How the referee plays the game.
    pub fn play(self) -> &'static Play {
        self.problem().play
    }

    /// The reducer of `referee judge`'s shrinking.
    pub fn shrink(self) -> fn(&str, &mut Candidates) -> Option<()> {
        self.problem().shrink
    }

    /// gen's `--size` and `--count` within the original judge's limits.
    pub fn judge_sized(self) -> (u64, Option<u64>) {
        self.problem().judge_sized
    }

    /// gen's options of the package's test at the statement's largest sizes, if any.
    pub fn largest(self) -> Option<combgames_core::problem::Largest> {
        self.problem().largest
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

/// The referee's view of a game, from its [`Play`].
impl Game {
    /// Default size range (each game's file says why).
    pub fn default_size(self) -> (u64, u64) {
        self.play().default_size
    }

    /// Largest size the referee accepts.
    pub fn max_size(self) -> u64 {
        self.play().max_size
    }

    /// Rounds of a session when `--rounds` is not given ([`Play::rounds`]).
    pub fn default_rounds(self) -> u64 {
        self.play().rounds
    }

    /// See [`Play::move_cap`].
    pub fn default_move_cap(self) -> u64 {
        self.play().move_cap
    }

    /// Longest line the solution may write (knights: one move names every knight).
    pub fn max_line(self) -> usize {
        self.play().max_line
    }

    /// A random round; `round` (1-based) lets a game put its must-play sizes first.
    pub fn generate(
        self,
        spec: &RoundSpec,
        round: u64,
        rng: &mut Rng,
    ) -> Result<Box<dyn Round>, GameError> {
        (self.play().generate)(spec, round, rng)
    }

    /// Every coverage class a generated session of `spec` reaches ([`Play::classes`]).
    pub fn classes(self, spec: &RoundSpec) -> Vec<String> {
        (self.play().classes)(spec)
    }

    /// Lines in the position whose first line is `first`, for replayed scripts (coloring:
    /// `N`, then the digits; knights: `K N`, then K lines; race: `n`, then n rows).
    pub fn position_lines(self, first: &str) -> Result<usize, GameError> {
        (self.play().position_lines)(first)
    }

    /// A round from a position line (for scripted sessions).
    pub fn from_line(self, line: &str) -> Result<Box<dyn Round>, GameError> {
        (self.play().from_line)(line)
    }
}
