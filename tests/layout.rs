//! The house's rules, checked on the tree: what crosses games names no game. The shared crates
//! (crates/*), the cross-game tests (tests/), the top-level benchmarks (bench/), the scripts
//! (scripts/) and the Makefile take their games from the registry (`combgames_registry::Game`
//! and its `Problem`, `referee --list-games`, `gen --list`) or from each game folder's data
//! (games/<g>/tests/data/), never by name in code: so adding a game touches its folder, its
//! solution, samples and package, and one registry line (docs/adding-a-game.md).
//!
//! A game is named by a word of `referee --list-games` (`pawns`), a game crate
//! (`combgames_pawns`, `combgames-pawns`), a registry variant (`Game::Pawns`) or a path into a
//! game folder (`games/strip/`). Comments and Markdown prose may name games; so may the unit
//! tests inside a shared crate, which take a game as their example (each file is read up to
//! its first `#[cfg(test)]`). [`ALLOWED`] is the short list of files that still do, each with
//! why.
//!
//! And no file of code is longer than [`MAX_LINES`] (about 600: a file holds one concern),
//! but the generated ones (the bundles of tools/bundle.rs).

use std::path::{Path, PathBuf};

/// The most lines a file of code may have.
const MAX_LINES: usize = 650;

/// The places where code may name a game, each with why. A path ending in `/` is a folder.
const ALLOWED: [(&str, &str); 4] = [
    (
        "crates/registry/",
        "the registry: the one list of games, a line per game naming its crate",
    ),
    (
        "tests/judge/checkers.rs",
        "each checker's own cases (being reworked elsewhere; they belong in each game's \
         tests/checker.rs)",
    ),
    (
        "tests/judge/checkers/",
        "the tests on those cases (being reworked elsewhere with tests/judge/checkers.rs)",
    ),
    (
        "tests/packages/batch.rs",
        "the packages' per-problem layout (being reworked elsewhere with \
         scripts/make-packages.sh)",
    ),
];

/// The folders and files of the tree whose code is checked.
const CHECKED: [&str; 5] = ["crates", "tests", "bench", "scripts", "Makefile"];

/// The ways code names a game, from the registry and the game folders.
struct Names {
    /// The games' names, as `referee --list-games` prints them.
    words: Vec<String>,
    /// The registry's variants (`Pawns`), named after `::`.
    variants: Vec<String>,
    /// The game folders' names (`strip`), named in a path `games/<folder>/` or a crate.
    folders: Vec<String>,
}

impl Names {
    fn of_the_tree(root: &Path) -> Names {
        let mut folders: Vec<String> = std::fs::read_dir(root.join("games"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        folders.sort();
        let games = combgames_registry::Game::ALL;
        Names {
            words: games.iter().map(|g| g.name().to_owned()).collect(),
            variants: games.iter().map(|g| format!("{g:?}")).collect(),
            folders,
        }
    }

    /// The names of games in `code`, one line of code without its comments.
    fn found_in(&self, code: &str) -> Vec<String> {
        let mut found = Vec::new();
        for word in &self.words {
            if has_word(code, word) {
                found.push(word.clone());
            }
        }
        for variant in &self.variants {
            let named = format!("::{variant}");
            let after = |at: usize| code[at + named.len()..].chars().next();
            let ends = |c: char| !(c.is_ascii_alphanumeric() || c == '_');
            if code
                .match_indices(&named)
                .any(|(at, _)| after(at).map_or(true, ends))
            {
                found.push(named);
            }
        }
        for folder in &self.folders {
            for name in [
                format!("combgames_{folder}"),
                format!("combgames-{folder}"),
                format!("games/{folder}/"),
            ] {
                if code.contains(&name) {
                    found.push(name);
                }
            }
        }
        found
    }
}

/// Whether `text` holds `word` with no letter, digit or `_` on either side.
fn has_word(text: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// How a file writes its comments.
#[derive(Clone, Copy, PartialEq)]
enum Comments {
    /// `//` to the end of the line, `/* ... */` (Rust, C, C++, JavaScript).
    Slashes,
    /// `#` at the start of a word to the end of the line, outside quotes (shell, Makefile,
    /// Python, TOML, the scripts' data).
    Hash,
}

/// The code of each line of `text` (its comments removed), numbered from 1.
fn code_lines(text: &str, comments: Comments) -> Vec<(usize, String)> {
    let mut in_block = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut code = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut quote: Option<char> = None;
        let mut j = 0;
        while j < chars.len() {
            let (c, next) = (chars[j], chars.get(j + 1).copied());
            if in_block {
                if c == '*' && next == Some('/') {
                    in_block = false;
                    j += 1;
                }
                j += 1;
                continue;
            }
            match comments {
                Comments::Slashes if c == '/' && next == Some('/') => break,
                Comments::Slashes if c == '/' && next == Some('*') => {
                    in_block = true;
                    j += 2;
                    continue;
                }
                Comments::Hash => {
                    if let Some(q) = quote {
                        if c == q {
                            quote = None;
                        } else if c == '\\' && q == '"' {
                            code.push(c);
                            j += 1;
                        }
                    } else if c == '\'' || c == '"' {
                        quote = Some(c);
                    } else if c == '#' && (j == 0 || chars[j - 1].is_whitespace()) {
                        break;
                    }
                }
                Comments::Slashes => {}
            }
            if let Some(&c) = chars.get(j) {
                code.push(c);
            }
            j += 1;
        }
        lines.push((i + 1, code));
    }
    lines
}

/// How `path`'s comments are written, or `None` for a file that holds no code (Markdown,
/// a binary file).
fn comments_of(path: &Path) -> Option<Comments> {
    let name = path.file_name()?.to_str()?;
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match extension {
        "rs" | "c" | "cpp" | "h" | "js" => Some(Comments::Slashes),
        "md" => None,
        _ if name == "Makefile" => Some(Comments::Hash),
        "sh" | "bash" | "py" | "toml" | "txt" | "tsv" | "" => Some(Comments::Hash),
        _ => None,
    }
}

/// The files under `path` (itself if a file), recursively.
fn files(path: &Path, found: &mut Vec<PathBuf>) {
    if path.is_file() {
        found.push(path.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for entry in entries {
        files(&entry, found);
    }
}

/// Every place in the code of `paths` (relative to `root`) that names a game, as
/// `file:line: name`; the files of [`ALLOWED`] left out with `allow`.
fn naming_a_game(root: &Path, paths: &[&str], names: &Names, allow: bool) -> Vec<String> {
    let mut checked = Vec::new();
    for path in paths {
        files(&root.join(path), &mut checked);
    }
    let mut found = Vec::new();
    for file in checked {
        let shown = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .display()
            .to_string();
        let allowed = allow
            && ALLOWED.iter().any(|(place, _)| {
                shown == *place || (place.ends_with('/') && shown.starts_with(place))
            });
        let Some(comments) = comments_of(&file) else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if allowed {
            continue;
        }
        // A shared crate's unit tests may take a game as their example.
        let text = match shown.starts_with("crates/") {
            true => text.split("#[cfg(test)]").next().unwrap_or(""),
            false => &text,
        };
        for (line, code) in code_lines(text, comments) {
            for name in names.found_in(&code) {
                found.push(format!("{shown}:{line}: {name}"));
            }
        }
    }
    found
}

#[test]
fn code_that_crosses_games_names_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = Names::of_the_tree(root);
    // The search finds what is there: the registry names every game crate.
    let registry = naming_a_game(root, &["crates/registry/src"], &names, false);
    for folder in &names.folders {
        let name = format!("combgames_{folder}");
        assert!(
            registry.iter().any(|f| f.ends_with(&format!(": {name}"))),
            "the registry does not name {name}: {registry:?}"
        );
    }
    for (place, why) in ALLOWED {
        assert!(
            root.join(place).exists(),
            "allowed, but not in the tree: {place} ({why})"
        );
    }
    let found = naming_a_game(root, &CHECKED, &names, true);
    assert!(
        found.is_empty(),
        "code that crosses games names a game (take it from the registry, \
         combgames_registry::Game, or from the game folders' data, games/<g>/tests/data/; \
         or move the test into the game's folder):\n{}",
        found.join("\n")
    );
}

/// The check sees what it looks for: names in code, not in comments; words, not parts of
/// words (made-up games here: `tag` and `dash`, variant `Tag`, folder `box`).
#[test]
fn the_check_reads_code_as_it_is_written() {
    let names = Names {
        words: vec!["tag".into(), "dash".into()],
        variants: vec!["Tag".into()],
        folders: vec!["box".into()],
    };
    let found = |text: &str, comments: Comments| -> Vec<String> {
        code_lines(text, comments)
            .iter()
            .flat_map(|(line, code)| {
                names
                    .found_in(code)
                    .into_iter()
                    .map(move |n| format!("{line}:{n}"))
            })
            .collect()
    };
    let rust = "let a = \"tag\"; // dash\n/* dash\n tag */ let b = Game::Tag;\n\
                use combgames_box; // games/box/\nlet c = \"tags\"; b.dash_prefix(Game::Tags);\n";
    assert_eq!(
        found(rust, Comments::Slashes),
        ["1:tag", "3:::Tag", "4:combgames_box"]
    );
    let shell = "# tag\nplay tag # dash\necho \"a # dash\"\necho ${#x} tag\ngames/box/x.sh\n";
    assert_eq!(
        found(shell, Comments::Hash),
        ["2:tag", "3:dash", "4:tag", "5:games/box/"]
    );
}

/// Every file of code (Rust, shell, JavaScript, Python) in the tree, but what is generated
/// (target/, the bundles): at most [`MAX_LINES`] lines.
#[test]
fn every_file_of_code_is_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with('.') && name != "target" {
            files(&path, &mut all);
        }
    }
    let code = ["rs", "sh", "bash", "js", "py"];
    let mut checked = 0;
    let mut long = Vec::new();
    for path in &all {
        if !path
            .extension()
            .is_some_and(|e| code.iter().any(|c| e == *c))
        {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        if text.starts_with("// Generated by tools/bundle.rs") {
            continue;
        }
        checked += 1;
        let lines = text.lines().count();
        if lines > MAX_LINES {
            long.push(format!(
                "{}: {lines} lines",
                path.strip_prefix(root).unwrap().display()
            ));
        }
    }
    assert!(checked > 100, "only {checked} files of code found");
    assert!(
        long.is_empty(),
        "longer than {MAX_LINES} lines (split by concern; a solution's source in parts it \
         `include!`s, docs/overview.md):\n{}",
        long.join("\n")
    );
}
