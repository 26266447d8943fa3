//! `referee human` driven in a real terminal, for the games' tests: tmux runs it on a 120×40
//! screen, a test types into it (`send-keys`) and reads the screen (`capture-pane`); the
//! checks every game's round shares (a round's result, the end of the session).
//!
//! Needs tmux (Debian's package `tmux`; .ci/run installs it): without it every such test fails
//! with one message saying so. Each [`Tmux`] is a tmux server of its own on a socket in its
//! own scratch folder, killed when it is dropped.

use crate::TempDir;
use std::process::Command;
use std::time::{Duration, Instant};

/// Where a prompt or the end shows on the screen: each answer of the program ends in one.
const MARKERS: [&str; 4] = [
    "your move> ",
    "(first, second, hint, help, quit) ",
    "Enter: ",
    "EXIT=",
];

/// A tmux server of its own running one `referee human` command.
pub struct Tmux {
    dir: TempDir,
}

impl Tmux {
    /// Starts `referee human ARGS` on a 120×40 screen; the exit code is printed after it as
    /// `EXIT=n` and the pane stays open.
    pub fn start(args: &str) -> Tmux {
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
        let command = format!(
            "{} human {args}; echo EXIT=$?; sleep 600",
            crate::bin("referee")
        );
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
    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p"])
    }

    /// Everything the program wrote, scrollback included.
    pub fn history(&self) -> String {
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
    pub fn type_line(&self, line: &str) -> String {
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
pub fn last_from<'a>(text: &'a str, head: &str) -> &'a str {
    let at = text
        .rfind(head)
        .unwrap_or_else(|| panic!("no {head:?} in:\n{text}"));
    &text[at..]
}

/// The round is over in `text`: whether the person won, and that the verdict on the person's
/// play agrees (against perfect play, a person who kept every won position is the one who won).
pub fn round_result(text: &str) -> bool {
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
pub fn finishes(tmux: &Tmux, verdict: &str) {
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
