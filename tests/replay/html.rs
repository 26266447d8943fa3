//! The replay page's command line, whatever the game: what `--html` refuses, and the temporary
//! transcript of `play --html` removed. Each game's page in a real browser is its own tests'
//! (games/<g>/tests/replay.rs, through the testkit's replay module).

use crate::common;

use common::{bin, TempDir};
use predicates::prelude::*;
use std::process::Command;

/// What the command line refuses, each with one line on stderr and exit 3 (FAIL), before any
/// solution starts; `--help` names the option.
#[test]
fn the_page_options_refuse_what_they_cannot_do() {
    let scratch = TempDir::new("replay-html-cli");
    let refuse = |args: &[&str], needle: &str| {
        common::command("referee")
            .args(args)
            .assert()
            .code(3)
            .stderr(common::one_line().and(predicate::str::contains(needle)))
            .stdout(predicate::str::is_empty());
    };
    let game = common::a_game();
    let sol = bin(game);
    refuse(&["play", game, "--html"], "--html needs a value");
    let missing_dir = scratch.join("no/such/folder/page.html");
    let missing_dir = missing_dir.to_str().unwrap();
    refuse(
        &["play", game, "--html", missing_dir, "--", &sol, "--play"],
        "cannot write the page",
    );
    let absent = scratch.join("absent.txt");
    let page = scratch.join("page.html");
    let page = page.to_str().unwrap();
    refuse(
        &["replay", game, absent.to_str().unwrap(), "--html", page],
        "cannot read",
    );
    let garbage = scratch.join("garbage.txt");
    std::fs::write(&garbage, "< hello\n").unwrap();
    refuse(
        &["replay", game, garbage.to_str().unwrap(), "--html", page],
        "not `play R`",
    );
    std::fs::write(&garbage, "< play 1\n< 0\n").unwrap();
    refuse(
        &["replay", game, garbage.to_str().unwrap(), "--html", page],
        "round 1",
    );
    // Without --html a replay still needs its command.
    refuse(
        &["replay", game, garbage.to_str().unwrap()],
        "missing the solution command",
    );
    common::command("referee")
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains("--html OUT.html"));
}

/// `play --html` without `--transcript` writes its transcript to the temporary folder and
/// removes it after the page is written.
#[test]
fn the_temporary_transcript_is_removed() {
    let scratch = TempDir::new("replay-html-tmp");
    let tmp = scratch.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let page = scratch.join("page.html");
    let game = common::a_game();
    // One round at the game's smallest size: a short page.
    let size = combgames_registry::Game::parse(game)
        .unwrap()
        .play()
        .min_size;
    let out = Command::new(bin("referee"))
        .env("TMPDIR", &tmp)
        .args(["play", game, "--rounds", "1", "--seed", "1", "--size"])
        .arg(size.to_string())
        .arg("--html")
        .arg(&page)
        .args(["--", &bin(game), "--play"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK "), "{stdout}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("replay-data"));
    // Self-contained: nothing to fetch.
    for external in ["src=", "href=", "http://", "https://", "@import"] {
        assert!(!html.contains(external), "the page refers to {external}");
    }
    let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
    assert!(left.is_empty(), "left in TMPDIR: {left:?}");
}
