//! Correct players that choose other winning moves than the referee's own evaluator would
//!: examples/perfect_player.rs with `--random-win` (a winning move drawn at random
//! among the winning moves) and `--slowest-win` (the winning move after which the game lasts
//! longest, by each game's measure). The referee must never reject them: OK in sessions of 10
//! rounds on each of the first seeds 1..=5. And they are other players: on some of those
//! seeds, each (seeded with the session's seed) plays other moves than the default perfect
//! player (its own fixed seed).
//!
//! Played here only for the games whose folder's tests/data/correct-players.tsv says `here`:
//! every other game's mutation suite proves the same with correct players of its own (that
//! line names the suite's tests), and [`every_game_is_played_here_or_by_its_suite`] fails for
//! a game that has no line.

use crate::common;

use common::{game_data, TempDir};

const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

/// The games played here.
fn played_here() -> Vec<String> {
    game_data::rows("correct-players.tsv")
        .into_iter()
        .filter(|r| r[1] == "here")
        .map(|r| r[0].clone())
        .collect()
}

/// Each game of the registry on exactly one line, and each named test in its file.
#[test]
fn every_game_is_played_here_or_by_its_suite() {
    let rows = game_data::rows("correct-players.tsv");
    for game in common::games() {
        let lines = rows.iter().filter(|r| r[0] == game).count();
        assert_eq!(
            lines, 1,
            "{game}: one line in its folder's correct-players.tsv"
        );
    }
    for row in &rows {
        match &row[1..] {
            [here] if here == "here" => {}
            [suite, file, sessions, other_moves] if suite == "suite" => {
                let text = std::fs::read_to_string(common::root().join(file)).unwrap();
                for test in [sessions, other_moves] {
                    assert!(
                        text.contains(&format!("#[test]\nfn {test}()")),
                        "{}: no test {test} in {file}",
                        row[0]
                    );
                }
            }
            _ => panic!("correct-players.tsv: a bad line {row:?}"),
        }
        assert!(
            common::games().any(|g| g == row[0]),
            "{} is no game of the registry",
            row[0]
        );
    }
}

/// `referee play GAME --seed S --transcript FILE -- perfect_player GAME FLAGS`: the
/// verdict line and the player's lines of the transcript (`>` lines, timestamps dropped).
fn play(game: &str, seed: u64, flags: &[&str], dir: &TempDir) -> (String, Vec<String>) {
    // Sessions of 10 rounds (bench/catch.sh plays 100 for seeds 1..30); limits far above a
    // session's few seconds: several run at once, on a shared machine.
    let limits = [
        "--rounds",
        "10",
        "--time-limit",
        "120",
        "--idle-limit",
        "30",
    ];
    let (verdict, text) = common::play_perfect_player(game, seed, &limits, flags, dir);
    let moves = text
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(_, rest)| rest))
        .filter(|l| l.starts_with("> "))
        .map(str::to_owned)
        .collect();
    (verdict, moves)
}

/// The default perfect player's moves on `game`, `seed`: both tests compare with them, so
/// each session is played once per binary.
fn default_moves(game: &str, seed: u64, dir: &TempDir) -> Vec<String> {
    type Cache = std::sync::Mutex<std::collections::HashMap<(String, u64), Vec<String>>>;
    static PLAYED: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    let cache = PLAYED.get_or_init(Default::default);
    let key = (game.to_owned(), seed);
    if let Some(moves) = cache.lock().unwrap().get(&key) {
        return moves.clone();
    }
    let moves = play(game, seed, &[], dir).1;
    cache.lock().unwrap().insert(key, moves.clone());
    moves
}

fn passes_and_differs(flag: &str) {
    let dir = TempDir::new("correct-players");
    let here = played_here();
    let sessions: Vec<(&str, u64)> = here
        .iter()
        .flat_map(|game| SEEDS.map(move |seed| (game.as_str(), seed)))
        .collect();
    let moves = common::par_map(&sessions, |&(game, seed)| {
        let seed_text = seed.to_string();
        let (line, moves) = play(game, seed, &[flag, "--seed", &seed_text], &dir);
        assert!(
            line.starts_with(&format!("OK {game} seed={seed} ")),
            "{game} perfect_player {flag}, seed {seed}: {line}"
        );
        moves
    });
    common::par_map(&here, |game| {
        let differs = sessions
            .iter()
            .zip(&moves)
            .any(|(&(g, seed), moves)| g == game && *moves != default_moves(game, seed, &dir));
        assert!(
            differs,
            "{game}: perfect_player {flag} played the default player's moves on every seed"
        );
    });
}

#[test]
fn random_winning_moves_pass_on_every_seed() {
    passes_and_differs("--random-win");
}

#[test]
fn slowest_winning_moves_pass_on_every_seed() {
    passes_and_differs("--slowest-win");
}
