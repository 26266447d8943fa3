//! The replay page in a real browser: for each game a short session of the
//! solution writes its page (`referee play ... --html`), headless Chromium opens it at a move
//! (`#round=R&move=N`), and the DOM it leaves must show the position at that move, computed
//! here from the transcript by the rules alone, and the referee's judgement of the move; a
//! hand-written transcript with a move that lost the win must open at that move and name the
//! winning move worked out in its comment. No page may raise a script error (the page's
//! window.onerror leaves `id="script-error"` in the DOM) and every page must run its script
//! to the end (`data-ready="1"`). A screenshot of each page is kept under
//! target/replay-screens/.
//!
//! Needs Chromium (Debian's package `chromium`; .ci/run installs it): without it every test
//! here fails with one message saying so.

use crate::common;

use common::{bin, TempDir};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One browser at a time: the machine has two cores, and each Chromium starts a dozen
/// processes.
static BROWSER: Mutex<()> = Mutex::new(());

/// Chromium's path, or the test's failure saying how to install it.
fn chromium() -> &'static str {
    let found = Command::new("chromium")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        found,
        "tests/replay/html.rs needs Chromium on the PATH: install it with \
         `apt-get install -y chromium` (Debian's package; .ci/run installs it)"
    );
    "chromium"
}

/// Runs headless Chromium with `args` after its own, within 90 s; returns its stdout. Its
/// profile, and what it writes under $HOME (a cache of scoped folders), are in `scratch`,
/// removed with it.
fn browser(scratch: &Path, args: &[String]) -> String {
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

fn url(page: &Path, hash: &str) -> String {
    format!("file://{}{hash}", page.display())
}

/// The DOM Chromium leaves after the page's scripts ran, checked for a script error and for
/// the script's end.
fn open_dom(scratch: &Path, page: &Path, hash: &str) -> String {
    checked_dom(
        browser(scratch, &["--dump-dom".to_owned(), url(page, hash)]),
        page,
        hash,
    )
}

fn checked_dom(dom: String, page: &Path, hash: &str) -> String {
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
fn text_of(dom: &str, id: &str) -> String {
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
fn screens() -> PathBuf {
    let referee = PathBuf::from(env!("CARGO_BIN_EXE_referee"));
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
/// target/replay-screens/<name>.png.
fn open_dom_and_screenshot(scratch: &Path, page: &Path, hash: &str, name: &str) -> String {
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

/// target/replay-screens/<name>.png, removed if an earlier run left it.
fn screenshot_path(name: &str) -> PathBuf {
    let png = screens().join(format!("{name}.png"));
    let _ = std::fs::remove_file(&png);
    png
}

fn check_screenshot(png: &Path) {
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
fn open_doms(
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
struct Round {
    position: Vec<String>,
    solution_first: bool,
    moves: Vec<String>,
    cut: bool,
}

/// The rounds of a transcript, read here by the format of docs/protocol.md; `lines(first)`
/// says how many lines a position has.
fn rounds(transcript: &str, lines: impl Fn(&str) -> usize) -> Vec<Round> {
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
fn round_rows(dom: &str) -> Vec<(usize, Vec<String>)> {
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
fn inner_text(dom: &str, id: &str, end: &str) -> String {
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
fn expected_rows(game: &str, rounds: &[Round]) -> Vec<(usize, Vec<String>)> {
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

/// The games whose drawing shades squares or cells by what they mean.
const SHADING: [&str; 5] = ["pawns", "tictactoe", "coloring", "race", "subtraction"];

fn numbers(line: &str) -> Vec<u64> {
    line.split(' ').map(|t| t.parse().unwrap()).collect()
}

/// The lines the page's #position must hold after `moves`, by the rules of each game.
fn expected_position(game: &str, position: &[String], moves: &[String]) -> Vec<String> {
    match game {
        "pawns" => {
            // `N`, or `N K a1 b1 ...`: only the runs untouched, the played columns empty.
            let t = numbers(&position[0]);
            let n = t[0] as usize;
            let runs = if t.len() == 1 {
                vec![1, t[0]]
            } else {
                t[2..].to_vec()
            };
            // rows[r][c]: row r + 1 counted from White's side.
            let mut rows = [vec!['.'; n], vec!['.'; n], vec!['.'; n]];
            for run in runs.chunks(2) {
                let cols = run[0] as usize - 1..run[1] as usize;
                rows[0][cols.clone()].fill('W');
                rows[2][cols].fill('B');
            }
            for m in moves {
                let m = numbers(m);
                let (r, c, r2, c2) = (m[0] as usize, m[1] as usize, m[2] as usize, m[3] as usize);
                rows[r2 - 1][c2 - 1] = rows[r - 1][c - 1];
                rows[r - 1][c - 1] = '.';
            }
            (1..=3)
                .rev()
                .map(|r| format!("row {r}  {}", rows[r - 1].iter().collect::<String>()))
                .collect()
        }
        "tictactoe" | "coloring" => {
            let mut strip: Vec<char> = position.last().unwrap().chars().collect();
            for m in moves {
                let (cell, symbol) = m.split_once(' ').unwrap();
                strip[cell.parse::<usize>().unwrap() - 1] = symbol.chars().next().unwrap();
            }
            vec![strip.into_iter().collect()]
        }
        "knights" => {
            let knights = match moves.last() {
                Some(turn) => numbers(turn),
                None => position[1..].iter().flat_map(|l| numbers(l)).collect(),
            };
            // The page lists the first 100 knights.
            let squares: Vec<String> = knights
                .chunks(2)
                .take(100)
                .map(|p| format!("({}, {})", p[0], p[1]))
                .collect();
            let noun = if knights.len() == 2 {
                "knight"
            } else {
                "knights"
            };
            vec![format!("{noun}: {}", squares.join(" "))]
        }
        "race" => {
            let square = |letter: char| {
                let (r, row) = position[1..]
                    .iter()
                    .enumerate()
                    .find(|(_, row)| row.contains(letter))
                    .unwrap();
                (r + 1, row.find(letter).unwrap() + 1)
            };
            let mut at = [square('A'), square('B')];
            for (i, m) in moves.iter().enumerate() {
                let m = numbers(m);
                let k = m.len() - 2;
                at[i % 2] = (m[k] as usize, m[k + 1] as usize);
            }
            vec![format!(
                "A on ({}, {}), B on ({}, {})",
                at[0].0, at[0].1, at[1].0, at[1].1
            )]
        }
        "subtraction" => {
            let start = numbers(&position[0]);
            let (n, k) = (start[0], start[1]);
            let taken: u64 = moves.iter().map(|m| m.parse::<u64>().unwrap()).sum();
            let cap = moves
                .last()
                .map_or(n - 1, |m| k * m.parse::<u64>().unwrap());
            vec![format!("pile {}, cap {cap}", n - taken)]
        }
        "impartial" => {
            // The heaps line, then each move `i a b ...` replaces heap i by its parts.
            let mut heaps: Vec<u64> = numbers(&position[1])[1..]
                .iter()
                .copied()
                .filter(|&h| h > 0)
                .collect();
            for m in moves {
                let m = numbers(m);
                let i = m[0] as usize - 1;
                heaps.splice(i..=i, m[1..].iter().copied());
            }
            let row: Vec<String> = heaps.iter().map(u64::to_string).collect();
            vec![format!(
                "{}: {} {}",
                position[0],
                heaps.len(),
                row.join(" ")
            )]
        }
        other => panic!("no such game {other}"),
    }
}

/// Lines of a position whose first line is `first` (docs/protocol.md's table).
fn position_lines(game: &str, first: &str) -> usize {
    match game {
        "coloring" | "impartial" => 2,
        "knights" => 1 + numbers(first)[0] as usize,
        "race" => 1 + first.parse::<usize>().unwrap(),
        _ => 1,
    }
}

/// Sizes small enough that the page shows the whole board in its text.
fn session_options(game: &str) -> Vec<&'static str> {
    match game {
        "subtraction" => vec!["--size", "20..200", "--k", "2"],
        "race" => vec!["--size", "5..8"],
        "impartial" => vec!["--size", "3..12", "--spec", "kayles"],
        _ => vec!["--size", "5..9"],
    }
}

/// A session of the game's solution with a page; the page, opened at the middle move of its
/// longest round, shows the position there and the judgement: the solution kept every
/// position won (the verdict is OK), so its moves are "won for the mover" and the referee's,
/// made from lost positions, "lost for the mover".
fn session_page_shows_the_position_and_the_judgement(game: &str) {
    let scratch = TempDir::new(&format!("replay-html-{game}"));
    let transcript = scratch.join("session.txt");
    let page = scratch.join("page.html");
    let solution = bin(game);
    let mut args = vec!["play", game, "--rounds", "3", "--seed", "1"];
    args.extend(session_options(game));
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
    let rounds = rounds(&text, |first| position_lines(game, first));
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
    let expected = expected_position(game, &round.position, &round.moves[..move_no]);
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
        SHADING.contains(&game),
        "{game}: legend {legend:?}"
    );
}

/// `referee replay <game> FILE --html OUT` of the transcript `transcript`, written to a file in
/// `scratch` (no command: the page alone): the page's path.
fn page_of_transcript(scratch: &TempDir, game: &str, transcript: &str) -> std::path::PathBuf {
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
fn wa_page_names_a_winning_move(game: &str, transcript: &str, winning: &str) {
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

#[test]
fn pawns_page() {
    session_page_shows_the_position_and_the_judgement("pawns");
}

/// A round from a board with columns already played (the session of docs/protocol.md's
/// example), rendered alone: the page draws the runs untouched and the played columns empty,
/// at the start and after moves.
#[test]
fn pawns_played_board_page() {
    let scratch = TempDir::new("replay-html-pawns-played");
    let script = "< play 1\n< 9 2 1 3 9 9\n> first\n> 1 1 2 1\n< 3 2 2 1\n> 1 2 2 1\n\
                  < 3 3 2 3\n> 1 9 2 9\n< end\n";
    let page = page_of_transcript(&scratch, "pawns", script);
    let moves: Vec<String> = ["1 1 2 1", "3 2 2 1", "1 2 2 1", "3 3 2 3"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    let moves_no = [0, 3, 4];
    let hashes = moves_no.map(|move_no| format!("#round=1&move={move_no}"));
    let doms = open_doms(
        &scratch,
        &page,
        &hashes.each_ref().map(String::as_str),
        None,
    );
    for ((move_no, hash), dom) in moves_no.into_iter().zip(&hashes).zip(&doms) {
        let position = text_of(dom, "position");
        let start = ["9 2 1 3 9 9".to_owned()];
        for line in expected_position("pawns", &start, &moves[..move_no]) {
            assert!(
                position.contains(&line),
                "{hash}: {position:?}, not {line:?}"
            );
        }
    }
}

#[test]
fn tictactoe_page() {
    session_page_shows_the_position_and_the_judgement("tictactoe");
}

#[test]
fn coloring_page() {
    session_page_shows_the_position_and_the_judgement("coloring");
}

#[test]
fn knights_page() {
    session_page_shows_the_position_and_the_judgement("knights");
}

#[test]
fn race_page() {
    session_page_shows_the_position_and_the_judgement("race");
}

#[test]
fn impartial_page() {
    session_page_shows_the_position_and_the_judgement("impartial");
}

/// Kayles (0.77) on a heap of 3 pins: one pin off an end leaves 2 (the opponent takes both),
/// two pins off an end leave 1 (the opponent takes it); only the middle pin, leaving 1 and 1
/// (`1 1 1`), wins.
#[test]
fn impartial_wa_page() {
    wa_page_names_a_winning_move(
        "impartial",
        "< play 1\n< kayles\n< 1 3\n> first\n> 1 2\n< -1\n",
        "1 1 1",
    );
}

/// docs/protocol.md's misère Nim on one heap of 2: removing the heap whole leaves the referee
/// without a move, which in misère play is the referee's win; `1 1`, leaving one token, wins.
#[test]
fn impartial_misere_wa_page() {
    wa_page_names_a_winning_move(
        "impartial",
        "< play 1\n< misere nim\n< 1 2\n> first\n> 1\n< -1\n",
        "1 1",
    );
}

/// docs/protocol.md's OK misère session: the referee takes the last token and, left without
/// a move, the solution has won the round, as the table says.
#[test]
fn impartial_misere_round_is_won_by_the_player_left_without_a_move() {
    let scratch = TempDir::new("replay-html-misere");
    let page = page_of_transcript(
        &scratch,
        "impartial",
        "< play 1\n< misere nim\n< 1 2\n> first\n> 1 1\n< 1\n< end\n",
    );
    let dom = open_dom(&scratch, &page, "");
    let row = ["1", "first", "the first player (the solution)", "2", "over"].map(String::from);
    assert_eq!(round_rows(&dom), [(0, row.to_vec())]);
}

/// A race session whose rounds are cut at the move cap: each cut note quotes its board, which
/// the page's header draws as rows (the transcript's position lines), with no `\n` left in
/// the text; the legend names the squares the board shades.
#[test]
fn race_notes_draw_their_boards() {
    let scratch = TempDir::new("replay-html-race-notes");
    let transcript = scratch.join("session.txt");
    let page = scratch.join("page.html");
    let out = Command::new(bin("referee"))
        .args([
            "play", "race", "--rounds", "2", "--seed", "1", "--size", "5",
        ])
        .args(["--max-moves", "2", "--transcript"])
        .arg(&transcript)
        .arg("--html")
        .arg(&page)
        .args(["--", &bin("race"), "--play"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK "), "{stdout}");
    let text = std::fs::read_to_string(&transcript).unwrap();
    let rounds = rounds(&text, |first| position_lines("race", first));
    assert!(rounds.iter().all(|r| r.cut), "{text}");
    let dom = open_dom(&scratch, &page, "");
    let notes = &dom[dom.find("id=\"notes\"").unwrap()..dom.find("</header>").unwrap()];
    assert!(!notes.contains("\\n"), "{notes}");
    for round in &rounds {
        let board = format!("<pre class=\"board\">{}</pre>", round.position.join("\n"));
        assert!(notes.contains(&board), "{notes} lacks {board}");
    }
    assert_eq!(round_rows(&dom), expected_rows("race", &rounds));
    let legend = inner_text(&dom, "legend", "</div>");
    for entry in [
        "wall",
        "on a shortest path between the starts",
        "A's start",
        "B's start",
    ] {
        assert!(legend.contains(entry), "{legend}");
    }
}

#[test]
fn subtraction_page() {
    session_page_shows_the_position_and_the_judgement("subtraction");
}

/// A round that starts mid-game (`n k p`, docs/protocol.md): the page starts from the cap p
/// gives, not the fresh pile's n − 1, and steps on from there.
#[test]
fn subtraction_mid_game_start_page() {
    let scratch = TempDir::new("replay-html-mid-game");
    // docs/protocol.md's example: 10 stones, k = 3/2, the last removal 2: cap 3.
    let page = page_of_transcript(
        &scratch,
        "subtraction",
        "< play 1\n< 10 3/2 2\n> first\n> 2\n< 3\n> 1\n< 1\n> 1\n< 1\n> 1\n< end\n",
    );
    let opens = [
        ("#round=1&move=0", "pile 10, cap 3"),
        ("#round=1&move=1", "pile 8, cap 3"),
        ("#round=1&move=2", "pile 5, cap 4"),
    ];
    let doms = open_doms(&scratch, &page, &opens.map(|(hash, _)| hash), None);
    for ((hash, want), dom) in opens.into_iter().zip(&doms) {
        let position = text_of(dom, "position");
        assert!(
            position.contains(want),
            "{hash}: {position:?} lacks {want:?}"
        );
    }
}

/// Pawns on 3 columns is Dawson's chess on a heap of 3: a push at an end column clears two
/// columns and leaves a heap of 1 (g = 1, a win for the opponent), the middle push clears
/// all three. So White's one winning move is the middle push.
#[test]
fn pawns_wa_page() {
    wa_page_names_a_winning_move(
        "pawns",
        "< play 1\n< 3\n> first\n> 1 1 2 1\n< -1\n",
        "1 2 2 2",
    );
}

/// Five empty cells: a mark on cell 3 leaves two end runs of 2 cells (each worth 2, xor 0);
/// on cell 1 an end run of 4 (worth 4), on cell 2 runs worth 1 and 3. Only cell 3 wins.
#[test]
fn tictactoe_wa_page() {
    wa_page_names_a_winning_move(
        "tictactoe",
        "< play 1\n< .....\n> first\n> 1 X\n< -1\n",
        "3 ",
    );
}

/// The same strip in coloring's notation.
#[test]
fn coloring_wa_page() {
    wa_page_names_a_winning_move(
        "coloring",
        "< play 1\n< 5\n< 00000\n> first\n> 1 1\n< -1\n",
        "3 ",
    );
}

/// One knight on (3, 2) of a 5×5 board: its moves are to (1, 3) and (1, 1). From (1, 1) no
/// move is left, so going there wins; from (1, 3) the opponent goes to (2, 1) and then no
/// move is left, so (1, 3) loses.
#[test]
fn knights_wa_page() {
    wa_page_names_a_winning_move(
        "knights",
        "< play 1\n< 1 5\n< 3 2\n> first\n> 1 3\n< -1\n",
        "1 1",
    );
}

/// A on (1, 1), B on (1, 4) of a corridor with one side square (2, 1) under A: the distance
/// is 3, odd, so A wins, and only by stepping to (1, 2); from the dead end (2, 1) A must come
/// back to (1, 1) while B comes to (1, 2) and then enters A's start (onto A standing there,
/// or after A has jumped over B).
#[test]
fn race_wa_page() {
    wa_page_names_a_winning_move(
        "race",
        "< play 1\n< 4\n< A..B\n< .###\n< ####\n< ####\n> first\n> 2 1\n< -1\n",
        "1 2",
    );
}

/// docs/protocol.md's session: 4 stones with cap 2 (k = 2); taking 2 leaves 2 with cap 4,
/// which the opponent takes; taking 1 leaves 3 with cap 2, from which 1 leaves 2 (taken) and
/// 2 leaves 1 (taken). So 1 is the winning move.
#[test]
fn subtraction_wa_page() {
    wa_page_names_a_winning_move(
        "subtraction",
        "< play 1\n< 5 2\n> second\n< 1\n> 2\n< -1\n",
        "1",
    );
}

/// A page of 10^5 moves (a subtraction round at 10^18 stones cut at 100000 moves) opened at
/// its last move shows it within 2 s of the browser's navigation start, as the page measures it
/// (#load-ms): the page keeps one position and steps it, it draws no board per move.
#[test]
fn a_page_of_a_hundred_thousand_moves_opens_within_two_seconds() {
    let scratch = TempDir::new("replay-html-large");
    let page = scratch.join("page.html");
    let out = Command::new(bin("referee"))
        .args([
            "play",
            "subtraction",
            "--rounds",
            "1",
            "--seed",
            "1",
            "--size",
            "1000000000000000000",
            "--max-moves",
            "100000",
            "--html",
        ])
        .arg(&page)
        .args(["--", &bin("subtraction"), "--play"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK "), "{stdout}");
    assert!(stdout.contains("100001 moves"), "{stdout}");
    let dom = open_dom_and_screenshot(
        &scratch,
        &page,
        "#round=1&move=100001",
        "subtraction-100000",
    );
    assert_eq!(
        round_rows(&dom),
        [(
            0,
            [
                "1",
                "first",
                "the first player (the solution), by the evaluator",
                "100001",
                "cut"
            ]
            .map(String::from)
            .to_vec()
        )]
    );
    assert!(
        text_of(&dom, "move-info").contains("move 100001 of 100001"),
        "{}",
        text_of(&dom, "move-info")
    );
    let opened = text_of(&dom, "load-ms");
    let ms: u64 = opened
        .strip_prefix("opened in ")
        .and_then(|t| t.strip_suffix(" ms"))
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no time in {opened:?}"));
    assert!(ms < 2000, "the page of 10^5 moves opened in {ms} ms");
}

/// What the command line refuses, each with one line on stderr and exit 3 (FAIL), before any
/// solution starts; `--help` names the option.
#[test]
fn the_page_options_refuse_what_they_cannot_do() {
    let scratch = TempDir::new("replay-html-cli");
    let refuse = |args: &[&str], needle: &str| {
        let out = Command::new(bin("referee")).args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    };
    let sol = bin("pawns");
    refuse(&["play", "pawns", "--html"], "--html needs a value");
    let missing_dir = scratch.join("no/such/folder/page.html");
    let missing_dir = missing_dir.to_str().unwrap();
    refuse(
        &["play", "pawns", "--html", missing_dir, "--", &sol, "--play"],
        "cannot write the page",
    );
    let absent = scratch.join("absent.txt");
    let page = scratch.join("page.html");
    let page = page.to_str().unwrap();
    refuse(
        &["replay", "pawns", absent.to_str().unwrap(), "--html", page],
        "cannot read",
    );
    let garbage = scratch.join("garbage.txt");
    std::fs::write(&garbage, "< hello\n").unwrap();
    refuse(
        &["replay", "pawns", garbage.to_str().unwrap(), "--html", page],
        "not `play R`",
    );
    std::fs::write(&garbage, "< play 1\n< 0\n").unwrap();
    refuse(
        &["replay", "pawns", garbage.to_str().unwrap(), "--html", page],
        "round 1",
    );
    // Without --html a replay still needs its command.
    refuse(
        &["replay", "pawns", garbage.to_str().unwrap()],
        "missing the solution command",
    );
    let help = Command::new(bin("referee")).arg("--help").output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("--html OUT.html"));
}

/// `play --html` without `--transcript` writes its transcript to the temporary folder and
/// removes it after the page is written.
#[test]
fn the_temporary_transcript_is_removed() {
    let scratch = TempDir::new("replay-html-tmp");
    let tmp = scratch.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let page = scratch.join("page.html");
    let out = Command::new(bin("referee"))
        .env("TMPDIR", &tmp)
        .args([
            "play", "pawns", "--rounds", "1", "--seed", "1", "--size", "5",
        ])
        .arg("--html")
        .arg(&page)
        .args(["--", &bin("pawns"), "--play"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("OK "), "{stdout}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("replay-data"));
    // Self-contained: nothing to fetch.
    for external in ["src=", "href=", "http://", "https://", "@import"] {
        assert!(!html.contains(external), "the page refers to {external}");
    }
    let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
    assert!(left.is_empty(), "left in TMPDIR: {left:?}");
}
