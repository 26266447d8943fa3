//! The person's terminal: lines typed in, kept to a length, and text out; the short forms a
//! position is shown in.

use std::io::{BufRead, Write};

/// The person's terminal: lines in, text out. Output errors are ignored (a closed terminal
/// ends the game at the next read).
pub(super) struct Term<'a> {
    pub(super) input: &'a mut dyn BufRead,
    pub(super) out: &'a mut dyn Write,
}

/// Longest line a person's input keeps, bytes (moves and commands are a few dozen).
pub const MAX_TYPED_LINE: usize = 4096;

impl Term<'_> {
    pub(super) fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    /// The next line typed after `prompt`, trimmed; `None` at end of input (or a read error).
    /// Only its first [`MAX_TYPED_LINE`] bytes are kept: the rest is read and dropped, with
    /// one line saying so, so a huge line costs neither memory nor an echo of it.
    pub(super) fn ask(&mut self, prompt: &str) -> Option<String> {
        self.say(prompt);
        let mut line = Vec::new();
        let mut dropped = 0usize;
        let mut ended = false;
        while !ended {
            let chunk = match self.input.fill_buf() {
                Ok([]) => break,
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let (take, used) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    ended = true;
                    (i, i + 1)
                }
                None => (chunk.len(), chunk.len()),
            };
            let room = MAX_TYPED_LINE.saturating_sub(line.len()).min(take);
            line.extend_from_slice(&chunk[..room]);
            dropped += take - room;
            self.input.consume(used);
        }
        if line.is_empty() && dropped == 0 && !ended {
            return None;
        }
        if dropped > 0 {
            self.say(&format!(
                "(line longer than {MAX_TYPED_LINE} bytes: the last {dropped} were discarded)\n"
            ));
        }
        Some(String::from_utf8_lossy(&line).trim().to_owned())
    }
}

pub(super) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A position on one line (its lines joined by ` / `), cut after 100 characters.
pub(super) fn one_line(position: &str) -> String {
    let joined = position.lines().collect::<Vec<_>>().join(" / ");
    match joined.char_indices().nth(100) {
        Some((cut, _)) => format!("{}...", &joined[..cut]),
        None => joined,
    }
}

/// A position for the solution's verdict messages, as a session writes it.
pub(super) fn abbreviated(position: &str) -> String {
    if position.len() <= 100 {
        return format!("{position:?}");
    }
    let head: String = position.chars().take(60).collect();
    format!("{head:?}... ({} bytes)", position.len())
}
