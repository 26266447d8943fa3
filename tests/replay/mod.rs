//! The replay page (in headless Chromium) and the transcript's blame.
//!
//! A module of tests/tests.rs.

mod blame;
mod html;
