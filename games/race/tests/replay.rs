//! The replay page of race in headless Chromium (the testkit's replay module): a session's page
//! shows each position as the rules give it and the referee's judgement; cut rounds draw their
//! boards in the notes; a move that lost the win names the winning one.
use crate::common;
use common::replay::{self, Drawn};
use common::{bin, TempDir};
use std::process::Command;

/// The lines the page's #position must hold after `moves`, by the rules alone.
fn position(position: &[String], moves: &[String]) -> Vec<String> {
    let square = |letter: char| {
        let (r, row) = position[1..]
            .iter()
            .enumerate()
            .find(|(_, row)| row.contains(letter))
            .unwrap();
        (r + 1, row.find(letter).unwrap() + 1)
    };
    let mut at = [square('A'), square('B')];
    for (i, m) in moves.iter().enumerate() {
        let m = replay::numbers(m);
        let k = m.len() - 2;
        at[i % 2] = (m[k] as usize, m[k + 1] as usize);
    }
    vec![format!(
        "A on ({}, {}), B on ({}, {})",
        at[0].0, at[0].1, at[1].0, at[1].1
    )]
}

const RACE: Drawn = Drawn {
    game: "race",
    position,
    lines: |first| 1 + first.parse::<usize>().unwrap(),
    session: &["--size", "5..8"],
    shades: true,
};

#[test]
fn race_page() {
    replay::session_page_shows_the_position_and_the_judgement(&RACE);
}

/// A race session whose rounds are cut at the move cap: each cut note quotes its board, which
/// the page's header draws as rows (the transcript's position lines), with no `\n` left in
/// the text; the legend names the squares the board shades.
#[test]
fn race_notes_draw_their_boards() {
    let scratch = TempDir::new("replay-html-race-notes");
    let transcript = scratch.join("session.txt");
    let page = scratch.join("page.html");
    let out = Command::new(bin("referee"))
        .args([
            "play", "race", "--rounds", "2", "--seed", "1", "--size", "5",
        ])
        .args(["--max-moves", "2", "--transcript"])
        .arg(&transcript)
        .arg("--html")
        .arg(&page)
        .args(["--", &bin("race"), "--play"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK "), "{stdout}");
    let text = std::fs::read_to_string(&transcript).unwrap();
    let rounds = replay::rounds(&text, RACE.lines);
    assert!(rounds.iter().all(|r| r.cut), "{text}");
    let dom = replay::open_dom(&scratch, &page, "");
    let notes = &dom[dom.find("id=\"notes\"").unwrap()..dom.find("</header>").unwrap()];
    assert!(!notes.contains("\\n"), "{notes}");
    for round in &rounds {
        let board = format!("<pre class=\"board\">{}</pre>", round.position.join("\n"));
        assert!(notes.contains(&board), "{notes} lacks {board}");
    }
    assert_eq!(
        replay::round_rows(&dom),
        replay::expected_rows("race", &rounds)
    );
    let legend = replay::inner_text(&dom, "legend", "</div>");
    for entry in [
        "wall",
        "on a shortest path between the starts",
        "A's start",
        "B's start",
    ] {
        assert!(legend.contains(entry), "{legend}");
    }
}

/// A on (1, 1), B on (1, 4) of a corridor with one side square (2, 1) under A: the distance
/// is 3, odd, so A wins, and only by stepping to (1, 2); from the dead end (2, 1) A must come
/// back to (1, 1) while B comes to (1, 2) and then enters A's start (onto A standing there,
/// or after A has jumped over B).
#[test]
fn race_wa_page() {
    replay::wa_page_names_a_winning_move(
        "race",
        "< play 1\n< 4\n< A..B\n< .###\n< ####\n< ####\n> first\n> 2 1\n< -1\n",
        "1 2",
    );
}
