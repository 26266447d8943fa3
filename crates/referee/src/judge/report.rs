//! What `referee judge` leaves and says about a failure: the kept folder (input, output,
//! answer, the whole stderr, and `run.sh`, which runs the solution on them again and judges
//! the output), the last lines of stderr, and paths as short as they can be said from where
//! the user stands.

use super::build::{self, Word};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Component, Path, PathBuf};

/// The files of a kept failure, in the order the judge's work files come: input, the
/// solution's output, the expected answer, the solution's stderr.
pub const KEPT: [&str; 4] = ["input.txt", "output.txt", "answer.txt", "stderr.txt"];

/// The script in each kept folder.
pub const SCRIPT: &str = "run.sh";

/// Lines of stderr the report shows under a failure (its last ones: a crash says why at the
/// end, after the trace).
pub const STDERR_LINES: usize = 5;

/// The longest stderr line shown, in characters.
const STDERR_WIDTH: usize = 200;

/// The solution as `run.sh` says it: the build (a source file's), the run command, and the
/// folder the judge ran it from (its relative paths are from there).
#[derive(Clone, Debug)]
pub struct Solution {
    pub build: Option<Vec<Word>>,
    pub run: Vec<Word>,
    pub cwd: PathBuf,
}

impl Solution {
    /// A command given after `--`, run from `cwd`.
    pub fn command(command: &[String], cwd: PathBuf) -> Solution {
        Solution {
            build: None,
            run: command.iter().map(|w| Word::Text(w.clone())).collect(),
            cwd,
        }
    }
}

/// `path` as the user would type it from `cwd`: relative when that is shorter than the
/// absolute path (`judge-failures/pawns-gen-1`, `../sol.c`), else absolute.
pub fn shown_path(path: &Path, cwd: &Path) -> String {
    let absolute = path.to_string_lossy().into_owned();
    if !path.is_absolute() || !cwd.is_absolute() {
        return absolute;
    }
    let (from, to): (Vec<Component>, Vec<Component>) =
        (cwd.components().collect(), path.components().collect());
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut relative = PathBuf::new();
    for _ in common..from.len() {
        relative.push("..");
    }
    for part in &to[common..] {
        relative.push(part);
    }
    let relative = if relative.as_os_str().is_empty() {
        ".".to_owned()
    } else {
        relative.to_string_lossy().into_owned()
    };
    if relative.len() < absolute.len() {
        relative
    } else {
        absolute
    }
}

/// The current folder, for [`shown_path`] (empty when it cannot be read: paths stay absolute).
pub fn current_dir() -> PathBuf {
    std::env::current_dir()
        .and_then(|d| d.canonicalize())
        .unwrap_or_default()
}

/// The last [`STDERR_LINES`] lines of a stderr whose last bytes are `tail` and which had
/// `total` bytes: a heading, then the lines, each escaped and cut at `STDERR_WIDTH`. None
/// when stderr was empty.
pub fn stderr_lines(tail: &[u8], total: u64) -> Option<Vec<String>> {
    if total == 0 {
        return None;
    }
    let text = tail.strip_suffix(b"\n").unwrap_or(tail);
    let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    // The tail may start in the middle of a line: that piece is no line of its own.
    if (tail.len() as u64) < total && lines.len() > 1 {
        lines.remove(0);
    }
    let all = if tail.len() as u64 == total {
        format!(
            "{} line{}",
            lines.len(),
            if lines.len() == 1 { "" } else { "s" }
        )
    } else {
        format!("{total} bytes")
    };
    let shown = &lines[lines.len().saturating_sub(STDERR_LINES)..];
    let heading = if shown.len() == lines.len() && tail.len() as u64 == total {
        format!("stderr ({all}):")
    } else {
        format!("stderr ({all}; the last {}):", shown.len())
    };
    let mut out = vec![heading];
    for line in shown {
        let line = combgames_core::escape::escape(line.strip_suffix(b"\r").unwrap_or(line));
        let cut: String = line.chars().take(STDERR_WIDTH).collect();
        let more = if cut.len() < line.len() { " ..." } else { "" };
        out.push(format!("  | {cut}{more}"));
    }
    Some(out)
}

/// Copies the judge's work files of a failed test (`files`, in [`KEPT`]'s order; a missing
/// one is kept empty) to a new folder `<keep>/<problem>-<test>/` with `run.sh`; returns the
/// folder (absolute).
pub fn keep(
    keep: &Path,
    problem: &str,
    test: &str,
    files: &[PathBuf],
    solution: &Solution,
    checker: &Path,
) -> std::io::Result<PathBuf> {
    let dir = keep.join(format!("{problem}-{test}"));
    // A link at the name (even a dangling one) goes, not what it points to.
    if std::fs::symlink_metadata(&dir).is_ok() {
        if std::fs::symlink_metadata(&dir)?.is_dir() {
            std::fs::remove_dir_all(&dir)?;
        } else {
            std::fs::remove_file(&dir)?;
        }
    }
    std::fs::create_dir_all(&dir)?;
    let dir = dir.canonicalize()?;
    // Each file made afresh (crate::output): never written through a link planted there.
    for (from, to) in files.iter().zip(KEPT) {
        let mut kept = crate::output::create(&dir.join(to))?;
        if from.is_file() {
            std::io::copy(&mut std::fs::File::open(from)?, &mut kept)?;
        }
    }
    let mut script = crate::output::create(&dir.join(SCRIPT))?;
    script.write_all(run_script(problem, test, solution, checker).as_bytes())?;
    script.set_permissions(std::fs::Permissions::from_mode(0o755))?;
    Ok(dir)
}

/// `run.sh`: runs the solution again on the folder's input (from the folder the judge ran it
/// from, without the sandbox and the limits), then judges as the judge did: a non-zero exit is
/// RE (exit 12), else the checker's verdict (0 OK, 1 WA, 2 PE). `run.sh shrunk` does the same
/// on the `shrunk-*` files. A source file is built again, into a temporary folder.
fn run_script(problem: &str, test: &str, solution: &Solution, checker: &Path) -> String {
    let quote = |p: &Path| super::shell_quote(&p.to_string_lossy());
    let mut s = format!(
        "#!/bin/sh\n\
         # Test {test} of `referee judge {problem}`, again: the solution reads input.txt and\n\
         # writes output.txt and stderr.txt here (no sandbox, no limits), then the checker\n\
         # compares output.txt with answer.txt: exit 0 OK, 1 WA, 2 PE, 12 RE (a non-zero exit).\n\
         # `./run.sh shrunk` does the same with the shrunk-*.txt files.\n\
         here=$(cd \"$(dirname \"$0\")\" && pwd) || exit 3\n\
         p=${{1:+$1-}}\n\
         cd {} || exit 3\n",
        quote(&solution.cwd)
    );
    if let Some(words) = &solution.build {
        s.push_str(
            "BUILD=$(mktemp -d) || exit 3\n\
             trap 'rm -rf \"$BUILD\"' EXIT\n",
        );
        s.push_str(&format!("{} || exit 3\n", build::shell_line(words)));
    }
    s.push_str(&format!(
        "{} < \"$here/${{p}}input.txt\" > \"$here/${{p}}output.txt\" 2> \"$here/${{p}}stderr.txt\"\n\
         status=$?\n\
         if [ $status -ne 0 ]; then\n\
         \x20 echo \"RE: exit status $status (stderr: $here/${{p}}stderr.txt)\" >&2\n\
         \x20 exit 12\n\
         fi\n\
         {} \"$here/${{p}}input.txt\" \"$here/${{p}}output.txt\" \"$here/${{p}}answer.txt\"\n",
        build::shell_line(&solution.run),
        quote(checker),
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_where_shorter() {
        let cwd = Path::new("/home/me/work");
        let shown = |p: &str| shown_path(Path::new(p), cwd);
        assert_eq!(shown("/home/me/work/judge-failures/x"), "judge-failures/x");
        assert_eq!(shown("/home/me/sol.c"), "../sol.c");
        assert_eq!(shown("/home/me/work"), ".");
        assert_eq!(shown("/tmp/a"), "/tmp/a");
        assert_eq!(shown("rel/x"), "rel/x");
        assert_eq!(shown_path(Path::new("/a/b"), Path::new("")), "/a/b");
    }

    /// The report shows the end of stderr, where a crash says why, not its first line.
    #[test]
    fn stderr_lines_are_the_last_ones() {
        let text: String = (1..=9).map(|i| format!("line {i}\n")).collect();
        let lines = stderr_lines(text.as_bytes(), text.len() as u64).unwrap();
        assert_eq!(lines[0], "stderr (9 lines; the last 5):");
        assert_eq!(
            lines[1..],
            [
                "  | line 5",
                "  | line 6",
                "  | line 7",
                "  | line 8",
                "  | line 9"
            ]
        );
        let lines = stderr_lines(b"boom", 4).unwrap();
        assert_eq!(lines, ["stderr (1 line):", "  | boom"]);
        assert!(stderr_lines(b"", 0).is_none());
        // Only the tail was kept: its cut first line is dropped, the total named in bytes.
        let lines = stderr_lines(b"ne 8\nline 9\n", 5000).unwrap();
        assert_eq!(lines, ["stderr (5000 bytes; the last 1):", "  | line 9"]);
    }
}
