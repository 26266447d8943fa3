//! The replay page (in headless Chromium) and the transcript's blame.
//!
//! A module of the referee's test binary (tests/referee/main.rs declares the shared helpers).

mod blame;
mod html;
