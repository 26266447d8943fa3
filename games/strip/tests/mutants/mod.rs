//! The strip games' mutation suite (games/strip/tests/mutants/support.rs, played over the protocol by
//! games/strip/tests/mutants/player.rs), for tictactoe (UVa 11534) and coloring (SGU 328) alike:
//!
//! 1. every bug is real: a concrete position where the variant's side or move loses, shown by a
//!    plain exhaustive search over whole strips written here (memoized, no Grundy values); the
//!    `u8` bug needs an end run of 256 cells, too long for a whole-strip search, so there the
//!    search runs over single runs (a mex over (length, left end, right end), written here from
//!    the rules) and the strip's value is the xor of its runs', which `games/strip/tests/solution.rs` proves
//!    against the whole-strip search on every strip up to 10 cells;
//! 2. the correct variants take the right side and play only winning moves on every strip up
//!    to 9 cells, and pick other winning moves than `right` does;
//! 3. the referee, with its default settings and each of the seeds 1..=5 (seed 1 in `make test`,
//!    seeds 2..5 in the long tier), gives every wrong variant WA and
//!    every correct one OK, in both notations.

use crate::common;
mod support;
use crate::search;

use combgames_strip::{Cell, Colour};
use search::{proper_strips, Search};
use std::process::Command;
use support::{Bug, Player, VARIANTS};

// ------------------------------------------------------------------ brute force

/// Grundy values of single runs by the plain mex over their moves, from the rules only:
/// `g[len][left][right]`, ends 0 = the strip's edge, 1 = `X`, 2 = `O`.
fn run_mex(max_len: usize) -> Vec<[[u32; 3]; 3]> {
    let mut g = vec![[[0u32; 3]; 3]; max_len + 1];
    for len in 1..=max_len {
        for l in 0..3 {
            for r in 0..3 {
                let mut options = Vec::new();
                for at in 0..len {
                    for s in [1usize, 2] {
                        if (at == 0 && l == s) || (at == len - 1 && r == s) {
                            continue;
                        }
                        options.push(g[at][l][s] ^ g[len - 1 - at][s][r]);
                    }
                }
                g[len][l][r] = (0..).find(|v| !options.contains(v)).unwrap();
            }
        }
    }
    g
}

fn cells_of(text: &str) -> Vec<Cell> {
    text.bytes()
        .map(|b| match b {
            b'X' => Some(Colour::One),
            b'O' => Some(Colour::Two),
            _ => None,
        })
        .collect()
}

fn symbol(c: Colour) -> u8 {
    match c {
        Colour::One => b'X',
        Colour::Two => b'O',
    }
}

/// What the variant does wrong on a strip, by the search: its side, or its move from a won
/// position; None when both are right.
fn fault(search: &mut Search, bug: Bug, strip: &[u8], seed: u64) -> Option<String> {
    let text = String::from_utf8(strip.to_vec()).unwrap();
    let mut player = Player::new(bug, cells_of(&text), seed);
    let wins = search.wins(strip);
    if player.takes_first() != wins {
        let side = if player.takes_first() {
            "first"
        } else {
            "second"
        };
        return Some(format!("takes {side} at {text}"));
    }
    if !wins {
        return None;
    }
    let (at, c) = player.choose().expect("a won position has a move");
    assert!(Search::legal(strip, at, symbol(c)), "{text}: illegal");
    let mut next = strip.to_vec();
    next[at] = symbol(c);
    search
        .wins(&next)
        .then(|| format!("plays {} {} at {text}", at + 1, symbol(c) as char))
}

/// One concrete losing choice per wrong variant (the variant's seed in brackets where its
/// choice is random), each shown by the whole-strip search.
#[test]
fn every_bug_loses_on_its_witness() {
    let mut search = Search::new();
    for (bug, strip, seed, expected) in [
        // `...` is worth 1; 1 X leaves `X..`, an end run of 2 the bug values 2 mod 2 = 0.
        (Bug::EndRunMod2, "...", 1, "plays 1 X at ..."),
        // Two empty cells are worth 0 (either move leaves one cell at an end: 1); the bug says 2.
        (Bug::EmptyAsEnd, "..", 1, "takes first at .."),
        // `..X` is worth 2; 1 X leaves `X.X`, one cell between equal marks: worth 1, not 0.
        (Bug::SwapEqualDifferent, "..X", 1, "plays 1 X at ..X"),
        (Bug::ForgetEqualRuns, "..X", 1, "plays 1 X at ..X"),
        // `.X` is worth 1; the bug adds a phantom run of one cell right of the X: 1 xor 1 = 0.
        (Bug::RightEndOffByOne, ".X", 1, "takes second at .X"),
        // `X.` likewise, the phantom run left of the X.
        (Bug::LeftEndOffByOne, "X.", 1, "takes second at X."),
        // The right move puts O into cell 1 (`O.X`, worth 0); X fits there too and loses.
        (Bug::ColourIgnored, "..X", 1, "plays 1 X at ..X"),
        // One mark: the player to move (Bob in UVa's story) wins `.X`; the bug gives it away.
        (Bug::TurnFromMarks, ".X", 1, "takes second at .X"),
        // 2 xor 1 xor 2 = 1: only a move between the two X wins (O into cell 4); it plays
        // elsewhere.
        (Bug::EdgesOnly, "..X.X..", 2, "plays 6 O at ..X.X.."),
        // `.X` is worth 1 (O fits in cell 1); the bug takes the single end cell for dead.
        (Bug::EndSingleDead, ".X", 1, "takes second at .X"),
        // `X.X` is worth 1 (O fits between); the bug takes the single cell for dead.
        (Bug::InnerSingleDead, "X.X", 1, "takes second at X.X"),
    ] {
        let got = fault(&mut search, bug, strip.as_bytes(), seed);
        assert_eq!(got.as_deref(), Some(expected), "{}", bug.name());
    }
    // The blunderer's blunder (forced here; it comes once in 1000 moves) hands over the win.
    for strip in [".....", "..X.X..", "X.......O..X...."] {
        assert!(search.wins(strip.as_bytes()), "{strip}");
        for seed in 1..=20 {
            let mut p = Player::new(Bug::Blunder1000, cells_of(strip), seed);
            let (at, c) = p.blunder().expect("a losing move exists");
            let mut next = strip.as_bytes().to_vec();
            assert!(Search::legal(&next, at, symbol(c)), "{strip}");
            next[at] = symbol(c);
            assert!(
                search.wins(&next),
                "{strip}: {} {c:?} does not lose",
                at + 1
            );
        }
    }
}

/// The `u8` bug: an end run of 256 cells next to a mark is worth 256 (a win for the player
/// to move, by the run search), but 256 as a u8 is 0. One cell shorter it is still right.
#[test]
fn u8_end_runs_go_wrong_from_256_cells() {
    let g = run_mex(300);
    for len in [1usize, 2, 100, 255, 256, 257, 300] {
        let strip = format!("{}X", ".".repeat(len));
        let p = Player::new(Bug::U8EndRuns, cells_of(&strip), 1);
        let wins = g[len][0][1] != 0;
        assert!(wins, "an end run of {len} has a move to 0");
        assert_eq!(p.takes_first(), len != 256, "end run of {len}");
    }
    // Two end runs of 300 and 44 cells: 300 xor 44 = 256, a win; the bug sees 44 xor 44.
    let strip = format!("{}X{}", ".".repeat(300), ".".repeat(44));
    assert_ne!(g[300][0][1] ^ g[44][1][0], 0);
    assert!(!Player::new(Bug::U8EndRuns, cells_of(&strip), 1).takes_first());
    assert!(Player::new(Bug::Right, cells_of(&strip), 1).takes_first());
}

/// The mex of a run's options at `len` (ends 0 = edge, 1 = `X`, 2 = `O`), the shorter runs
/// valued by the closed form: one step of the induction games/strip/src/lib.rs proves it by (checked
/// here at the lengths the long-run witnesses need, past any table).
fn mex_step(len: usize, l: usize, r: usize) -> u64 {
    let end = |e: usize| match e {
        0 => combgames_strip::End::Edge,
        1 => combgames_strip::End::Colour(Colour::One),
        _ => combgames_strip::End::Colour(Colour::Two),
    };
    let value = |n: usize, a: usize, b: usize| {
        combgames_strip::run_grundy_formula(n as u64, end(a), end(b))
    };
    let mut seen = vec![false; len + 2];
    for at in 0..len {
        for s in [1usize, 2] {
            if (at == 0 && l == s) || (at == len - 1 && r == s) {
                continue;
            }
            let v = (value(at, l, s) ^ value(len - 1 - at, s, r)) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
    }
    seen.iter().position(|&x| !x).unwrap() as u64
}

/// The 16-bit bugs: an end run of 65536 cells next to a mark is worth 65536 (a win for the
/// player to move), which a `u16` holds as 0; a run of 65537 cells between two equal marks is
/// worth 1 (a win), which the table of 65536 runs values 0. Both values by the induction step
/// at those lengths ([`mex_step`]); the step is checked from scratch up to 300 cells by the
/// run search, where the bugs already give the right values.
#[test]
fn sixteen_bit_bugs_go_wrong_past_65535_cells() {
    let g = run_mex(300);
    for (len, by_ends) in g.iter().enumerate().skip(1) {
        assert_eq!(u64::from(by_ends[0][1]), mex_step(len, 0, 1), "end {len}");
        assert_eq!(u64::from(by_ends[1][1]), mex_step(len, 1, 1), "XX {len}");
        assert_eq!(u64::from(by_ends[1][2]), mex_step(len, 1, 2), "XO {len}");
    }
    // Every run the witnesses' moves leave is shorter: the step at each length is the
    // induction's, from the closed form of the shorter runs.
    assert_eq!(mex_step(65536, 0, 1), 65536);
    assert_eq!(mex_step(65535, 0, 1), 65535);
    let end_run = format!("{}X", ".".repeat(65536));
    assert!(!Player::new(Bug::U16EndRuns, cells_of(&end_run), 1).takes_first());
    assert!(Player::new(Bug::Right, cells_of(&end_run), 1).takes_first());
    let shorter = format!("{}X", ".".repeat(65535));
    assert!(Player::new(Bug::U16EndRuns, cells_of(&shorter), 1).takes_first());

    let len = support::EQUAL_RUN_TABLE + 1;
    assert_eq!(mex_step(len, 1, 1), 1);
    assert_eq!(mex_step(len - 1, 1, 1), 1);
    let equal_run = format!("X{}X", ".".repeat(len));
    assert!(!Player::new(Bug::EqualRunTable, cells_of(&equal_run), 1).takes_first());
    assert!(Player::new(Bug::Right, cells_of(&equal_run), 1).takes_first());
    let shorter = format!("X{}X", ".".repeat(len - 1));
    assert!(Player::new(Bug::EqualRunTable, cells_of(&shorter), 1).takes_first());
}

/// The correct variants take the right side and play a winning move on every strip up to 9
/// cells (several seeds for the random one); and they do choose other moves than `right`.
#[test]
fn correct_variants_win_every_small_strip() {
    let mut search = Search::new();
    let (mut random_differs, mut longest_differs) = (0, 0);
    for strip in (1..=9).flat_map(proper_strips) {
        for bug in [Bug::Right, Bug::RandomWinning, Bug::LongestWinning] {
            for seed in 1..=3 {
                if let Some(f) = fault(&mut search, bug, &strip, seed) {
                    panic!("{}: {f}", bug.name());
                }
            }
        }
        if !search.wins(&strip) {
            continue;
        }
        let text = String::from_utf8(strip.clone()).unwrap();
        let choice = |bug, seed| Player::new(bug, cells_of(&text), seed).choose();
        let right = choice(Bug::Right, 1);
        if (1..=4).any(|seed| choice(Bug::RandomWinning, seed) != right) {
            random_differs += 1;
        }
        if choice(Bug::LongestWinning, 1) != right {
            longest_differs += 1;
        }
    }
    assert!(random_differs > 1000, "{random_differs}");
    assert!(longest_differs > 100, "{longest_differs}");
}

// ------------------------------------------------------------------ through the referee

fn referee(game: &str, seed: &str, bug: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", game, "--rounds", "10", "--seed", seed, "--"])
        .arg(common::example("strip_mutants"))
        .args(["--game", game, "--bug", bug])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The referee's default settings but 10 rounds (strips of 1..10^6 cells, rounds cut at the
/// move cap) kill every wrong variant and pass every correct one, on each of `seeds`, in both
/// notations.
fn referee_kills_every_bug_and_passes_the_correct_players(seeds: std::ops::RangeInclusive<u64>) {
    let seed_count = seeds.clone().count() as u32;
    let sessions: Vec<_> = ["tictactoe", "coloring"]
        .iter()
        .flat_map(|&game| VARIANTS.iter().map(move |v| (game, v)))
        .flat_map(|(game, v)| seeds.clone().map(move |seed| (game, v, seed)))
        .collect();
    let killed = common::par_map(&sessions, |&(game, (name, bug, _), seed)| {
        let line = referee(game, &seed.to_string(), name);
        let verdict = line.split(' ').next().unwrap_or("");
        if bug.is_correct() {
            assert_eq!(verdict, "OK", "{game} {name} seed {seed}: {line}");
            0
        } else {
            assert!(
                verdict == "WA" || verdict == "RE",
                "{game} {name} seed {seed}: {line}"
            );
            1
        }
    });
    assert_eq!(killed.iter().sum::<u32>(), 2 * seed_count * 15);
}

/// On the first seed (seeds 2..5: the long tier).
#[test]
fn referee_kills_every_bug_and_passes_the_correct_players_on_the_first_seed() {
    referee_kills_every_bug_and_passes_the_correct_players(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn referee_kills_every_bug_and_passes_the_correct_players_on_seeds_2_to_5() {
    referee_kills_every_bug_and_passes_the_correct_players(2..=5);
}

#[test]
fn help_lists_every_variant_and_bad_options_are_refused() {
    let player = common::example("strip_mutants");
    let out = Command::new(&player).arg("--help").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    for (name, _, _) in VARIANTS {
        assert!(text.contains(name), "{name} missing from --help");
    }
    for args in [
        &["--game", "chess", "--bug", "right"][..],
        &["--game", "coloring", "--bug", "nope"],
        &["--game", "coloring"],
        &["--bug"],
    ] {
        let out = Command::new(&player).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
