//! The replay page: one self-contained HTML file (inline CSS and JS, nothing fetched) that
//! shows a session's transcript move by move, with the referee's judgement of every move
//! (docs/replay.md).
//!
//! The judging is done in Rust (`judged`), with the referee's own rounds: the
//! transcript's positions and moves are played again, each position evaluated once, and a
//! move that lost a won position gets a winning move of the position before it (from a second
//! copy of the round kept one move behind, so nothing is searched twice). The page embeds
//! the result as JSON: the rounds' start positions and one record per move. The browser keeps
//! only the current position and moves it step by step (html/replay.js), so a transcript of
//! 10^5 moves opens as fast as a short one: no board is drawn but the one shown.
//!
//! The page knows the games only through the registry: what a position is and how it is
//! drawn is the game's engine, its `Problem`'s `replay` (`games/<game>/src/replay.js`), put
//! into the script at its `// ENGINE` line.

mod judged;

pub use judged::{judge, Judgement, Replay, RoundEnd, RoundInfo, Step};

use combgames_core::words::counted;
use combgames_registry::Game;
use std::fmt::Write as _;
use std::path::Path;

const STYLE: &str = include_str!("html/replay.css");
const SCRIPT: &str = include_str!("html/replay.js");
/// The line of [`SCRIPT`] where the game's engine goes.
const ENGINE: &str = "  // ENGINE\n";

/// A JSON string literal that is also safe inside a `<script>` element (`<`, `>` and `&`
/// escaped, so no `</script>` can close it).
fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_bool(b: Option<bool>) -> &'static str {
    match b {
        Some(true) => "1",
        Some(false) => "0",
        None => "null",
    }
}

/// The page's data: `{"game", "players", "notes", "open", "fault", "rounds": [[start, side,
/// firstWins, firstStep, end, winner]], "steps": [[round, by, line, code, moverWins,
/// detail]]}` with `by` 1 for the solution, 0 for the referee, -1 at a start, and `winner` 0
/// for the first player, 1 for the second, null for none; `fault` is 1 when `open` is the
/// solution's first losing move.
pub fn data_json(replay: &Replay) -> String {
    let mut out = String::with_capacity(64 + replay.steps.len() * 32);
    out.push_str("{\"game\":");
    json_string(&mut out, replay.game.name());
    out.push_str(",\"players\":[");
    let [first, second] = replay.game.problem().sides;
    json_string(&mut out, first);
    out.push(',');
    json_string(&mut out, second);
    out.push(']');
    out.push_str(",\"notes\":[");
    for (i, note) in replay.notes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_string(&mut out, note);
    }
    let _ = write!(
        out,
        "],\"open\":{},\"fault\":{},\"rounds\":[",
        replay.open_step(),
        u8::from(replay.first_fault().is_some())
    );
    for (i, round) in replay.rounds.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        json_string(&mut out, &round.start);
        out.push(',');
        json_string(&mut out, round.side.as_deref().unwrap_or(""));
        let end = match round.end {
            RoundEnd::Over => "over",
            RoundEnd::Cut => "cut",
            RoundEnd::Aborted => "aborted",
            RoundEnd::Unfinished => "unfinished",
        };
        let winner = round.winner.map_or("null".to_owned(), |w| w.to_string());
        let _ = write!(
            out,
            ",{},{},\"{end}\",{winner}]",
            json_bool(round.first_wins),
            round.first_step
        );
    }
    out.push_str("],\"steps\":[");
    for (i, step) in replay.steps.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let by = match step.by_solution {
            Some(true) => 1,
            Some(false) => 0,
            None => -1,
        };
        let _ = write!(out, "[{},{by},", step.round);
        json_string(&mut out, &step.line);
        let _ = write!(
            out,
            ",\"{}\",{},",
            step.judgement.code(),
            json_bool(step.mover_wins)
        );
        json_string(&mut out, &step.detail);
        out.push(']');
    }
    out.push_str("]}");
    out
}

/// The HTML page of a judged transcript: the style, the data and the script inline.
pub fn page(replay: &Replay) -> String {
    let data = data_json(replay);
    let engine = replay.game.problem().replay;
    let (shell_head, shell_tail) = SCRIPT
        .split_once(ENGINE)
        .expect("html/replay.js has its ENGINE line");
    let mut out =
        String::with_capacity(data.len() + STYLE.len() + SCRIPT.len() + engine.len() + 4096);
    let title = format!("{} replay", replay.game.name());
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(out, "<title>{title}</title>");
    // Before anything else runs: a script error anywhere on the page leaves a marker in the
    // DOM (the browser test looks for it) and on screen.
    out.push_str(
        "<script>window.onerror = function (message, source, line) {\n\
         var e = document.createElement('pre'); e.id = 'script-error';\n\
         e.textContent = 'script error: ' + message + ' (line ' + line + ')';\n\
         (document.body || document.documentElement).appendChild(e); };</script>\n",
    );
    let _ = writeln!(out, "<style>\n{STYLE}</style>\n</head>\n<body>");
    out.push_str(BODY);
    out.push_str("<script type=\"application/json\" id=\"replay-data\">");
    out.push_str(&data);
    out.push_str("</script>\n<script>\n");
    out.push_str(shell_head);
    out.push_str("  var engine = (function () {\n");
    out.push_str(engine);
    out.push_str("  })();\n");
    out.push_str(shell_tail);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// The page's elements; the script fills them (the ids are what the browser test reads).
const BODY: &str = r#"<header>
<h1 id="title">replay</h1>
<div id="notes"></div>
</header>
<main>
<section id="controls">
<button id="first" title="first step (Home)">first</button>
<button id="back" title="back one move (←)">◀ back</button>
<button id="play" title="play / pause (space)">play</button>
<button id="forward" title="forward one move (→)">forward ▶</button>
<button id="last" title="last step (End)">last</button>
<label>round <input id="round-input" type="number" min="1" value="1"></label>
<label>move <input id="move-input" type="number" min="0" value="0"></label>
<button id="go">go</button>
<button id="open-wa" title="the step the page opened at">start</button>
<label>speed <select id="speed"><option value="1000">1/s</option><option value="250" selected>4/s</option><option value="50">20/s</option><option value="5">200/s</option></select></label>
<input id="timeline" type="range" min="0" max="0" value="0">
</section>
<section id="info">
<div id="move-info"></div>
<div id="judgement"></div>
<div id="status"></div>
</section>
<section id="board-box">
<canvas id="board" width="900" height="300"></canvas>
<div id="legend"></div>
<div id="window-box"><label id="window-label">view from <input id="window" type="range" min="1" max="1" value="1"></label></div>
</section>
<pre id="position"></pre>
<section id="rounds-box"><h2>rounds</h2>
<table id="rounds"><thead><tr><th>round</th><th>the solution's side</th><th>winner</th><th>moves</th><th>end</th></tr></thead><tbody id="rounds-body"></tbody></table>
</section>
<section id="nearby-box"><h2>moves nearby</h2><ol id="nearby"></ol></section>
</main>
"#;

/// Judges the transcript in `text` and writes its page to `out`.
pub fn write_page(game: Game, text: &str, out: &Path) -> Result<Replay, String> {
    let replay = judge(game, text)?;
    crate::output::write_new(out, page(&replay).as_bytes())
        .map_err(|e| format!("cannot write the page {}: {e}", out.display()))?;
    Ok(replay)
}

impl Replay {
    /// One line for the terminal: what the page holds and where it opens.
    pub fn summary(&self, out: &Path) -> String {
        let moves = self.steps.len() - self.rounds.len();
        let mut text = format!(
            "page {}: {}, {}",
            out.display(),
            counted(self.rounds.len() as u64, "round"),
            counted(moves as u64, "move")
        );
        if let Some(step) = self.steps.get(self.open_step()) {
            let first = self.rounds[step.round].first_step;
            let _ = write!(
                text,
                ", opens at round {}, move {}",
                step.round + 1,
                self.open_step() - first
            );
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shell knows no game (no engine table, no game's name as a key or string); each
    /// game's page carries its own engine and no other's.
    #[test]
    fn the_shell_knows_games_only_through_the_registry() {
        assert_eq!(SCRIPT.matches(ENGINE).count(), 1);
        for &game in Game::ALL {
            let name = game.name();
            for named in [
                format!("'{name}'"),
                format!("{name}:"),
                format!("\"{name}\""),
            ] {
                assert!(!SCRIPT.contains(&named), "the shell names {named}");
            }
            let page = page(&judge(game, "").unwrap());
            assert!(page.contains(game.problem().replay), "{name}");
            for &other in Game::ALL {
                let theirs = other.problem().replay;
                if theirs != game.problem().replay {
                    assert!(
                        !page.contains(theirs),
                        "{name}'s page holds {}'s engine",
                        other.name()
                    );
                }
            }
        }
    }

    #[test]
    fn json_strings_cannot_close_the_script() {
        let mut out = String::new();
        json_string(&mut out, "</script>\"\\\n\u{1}");
        assert_eq!(out, r#""\u003c/script\u003e\"\\\n\u0001""#);
    }
}
