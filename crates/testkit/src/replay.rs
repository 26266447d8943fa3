//! The replay page (`referee play|replay ... --html`) in a real browser, for the games' tests:
//! headless Chromium opens a page at a move (`#round=R&move=N`), and the DOM it leaves is read
//! back: the position at that move, the referee's judgement, the table of rounds. No page may
//! raise a script error (the page's window.onerror leaves `id="script-error"` in the DOM) and
//! every page must run its script to the end (`data-ready="1"`). A screenshot of each page is
//! kept under target/replay-screens/.
//!
//! A game's tests give what the page must show of it ([`Drawn`]: its position after moves, by
//! its rules alone) and call [`session_page_shows_the_position_and_the_judgement`] and
//! [`wa_page_names_a_winning_move`]. Needs Chromium (Debian's package `chromium`; .ci/run
//! installs it): without it every such test fails with one message saying so.

use crate::{bin, TempDir};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a game's replay page must show, for [`session_page_shows_the_position_and_the_judgement`].
pub struct Drawn {
    pub game: &'static str,
    /// The lines the page's #position must hold after `moves` from the round's position lines,
    /// by the game's rules alone.
    pub position: fn(&[String], &[String]) -> Vec<String>,
    /// The lines of a position whose first line is the argument (docs/protocol.md's table).
    pub lines: fn(&str) -> usize,
    /// `referee play` options small enough that the page shows the whole board in its text.
    pub session: &'static [&'static str],
    /// Whether its drawing shades squares or cells by what they mean (a legend says how).
    pub shades: bool,
}

/// One browser at a time: the machine has two cores, and each Chromium starts a dozen
/// processes.
static BROWSER: Mutex<()> = Mutex::new(());

/// Chromium's path, or the test's failure saying how to install it.
pub fn chromium() -> &'static str {
    let found = Command::new("chromium")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        found,
        "the replay page's tests need Chromium on the PATH: install it with \
         `apt-get install -y chromium` (Debian's package; .ci/run installs it)"
    );
    "chromium"
}

/// Runs headless Chromium with `args` after its own, within 90 s; returns its stdout. Its
/// profile, and what it writes under $HOME (a cache of scoped folders), are in `scratch`,
/// removed with it.
pub fn browser(scratch: &Path, args: &[String]) -> String {
    let exe = chromium();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let home = scratch.join("home");
    let mut child = Command::new(exe)
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--hide-scrollbars",
        ])
        .arg(format!(
            "--user-data-dir={}",
            scratch.join("profile").display()
        ))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        if child.try_wait().expect("wait for chromium").is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within 90 s: {args:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().expect("chromium's stdout")
}

pub fn url(page: &Path, hash: &str) -> String {
    format!("file://{}{hash}", page.display())
}

/// The DOM Chromium leaves after the page's scripts ran, checked for a script error and for
/// the script's end.
pub fn open_dom(scratch: &Path, page: &Path, hash: &str) -> String {
    checked_dom(
        browser(scratch, &["--dump-dom".to_owned(), url(page, hash)]),
        page,
        hash,
    )
}

pub fn checked_dom(dom: String, page: &Path, hash: &str) -> String {
    assert!(
        !dom.contains("id=\"script-error\""),
        "{} {hash}: the page raised a script error: {}",
        page.display(),
        text_of(&dom, "script-error")
    );
    assert!(
        dom.contains("data-ready=\"1\""),
        "{} {hash}: the page's script did not run to its end",
        page.display()
    );
    dom
}

/// The text of the element with this id (the page's text elements hold no markup).
pub fn text_of(dom: &str, id: &str) -> String {
    let Some(at) = dom.find(&format!("id=\"{id}\"")) else {
        return String::new();
    };
    let body = &dom[at..];
    let start = body.find('>').map_or(body.len(), |i| i + 1);
    let end = body[start..].find('<').map_or(body.len(), |i| start + i);
    body[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// target/replay-screens/, kept after the tests (an artifact).
pub fn screens() -> PathBuf {
    let referee = PathBuf::from(crate::bin("referee"));
    // target/<profile>/referee → target/replay-screens
    let dir = referee
        .parent()
        .and_then(Path::parent)
        .expect("target folder")
        .join("replay-screens");
    std::fs::create_dir_all(&dir).expect("create target/replay-screens");
    dir
}

/// [`open_dom`], and in the same run of the browser a screenshot of the page, saved as
/// `target/replay-screens/<name>.png`.
pub fn open_dom_and_screenshot(scratch: &Path, page: &Path, hash: &str, name: &str) -> String {
    let png = screenshot_path(name);
    let dom = browser(
        scratch,
        &[
            "--dump-dom".to_owned(),
            format!("--screenshot={}", png.display()),
            "--window-size=1200,900".to_owned(),
            url(page, hash),
        ],
    );
    check_screenshot(&png);
    checked_dom(dom, page, hash)
}

/// `target/replay-screens/<name>.png`, removed if an earlier run left it.
pub fn screenshot_path(name: &str) -> PathBuf {
    let png = screens().join(format!("{name}.png"));
    let _ = std::fs::remove_file(&png);
    png
}

pub fn check_screenshot(png: &Path) {
    let bytes = std::fs::read(png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
    assert!(
        bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
        "{}: not a screenshot of a page ({} bytes)",
        png.display(),
        bytes.len()
    );
}

/// [`open_dom`] of several opens of a page in one run of the browser (each run costs seconds
/// of CPU): a frame page holds one frame per `hash`, each the window's size (1200×900), one
/// under the other; once they have all loaded, its script copies each frame's DOM into a
/// `<textarea id="dom-I">` of its own, which the dump holds escaped. The window shows the first
/// frame alone: its screenshot, when `screenshot` names one, is the first open's.
pub fn open_doms(
    scratch: &Path,
    page: &Path,
    hashes: &[&str],
    screenshot: Option<&str>,
) -> Vec<String> {
    let frames: String = hashes
        .iter()
        .map(|hash| {
            format!(
                "<iframe src=\"{}\" width=\"1200\" height=\"900\" style=\"display:block;border:0\">\
                 </iframe>\n",
                url(page, hash)
            )
        })
        .collect();
    let frame_page = scratch.join("frames.html");
    std::fs::write(
        &frame_page,
        format!(
            "<!DOCTYPE html><html><body style=\"margin:0\">\n{frames}<script>\n\
             window.addEventListener('load', function () {{\n\
             var frames = document.getElementsByTagName('iframe');\n\
             for (var i = 0; i < frames.length; i++) {{\n\
             var copy = document.createElement('textarea');\n\
             copy.id = 'dom-' + i;\n\
             copy.textContent = frames[i].contentDocument.documentElement.outerHTML;\n\
             document.body.appendChild(copy);\n\
             }}\n}});\n</script></body></html>\n"
        ),
    )
    .unwrap();
    let png = screenshot.map(screenshot_path);
    let mut args = vec![
        // The frame page reads its frames' documents: file:// pages are of no origin else.
        "--allow-file-access-from-files".to_owned(),
        "--dump-dom".to_owned(),
        "--window-size=1200,900".to_owned(),
    ];
    args.extend(
        png.iter()
            .map(|png| format!("--screenshot={}", png.display())),
    );
    args.push(url(&frame_page, ""));
    let dump = browser(scratch, &args);
    if let Some(png) = &png {
        check_screenshot(png);
    }
    hashes
        .iter()
        .enumerate()
        .map(|(i, hash)| {
            let open = format!("<textarea id=\"dom-{i}\">");
            let start = dump.find(&open).unwrap_or_else(|| {
                panic!("{} {hash}: no DOM copied from its frame", page.display())
            }) + open.len();
            let end = start + dump[start..].find("</textarea>").expect("the copy's end");
            let dom = dump[start..end]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&nbsp;", "\u{a0}")
                .replace("&amp;", "&");
            checked_dom(dom, page, hash)
        })
        .collect()
}

/// One round of a transcript: its position lines, the solution's side, the moves in order and
/// whether a note says it was cut at the move cap.
pub struct Round {
    pub position: Vec<String>,
    pub solution_first: bool,
    pub moves: Vec<String>,
    pub cut: bool,
}

/// The rounds of a transcript, read here by the format of docs/protocol.md; `lines(first)`
/// says how many lines a position has.
pub fn rounds(transcript: &str, lines: impl Fn(&str) -> usize) -> Vec<Round> {
    let mut messages = transcript.lines().filter_map(|line| {
        let (_, rest) = line.split_once(' ')?;
        let (dir, text) = rest.split_once(' ').unwrap_or((rest, ""));
        (dir == "<" || dir == ">").then(|| text.to_owned())
    });
    let header = messages.next().expect("a header");
    assert!(header.starts_with("play "), "{header}");
    let mut out = Vec::new();
    while let Some(first) = messages.next() {
        let mut position = vec![first.clone()];
        for _ in 1..lines(&first) {
            position.push(messages.next().expect("a position line"));
        }
        let side = messages.next().expect("a side");
        let mut moves = Vec::new();
        for line in messages.by_ref() {
            if line == "end" || line == "-1" {
                break;
            }
            moves.push(line);
        }
        out.push(Round {
            position,
            solution_first: side == "first",
            moves,
            cut: false,
        });
    }
    // The session's note `round R, position ...: round cut after M moves`.
    for line in transcript.lines() {
        let Some((_, note)) = line.split_once(" # round ") else {
            continue;
        };
        if note.ends_with("moves") && note.contains(": round cut after ") {
            let round: usize = note.split(',').next().unwrap().parse().unwrap();
            out[round - 1].cut = true;
        }
    }
    out
}

/// The rows of the page's table of rounds, each its `data-step` and its cells' texts.
pub fn round_rows(dom: &str) -> Vec<(usize, Vec<String>)> {
    let at = dom.find("id=\"rounds-body\"").expect("the table of rounds");
    let body = &dom[at..at + dom[at..].find("</tbody>").expect("the table's end")];
    body.split("<tr")
        .skip(1)
        .map(|row| {
            let step = row
                .split_once("data-step=\"")
                .and_then(|(_, rest)| rest.split('"').next()?.parse().ok())
                .unwrap_or_else(|| panic!("a row without its step: {row}"));
            let cells = row
                .split("<td>")
                .skip(1)
                .map(|cell| cell.split("</td>").next().unwrap().replace("&amp;", "&"))
                .collect();
            (step, cells)
        })
        .collect()
}

/// The text of the element with this id, its children's markup removed, up to `end`.
pub fn inner_text(dom: &str, id: &str, end: &str) -> String {
    let at = dom.find(&format!("id=\"{id}\"")).expect(id);
    let inner = &dom[at..at + dom[at..].find(end).expect(end)];
    let mut text = String::new();
    let mut in_tag = true;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&#39;", "'").replace("&amp;", "&")
}

/// The table of rounds the page must show, from the transcript: per round its number, the
/// solution's side, the winner (a round played out is won by the player who moved last, in
/// normal play; a cut round by the side the evaluator names, which in an OK session is the
/// solution's), its moves and how it ended; each row goes to its round's start step.
pub fn expected_rows(game: &str, rounds: &[Round]) -> Vec<(usize, Vec<String>)> {
    let sides = combgames_registry::Game::parse(game)
        .unwrap()
        .problem()
        .sides;
    let mut step = 0;
    rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            let solution = usize::from(!round.solution_first);
            let winner = if round.cut {
                format!("{} (the solution), by the evaluator", sides[solution])
            } else {
                let last = (round.moves.len() + 1) % 2;
                let who = if last == solution {
                    "solution"
                } else {
                    "referee"
                };
                format!("{} (the {who})", sides[last])
            };
            let side = if round.solution_first {
                "first"
            } else {
                "second"
            };
            let row = vec![
                (r + 1).to_string(),
                side.to_owned(),
                winner,
                round.moves.len().to_string(),
                if round.cut { "cut" } else { "over" }.to_owned(),
            ];
            let first = step;
            step += round.moves.len() + 1;
            (first, row)
        })
        .collect()
}

pub fn numbers(line: &str) -> Vec<u64> {
    line.split(' ').map(|t| t.parse().unwrap()).collect()
}

/// A session of the game's solution with a page; the page, opened at the middle move of its
/// longest round, shows the position there and the judgement: the solution kept every
/// position won (the verdict is OK), so its moves are "won for the mover" and the referee's,
/// made from lost positions, "lost for the mover".
pub fn session_page_shows_the_position_and_the_judgement(drawn: &Drawn) {
    let game = drawn.game;
    let scratch = TempDir::new(&format!("replay-html-{game}"));
    let transcript = scratch.join("session.txt");
    let page = scratch.join("page.html");
    let solution = bin(game);
    let mut args = vec!["play", game, "--rounds", "3", "--seed", "1"];
    args.extend(drawn.session);
    let transcript_arg = transcript.to_string_lossy().into_owned();
    let page_arg = page.to_string_lossy().into_owned();
    args.extend([
        "--transcript",
        &transcript_arg,
        "--html",
        &page_arg,
        "--",
        &solution,
        "--play",
    ]);
    let out = Command::new(bin("referee")).args(&args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK "), "{game}: {stdout}");
    assert!(stdout.contains("page "), "{game}: no page line: {stdout}");
    let text = std::fs::read_to_string(&transcript).unwrap();
    let rounds = rounds(&text, drawn.lines);
    assert_eq!(rounds.len(), 3, "{game}");
    let (index, round) = rounds
        .iter()
        .enumerate()
        .max_by_key(|(_, r)| r.moves.len())
        .unwrap();
    assert!(
        round.moves.len() >= 2,
        "{game}: the longest round has {} moves",
        round.moves.len()
    );
    let move_no = round.moves.len() / 2;
    let hash = format!("#round={}&move={move_no}", index + 1);
    // The same move reached backwards from the round's last, one step at a time (the moves
    // taken back, as the ← key does); and the page without a hash.
    let back = format!("{hash}&from={}", round.moves.len());
    let [dom, backwards, opened]: [String; 3] =
        open_doms(&scratch, &page, &[&hash, &back, ""], Some(game))
            .try_into()
            .unwrap();
    let position = text_of(&dom, "position");
    let expected = (drawn.position)(&round.position, &round.moves[..move_no]);
    for line in &expected {
        assert!(
            position.contains(line),
            "{game} {hash}: the page shows {position:?}, not {line:?}"
        );
    }
    let backwards = text_of(&backwards, "position");
    for line in &expected {
        assert!(
            backwards.contains(line),
            "{game} {back}: the page shows {backwards:?}, not {line:?}"
        );
    }
    let info = text_of(&dom, "move-info");
    let total = round.moves.len();
    assert!(
        info.contains(&format!(
            "round {} of 3, move {move_no} of {total}",
            index + 1
        )),
        "{game} {hash}: {info}"
    );
    // A long move (a knights turn) is shown by its first 200 characters.
    let played: String = round.moves[move_no - 1].chars().take(200).collect();
    assert!(
        info.contains(&format!("played {played}")),
        "{game} {hash}: {info}"
    );
    // Move m is the first player's when m is odd.
    let by_solution = (move_no % 2 == 1) == round.solution_first;
    let judgement = text_of(&dom, "judgement");
    let want = if by_solution {
        "won for the mover"
    } else {
        "lost for the mover"
    };
    assert_eq!(judgement, want, "{game} {hash}: {info}");
    // Without a hash, an OK session opens at its start.
    let info = text_of(&opened, "move-info");
    assert!(info.starts_with("round 1 of 3, start"), "{game}: {info}");
    assert_eq!(text_of(&opened, "open-wa"), "start", "{game}");
    assert_eq!(round_rows(&opened), expected_rows(game, &rounds), "{game}");
    let legend = inner_text(&opened, "legend", "</div>");
    assert_eq!(
        !legend.is_empty(),
        drawn.shades,
        "{game}: legend {legend:?}"
    );
}

/// `referee replay <game> FILE --html OUT` of the transcript `transcript`, written to a file in
/// `scratch` (no command: the page alone): the page's path.
pub fn page_of_transcript(scratch: &TempDir, game: &str, transcript: &str) -> std::path::PathBuf {
    let file = scratch.join(format!("{game}-transcript.txt"));
    let page = scratch.join("page.html");
    std::fs::write(&file, transcript).unwrap();
    let out = Command::new(bin("referee"))
        .args(["replay", game])
        .arg(&file)
        .arg("--html")
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{game}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    page
}

/// A transcript of `game` with a move that lost the win, rendered alone (`referee replay
/// <game> FILE --html OUT`, no command): the page opens at that move and names `winning`
/// (or a move starting with it) as a winning move.
pub fn wa_page_names_a_winning_move(game: &str, transcript: &str, winning: &str) {
    let scratch = TempDir::new(&format!("replay-html-wa-{game}"));
    let page = page_of_transcript(&scratch, game, transcript);
    let dom = open_dom_and_screenshot(&scratch, &page, "", &format!("{game}-wa"));
    let judgement = text_of(&dom, "judgement");
    let prefix = format!("lost the win; a winning move was: {winning}");
    assert!(
        judgement.starts_with(&prefix),
        "{game}: {judgement:?}, want {prefix:?}"
    );
    // The WA move is the transcript's last, the solution's.
    let info = text_of(&dom, "move-info");
    assert!(info.contains("(the solution) played"), "{game}: {info}");
}
