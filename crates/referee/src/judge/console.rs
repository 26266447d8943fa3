//! What `referee judge` prints: the commands that make a test again or judge it again, the
//! shrunk failure with its expected and received answers, the progress line.

use super::args::{Options, SHRINK_TIME};
use super::judging::{Bench, Failed};
use super::report;
use super::shrink;
use super::work::write_new;
use combgames_core::gen::Spec;
use combgames_core::validate::Limits;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The `gen` command line that writes a generated test's input again.
pub(super) fn gen_command(spec: &Spec) -> String {
    let count = spec
        .count
        .map_or(String::new(), |c| format!(" --count {c}"));
    format!(
        "{} {} --seed {} --kind {} --size {}{count}",
        shell_quote(&invoked_as("gen")),
        spec.gen.name,
        spec.seed,
        spec.kind,
        spec.size
    )
}

/// The one command that judges test `test` of this run again, alone, against the same
/// program (the user swaps in a fixed one): the same seed and test options, with `--only`.
pub(super) fn rejudge_line(options: &Options, test: &str) -> String {
    let mut words = vec![
        invoked_as("referee"),
        "judge".to_owned(),
        options.problem.name().to_owned(),
        "--seed".to_owned(),
        options.seed.to_string(),
    ];
    words.extend(options.rerun.iter().cloned());
    words.push("--only".to_owned());
    words.push(test.to_owned());
    match &options.source {
        Some(source) => words.push(source.to_string_lossy().into_owned()),
        None => {
            words.push("--".to_owned());
            words.extend(options.command.iter().cloned());
        }
    }
    let quoted: Vec<String> = words.iter().map(|w| shell_quote(w)).collect();
    quoted.join(" ")
}

/// How to run the project's binary `name` from here: beside the referee as it was invoked
/// (`target/release/gen` after `target/release/referee`), or `name` alone when the referee
/// was found on PATH.
pub fn invoked_as(name: &str) -> String {
    match std::env::args_os().next().map(PathBuf::from) {
        Some(me) if me.components().count() > 1 => {
            me.with_file_name(name).to_string_lossy().into_owned()
        }
        _ => name.to_owned(),
    }
}

pub(super) use combgames_core::words::counted;

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

pub(super) fn megabytes(bytes: u64) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

/// A peak of memory as the report shows it: `12.3 MB`, or `-` when it is unknown (a run too
/// short to be sampled), never a made-up `0.0 MB`.
pub(super) fn peak_shown(peak: Option<u64>) -> String {
    match peak {
        // A sample taken as the process began or ended can be a few pages.
        Some(bytes) if bytes > 0 && bytes < 1 << 20 >> 4 => "< 0.1 MB".to_owned(),
        Some(bytes) => format!("{:.1} MB", megabytes(bytes)),
        None => "-".to_owned(),
    }
}

/// Lines of a text (a last line without its newline counts).
pub(super) fn line_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
        + usize::from(bytes.last().is_some_and(|&b| b != b'\n'))
}

/// `1 line`, `5 lines`.
pub(super) fn lines_of(bytes: &[u8]) -> String {
    match line_count(bytes) {
        1 => "1 line".to_owned(),
        n => format!("{n} lines"),
    }
}

/// Shown inline: at most this many lines and bytes; longer, the file's path.
pub(super) const INLINE_LINES: usize = 12;
pub(super) const INLINE_BYTES: usize = 1000;

/// Prints `label: <bytes>`: one line inline, a few lines as a block, more as the file's path.
pub(super) fn show(label: &str, bytes: &[u8], path: &Path) {
    let lines = line_count(bytes);
    if lines <= 1 && bytes.len() <= INLINE_BYTES {
        let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let text = if text.is_empty() {
            "(nothing)".to_owned()
        } else {
            combgames_core::escape::escape(text)
        };
        say!("    {label}: {text}");
    } else if lines <= INLINE_LINES && bytes.len() <= INLINE_BYTES {
        say!("    {label}:");
        let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        for line in text.split(|&b| b == b'\n') {
            say!("      | {}", combgames_core::escape::escape(line));
        }
    } else {
        say!(
            "    {label}: {} ({}, {} bytes)",
            path.display(),
            lines_of(bytes),
            bytes.len()
        );
    }
}

impl Bench {
    /// Shrinks a kept failure ([`shrink::shrink`]), prints the smallest failing input with the
    /// expected and received answers, and keeps it in `dir` as `shrunk-*.txt`.
    pub(super) fn shrink_and_show(
        &self,
        options: &Options,
        strict: Limits,
        failed: &Failed,
        dir: &Path,
        progress: bool,
    ) {
        let budget = shrink::Budget {
            runs: options.shrink_runs,
            time: SHRINK_TIME,
        };
        let mut last = None;
        let shrunk = shrink::shrink(
            options.problem,
            strict,
            &failed.input,
            budget,
            |candidate| {
                if progress {
                    eprint!(
                        "\r\x1b[K    shrinking: {}, {} bytes ...",
                        lines_of(candidate),
                        candidate.len()
                    );
                }
                let judged = self.judge_candidate(options, candidate, failed);
                let fails = judged.is_some();
                if fails {
                    last = judged;
                }
                fails
            },
        );
        if progress {
            eprint!("\r\x1b[K");
        }
        let stop = match shrunk.stop {
            shrink::Stop::Minimal => "no smaller candidate fails".to_owned(),
            shrink::Stop::Runs => format!("the budget of {} runs is spent", budget.runs),
            shrink::Stop::Time => format!("the {} s budget is spent", budget.time.as_secs()),
        };
        let shown = |file: &str| PathBuf::from(report::shown_path(&dir.join(file), &self.cwd));
        let Some(found) = last else {
            say!(
                "    shrunk: no smaller input fails with {} (0 steps, {} runs, {:.1}s; {stop})",
                failed.verdict,
                shrunk.runs,
                shrunk.elapsed.as_secs_f64()
            );
            // The failing input is the smallest there is: shown as a shrunk one would be.
            show("input", &failed.input, &shown("input.txt"));
            for (label, file) in [("expected", "answer.txt"), ("received", "output.txt")] {
                if let Ok(bytes) = std::fs::read(dir.join(file)) {
                    show(label, &bytes, &shown(file));
                }
            }
            return;
        };
        say!(
            "    shrunk: {}, {} bytes -> {}, {} bytes ({} step{}, {} runs, {:.1}s; {stop})",
            lines_of(&failed.input),
            failed.input.len(),
            lines_of(&shrunk.input),
            shrunk.input.len(),
            shrunk.steps,
            if shrunk.steps == 1 { "" } else { "s" },
            shrunk.runs,
            shrunk.elapsed.as_secs_f64()
        );
        let files = [
            ("shrunk-input.txt", &shrunk.input),
            ("shrunk-output.txt", &found.output),
            ("shrunk-answer.txt", &found.answer),
            ("shrunk-stderr.txt", &found.stderr),
        ];
        for (file, bytes) in files {
            if let Err(e) = write_new(&dir.join(file), bytes) {
                say!("    cannot keep the shrunk test: {e}");
                return;
            }
        }
        show("shrunk input", &shrunk.input, &shown("shrunk-input.txt"));
        show("expected", &found.answer, &shown("shrunk-answer.txt"));
        show("received", &found.output, &shown("shrunk-output.txt"));
        say!("    verdict: {} {}", failed.verdict, found.message);
        say!(
            "    reproduce shrunk: {} shrunk",
            shown(report::SCRIPT).display()
        );
    }
}

pub(super) fn stderr_is_terminal() -> bool {
    // SAFETY: isatty on a descriptor number.
    unsafe { libc::isatty(2) == 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_quote_keeps_plain_words_and_quotes_the_rest() {
        assert_eq!(shell_quote("target/release/pawns"), "target/release/pawns");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
