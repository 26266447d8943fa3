//! The replay page of subtraction in headless Chromium (the testkit's replay module): a
//! session's page shows each position as the rules give it and the referee's judgement; a
//! round that starts mid-game; a move that lost the win names the winning one; a page of
//! 10^5 moves opens within 2 s.
use crate::common;
use common::replay::{self, Drawn};
use common::{bin, TempDir};
use std::process::Command;

/// The lines the page's #position must hold after `moves`, by the rules alone.
fn position(position: &[String], moves: &[String]) -> Vec<String> {
    let start = replay::numbers(&position[0]);
    let (n, k) = (start[0], start[1]);
    let taken: u64 = moves.iter().map(|m| m.parse::<u64>().unwrap()).sum();
    let cap = moves
        .last()
        .map_or(n - 1, |m| k * m.parse::<u64>().unwrap());
    vec![format!("pile {}, cap {cap}", n - taken)]
}

const SUBTRACTION: Drawn = Drawn {
    game: "subtraction",
    position,
    lines: |_| 1,
    session: &["--size", "20..200", "--k", "2"],
    shades: true,
};

#[test]
fn subtraction_page() {
    replay::session_page_shows_the_position_and_the_judgement(&SUBTRACTION);
}

/// A round that starts mid-game (`n k p`, docs/protocol.md): the page starts from the cap p
/// gives, not the fresh pile's n − 1, and steps on from there.
#[test]
fn subtraction_mid_game_start_page() {
    let scratch = TempDir::new("replay-html-mid-game");
    // docs/protocol.md's example: 10 stones, k = 3/2, the last removal 2: cap 3.
    let page = replay::page_of_transcript(
        &scratch,
        "subtraction",
        "< play 1\n< 10 3/2 2\n> first\n> 2\n< 3\n> 1\n< 1\n> 1\n< 1\n> 1\n< end\n",
    );
    let opens = [
        ("#round=1&move=0", "pile 10, cap 3"),
        ("#round=1&move=1", "pile 8, cap 3"),
        ("#round=1&move=2", "pile 5, cap 4"),
    ];
    let doms = replay::open_doms(&scratch, &page, &opens.map(|(hash, _)| hash), None);
    for ((hash, want), dom) in opens.into_iter().zip(&doms) {
        let position = replay::text_of(dom, "position");
        assert!(
            position.contains(want),
            "{hash}: {position:?} lacks {want:?}"
        );
    }
}

/// docs/protocol.md's session: 4 stones with cap 2 (k = 2); taking 2 leaves 2 with cap 4,
/// which the opponent takes; taking 1 leaves 3 with cap 2, from which 1 leaves 2 (taken) and
/// 2 leaves 1 (taken). So 1 is the winning move.
#[test]
fn subtraction_wa_page() {
    replay::wa_page_names_a_winning_move(
        "subtraction",
        "< play 1\n< 5 2\n> second\n< 1\n> 2\n< -1\n",
        "1",
    );
}

/// A page of 10^5 moves (a subtraction round at 10^18 stones cut at 100000 moves) opened at
/// its last move shows it within 2 s of the browser's navigation start, as the page measures it
/// (#load-ms): the page keeps one position and steps it, it draws no board per move.
#[test]
fn a_page_of_a_hundred_thousand_moves_opens_within_two_seconds() {
    let scratch = TempDir::new("replay-html-large");
    let page = scratch.join("page.html");
    let out = Command::new(bin("referee"))
        .args([
            "play",
            "subtraction",
            "--rounds",
            "1",
            "--seed",
            "1",
            "--size",
            "1000000000000000000",
            "--max-moves",
            "100000",
            "--html",
        ])
        .arg(&page)
        .args(["--", &bin("subtraction"), "--play"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK "), "{stdout}");
    assert!(stdout.contains("100001 moves"), "{stdout}");
    let dom = replay::open_dom_and_screenshot(
        &scratch,
        &page,
        "#round=1&move=100001",
        "subtraction-100000",
    );
    assert_eq!(
        replay::round_rows(&dom),
        [(
            0,
            [
                "1",
                "first",
                "the first player (the solution), by the evaluator",
                "100001",
                "cut"
            ]
            .map(String::from)
            .to_vec()
        )]
    );
    assert!(
        replay::text_of(&dom, "move-info").contains("move 100001 of 100001"),
        "{}",
        replay::text_of(&dom, "move-info")
    );
    let opened = replay::text_of(&dom, "load-ms");
    let ms: u64 = opened
        .strip_prefix("opened in ")
        .and_then(|t| t.strip_suffix(" ms"))
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no time in {opened:?}"));
    assert!(ms < 2000, "the page of 10^5 moves opened in {ms} ms");
}
