//! The problem packages (batch and interactive) that scripts/make-packages.sh builds, and the
//! TeX check of their statements (scripts/tex-styles.sh).
//!
//! A module of tests/tests.rs, the one binary of the tests that cross games.

mod batch;
mod compile_once;
mod interactive;
mod made;
mod tex;
