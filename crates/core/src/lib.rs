//! What every game and every judge program shares, std only (it is bundled into the judge
//! packages' programs, which plain `rustc` builds):
//!
//! - the games' interface: [`round`] (a round the referee plays: [`round::TypedRound`],
//!   [`round::Play`]), [`gen`] (a game's generator and a generation request), [`validate`]
//!   (the strict input validators' reader and contract), [`checker`] (the checkers' testlib
//!   and Kattis contracts), [`peer`] (the other side of a session: lines within limits);
//! - theory more than one game uses: [`octal`] (octal games' Grundy values and periods);
//! - [`verdict`], [`rng`] (the seeded SplitMix64 every generated thing comes from), [`escape`],
//!   [`words`] (counts and ranges in messages).
//!
//! Each game is a crate of its own under games/ that implements these; the registry
//! (crates/registry) lists them.
//!
//! ```
//! use combgames_core::octal::OctalGame;
//! use combgames_core::rng::Rng;
//!
//! // Dawson's chess, the pawns game: its period is proven, so every heap has its value.
//! let dawson = OctalGame::new("0.137", 1 << 12).unwrap();
//! let (start, period) = dawson.period().unwrap();
//! assert_eq!(period, 34);
//! let far = 1_000_000_000_000_000_000;
//! assert_eq!(dawson.value(far), dawson.value(start as u64 + (far - start as u64) % 34));
//!
//! // The same seed draws the same numbers, so every test and round can be made again.
//! let (mut a, mut b) = (Rng::new(7), Rng::new(7));
//! assert_eq!(a.range(1, 100), b.range(1, 100));
//! ```

pub mod board;
pub mod checker;
pub mod escape;
pub mod gen;
pub mod octal;
pub mod peer;
pub mod problem;
pub mod rng;
pub mod round;
pub mod shrink;
pub mod validate;
pub mod verdict;
pub mod words;
