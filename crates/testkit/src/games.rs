//! The games a cross-game test plays: their names from the registry, the one it plays when
//! any would do and a second that differs, a game's own option, and the game folders' data.

use crate::root;

/// The games' names, from the registry (each has a solution binary of the same name).
pub fn games() -> impl Iterator<Item = &'static str> {
    combgames_registry::Game::ALL.iter().map(|g| g.name())
}

/// The game a cross-game test plays when any game would do (a behaviour of the referee, the
/// judge or the sandbox, not of a game): the registry's first. Such a test names no game: it
/// takes this one's name, and what else it needs of it from the registry (`Game::parse`) or
/// from its folder's data ([`game_data`](crate::game_data)).
pub fn a_game() -> &'static str {
    combgames_registry::Game::ALL[0].name()
}

/// A second game, for a test that needs two that differ: the registry's second.
pub fn another_game() -> &'static str {
    combgames_registry::Game::ALL[1].name()
}

/// A game's own option of `referee play` and a game that does not take it, from the
/// registry: the option's flag, the games that take it (as the referee lists them in its
/// refusal), and the other game.
pub fn foreign_option() -> (&'static str, String, &'static str) {
    use combgames_registry::Game;
    let takes = |g: &Game, flag: &str| g.play().options.iter().any(|o| o.flag == flag);
    let flags = Game::ALL
        .iter()
        .flat_map(|g| g.play().options.iter().map(|o| o.flag));
    for flag in flags {
        if let Some(other) = Game::ALL.iter().find(|g| !takes(g, flag)) {
            let owners: Vec<&str> = Game::ALL
                .iter()
                .filter(|g| takes(g, flag))
                .map(|g| g.name())
                .collect();
            return (flag, owners.join(", "), other.name());
        }
    }
    panic!("no game has an option of its own")
}

/// The game folders, `games/<g>/`, by name.
pub fn game_folders() -> Vec<std::path::PathBuf> {
    let mut dirs: Vec<_> = std::fs::read_dir(root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    dirs
}

/// The concatenation of `tests/data/<file>` of every game folder (`games/<g>/`) that has one,
/// in the folders' order: the per-game data the cross-game tests read (each game's lines name
/// their problem).
pub fn games_data(file: &str) -> String {
    game_folders()
        .iter()
        .filter_map(|d| std::fs::read_to_string(d.join("tests/data").join(file)).ok())
        .collect()
}
