//! The example sessions of docs/protocol.md are tests: each block is replayed through the
//! referee (its `<` lines as the referee's script) against a scripted solution writing the
//! block's `>` lines; the referee must send exactly the `<` lines and give the `=` verdict.

use crate::common;

use combgames_registry::Game;
use std::path::PathBuf;
use std::process::Command;

struct Block {
    game: String,
    /// `<` and `>` lines without comments, in order.
    lines: Vec<String>,
    verdict: String,
}

/// Text before the first run of two spaces: the message; the rest is a comment.
fn strip_comment(line: &str) -> &str {
    match line.find("  ") {
        Some(i) => line[..i].trim_end(),
        None => line.trim_end(),
    }
}

fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for line in doc.lines() {
        if let Some(game) = line.strip_prefix("```session ") {
            current = Some(Block {
                game: game.trim().to_owned(),
                lines: Vec::new(),
                verdict: String::new(),
            });
        } else if line.starts_with("```") {
            if let Some(b) = current.take() {
                out.push(b);
            }
        } else if let Some(b) = current.as_mut() {
            let msg = strip_comment(line);
            if let Some(v) = msg.strip_prefix("= ") {
                b.verdict = v.to_owned();
            } else if msg.starts_with("< ") || msg.starts_with("> ") {
                b.lines.push(msg.to_owned());
            } else {
                panic!("unexpected line in a session block: {line:?}");
            }
        }
    }
    out
}

#[test]
fn doc_sessions_replay_with_their_verdicts() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/protocol.md")).unwrap();
    let blocks = blocks(&doc);
    assert!(
        blocks.len() >= 5,
        "expected the doc's example sessions, found {}",
        blocks.len()
    );
    let dir = common::TempDir::new("protocol-doc");
    for (i, b) in blocks.iter().enumerate() {
        let session = dir.join(format!("session{i}.txt"));
        std::fs::write(&session, b.lines.join("\n") + "\n").unwrap();
        let transcript = dir.join(format!("transcript{i}.txt"));
        let out = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(["replay", &b.game])
            .arg(&session)
            .args(["--time-limit", "5", "--idle-limit", "5", "--transcript"])
            .arg(&transcript)
            .arg("--")
            .arg(root.join("tests/fixtures/scripted.sh"))
            .arg(&session)
            .output()
            .unwrap();
        let line = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            line.starts_with(&format!("{} {}", b.verdict, b.game)),
            "block {i}: want {}, got {line}",
            b.verdict
        );
        // The referee sent exactly the block's `<` lines.
        let sent: Vec<String> = std::fs::read_to_string(&transcript)
            .unwrap()
            .lines()
            .filter_map(|l| l.split_once(" < ").map(|(_, t)| format!("< {t}")))
            .collect();
        let want: Vec<&String> = b.lines.iter().filter(|l| l.starts_with("< ")).collect();
        assert_eq!(sent.iter().collect::<Vec<_>>(), want, "block {i}");
    }
}

/// The solutions' side: the doc's winning sessions replayed against the real `--play` modes
/// (the referee's lines from the block; the solution chooses its own winning moves).
#[test]
fn doc_sessions_replay_against_the_solutions() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/protocol.md")).unwrap();
    let dir = common::TempDir::new("protocol-doc-sol");
    let mut played = 0;
    for (i, b) in blocks(&doc)
        .iter()
        .enumerate()
        .filter(|(_, b)| b.verdict == "OK")
    {
        // Every game of the registry has its solution binary, named after it, beside the referee.
        let game = Game::parse(&b.game).unwrap_or_else(|| panic!("no game {}", b.game));
        let solution = crate::common::solution(game.name());
        let session = dir.join(format!("session{i}.txt"));
        std::fs::write(&session, b.lines.join("\n") + "\n").unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(["replay", &b.game])
            .arg(&session)
            .args(common::judging_play_mode(solution, "5"))
            .output()
            .unwrap();
        let line = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            line.starts_with(&format!("OK {}", b.game)),
            "block {i} against {solution}: {line}"
        );
        played += 1;
    }
    assert!(played >= 2);
}
