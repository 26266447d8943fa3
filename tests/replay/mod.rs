//! The replay page's command line, whatever the game (each game's page in a browser and a
//! replayed script's blame: its folder's tests).
//!
//! A module of tests/tests.rs.

mod html;
