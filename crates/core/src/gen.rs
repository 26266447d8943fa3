//! The generators: for each game the one maker of its positions. The same code writes gen's
//! judge inputs (random or adversarial; also `referee judge`'s generated tests and the packages'
//! data) and draws the referee's rounds (`Play::generate` asks the game's file here for the
//! kind `RoundSpec::kind`, by default [`SESSION`]).
//!
//! Reproducible by construction: the only source of randomness is [`Rng`] (SplitMix64), a fixed,
//! tiny algorithm seeded by the caller, so the same [`Spec`] always gives the same bytes, on
//! every platform and every version of this crate's dependencies (a general-purpose RNG
//! crate does not promise a stable stream across its releases).
//!
//! Each game's crate defines its [`Generator`] in its `gen` module, whose head says what each
//! kind makes (`size` bounds the main dimension, `count` the number of cases where the format
//! has several); the registry names each one, and `gen --help` lists the kinds.

use crate::rng::Rng;
use std::fmt;
use std::io::{self, Write};

// ---------------------------------------------------------------------------------------------
// What to generate.

/// The kind a referee session draws its rounds from unless told otherwise: every game's
/// generator has it, so `gen <game> --kind session` writes positions of the kinds the referee
/// plays.
pub const SESSION: &str = "session";

/// The kind of a problem's slowest input at the statement's limits, where a generator has one
/// (subtraction): made for `referee judge`'s `largest` test, and not drawn among its other
/// generated tests, which look for wrong answers.
pub const WORST: &str = "worst";

/// One problem's generator: its kinds, its limits and the writer. Each game's crate defines
/// one; the registry lists them.
pub struct Generator {
    /// The problem's name (gen's first argument).
    pub name: &'static str,
    /// The `--kind` values; the first is the default.
    pub kinds: &'static [&'static str],
    pub min_size: u64,
    pub max_size: u64,
    pub default_size: u64,
    /// What `--size` bounds, for gen's help.
    pub size_is: &'static str,
    /// `None` for single-case formats.
    pub max_count: Option<u64>,
    pub default_count: u64,
    /// A bound on size × count (the file as a whole), where the format has one.
    pub max_cells: Option<u64>,
    /// Where kinds depart from the limits above, for gen's help (empty: nowhere; lines
    /// broken with `\n`).
    pub notes: &'static str,
    pub write: fn(&Spec, &mut Rng, &mut dyn Write) -> io::Result<()>,
}

/// A generator is known by its problem's name.
impl PartialEq for Generator {
    fn eq(&self, other: &Generator) -> bool {
        self.name == other.name
    }
}

impl Eq for Generator {}

impl fmt::Debug for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Generator({})", self.name)
    }
}

impl Generator {
    /// The smallest size and the default (largest typical) size `--size` takes.
    pub fn size_bounds(&self) -> (u64, u64) {
        (self.min_size, self.default_size)
    }
}

/// Why [`Spec::new`] refuses the options (each names the problem).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// A kind the problem's generator does not have.
    UnknownKind(&'static Generator, String),
    /// `--size` outside the generator's bounds.
    Size(&'static Generator, u64),
    /// `--count` for a problem with one case per input.
    NoCount(&'static Generator),
    /// `--count` outside 1..=the generator's largest.
    Count(&'static Generator, u64),
    /// Size × count over the generator's bound on cells.
    Cells(&'static Generator, u64),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownKind(game, kind) => write!(
                f,
                "{} has no kind {kind:?} (kinds: {})",
                game.name,
                game.kinds.join(", ")
            ),
            SpecError::Size(game, size) => write!(
                f,
                "{}: --size must be from {} to {}, got {size}",
                game.name, game.min_size, game.max_size
            ),
            SpecError::NoCount(game) => {
                write!(f, "{} has one case per input: no --count", game.name)
            }
            SpecError::Count(game, count) => write!(
                f,
                "{}: --count must be from 1 to {}, got {count}",
                game.name,
                game.max_count.unwrap_or(0)
            ),
            SpecError::Cells(game, cells) => write!(
                f,
                "{}: --size × --count must stay within {} cells, got {cells}",
                game.name,
                power_of_ten(game.max_cells.unwrap_or(0))
            ),
        }
    }
}

impl std::error::Error for SpecError {}

/// A kind the game's generator does not have (knights' and pawns' `make`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKind {
    /// The game's name.
    pub game: &'static str,
    pub kind: String,
}

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} has no kind {:?}", self.game, self.kind)
    }
}

impl std::error::Error for UnknownKind {}

/// One generated test, fully determined by these fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub gen: &'static Generator,
    pub kind: &'static str,
    pub size: u64,
    /// The number of cases, knights or games; `None` for the kind's default.
    pub count: Option<u64>,
    pub seed: u64,
}

impl Spec {
    /// Checks the options against the problem's limits; `None` means the default.
    pub fn new(
        problem: &'static Generator,
        kind: Option<&str>,
        size: Option<u64>,
        count: Option<u64>,
        seed: u64,
    ) -> Result<Spec, SpecError> {
        let limits = problem;
        let kind = match kind {
            None => "random",
            Some(k) => limits
                .kinds
                .iter()
                .copied()
                .find(|&known| known == k)
                .ok_or_else(|| SpecError::UnknownKind(problem, k.to_owned()))?,
        };
        let size = size.unwrap_or(limits.default_size);
        if !(limits.min_size..=limits.max_size).contains(&size) {
            return Err(SpecError::Size(problem, size));
        }
        match (count, limits.max_count) {
            (Some(_), None) => return Err(SpecError::NoCount(problem)),
            (Some(c), Some(max)) if !(1..=max).contains(&c) => {
                return Err(SpecError::Count(problem, c))
            }
            _ => {}
        }
        let cells = size.saturating_mul(count.unwrap_or(limits.default_count));
        if limits.max_cells.is_some_and(|max| cells > max) {
            return Err(SpecError::Cells(problem, cells));
        }
        Ok(Spec {
            gen: problem,
            kind,
            size,
            count,
            seed,
        })
    }

    /// The number of cases (or knights, or games) to write.
    pub fn cases(&self) -> u64 {
        self.count.unwrap_or(self.gen.default_count)
    }
}

/// `10^k` for an exact power of ten from 1000 up, else the number (for messages).
pub fn power_of_ten(n: u64) -> String {
    match n.checked_ilog10() {
        Some(k) if k >= 3 && 10u64.pow(k) == n => format!("10^{k}"),
        _ => n.to_string(),
    }
}

/// Writes the test described by `spec` to `out`.
pub fn generate(spec: &Spec, out: &mut dyn Write) -> io::Result<()> {
    let mut rng = Rng::new(spec.seed);
    (spec.gen.write)(spec, &mut rng, out)
}

/// [`generate`] into memory.
pub fn generate_bytes(spec: &Spec) -> Vec<u8> {
    let mut bytes = Vec::new();
    generate(spec, &mut bytes).expect("writing to memory cannot fail");
    bytes
}
