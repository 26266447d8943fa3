//! The referee's seeded generator is the crate's one [`crate::rng::Rng`]; this path stays for
//! the session code.

pub use crate::rng::Rng;
