//! A failed session names the one command that plays its rounds again: `referee play` prints
//! it on stderr after the verdict line, and it plays exactly those rounds (the same verdict
//! line, times aside) or, with the program swapped, judges a fix on them; a replay of the
//! transcript against a program that plays otherwise is FAIL and names the same command.

use crate::common::{self, TempDir};
use combgames_registry::Game;
use common::{command_named as named, shell, verdict_without_times as verdict};
use std::path::Path;
use std::process::Command;

fn referee() -> &'static str {
    env!("CARGO_BIN_EXE_referee")
}

fn bin(name: &str) -> String {
    Path::new(referee())
        .with_file_name(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_failed_session_names_the_command_that_plays_it_again() {
    let dir = TempDir::new("rerun");
    let transcript = dir.join("wrong.txt");
    let game = common::a_game();
    // A kind of the game's, which the command that plays the rounds again must repeat.
    let kind = Game::parse(game).unwrap().gen().kinds[0];
    // Answers every position with a move out of the protocol: PE on round 1.
    let wrong = "read a; read b; echo 1; cat >/dev/null";
    let failed = Command::new(referee())
        .args(["play", game, "--seed", "1", "--rounds", "2"])
        .args(["--kind", kind, "--transcript"])
        .arg(&transcript)
        .args(["--", "sh", "-c", wrong])
        .current_dir(&*dir)
        .output()
        .unwrap();
    assert_eq!(failed.status.code(), Some(2), "{}", verdict(&failed));
    let again = named(&failed, "against a fix or another program: ");
    let rerun = shell(&again, &dir);
    assert_eq!(verdict(&rerun), verdict(&failed), "{again}");
    // The same rounds against the project's player: OK.
    let (rounds, _) = again.split_once(" -- ").unwrap();
    assert!(rounds.contains(&format!("--kind {kind}")), "{rounds}");
    let fixed = format!("{rounds} -- {} --play", bin(game));
    let ok = shell(&fixed, &dir);
    assert_eq!(ok.status.code(), Some(0), "{fixed}: {}", verdict(&ok));
    assert!(verdict(&ok).starts_with(&format!("OK {game} seed=1 rounds=2 ")));
    // The transcript replayed against that player: it plays other moves, so FAIL, and the
    // message names the play command.
    let replay = Command::new(referee())
        .args(["replay", game])
        .arg(&transcript)
        .args(["--", &bin(game), "--play"])
        .current_dir(&*dir)
        .output()
        .unwrap();
    assert_eq!(replay.status.code(), Some(3), "{}", verdict(&replay));
    assert!(verdict(&replay).contains("the program played other moves than those it records"));
    assert_eq!(named(&replay, "play them again: "), fixed);
}
