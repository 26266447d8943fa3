//! `referee human` driven in a real terminal: tmux runs it on a 120×40 screen, the test types
//! into it (`send-keys`) and reads the screen (`capture-pane`). One test per game against the
//! referee's own play (moves, an illegal move, `hint`, `undo`, then the round played out or
//! quit) and one against a solution's play mode. The moves the tests type come from their own
//! rules and strategies (Zeckendorf for subtraction, mirroring on the strips, the xor for Nim),
//! never from the program's hints, and the boards they expect are worked out by hand.
//!
//! Needs tmux (Debian's package `tmux`; .ci/run installs it): without it every test fails with
//! one message saying so. Each test runs its own tmux server on a socket in its own scratch
//! folder, killed at the end.

use crate::common;

use common::TempDir;
use std::process::Command;
use std::time::{Duration, Instant};

const REFEREE: &str = env!("CARGO_BIN_EXE_referee");

/// Where a prompt or the end shows on the screen: each answer of the program ends in one.
const MARKERS: [&str; 4] = [
    "your move> ",
    "(first, second, hint, help, quit) ",
    "Enter: ",
    "EXIT=",
];

/// A tmux server of its own running one `referee human` command.
struct Tmux {
    dir: TempDir,
}

impl Tmux {
    /// Starts `referee human ARGS` on a 120×40 screen; the exit code is printed after it as
    /// `EXIT=n` and the pane stays open.
    fn start(args: &str) -> Tmux {
        let found = Command::new("tmux").arg("-V").output();
        if !found.is_ok_and(|o| o.status.success()) {
            panic!(
                "tmux is missing: these tests drive `referee human` in a terminal; install it \
                 with `apt-get install -y tmux` (Debian's package; .ci/run installs it)"
            );
        }
        let tmux = Tmux {
            dir: TempDir::new("human-tmux"),
        };
        let command = format!("{REFEREE} human {args}; echo EXIT=$?; sleep 600");
        tmux.tmux(&["new-session", "-d", "-x", "120", "-y", "40", &command]);
        tmux.wait_for_prompts(1);
        tmux
    }

    fn tmux(&self, args: &[&str]) -> String {
        let socket = self.dir.join("socket");
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&socket)
            .args(["-f", "/dev/null"])
            .args(args)
            .output()
            .expect("run tmux");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The visible screen.
    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p"])
    }

    /// Everything the program wrote, scrollback included.
    fn history(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-S", "-", "-J"])
    }

    fn prompts(&self) -> usize {
        let text = self.history();
        MARKERS.iter().map(|m| text.matches(m).count()).sum()
    }

    fn wait_for_prompts(&self, count: usize) {
        let end = Instant::now() + Duration::from_secs(20);
        while self.prompts() < count {
            assert!(
                Instant::now() < end,
                "no prompt after 20 s; the screen:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `line` and Enter, and waits for the program's next prompt (or its end). Returns
    /// what the program wrote in answer.
    fn type_line(&self, line: &str) -> String {
        let before = self.history();
        let count: usize = MARKERS.iter().map(|m| before.matches(m).count()).sum();
        if !line.is_empty() {
            self.tmux(&["send-keys", "-l", line]);
        }
        self.tmux(&["send-keys", "Enter"]);
        self.wait_for_prompts(count + 1);
        let after = self.history();
        // The answer: from the prompt just answered on. The history only grows at its end, so
        // the last `before`'s trimmed length is where the new text starts (give or take the
        // typed line, which is part of the answer's first line).
        let start = before.trim_end().len().min(after.len());
        after[start..].to_owned()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let socket = self.dir.join("socket");
        let _ = Command::new("tmux")
            .arg("-S")
            .arg(&socket)
            .arg("kill-server")
            .output();
    }
}

/// The text after the last line that starts with `head` (that line included).
fn last_from<'a>(text: &'a str, head: &str) -> &'a str {
    let at = text
        .rfind(head)
        .unwrap_or_else(|| panic!("no {head:?} in:\n{text}"));
    &text[at..]
}

/// The round is over in `text`: whether the person won, and that the verdict on the person's
/// play agrees (against perfect play, a person who kept every won position is the one who won).
fn round_result(text: &str) -> bool {
    assert!(text.contains("Round 1 over"), "{text}");
    let won = text.contains("You won.");
    assert!(won || text.contains("You lost."), "{text}");
    let verdict = if won {
        "verdict on your play: OK"
    } else {
        "verdict on your play: WA"
    };
    assert!(text.contains(verdict), "{text}");
    won
}

/// After the last round: what is typed at its prompt shows on a line of its own (the choices
/// above it); then Enter, the verdict line and exit 0.
fn finishes(tmux: &Tmux, verdict: &str) {
    let typed = tmux.type_line("nonsense");
    assert!(
        typed.contains("\"nonsense\": press Enter, or type undo or quit"),
        "{typed}"
    );
    assert!(
        tmux.history()
            .contains("Enter: finish; undo: take back your last move; quit\n> nonsense\n"),
        "{}",
        tmux.history()
    );
    let end = tmux.type_line("");
    assert!(end.contains(verdict), "{end}");
    assert!(end.contains("EXIT=0"), "{end}");
}

// ---------------------------------------------------------------------------------------------
// subtraction

/// The Fibonacci numbers of Zeckendorf's theorem (1, 2, 3, 5, 8, ...).
fn fibonacci_below(n: u64) -> Vec<u64> {
    let (mut a, mut b) = (1u64, 2u64);
    let mut all = vec![];
    while a <= n {
        all.push(a);
        (a, b) = (b, a + b);
    }
    all
}

/// k = 2: the smallest part of n's Zeckendorf decomposition (the winning move when the cap
/// allows it).
fn zeckendorf_smallest(mut n: u64) -> u64 {
    let mut part = n;
    for &f in fibonacci_below(n).iter().rev() {
        if f <= n {
            n -= f;
            part = f;
        }
    }
    part
}

/// The pile and the largest legal take on the last board of `text`.
fn pile(text: &str) -> (u64, u64) {
    let board = last_from(text, "  pile: ");
    let stones = board["  pile: ".len()..]
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{board}"));
    let cap = match board.find("may take: 1 to ") {
        Some(at) => board[at + "may take: 1 to ".len()..]
            .split_whitespace()
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("{board}")),
        None => 0,
    };
    (stones, cap)
}

#[test]
fn subtraction_against_the_referee() {
    let t = Tmux::start("subtraction --seed 1 --size 10 --k 2");
    assert!(t.screen().contains("round 1 of 1: 10 2"), "{}", t.screen());
    // 10 = 8 + 2 is no Fibonacci number: the first player wins, by taking 2 alone (taking 1
    // leaves 9 = 8 + 1 with cap 2, 3 leaves 7 = 5 + 2 with cap 6, 4 leaves 6 = 5 + 1 ...).
    let hint = t.type_line("hint");
    assert!(hint.contains("the first player wins"), "{hint}");
    t.type_line("first");
    let illegal = t.type_line("0");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    assert!(!illegal.contains("move 1:"), "{illegal}");
    let malformed = t.type_line("two");
    assert!(malformed.contains("not a move: "), "{malformed}");
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `2` wins"), "{hint}");
    // A losing move, then taken back with the reply.
    let after = t.type_line("1");
    assert!(after.contains("move 1: you play `1`"), "{after}");
    assert!(after.contains("pile: 9 stones"), "{after}");
    assert!(after.contains("move 2: the referee plays `1`"), "{after}");
    let undone = t.type_line("undo");
    assert!(undone.contains("undo: took back `1` and `1`"), "{undone}");
    assert_eq!(pile(&undone), (10, 9));
    // Zeckendorf's smallest part from here on: always within the cap, so the person wins.
    let mut text = undone;
    while !text.contains("Round 1 over") {
        let (stones, cap) = pile(&text);
        let take = zeckendorf_smallest(stones);
        assert!(take <= cap, "{text}");
        text = t.type_line(&take.to_string());
    }
    assert!(round_result(&text));
    finishes(&t, "OK human subtraction seed=1 rounds=1");
}

#[test]
fn subtraction_against_a_solution() {
    let solution = common::bin("subtraction");
    let t = Tmux::start(&format!(
        "subtraction --seed 1 --size 10 --k 2 -- {solution} --play"
    ));
    // 10 is a first-player win: the solution takes first, the person is second.
    let screen = t.screen();
    assert!(
        screen.contains("You are the second player, the solution is the first player."),
        "{screen}"
    );
    assert!(
        screen.contains("move 1: the solution plays `2`"),
        "{screen}"
    );
    let refused = t.type_line("undo");
    assert!(refused.contains("cannot take back"), "{refused}");
    let illegal = t.type_line("5");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let mut text = t.history();
    while !text.contains("Round 1 over") {
        text = t.type_line("1");
    }
    assert!(text.contains("You lost."), "{text}");
    assert!(
        text.contains("OK human subtraction seed=1 rounds=1"),
        "{text}"
    );
    assert!(text.contains("(the solution's play)"), "{text}");
    assert!(t.history().contains("EXIT=0"));
}

// ---------------------------------------------------------------------------------------------
// pawns

/// The three rows of the last pawns board in `text`: row 1 first.
fn pawn_rows(text: &str) -> Vec<Vec<char>> {
    let board = last_from(text, "\n  3  ");
    let row = |r: u32| -> Vec<char> {
        let line = board
            .lines()
            .find(|l| l.starts_with(&format!("  {r}  ")))
            .unwrap_or_else(|| panic!("{board}"));
        line[5..]
            .split_whitespace()
            .filter(|w| ["w", "b", "."].contains(w))
            .map(|w| w.chars().next().unwrap())
            .collect()
    };
    vec![row(1), row(2), row(3)]
}

/// A legal move of White on `rows`: a capture when there is one (mandatory), else a push.
fn white_move(rows: &[Vec<char>]) -> Option<String> {
    let n = rows[0].len();
    for r in 0..2 {
        for c in 0..n {
            if rows[r][c] != 'w' {
                continue;
            }
            for c2 in [c.wrapping_sub(1), c + 1] {
                if c2 < n && rows[r + 1][c2] == 'b' {
                    return Some(format!("{} {} {} {}", r + 1, c + 1, r + 2, c2 + 1));
                }
            }
        }
    }
    (0..2).find_map(|r| {
        (0..n)
            .find(|&c| rows[r][c] == 'w' && rows[r + 1][c] == '.')
            .map(|c| format!("{} {} {} {}", r + 1, c + 1, r + 2, c + 1))
    })
}

#[test]
fn pawns_against_the_referee() {
    let t = Tmux::start("pawns --seed 1 --size 3");
    t.type_line("first");
    // Dawson's chess on three columns: only the middle push wins (a push on an edge column
    // is captured, recaptured, and leaves White blocked after Black's last push).
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `1 2 2 2` wins"), "{hint}");
    let illegal = t.type_line("2 1 3 1");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line("1 1 2");
    assert!(malformed.contains("not a move: "), "{malformed}");
    // The edge push: Black's only capture answers it.
    let after = t.type_line("1 1 2 1");
    assert!(
        after.contains("move 2: the referee plays `3 2 2 1`"),
        "{after}"
    );
    assert_eq!(
        pawn_rows(&after),
        [
            vec!['.', 'w', 'w'],
            vec!['b', '.', '.'],
            vec!['b', '.', 'b']
        ]
    );
    let undone = t.type_line("undo");
    assert_eq!(
        pawn_rows(&undone),
        [vec!['w'; 3], vec!['.'; 3], vec!['b'; 3]]
    );
    let mut text = t.type_line("1 2 2 2");
    while !text.contains("Round 1 over") {
        let m = white_move(&pawn_rows(&text)).unwrap_or_else(|| panic!("{text}"));
        text = t.type_line(&m);
    }
    assert!(round_result(&text));
    finishes(&t, "OK human pawns seed=1 rounds=1");
}

// ---------------------------------------------------------------------------------------------
// tictactoe and coloring

/// The cells of the last strip drawn in `text` (the line after the `N cells` line).
fn strip(text: &str) -> Vec<char> {
    let board = last_from(text, " cells, ");
    board
        .lines()
        .nth(1)
        .unwrap_or_else(|| panic!("{board}"))
        .trim()
        .chars()
        .collect()
}

/// The move the referee just played (`c S`), from `text`.
fn referee_move(text: &str) -> (usize, char) {
    let line = last_from(text, "the referee plays `");
    let m = &line["the referee plays `".len()..];
    let m = &m[..m.find('`').unwrap()];
    let (c, s) = m.split_once(' ').unwrap();
    (c.parse().unwrap(), s.chars().next().unwrap())
}

/// On an empty strip of 7: the middle cell wins, and from then on the mirror move (the cell
/// 8 - c, the same symbol) is always legal and keeps the position symmetric, so the person
/// wins. `symbols`: the two symbols, `empty`: the empty cell.
fn strip_game(game: &str, symbols: [char; 2], empty: char) {
    let t = Tmux::start(&format!("{game} --seed 1 --size 7 --kind empty"));
    assert_eq!(strip(&t.screen()), vec![empty; 7]);
    // Seven empty cells between the strip's ends are worth 7 mod 2 = 1: the first player wins.
    let hint = t.type_line("hint");
    assert!(hint.contains("the first player wins"), "{hint}");
    t.type_line("first");
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `4 "), "{hint}");
    let illegal = t.type_line(&format!("0 {}", symbols[0]));
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line(&format!("4{}", symbols[0]));
    assert!(malformed.contains("not a move: "), "{malformed}");
    // A losing move (leaves an end run of six, worth 6), taken back with the reply.
    let after = t.type_line(&format!("1 {}", symbols[0]));
    let mut cells = vec![empty; 7];
    cells[0] = symbols[0];
    let (c, s) = referee_move(&after);
    cells[c - 1] = s;
    assert_eq!(strip(&after), cells);
    let undone = t.type_line("undo");
    assert!(undone.contains("undo: took back"), "{undone}");
    assert_eq!(strip(&undone), vec![empty; 7]);
    let mut text = t.type_line(&format!("4 {}", symbols[0]));
    while !text.contains("Round 1 over") {
        let (c, s) = referee_move(&text);
        text = t.type_line(&format!("{} {s}", 8 - c));
    }
    assert!(round_result(&text));
    finishes(&t, &format!("OK human {game} seed=1 rounds=1"));
}

#[test]
fn tictactoe_against_the_referee() {
    strip_game("tictactoe", ['X', 'O'], '.');
}

#[test]
fn coloring_against_the_referee() {
    strip_game("coloring", ['1', '2'], '0');
}

// ---------------------------------------------------------------------------------------------
// knights

/// The board side and the knights of the last knights board in `text`.
fn knights(text: &str) -> (u64, Vec<(u64, u64)>) {
    let board = last_from(text, " on a ");
    let side = board[" on a ".len()..]
        .split('x')
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{board}"));
    let mut all = Vec::new();
    for part in board.split(":(").skip(1) {
        let inner = &part[..part.find(')').unwrap()];
        let (x, y) = inner.split_once(", ").unwrap();
        all.push((x.parse().unwrap(), y.parse().unwrap()));
    }
    (side, all)
}

/// The first destination of a knight on (x, y) of an n-board, or its square when it is stuck.
fn knight_step(n: u64, (x, y): (u64, u64)) -> (u64, u64) {
    let options = [
        (x as i64 - 2, y as i64 + 1),
        (x as i64 - 2, y as i64 - 1),
        (x as i64 + 1, y as i64 - 2),
        (x as i64 - 1, y as i64 - 2),
    ];
    options
        .into_iter()
        .find(|&(a, b)| (1..=n as i64).contains(&a) && (1..=n as i64).contains(&b))
        .map_or((x, y), |(a, b)| (a as u64, b as u64))
}

fn knights_turn(n: u64, all: &[(u64, u64)]) -> (String, Vec<(u64, u64)>) {
    let next: Vec<(u64, u64)> = all.iter().map(|&k| knight_step(n, k)).collect();
    let line = next
        .iter()
        .map(|(x, y)| format!("{x} {y}"))
        .collect::<Vec<_>>()
        .join(" ");
    (line, next)
}

#[test]
fn knights_against_the_referee() {
    let t = Tmux::start("knights --seed 1");
    let (n, start) = knights(&t.screen());
    assert!((5..=10).contains(&n) && (1..=3).contains(&start.len()));
    let hint = t.type_line("hint");
    assert!(hint.contains("wins this position"), "{hint}");
    t.type_line("first");
    let off_board = vec!["0 0"; start.len()].join(" ");
    let illegal = t.type_line(&off_board);
    assert!(
        illegal.contains("illegal move: ") || illegal.contains("not a move: "),
        "{illegal}"
    );
    assert!(!illegal.contains("move 1:"), "{illegal}");
    let hint = t.type_line("hint");
    assert!(hint.contains("hint: the position is "), "{hint}");
    let (line, moved) = knights_turn(n, &start);
    let after = t.type_line(&line);
    assert!(
        after.contains(&format!("move 1: you play `{line}`")),
        "{after}"
    );
    if !after.contains("Round 1 over") {
        let undone = t.type_line("undo");
        assert!(undone.contains("undo: took back"), "{undone}");
        assert_eq!(knights(&undone), (n, start.clone()));
        t.type_line(&line);
    } else {
        assert_eq!(knights(&after).1, moved);
    }
    let mut text = t.history();
    while !text.contains("Round 1 over") {
        let (n, now) = knights(&text);
        text = t.type_line(&knights_turn(n, &now).0);
    }
    round_result(&text);
    finishes(&t, "human knights seed=1 rounds=1");
}

// ---------------------------------------------------------------------------------------------
// race

/// The squares of A and B on the last race board in `text`.
fn race_squares(text: &str) -> ((usize, usize), (usize, usize)) {
    let line = last_from(text, "  A on (");
    let numbers: Vec<usize> = line
        .lines()
        .next()
        .unwrap()
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    ((numbers[0], numbers[1]), (numbers[2], numbers[3]))
}

#[test]
fn race_against_the_referee() {
    let t = Tmux::start("race --seed 1 --size 5 --kind open");
    let hint = t.type_line("hint");
    assert!(hint.contains("wins this position"), "{hint}");
    t.type_line("first");
    let illegal = t.type_line("9 9");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line("1 2 3");
    assert!(malformed.contains("not a move: "), "{malformed}");
    let hint = t.type_line("hint");
    assert!(hint.contains("hint: the position is "), "{hint}");
    // A step along a row, away from the nearer edge (an open board has no walls).
    let (a, b) = race_squares(&t.history());
    let to = (a.0, if a.1 <= 3 { a.1 + 1 } else { a.1 - 1 });
    assert_ne!(to, b, "the open board of seed 1 has A and B apart");
    let after = t.type_line(&format!("{} {}", to.0, to.1));
    assert!(after.contains("move 2: the referee plays `"), "{after}");
    assert_eq!(race_squares(&after).0, to, "{after}");
    // A's start stays marked (lower case) once A has left it.
    let board = last_from(&after, "  A on (");
    let row = format!("  {:>2} ", a.0);
    let start_row = board.lines().find(|l| l.starts_with(&row)).unwrap();
    assert_eq!(start_row.split_whitespace().nth(a.1), Some("a"), "{board}");
    let undone = t.type_line("undo");
    assert_eq!(race_squares(&undone), (a, b), "{undone}");
    let quit = t.type_line("quit");
    assert!(quit.contains("quit: the game stops here."), "{quit}");
    // A game quit is no verdict: not OK, and an exit code of its own.
    assert!(
        quit.contains("\nQUIT human race seed=1 rounds=0 moves="),
        "{quit}"
    );
    assert!(!quit.contains("OK human"), "{quit}");
    assert!(quit.contains("EXIT=4"), "{quit}");
}

// ---------------------------------------------------------------------------------------------
// impartial

/// The heaps of the last impartial board in `text`.
fn heaps(text: &str) -> Vec<u64> {
    let board = last_from(text, "  rules: ");
    board
        .lines()
        .skip(2)
        .map_while(|l| {
            let (index, rest) = l.trim().split_once(": ")?;
            index.parse::<u64>().ok()?;
            rest.split_whitespace().next()?.parse().ok()
        })
        .collect()
}

/// A winning Nim move (heap i becomes h ^ x) if the xor x is not 0, in notation.
fn nim_move(heaps: &[u64]) -> Option<String> {
    let x = heaps.iter().fold(0, |a, h| a ^ h);
    let (i, h) = heaps
        .iter()
        .enumerate()
        .find(|(_, &h)| h ^ x < h && x != 0)?;
    Some(match h ^ x {
        0 => format!("{}", i + 1),
        rest => format!("{} {rest}", i + 1),
    })
}

#[test]
fn impartial_against_the_referee() {
    let t = Tmux::start("impartial --seed 1 --spec nim");
    let start = heaps(&t.screen());
    assert!(!start.is_empty(), "{}", t.screen());
    let first_wins = start.iter().fold(0, |a, h| a ^ h) != 0;
    let hint = t.type_line("hint");
    let side = if first_wins { "first" } else { "second" };
    assert!(hint.contains(&format!("choose `{side}`")), "{hint}");
    t.type_line(side);
    let illegal = t.type_line("99");
    assert!(illegal.contains("illegal move: "), "{illegal}");
    let malformed = t.type_line("one");
    assert!(malformed.contains("not a move: "), "{malformed}");
    let hint = t.type_line("hint");
    assert!(hint.contains("won for you: `"), "{hint}");
    let mut text = t.history();
    let mut undone = false;
    while !text.contains("Round 1 over") {
        let now = heaps(&text);
        let m = nim_move(&now).unwrap_or_else(|| panic!("{text}"));
        text = t.type_line(&m);
        if !undone && !text.contains("Round 1 over") {
            undone = true;
            let back = t.type_line("undo");
            assert!(back.contains("undo: took back"), "{back}");
            assert_eq!(heaps(&back), now);
            text = t.type_line(&m);
        }
    }
    assert!(round_result(&text));
    finishes(&t, "OK human impartial seed=1 rounds=1");
}
