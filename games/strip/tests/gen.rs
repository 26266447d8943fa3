//! tictactoe's and coloring's generator: every kind valid by validators written here from the
//! statements (sharing no code with the generator), and each kind makes what it promises (the
//! sweep over every game: tests/judge/gen.rs).

use crate::common;
use common::gen::{canonical_lines, number, text as gen_text};

/// No two neighbours with the same mark.
fn assert_proper(cells: &[u8], empty: u8) {
    for pair in cells.windows(2) {
        assert!(
            pair[0] == empty || pair[0] != pair[1],
            "two equal marks side by side in {:?}",
            String::from_utf8_lossy(cells)
        );
    }
}

fn validate_tictactoe(text: &str, size: u64, count: u64) -> Vec<String> {
    let lines = canonical_lines(text);
    let t = number(lines[0], "tictactoe T");
    assert_eq!(t, count, "tictactoe: T");
    assert_eq!(lines.len() as u64, t + 1, "tictactoe: T lines after T");
    for line in &lines[1..] {
        assert!(
            (1..=size as usize).contains(&line.len()),
            "tictactoe: length {} outside 1 to {size}",
            line.len()
        );
        assert!(
            line.bytes().all(|b| b".XO".contains(&b)),
            "tictactoe: bad cell in {line}"
        );
        assert_proper(line.as_bytes(), b'.');
    }
    lines[1..].iter().map(|s| s.to_string()).collect()
}

fn validate_coloring(text: &str, size: u64) -> String {
    let lines = canonical_lines(text);
    assert_eq!(lines.len(), 2, "coloring: N and the strip");
    let n = number(lines[0], "coloring N");
    assert!(
        (1..=size).contains(&n),
        "coloring: N = {n} outside 1 to {size}"
    );
    assert_eq!(lines[1].len() as u64, n, "coloring: N digits");
    assert!(
        lines[1].bytes().all(|b| b"012".contains(&b)),
        "coloring: bad digit"
    );
    assert_proper(lines[1].as_bytes(), b'0');
    lines[1].to_owned()
}

#[test]
fn every_kind_is_valid_over_many_seeds() {
    common::gen::sweep("tictactoe", |text, size, count| {
        validate_tictactoe(text, size, count.unwrap());
    });
    common::gen::sweep("coloring", |text, size, _| {
        validate_coloring(text, size);
    });
}

/// The stream is pinned: a change of generator shows up here, not as silently new tests
/// behind old seeds.
#[test]
fn the_stream_is_pinned() {
    assert_eq!(
        gen_text("tictactoe", "random", 7, &["--size", "10", "--count", "3"]),
        "3\nO.X..OXO\n.\n..O.X...\n"
    );
}

#[test]
fn strip_kinds_make_what_they_promise() {
    for seed in 0..20 {
        for line in validate_tictactoe(
            &gen_text(
                "tictactoe",
                "ends",
                seed,
                &["--size", "300", "--count", "10"],
            ),
            300,
            10,
        ) {
            let len = line.len();
            assert!(len >= 150, "ends: length {len} below half the size");
            let lead = line.bytes().take_while(|&b| b == b'.').count();
            let trail = line.bytes().rev().take_while(|&b| b == b'.').count();
            assert!(
                lead >= len / 5 && trail >= len / 5,
                "ends: runs {lead} and {trail} too short in {line}"
            );
        }
        for line in validate_tictactoe(&gen_text("tictactoe", "empty", seed, &[]), 100, 20) {
            assert!(line.bytes().all(|b| b == b'.'), "empty: {line}");
        }
        for line in validate_tictactoe(&gen_text("tictactoe", "full", seed, &[]), 100, 20) {
            assert!(!line.contains('.'), "full: {line}");
        }
        let strip = validate_coloring(&gen_text("coloring", "full", seed, &["--size", "500"]), 500);
        assert!(
            !strip.contains('0') && strip.len() >= 250,
            "coloring full: {strip}"
        );
        let strip = validate_coloring(&gen_text("coloring", "ends", seed, &["--size", "500"]), 500);
        assert!(
            strip.starts_with("0".repeat(strip.len() / 5).as_str())
                && strip.ends_with("0".repeat(strip.len() / 5).as_str())
        );
    }
    // Random strips hold both gaps between equal marks and between different marks.
    let all: String = (0..10)
        .flat_map(|s| validate_tictactoe(&gen_text("tictactoe", "random", s, &[]), 100, 20))
        .collect();
    for pattern in ["X.X", "X.O", "O.O", "O.X", "X..X", "XO", "OX"] {
        assert!(all.contains(pattern), "random strips never show {pattern}");
    }
}

/// The referee's shapes as gen's kinds: `one-end` has an empty run of a third of the strip or
/// more at one end, `sparse` 1 to 8 marks, `edge-runs` both kinds of end runs (short and
/// long); `session` keeps to the referee's 10^6 cells whatever the size.
#[test]
fn strip_kinds_of_the_referee_make_what_they_promise() {
    let (mut short_end, mut long_end) = (false, false);
    for seed in 0..20 {
        let args = ["--size", "300", "--count", "10"];
        for line in validate_tictactoe(&gen_text("tictactoe", "one-end", seed, &args), 300, 10) {
            let lead = line.bytes().take_while(|&b| b == b'.').count();
            let trail = line.bytes().rev().take_while(|&b| b == b'.').count();
            assert!(
                3 * lead.max(trail) >= line.len(),
                "one-end: runs {lead} and {trail} in {line}"
            );
        }
        for line in validate_tictactoe(&gen_text("tictactoe", "sparse", seed, &args), 300, 10) {
            let marks = line.bytes().filter(|&b| b != b'.').count();
            assert!((1..=8).contains(&marks), "sparse: {marks} marks in {line}");
        }
        for line in validate_tictactoe(&gen_text("tictactoe", "edge-runs", seed, &args), 300, 10) {
            let lead = line.bytes().take_while(|&b| b == b'.').count();
            short_end |= lead < 8;
            long_end |= lead >= 40 && lead < line.len();
        }
    }
    assert!(
        short_end && long_end,
        "edge-runs: short {short_end}, long {long_end}"
    );
    let text = gen_text("coloring", "session", 3, &["--size", "100000000"]);
    assert!(validate_coloring(&text, 1_000_000).len() <= 1_000_000);
}

/// A large coloring strip is written in chunks: the length must still be exact.
#[test]
fn a_million_cell_strip_is_valid() {
    let text = gen_text("coloring", "mixed", 3, &["--size", "1000000"]);
    let strip = validate_coloring(&text, 1_000_000);
    assert!(strip.len() >= 500_000);
}
