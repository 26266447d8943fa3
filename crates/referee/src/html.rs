//! The replay page: one self-contained HTML file (inline CSS and JS, nothing fetched) that
//! shows a session's transcript move by move, with the referee's judgement of every move
//! (docs/replay.md).
//!
//! The judging is done here, in Rust, with the referee's own rounds ([`Round`]): the
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

use combgames_core::rng::Rng;
use combgames_core::round::{MoveError, Round};
use combgames_registry::Game as GameKind;
use combgames_session::session::{ABORT, END};
use combgames_session::transcript::{self, Entry};
use std::fmt::Write as _;
use std::path::Path;

const STYLE: &str = include_str!("html/replay.css");
const SCRIPT: &str = include_str!("html/replay.js");
/// The line of [`SCRIPT`] where the game's engine goes.
const ENGINE: &str = "  // ENGINE\n";

/// A suggested winning move is cut to this many characters on the page (a knights turn names
/// every knight).
const SHOWN_MOVE: usize = 600;

/// What the referee says of one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// A round's start position (step 0 of the round).
    Start,
    /// The mover was winning and the move keeps the win.
    Won,
    /// The mover was losing (any move loses).
    Lost,
    /// The mover was winning and the move hands the win to the opponent.
    LostTheWin,
    /// A well-formed move the rules forbid (WA).
    Illegal,
    /// A line that is not in the move notation (PE).
    Syntax,
    /// The referee's evaluator failed here (its own error).
    Error,
}

impl Judgement {
    /// The one-letter code the page's script reads.
    fn code(self) -> char {
        match self {
            Judgement::Start => 'S',
            Judgement::Won => 'W',
            Judgement::Lost => 'L',
            Judgement::LostTheWin => 'X',
            Judgement::Illegal => 'I',
            Judgement::Syntax => 'P',
            Judgement::Error => 'E',
        }
    }

    /// Whether the move changed the position (an illegal or unreadable one did not).
    pub fn played(self) -> bool {
        matches!(
            self,
            Judgement::Won | Judgement::Lost | Judgement::LostTheWin
        )
    }
}

/// One step of the page: a round's start, or a move and the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Index into [`Replay::rounds`].
    pub round: usize,
    /// Who moved: the solution (`Some(true)`), the referee, or nobody (a round's start).
    pub by_solution: Option<bool>,
    /// The move as written (empty at a start).
    pub line: String,
    pub judgement: Judgement,
    /// Whether the player to move after this step wins; `None` when the evaluator failed.
    pub mover_wins: Option<bool>,
    /// A winning move the mover had ([`Judgement::LostTheWin`]), the reason a move was refused,
    /// or, at a start, the side the solution took.
    pub detail: String,
}

/// How a round ended in the transcript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEnd {
    /// The player to move had no move.
    Over,
    /// `end` while moves were left: cut at the move cap.
    Cut,
    /// `-1`: the referee aborted the session here.
    Aborted,
    /// The transcript stops inside the round.
    Unfinished,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundInfo {
    /// The start position, its lines joined with `\n`, as the problem's input writes it.
    pub start: String,
    /// `first` or `second`, as the solution wrote it (`None`: it wrote none).
    pub side: Option<String>,
    /// Whether the first player wins the start position.
    pub first_wins: Option<bool>,
    /// Index of the round's start in [`Replay::steps`].
    pub first_step: usize,
    pub end: RoundEnd,
    /// Who won the round (0 the first player, 1 the second): over, the player the rules make
    /// the winner when the mover has no move; cut, the winner of the position at the cut by
    /// the referee's evaluator; `None` when aborted, unfinished or not judged.
    pub winner: Option<usize>,
}

/// A transcript judged move by move.
#[derive(Clone, Debug)]
pub struct Replay {
    pub game: GameKind,
    /// The transcript's notes: its header, faults and verdict line.
    pub notes: Vec<String>,
    pub rounds: Vec<RoundInfo>,
    pub steps: Vec<Step>,
}

impl Replay {
    /// The solution's first losing move, if any: a move that lost the win, an illegal or
    /// unreadable line, the start of a round where it took the losing side.
    pub fn first_fault(&self) -> Option<usize> {
        let losing_side = |step: &Step| {
            let round = &self.rounds[step.round];
            step.judgement == Judgement::Start
                && match (&round.side, round.first_wins) {
                    (Some(side), Some(first_wins)) => (side == "first") != first_wins,
                    (Some(side), None) => side != "first" && side != "second",
                    (None, _) => false,
                }
        };
        self.steps.iter().position(|step| {
            losing_side(step)
                || step.by_solution == Some(true)
                    && matches!(
                        step.judgement,
                        Judgement::LostTheWin | Judgement::Illegal | Judgement::Syntax
                    )
        })
    }

    /// The step the page opens at: the solution's first losing move; else, when the last
    /// round was played out or cut (the session ended in order), the start; else the last
    /// step (where the session stopped).
    pub fn open_step(&self) -> usize {
        self.first_fault()
            .unwrap_or_else(|| match self.rounds.last().map(|r| r.end) {
                Some(RoundEnd::Over | RoundEnd::Cut) | None => 0,
                Some(RoundEnd::Aborted | RoundEnd::Unfinished) => {
                    self.steps.len().saturating_sub(1)
                }
            })
    }
}

/// The transcript's entries in order, notes set aside as they come.
struct Reader<'a> {
    entries: std::slice::Iter<'a, Entry>,
    notes: Vec<String>,
}

/// A line of the session: who wrote it (`true`: the referee) and its text.
impl<'a> Reader<'a> {
    fn next(&mut self) -> Option<(bool, &'a str)> {
        for entry in self.entries.by_ref() {
            match entry {
                Entry::Sent(line) => return Some((true, line)),
                Entry::Received(line) => return Some((false, line)),
                Entry::Note(note) => self.notes.push(note.clone()),
            }
        }
        None
    }
}

/// A move line cut to [`SHOWN_MOVE`] characters.
fn shown(line: &str) -> String {
    match line.char_indices().nth(SHOWN_MOVE) {
        Some((cut, _)) => format!("{}… ({} bytes)", &line[..cut], line.len()),
        None => line.to_owned(),
    }
}

/// Whether the player to move wins; without a move, whether the rules make that player the
/// winner (misère play), as the session counts it.
fn mover_wins(round: &mut dyn Round) -> Result<bool, String> {
    if !round.mover_has_move() {
        return Ok(round.last_mover_loses());
    }
    round.mover_wins().map_err(|e| e.to_string())
}

/// Judges a transcript of `game`: its rounds played again with the referee's rounds, every
/// position evaluated. Refuses a transcript whose positions are not the game's.
pub fn judge(game: GameKind, text: &str) -> Result<Replay, String> {
    let entries = transcript::parse(text);
    let mut reader = Reader {
        entries: entries.iter(),
        notes: Vec::new(),
    };
    let mut replay = Replay {
        game,
        notes: Vec::new(),
        rounds: Vec::new(),
        steps: Vec::new(),
    };
    // The header `play R` (or a bare R, as older referees sent it).
    let header = loop {
        match reader.next() {
            Some((true, line)) => break line,
            Some((false, _)) => continue,
            None => {
                replay.notes = reader.notes;
                return Ok(replay);
            }
        }
    };
    let count = header.strip_prefix("play ").unwrap_or(header);
    if count.parse::<u64>().is_err() {
        return Err(format!(
            "the transcript starts with {header:?}, not `play R`: not a session of the protocol"
        ));
    }
    let mut rng = Rng::new(1);
    'rounds: loop {
        let first = match reader.next() {
            Some((true, line)) if line == ABORT => break,
            Some((true, line)) if line != END => line,
            Some(_) => continue,
            None => break,
        };
        let mut start = first.to_owned();
        let lines = game
            .position_lines(first)
            .map_err(|e| format!("round {}: position {first:?}: {e}", replay.rounds.len() + 1))?;
        for _ in 1..lines {
            match reader.next() {
                Some((true, line)) => {
                    start.push('\n');
                    start.push_str(line);
                }
                _ => {
                    return Err(format!(
                        "round {}: the position ends before its {lines} lines",
                        replay.rounds.len() + 1
                    ))
                }
            }
        }
        let index = replay.rounds.len();
        let made = |what| {
            game.from_line(&start)
                .map_err(|e| format!("round {}: {what}: {e}", index + 1))
        };
        let mut round = made("position")?;
        // One move behind `round`: the position before the last move, where a move that lost
        // the win had a winning one.
        let mut before = made("position")?;
        let first_step = replay.steps.len();
        replay.rounds.push(RoundInfo {
            start: start.clone(),
            side: None,
            first_wins: None,
            first_step,
            end: RoundEnd::Unfinished,
            winner: None,
        });
        let mut now = mover_wins(round.as_mut());
        replay.rounds[index].first_wins = now.clone().ok();
        let mut start_step = Step {
            round: index,
            by_solution: None,
            line: String::new(),
            judgement: Judgement::Start,
            mover_wins: now.clone().ok(),
            detail: String::new(),
        };
        if let Err(e) = &now {
            start_step.judgement = Judgement::Error;
            start_step.detail = e.clone();
        }
        let side = loop {
            match reader.next() {
                Some((false, line)) => break Some(line),
                Some((true, line)) if line == ABORT => break None,
                Some((true, _)) => continue,
                None => break None,
            }
        };
        replay.rounds[index].side = side.map(str::to_owned);
        if start_step.detail.is_empty() {
            start_step.detail = side.unwrap_or("").to_owned();
        }
        replay.steps.push(start_step);
        let Some(side) = side else {
            replay.rounds[index].end = RoundEnd::Aborted;
            break;
        };
        if side != "first" && side != "second" {
            replay.rounds[index].end = RoundEnd::Aborted;
            break;
        }
        loop {
            let Some((by_referee, line)) = reader.next() else {
                break 'rounds;
            };
            if by_referee && line == END {
                replay.rounds[index].end = if round.mover_has_move() {
                    RoundEnd::Cut
                } else {
                    RoundEnd::Over
                };
                // Every step since the start was a move (a refused one aborts the round).
                let mover = (replay.steps.len() - 1 - first_step) % 2;
                replay.rounds[index].winner = match &now {
                    Ok(true) => Some(mover),
                    Ok(false) => Some(1 - mover),
                    Err(_) => None,
                };
                continue 'rounds;
            }
            if by_referee && line == ABORT {
                replay.rounds[index].end = RoundEnd::Aborted;
                break 'rounds;
            }
            let mut step = Step {
                round: index,
                by_solution: Some(!by_referee),
                line: line.to_owned(),
                judgement: Judgement::Error,
                mover_wins: None,
                detail: String::new(),
            };
            match round.play_line(line) {
                Err(MoveError::Syntax(e)) => {
                    step.judgement = Judgement::Syntax;
                    step.detail = e;
                    step.mover_wins = now.clone().ok();
                }
                Err(MoveError::Illegal(e)) => {
                    step.judgement = Judgement::Illegal;
                    step.detail = e;
                    step.mover_wins = now.clone().ok();
                }
                Ok(()) => {
                    let was = now;
                    now = mover_wins(round.as_mut());
                    step.mover_wins = now.clone().ok();
                    match (&was, &now) {
                        (Ok(false), Ok(_)) => step.judgement = Judgement::Lost,
                        (Ok(true), Ok(false)) => step.judgement = Judgement::Won,
                        (Ok(true), Ok(true)) => {
                            step.judgement = Judgement::LostTheWin;
                            step.detail = match before.suggest_winning_move(&mut rng) {
                                Ok(m) => shown(&m),
                                Err(e) => format!("(the referee found none: {e})"),
                            };
                        }
                        (Err(e), _) | (_, Err(e)) => step.detail = e.clone(),
                    }
                    // The copy follows one move behind; it took every move the round took.
                    if let Err(e) = before.play_line(line) {
                        return Err(format!(
                            "round {}: the second copy of the round refused {:?}: {e:?}",
                            index + 1,
                            shown(line)
                        ));
                    }
                }
            }
            replay.steps.push(step);
        }
    }
    // The notes after the last round (a fault, the verdict line) belong to the page too.
    while reader.next().is_some() {}
    replay.notes = reader.notes;
    Ok(replay)
}

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
pub fn write_page(game: GameKind, text: &str, out: &Path) -> Result<Replay, String> {
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
            "page {}: {} round(s), {moves} move(s)",
            out.display(),
            self.rounds.len()
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

    /// docs/protocol.md's WA session: from 4 stones with cap 2 (k = 2), taking 2 leaves 2
    /// with cap 4, which the opponent takes; taking 1 leaves 3 with cap 2, a Fibonacci number
    /// below the cap's reach (1 leaves 2 for the opponent to take, 2 leaves 1), so 1 is the
    /// one winning move.
    #[test]
    fn a_move_that_lost_the_win_names_a_winning_one() {
        let text = "< play 1\n< 5 2\n> second\n< 1\n> 2\n< -1\n# fault WA: x\n";
        let replay = judge(GameKind::Subtraction, text).unwrap();
        let codes: Vec<Judgement> = replay.steps.iter().map(|s| s.judgement).collect();
        assert_eq!(
            codes,
            [Judgement::Start, Judgement::Lost, Judgement::LostTheWin]
        );
        assert_eq!(replay.steps[2].detail, "1");
        assert_eq!(replay.steps[2].by_solution, Some(true));
        assert_eq!(replay.open_step(), 2);
        assert_eq!(replay.rounds[0].end, RoundEnd::Aborted);
        assert_eq!(replay.notes, ["fault WA: x"]);
    }

    /// Subtraction from 5 stones (k = 2) is lost for the first player (5 is a Fibonacci
    /// number); the solution that says `first` took the losing side, and the page opens there.
    #[test]
    fn opens_where_the_losing_side_was_taken() {
        let text = "< play 2\n< 4 2\n> first\n> 1\n< end\n< 5 2\n> first\n> 1\n< 1\n< -1\n";
        let replay = judge(GameKind::Subtraction, text).unwrap();
        assert_eq!(replay.rounds.len(), 2);
        assert_eq!(replay.rounds[0].end, RoundEnd::Cut);
        assert_eq!(replay.rounds[1].first_step, 2);
        assert_eq!(replay.open_step(), 2);
    }

    /// A session that ended in order (every round played out or cut) opens at its start; one
    /// that stopped inside a round, where it stopped. In subtraction from 4 stones with k = 2
    /// the first player takes 1 (4 is no Fibonacci number: a win), the referee 1 or 2, and
    /// so on; here the solution takes all that is left at the end.
    #[test]
    fn a_session_that_ended_in_order_opens_at_its_start() {
        let over = "< play 2\n< 4 2\n> first\n> 1\n< 1\n> 2\n< end\n< 4 2\n> first\n> 1\n< end\n";
        let replay = judge(GameKind::Subtraction, over).unwrap();
        assert_eq!(replay.rounds[0].end, RoundEnd::Over);
        assert_eq!(replay.rounds[1].end, RoundEnd::Cut);
        assert_eq!(replay.open_step(), 0);
        let stopped = "< play 1\n< 4 2\n> first\n> 1\n< 1\n";
        let replay = judge(GameKind::Subtraction, stopped).unwrap();
        assert_eq!(replay.rounds[0].end, RoundEnd::Unfinished);
        assert_eq!(replay.open_step(), 2);
    }

    /// The winner of each round: over, the player who moved last (normal play); cut, the
    /// winner of the cut position (3 stones with cap 2 after the first player took 1: lost for
    /// the second player to move, so the first player's).
    #[test]
    fn each_round_names_its_winner() {
        let text = "< play 2\n< 4 2\n> second\n< 1\n> 1\n< 2\n< end\n< 4 2\n> second\n< 1\n< end\n";
        let replay = judge(GameKind::Subtraction, text).unwrap();
        assert_eq!(replay.rounds[0].winner, Some(0));
        assert_eq!(replay.rounds[1].end, RoundEnd::Cut);
        assert_eq!(replay.rounds[1].winner, Some(0));
    }

    /// docs/protocol.md's misère Nim on one heap of 2: removing the heap whole leaves the
    /// opponent without a move, which in misère play is the opponent's win, so it loses the
    /// win (`1 1`, leaving one token, wins); and a round that ends with the solution left
    /// without a move is the solution's.
    #[test]
    fn in_misere_play_the_player_left_without_a_move_wins() {
        let text = "< play 1\n< misere nim\n< 1 2\n> first\n> 1\n< -1\n";
        let replay = judge(GameKind::Impartial, text).unwrap();
        assert_eq!(replay.steps[1].judgement, Judgement::LostTheWin);
        assert_eq!(replay.steps[1].detail, "1 1");
        let text = "< play 1\n< misere nim\n< 1 2\n> first\n> 1 1\n< 1\n< end\n";
        let replay = judge(GameKind::Impartial, text).unwrap();
        assert_eq!(replay.steps[2].judgement, Judgement::Lost);
        assert_eq!(replay.rounds[0].winner, Some(0));
    }

    #[test]
    fn illegal_and_unreadable_moves_are_steps_that_change_nothing() {
        let text = "< play 1\n< 5 2\n> second\n< 1\n> 7\n< -1\n";
        let replay = judge(GameKind::Subtraction, text).unwrap();
        assert_eq!(replay.steps[2].judgement, Judgement::Illegal);
        assert!(!replay.steps[2].judgement.played());
        let text = "< play 1\n< 5 2\n> second\n< 1\n> x\n< -1\n";
        let replay = judge(GameKind::Subtraction, text).unwrap();
        assert_eq!(replay.steps[2].judgement, Judgement::Syntax);
        assert_eq!(replay.open_step(), 2);
    }

    #[test]
    fn refuses_what_is_no_session() {
        assert!(judge(GameKind::Pawns, "< hello\n").is_err());
        assert!(judge(GameKind::Pawns, "< play 1\n< 0\n").is_err());
        let empty = judge(GameKind::Pawns, "").unwrap();
        assert!(empty.steps.is_empty());
        assert_eq!(empty.open_step(), 0);
    }

    /// The shell knows no game (no engine table, no game's name as a key or string); each
    /// game's page carries its own engine and no other's.
    #[test]
    fn the_shell_knows_games_only_through_the_registry() {
        assert_eq!(SCRIPT.matches(ENGINE).count(), 1);
        for &game in GameKind::ALL {
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
            for &other in GameKind::ALL {
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
