//! Correct players that choose other winning moves than the referee's own evaluator would
//! (issue 17): examples/perfect_player.rs with `--random-win` (a winning move drawn at random
//! among the winning moves) and `--slowest-win` (the winning move after which the game lasts
//! longest, by each game's measure). The referee must never reject them: OK in sessions of 10
//! rounds on each of the first seeds 1..=5, for every game of the registry. And they are other players: on some of
//! those seeds, each (seeded with the session's seed) plays other moves than the default
//! perfect player (its own fixed seed).

use crate::common;

use common::TempDir;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

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
    let sessions: Vec<(&str, u64)> = common::games()
        .flat_map(|game| SEEDS.map(move |seed| (game, seed)))
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
    let games: Vec<&str> = common::games().collect();
    common::par_map(&games, |&game| {
        // Subtraction's default player already takes the smallest winning removal, the
        // slowest (games/subtraction/src/play.rs).
        let same_as_default = game == "subtraction" && flag == "--slowest-win";
        let differs = !same_as_default
            && sessions
                .iter()
                .zip(&moves)
                .any(|(&(g, seed), moves)| g == game && *moves != default_moves(game, seed, &dir));
        assert!(
            differs || same_as_default,
            "{game}: perfect_player {flag} played the default player's moves on every seed"
        );
    });
}

#[test]
fn random_winning_moves_pass_every_game_on_every_seed() {
    passes_and_differs("--random-win");
}

#[test]
fn slowest_winning_moves_pass_every_game_on_every_seed() {
    passes_and_differs("--slowest-win");
}
