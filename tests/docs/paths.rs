//! Every file a doc or a comment names exists: a path into the tree (`games/pawns/README.md`,
//! `tests/judge/gen.rs`, `bench/race.sh`) in a Markdown file, a script's comment or a Rust
//! comment is checked against the tree, so that a file moved or removed is not left named.
//! A path is found from the root, from the naming file's folder, or, as docs say "each game's
//! tests/replay.rs", in some game folder; a segment in capitals or angle brackets (`NAME`,
//! `<game>`) is a placeholder, not a path.

use crate::common;
use std::path::Path;

/// The folders a path into the tree starts with.
const ROOTS: [&str; 12] = [
    "tests",
    "games",
    "docs",
    "scripts",
    "bench",
    "crates",
    "checkers",
    "tools",
    "solutions",
    "samples",
    "packages",
    "examples",
];

/// The endings of the files a doc names.
const ENDINGS: [&str; 15] = [
    ".rs", ".md", ".sh", ".tsv", ".toml", ".py", ".cpp", ".c", ".js", ".txt", ".in", ".yaml",
    ".tex", ".bash", ".suites",
];

/// The paths into the tree that `text` names: a root folder, then path characters, ending in a
/// known file ending.
fn named_paths(text: &str) -> Vec<&str> {
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "_./-<>".contains(c);
    let mut found = Vec::new();
    let mut rest = text;
    let mut offset = 0;
    while let Some(i) = ROOTS
        .iter()
        .filter_map(|root| rest.find(&format!("{root}/")))
        .min()
    {
        let start = offset + i;
        // The character before, and before a `/` the one before that (`../docs` is a
        // relative path, a name before the `/` a path into another folder).
        let mut back = text[..start].chars().rev();
        let before = match back.next() {
            Some('/') => back.next().filter(|&c| c != '.'),
            other => other,
        };
        let end = text[start..]
            .find(|c: char| !is_path_char(c))
            .map_or(text.len(), |e| start + e);
        let path = text[start..end].trim_end_matches('.');
        // Part of a longer path or a URL, or a word ending in a root's name.
        let inside = before.is_some_and(|c| c.is_ascii_alphanumeric() || "_-<>/".contains(c));
        if !inside && ENDINGS.iter().any(|e| path.ends_with(e)) {
            found.push(path);
        }
        offset = end.max(start + 1);
        rest = &text[offset..];
    }
    found
}

/// A segment that stands for any name: capitals (`NAME`, `BINARY`; a README is a file) or
/// angle brackets.
fn is_placeholder(path: &str) -> bool {
    path.split('/').any(|segment| {
        let stem = segment.split('.').next().unwrap_or("");
        let capitals = stem.chars().all(|c| c.is_ascii_uppercase() || c == '_');
        segment.contains('<') || (!stem.is_empty() && capitals && stem != "README")
    })
}

/// Whether `path`, named in the file `naming`, is in the tree: from `root`, from the naming
/// file's folder, or from one of the `games` folders.
fn exists(root: &Path, games: &[std::path::PathBuf], naming: &Path, path: &str) -> bool {
    let folder = naming.parent().unwrap_or(Path::new(""));
    root.join(path).exists()
        || root.join(folder).join(path).exists()
        || games.iter().any(|game| game.join(path).exists())
}

/// The text of a file a reader reads for what it says: a Markdown file whole, the comments
/// of a Rust source or a script.
fn prose(file: &Path, text: &str) -> String {
    let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "md" => text.to_owned(),
        "rs" => text
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("//"))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => text
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix('#'))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// The tracked files whose prose is checked: docs, sources and scripts, but the generated
/// single-file solutions (their comments are their sources').
fn checked_files(root: &Path) -> Vec<std::path::PathBuf> {
    let out = std::process::Command::new("git")
        .current_dir(root)
        .args([
            "ls-files", "*.md", "*.rs", "*.sh", "*.bash", "Makefile", ".ci/run",
        ])
        .output();
    let out = match out {
        Ok(out) if out.status.success() => out,
        _ => {
            common::cannot_run("the tracked files are listed by git, which is missing here");
            return Vec::new();
        }
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|f| !(f.starts_with("solutions/") && f.matches('/').count() == 1))
        .filter(|f| !f.starts_with("tests/fixtures/"))
        .map(std::path::PathBuf::from)
        .collect()
}

#[test]
fn every_file_a_doc_or_comment_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let games: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("games"))
        .unwrap()
        .map(|game| game.unwrap().path())
        .collect();
    let mut missing = Vec::new();
    for file in checked_files(root) {
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            continue;
        };
        for path in named_paths(&prose(&file, &text)) {
            if !is_placeholder(path) && !exists(root, &games, &file, path) {
                missing.push(format!("{}: {path}", file.display()));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "files named but not in the tree:\n{}",
        missing.join("\n")
    );
}

/// The reader of paths finds what a doc writes, and the placeholders are told apart.
#[test]
fn paths_are_read_as_docs_write_them() {
    let readme = format!("games/{}/README.md", common::a_game());
    let text = format!(
        "see {readme}, (docs/judging.md) and ../../docs/protocol.md; \
         not http://x/docs/a.md nor tests/judge/ alone; bench/NAME.sh"
    );
    assert_eq!(
        named_paths(&text),
        [
            readme.as_str(),
            "docs/judging.md",
            "docs/protocol.md",
            "bench/NAME.sh"
        ]
    );
    assert!(is_placeholder("bench/NAME.sh") && is_placeholder("games/<g>/tests/main.rs"));
    assert!(!is_placeholder(&readme));
}
