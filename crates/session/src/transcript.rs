//! The session transcript: one line per message, `<seconds> <dir> <text>`, where `<` is a
//! line the referee sent, `>` a line the solution wrote, and `#` a note (header, verdict).
//! Bytes that are not UTF-8 are written as `\xNN`, control characters as Rust escapes and a
//! backslash as `\\` (crate::escape), so the file stays one line per message.
//! `referee replay` reads the `<` lines back as the referee's script.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::os::unix::io::AsRawFd;
use std::path::Path;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Instant;

/// The descriptor of the transcript being written (-1: none), for the referee's termination
/// handler (the sandbox's `kill_group_on_termination`, given this static), which notes there that the session
/// was interrupted.
pub static OPEN_TRANSCRIPT_FD: AtomicI32 = AtomicI32::new(-1);

/// The transcript file, if any, and the first error writing it. The buffer is flushed each
/// time the referee has sent a message, that is before every wait for the solution, so a
/// referee stopped by a signal leaves every line up to its last wait on disk.
pub struct Transcript {
    out: Option<BufWriter<File>>,
    start: Instant,
    error: Option<std::io::Error>,
}

impl Transcript {
    pub fn create(path: Option<&Path>) -> std::io::Result<Transcript> {
        let out = match path {
            Some(p) => Some(BufWriter::new(create_fresh(p)?)),
            None => None,
        };
        if let Some(out) = &out {
            OPEN_TRANSCRIPT_FD.store(out.get_ref().as_raw_fd(), Ordering::SeqCst);
        }
        Ok(Transcript {
            out,
            start: Instant::now(),
            error: None,
        })
    }

    fn write(&mut self, dir: char, text: &str) {
        if let Some(out) = &mut self.out {
            let t = self.start.elapsed().as_secs_f64();
            if let Err(e) = writeln!(out, "{t:.6} {dir} {text}") {
                self.error.get_or_insert(e);
            }
        }
    }

    /// A message of several lines (a position like coloring's `N` and digits) is written as
    /// one `<` line each, so it replays line by line; then the buffer goes to the file.
    pub fn sent(&mut self, message: &str) {
        for line in message.split('\n') {
            self.write('<', line);
        }
        self.flush();
    }

    pub fn received(&mut self, line: &[u8]) {
        // Escaping a megabyte move line costs more than judging it: only with a file.
        if self.out.is_none() {
            return;
        }
        let text = combgames_core::escape::escape(line);
        self.write('>', &text);
    }

    pub fn note(&mut self, text: &str) {
        self.write('#', text);
    }

    pub fn flush(&mut self) {
        if let Some(out) = &mut self.out {
            if let Err(e) = out.flush() {
                self.error.get_or_insert(e);
            }
        }
    }

    /// Flushes and syncs the file, and says whether every line reached it: the first error
    /// met (a full disk) is the session's FAIL.
    pub fn finish(&mut self) -> Result<(), std::io::Error> {
        self.flush();
        if let Some(out) = &self.out {
            if let Err(e) = out.get_ref().sync_data() {
                // A transcript on a device that cannot sync (a pipe, /dev/null) is still whole.
                if e.kind() != std::io::ErrorKind::InvalidInput {
                    self.error.get_or_insert(e);
                }
            }
        }
        OPEN_TRANSCRIPT_FD.store(-1, Ordering::SeqCst);
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// One parsed transcript line.
#[derive(Debug, PartialEq, Eq)]
pub enum Entry {
    Sent(String),
    Received(String),
    Note(String),
}

/// Reads a transcript back (timestamps are optional, so hand-written sessions parse too).
pub fn parse(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut rest = line.trim_start();
        if let Some((first, tail)) = rest.split_once(' ') {
            if first.parse::<f64>().is_ok() {
                rest = tail;
            }
        }
        let (dir, body) = match rest.split_once(' ') {
            Some((d, b)) => (d, b),
            None => (rest, ""),
        };
        match dir {
            "<" => out.push(Entry::Sent(body.to_owned())),
            ">" => out.push(Entry::Received(body.to_owned())),
            "#" => out.push(Entry::Note(body.to_owned())),
            _ => {}
        }
    }
    out
}

/// Creates `path` for writing without following a link planted there: the file is made
/// under a fresh name in the same folder (exclusively, so never through a link) and renamed
/// over `path` at once, which replaces a link or a file at that name. A device or a pipe
/// there (`/dev/null`, `/dev/stdout`'s target, a FIFO) is written as it is, never replaced.
pub fn create_fresh(path: &Path) -> std::io::Result<File> {
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        let kind = meta.file_type();
        if !(kind.is_symlink() || kind.is_file() || kind.is_dir()) {
            return OpenOptions::new().write(true).open(path);
        }
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = path
        .file_name()
        .map_or_else(|| "transcript".into(), |n| n.to_string_lossy().into_owned());
    let fresh = path.with_file_name(format!(".{name}.{}-{nanos}.tmp", std::process::id()));
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&fresh)?;
    if let Err(e) = std::fs::rename(&fresh, path) {
        let _ = std::fs::remove_file(&fresh);
        return Err(e);
    }
    Ok(file)
}

/// Longest line [`read_file`] reads, bytes: a referee's position line (a strip of 10^6 cells,
/// a million heaps) is far shorter.
pub const MAX_FILE_LINE: usize = 16 << 20;
/// Largest transcript [`read_file`] reads, bytes.
pub const MAX_FILE: u64 = 256 << 20;

/// Reads a transcript file for `referee replay`, bounded: a file that does not start as a
/// transcript does (a timestamp, `<`, `>` or `#` first) is refused at its first byte, a line
/// longer than [`MAX_FILE_LINE`] or a file larger than [`MAX_FILE`] as soon as it is seen
/// (so `/dev/zero` or a huge one-token file costs a moment and little memory), and a line
/// that is not UTF-8 is named. The error is one short line.
pub fn read_file(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut input = BufReader::new(file.take(MAX_FILE + 1));
    let head = input
        .fill_buf()
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if let Some(&first) = head.iter().find(|b| !b.is_ascii_whitespace()) {
        if !(first.is_ascii_digit() || b"<>#".contains(&first)) {
            return Err(format!(
                "{shown}: no session transcript: it starts with the byte `{}`, not a timestamp, `<`, `>` or `#`",
                combgames_core::escape::head(&[first], 1)
            ));
        }
    }
    let mut text = String::new();
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        line.clear();
        number += 1;
        let read = input
            .by_ref()
            .take(MAX_FILE_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        if read == 0 {
            break;
        }
        if line.len() > MAX_FILE_LINE {
            return Err(format!(
                "{shown}: line {number} is longer than {} MiB: no session transcript",
                MAX_FILE_LINE >> 20
            ));
        }
        if text.len() as u64 + line.len() as u64 > MAX_FILE {
            return Err(format!(
                "{shown}: larger than {} MiB: no session transcript",
                MAX_FILE >> 20
            ));
        }
        match std::str::from_utf8(&line) {
            Ok(part) => text.push_str(part),
            Err(_) => return Err(format!("{shown}: line {number} is not UTF-8")),
        }
    }
    Ok(text)
}

/// Refuses a text that is no session transcript: its first line (blank lines aside) must be
/// a transcript line (`<`, `>` or `#`, after an optional timestamp), and the referee must have
/// sent at least one line in it.
pub fn check_session(text: &str) -> Result<(), String> {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if parse(first).is_empty() {
        let shown: String = first.chars().take(40).collect();
        return Err(format!(
            "no session transcript: its first line {shown:?} is no `<`, `>` or `#` line"
        ));
    }
    if !parse(text).iter().any(|e| matches!(e, Entry::Sent(_))) {
        return Err("no session transcript: the referee sends nothing in it".to_owned());
    }
    Ok(())
}

/// The `referee play` options a transcript notes (`# play options: ...`, written by the
/// session), as one shell-quoted line; `None` in a transcript without the note.
pub fn play_options(entries: &[Entry]) -> Option<&str> {
    entries.iter().find_map(|e| match e {
        Entry::Note(note) => note.strip_prefix(crate::session::PLAY_OPTIONS),
        _ => None,
    })
}

/// The seed the header of a transcript names (`# referee play <game> seed=S ...`); `None` when
/// it has no header (a hand-written script) or its header names no seed.
pub fn header_seed(entries: &[Entry]) -> Option<u64> {
    let header = entries.iter().find_map(|e| match e {
        Entry::Note(note) => note.strip_prefix("referee play "),
        _ => None,
    })?;
    header
        .split_whitespace()
        .find_map(|word| word.strip_prefix("seed="))?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--transcript` at a planted link: the link is replaced by the transcript, its target
    /// left as it was.
    #[test]
    fn a_transcript_replaces_a_planted_link() {
        let dir = std::env::temp_dir().join(format!("transcript-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("target");
        std::fs::write(&target, "keep").unwrap();
        let path = dir.join("t.txt");
        std::os::unix::fs::symlink(&target, &path).unwrap();
        let mut t = Transcript::create(Some(&path)).unwrap();
        t.sent("play 1");
        drop(t);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .ends_with("< play 1\n"));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn parses_timestamped_and_bare_lines() {
        let e = parse("0.000100 < 5 2\n0.2 > second\n# verdict OK\n> 1\n");
        assert_eq!(
            e,
            vec![
                Entry::Sent("5 2".into()),
                Entry::Received("second".into()),
                Entry::Note("verdict OK".into()),
                Entry::Received("1".into())
            ]
        );
    }

    #[test]
    fn junk_is_no_session() {
        assert!(check_session("hello\n< play 1\n").is_err());
        assert!(check_session("").is_err());
        assert!(check_session("# referee play pawns seed=1\n# verdict OK\n").is_err());
        assert!(check_session("\n0.1 # referee play pawns seed=1\n0.2 < play 1\n").is_ok());
        assert!(check_session("< play 1\n> 3\n").is_ok());
    }

    #[test]
    fn the_header_names_the_seed() {
        let header = "0.000001 # referee play pawns seed=42 limits cpu=1s command=[\"x\"]\n";
        assert_eq!(header_seed(&parse(header)), Some(42));
        assert_eq!(
            header_seed(&parse("< 1\n# verdict OK pawns seed=7\n")),
            None
        );
        assert_eq!(
            header_seed(&parse("# referee play pawns seed=none\n")),
            None
        );
    }
}
