//! The house's rules, checked on the tree: the shared crates know no game. What a shared crate
//! needs of a game it asks through the registry (`combgames_registry::Game` and its
//! `Problem`), so adding a game touches its folder and one registry line; only the registry
//! names the game crates. Unit tests inside a shared crate may still take a game as their
//! example: the check reads each file up to its first `#[cfg(test)]`.

use std::path::{Path, PathBuf};

/// The crates every game goes through: none may name one.
const SHARED: [&str; 5] = ["core", "session", "referee", "sandbox", "testkit"];

/// The Rust sources under `dir`, recursively.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The game folders' crate names as code writes them (`combgames_pawns`), from games/.
fn game_crates(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .map(|g| format!("combgames_{g}"))
        .collect();
    names.sort();
    names
}

/// The places in the code (tests aside) of the crates `names` (folders of crates/) that name a
/// game: a game crate, or a game of the registry by its variant (`Game::Pawns`).
fn naming_a_game(root: &Path, names: &[&str]) -> Vec<String> {
    let crates = game_crates(root);
    let variants: Vec<String> = combgames_registry::Game::ALL
        .iter()
        .map(|g| format!("Game::{g:?}"))
        .collect();
    let mut found = Vec::new();
    for shared in names {
        let mut files = Vec::new();
        let dir = root.join("crates").join(shared);
        sources(&dir.join("src"), &mut files);
        if dir.join("build.rs").exists() {
            files.push(dir.join("build.rs"));
        }
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for (i, line) in code.lines().enumerate() {
                let code_part = line.split("//").next().unwrap_or("");
                for name in crates.iter().chain(&variants) {
                    if code_part.contains(name.as_str()) {
                        let shown = file.strip_prefix(root).unwrap_or(&file).display();
                        found.push(format!("{shown}:{}: {name}", i + 1));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn the_shared_crates_name_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The search finds what is there: the registry names every game crate.
    let registry = naming_a_game(root, &["registry"]);
    for name in game_crates(root) {
        assert!(
            registry.iter().any(|f| f.ends_with(&format!(": {name}"))),
            "the registry does not name {name}: {registry:?}"
        );
    }
    let found = naming_a_game(root, &SHARED);
    assert!(
        found.is_empty(),
        "shared code naming a game (ask the registry instead):\n{}",
        found.join("\n")
    );
}
