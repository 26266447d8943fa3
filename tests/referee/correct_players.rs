//! Correct players that choose other winning moves than the referee's own evaluator would
//!: examples/perfect_player.rs with `--random-win` (a winning move drawn at random
//! among the winning moves) and `--slowest-win` (the winning move after which the game lasts
//! longest, by each game's measure). The referee must never reject them: OK in sessions of 10
//! rounds on each of the first seeds 1..=5. And they are other players: on some of those
//! seeds, each (seeded with the session's seed) plays other moves than the default perfect
//! player (its own fixed seed).
//!
//! Played here only for the games of [`PLAYED_HERE`]: every other game's mutation suite
//! proves the same with correct players of its own ([`PROVED_BY_SUITE`] names the tests), and
//! [`every_game_is_played_here_or_by_its_suite`] fails for a game that neither list names.

use crate::common;

use common::TempDir;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

/// The games whose mutation suite has no correct player of its own that plays perfect_player's
/// kinds of moves: knights' (`exact`, `safe-random`, `lowest-even`) has no slowest winner,
/// impartial's has only `none`.
const PLAYED_HERE: &[&str] = &["knights", "impartial"];

/// The games whose mutation suite plays correct players that choose other winning moves (OK on
/// each of the seeds 1..=5, sessions of at least 10 rounds; seed 1 in the test named here,
/// seeds 2..5 in its long-tier twin) and checks in process that they
/// do choose other moves: (game, suite, the sessions' test, the other moves' test).
const PROVED_BY_SUITE: &[(&str, &str, &str, &str)] = &[
    (
        "tictactoe",
        "games/strip/tests/mutants/mod.rs",
        "referee_kills_every_bug_and_passes_the_correct_players_on_the_first_seed",
        "correct_variants_win_every_small_strip",
    ),
    (
        "coloring",
        "games/strip/tests/mutants/mod.rs",
        "referee_kills_every_bug_and_passes_the_correct_players_on_the_first_seed",
        "correct_variants_win_every_small_strip",
    ),
    (
        "subtraction",
        "games/subtraction/tests/mutants/mod.rs",
        "every_correct_variant_passes_the_default_referee_on_the_first_seed",
        "correct_variants_never_lose_a_searched_position",
    ),
    (
        "pawns",
        "games/pawns/tests/mutants/mod.rs",
        "default_sessions_of_the_first_seed_kill_every_bug_and_pass_every_correct_player",
        "correct_players_choose_other_moves_than_leftmost",
    ),
    (
        "race",
        "games/race/tests/mutants/mod.rs",
        "correct_players_get_ok",
        "correct_players_keep_every_won_position",
    ),
];

/// Each game of the registry in exactly one of the lists, and each named test in its file.
#[test]
fn every_game_is_played_here_or_by_its_suite() {
    let games: Vec<&str> = common::games().collect();
    for game in &games {
        let here = PLAYED_HERE.contains(game);
        let suite = PROVED_BY_SUITE.iter().any(|p| p.0 == *game);
        assert!(
            here != suite,
            "{game}: in both lists or in neither (PLAYED_HERE, PROVED_BY_SUITE)"
        );
    }
    for &(game, file, sessions, other_moves) in PROVED_BY_SUITE {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        for test in [sessions, other_moves] {
            assert!(
                text.contains(&format!("#[test]\nfn {test}()")),
                "{game}: no test {test} in {file}"
            );
        }
    }
    for game in PLAYED_HERE
        .iter()
        .chain(PROVED_BY_SUITE.iter().map(|p| &p.0))
    {
        assert!(games.contains(game), "{game} is no game of the registry");
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
    let sessions: Vec<(&str, u64)> = PLAYED_HERE
        .iter()
        .flat_map(|&game| SEEDS.map(move |seed| (game, seed)))
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
    common::par_map(PLAYED_HERE, |&game| {
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
