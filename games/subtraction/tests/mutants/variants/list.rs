//! The variants: one plausible contestant bug each, the blunderer and the correct
//! alternatives, with their names, correctness and descriptions (`--help` lists them), and the
//! ones wrong in one coverage class only.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Correct: the smallest part of the greedy decomposition, sequence built right.
    None,
    /// The pile is held in a u32: every pile is decomposed modulo 2^32.
    U32Pile,
    /// The losing starts and the pile in f64 (and k too): exact only below 2^53.
    FloatTerms,
    /// The sequence's rule with "at least k times" (a(i) ≥ k·a(m)) instead of "more than".
    AtLeastK,
    /// Plays the largest part of the decomposition instead of the smallest.
    LargestPart,
    /// The sequence's rule against ⌈k·a(m)⌉ (the cap rounded up) instead of ⌊k·a(m)⌋.
    CeilCap,
    /// Right, except that one move in 1000 (seeded) is a losing one when one is legal.
    Blunder1000,
    /// The losing starts only up to 10^9 (enough for the judge's n ≤ 10^8).
    Truncated1e9,
    /// Forgets that the first move may not take the whole pile: from a losing start it claims
    /// the first move and takes all n stones.
    TakeAllFirst,
    /// a(i)·den > num·a(m) in wrapping 64-bit products: wrong once k's parts are large.
    MulOverflow,
    /// Reads k as its integer part (k = 3/2 plays as k = 1).
    IntegerK,
    /// Plays the smallest part only when it is below the cap (`<` where `<=` is right): where
    /// the cap is exactly the smallest part it believes itself lost.
    CapStrict,
    /// Computes each cap itself as x·num/den in wrapping 64-bit arithmetic: wrong only once
    /// x·num passes 2^64 (large removals, or k with a large numerator).
    CapOverflow,
    /// The losing starts only up to 10^17 (an array sized for a bound read one digit short).
    Truncated1e17,
    /// Keeps each cap the opponent's move gives in a u32 (the cap modulo 2^32): wrong only when
    /// a cap of 2^32 or more is needed whole, a winning reply past the cap's low 32 bits.
    CapU32,
    /// Reads a mid-game start `n k p` but plays it as the fresh pile `n k`: its first move may
    /// take anything up to n − 1, whatever cap p gives.
    IgnoreLast,
    /// Reads `n k p` with its cap ⌊k·p⌋, but, as on a fresh pile, never takes the whole pile
    /// with the round's first move (the cap held to n − 1): wrong where only taking every
    /// stone wins.
    CapBelowPile,
    /// Plays the smallest part when it is at most the cap plus one (`<= cap + 1`) after the
    /// round's first move: where the cap is one below the smallest winning removal it claims
    /// a win and plays one stone too many (coverage class cap:one-below-f).
    CapLoose,
    /// Takes the fresh pile of ⌊k⌋ + 2 stones for a losing start (the run of losing starts
    /// 1, 2, …, ⌊k⌋ + 1 believed one longer), though taking 1 wins (class small:fresh-k+2).
    SmallK2,
    /// The smallest winning removal f taken one too large (the (class, error) pairs'
    /// `f+1:`): plays and claims by f + 1.
    FPlus1,
    /// f taken one too small (at least 1): `f-1:`.
    FMinus1,
    /// f taken two too large: `f+2:`.
    FPlus2,
    /// f taken two too small (at least 1): `f-2:`.
    FMinus2,
    /// f taken as another value per pile (f xor 1..7, at least 1).
    FOther,
    /// Every losing start past the first ⌊k⌋ + 2 taken one too large: `term+1:`.
    TermPlus1,
    /// Every losing start past the first ⌊k⌋ + 2 taken one too small: `term-1:`.
    TermMinus1,
    /// f taken one too large only where the cap takes the whole pile (`f+1:takes-all`): at a
    /// losing start it believes itself lost, as f + 1 is past the pile.
    TakesAllFPlus1,
    /// f taken two too large only where the cap takes the whole pile: `f+2:takes-all`.
    TakesAllFPlus2,
    /// The decomposition's parts read in a wrong order: the second smallest part taken for f
    /// (claimed by and played) where there are two or more (`order/next:`).
    OrderNext,
    /// Correct: the largest winning removal (exact for caps up to 64; beyond, the largest among
    /// the 32 removals below the cap, the sums of the smallest parts and the smallest win).
    LargestWin,
    /// Correct: a random winning removal (among every removal for caps up to 64; beyond,
    /// among 32 random removals, the sums of the smallest parts and the smallest win).
    RandomWin,
}

/// Every variant: name, whether it is correct, what it does.
pub const VARIANTS: &[(Variant, &str, bool, &str)] = &[
    (
        Variant::None,
        "none",
        true,
        "correct: the smallest part of the greedy decomposition",
    ),
    (
        Variant::U32Pile,
        "u32-pile",
        false,
        "the pile held in a u32 (taken modulo 2^32)",
    ),
    (
        Variant::FloatTerms,
        "float-terms",
        false,
        "k, the losing starts and the pile in f64",
    ),
    (
        Variant::AtLeastK,
        "at-least-k",
        false,
        "losing starts built with >= k instead of > k",
    ),
    (
        Variant::LargestPart,
        "largest-part",
        false,
        "plays the largest part of the decomposition",
    ),
    (
        Variant::CeilCap,
        "ceil-cap",
        false,
        "losing starts built against ceil(k*x), not floor",
    ),
    (
        Variant::Blunder1000,
        "blunder-1000",
        false,
        "right, but one move in 1000 is a losing one",
    ),
    (
        Variant::Truncated1e9,
        "truncated-1e9",
        false,
        "losing starts only up to 10^9",
    ),
    (
        Variant::TakeAllFirst,
        "take-all-first",
        false,
        "first move may take the whole pile",
    ),
    (
        Variant::MulOverflow,
        "mul-overflow",
        false,
        "a*den > num*b in wrapping 64-bit products",
    ),
    (
        Variant::IntegerK,
        "integer-k",
        false,
        "k read as its integer part",
    ),
    (
        Variant::CapStrict,
        "cap-strict",
        false,
        "plays the smallest part only when it is < the cap",
    ),
    (
        Variant::CapOverflow,
        "cap-overflow",
        false,
        "each cap x*num/den in wrapping 64-bit products",
    ),
    (
        Variant::Truncated1e17,
        "terms-1e17",
        false,
        "losing starts only up to 10^17",
    ),
    (
        Variant::CapU32,
        "cap-u32",
        false,
        "each cap the opponent gives kept in a u32",
    ),
    (
        Variant::IgnoreLast,
        "ignore-last",
        false,
        "a mid-game start n k p played as the fresh pile n k",
    ),
    (
        Variant::CapBelowPile,
        "cap-below-pile",
        false,
        "a mid-game start's cap held to n - 1",
    ),
    (
        Variant::CapLoose,
        "cap-loose",
        false,
        "plays the smallest part when it is <= the cap + 1 (not the first move)",
    ),
    (
        Variant::SmallK2,
        "small-k2",
        false,
        "a fresh pile of floor(k) + 2 stones taken for lost",
    ),
    (
        Variant::FPlus1,
        "f+1",
        false,
        "the smallest winning removal f taken as f + 1",
    ),
    (
        Variant::FMinus1,
        "f-1",
        false,
        "f taken as f - 1 (at least 1)",
    ),
    (Variant::FPlus2, "f+2", false, "f taken as f + 2"),
    (
        Variant::FMinus2,
        "f-2",
        false,
        "f taken as f - 2 (at least 1)",
    ),
    (
        Variant::FOther,
        "f-other",
        false,
        "f taken as another value per pile",
    ),
    (
        Variant::TermPlus1,
        "term+1",
        false,
        "every losing start past the first floor(k) + 2 one too large",
    ),
    (
        Variant::TermMinus1,
        "term-1",
        false,
        "every losing start past the first floor(k) + 2 one too small",
    ),
    (
        Variant::TakesAllFPlus1,
        "takes-all-f+1",
        false,
        "f taken as f + 1 where the cap takes the whole pile",
    ),
    (
        Variant::TakesAllFPlus2,
        "takes-all-f+2",
        false,
        "f taken as f + 2 where the cap takes the whole pile",
    ),
    (
        Variant::OrderNext,
        "order-next",
        false,
        "the second smallest part taken for f",
    ),
    (
        Variant::LargestWin,
        "largest-win",
        true,
        "correct: the largest winning removal found",
    ),
    (
        Variant::RandomWin,
        "random-win",
        true,
        "correct: a random winning removal",
    ),
];

impl Variant {
    pub fn parse(name: &str) -> Option<Variant> {
        VARIANTS.iter().find(|v| v.1 == name).map(|v| v.0)
    }

    pub fn name(self) -> &'static str {
        VARIANTS.iter().find(|v| v.0 == self).map_or("?", |v| v.1)
    }

    pub fn is_correct(self) -> bool {
        VARIANTS.iter().any(|v| v.0 == self && v.2)
    }
}

/// The variants wrong only in one coverage class (games/subtraction/README.md) that a default session's
/// class rounds (11..35) put in front of them: caught in sessions of COVERAGE_ROUNDS rounds.
pub const CLASS_VARIANTS: &[&str] = &["cap-loose", "small-k2"];
