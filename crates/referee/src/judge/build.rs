//! A solution given as a source file (`referee judge <problem> sol.c`, `referee play <game>
//! sol.py`): its language by the file's extension, built as judges usually build it, in a
//! temporary folder of its own that is removed when the [`Built`] is dropped.
//!
//! The commands keep the build folder as a placeholder ([`Word::Build`], shown as `$BUILD`), so
//! what is printed does not change from run to run and `run.sh` (the kept failures' script,
//! [`super::report`]) can say them to a shell as they are.

use std::fmt;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The languages a source file may be in, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    C,
    Cpp,
    Rust,
    Java,
    Python,
}

/// The extensions known, for the message that refuses another.
pub const EXTENSIONS: &str = ".c, .cpp (.cc, .cxx), .rs, .java, .py";

impl Language {
    /// The language of a file name by its extension, if it is one of [`EXTENSIONS`].
    pub fn of(source: &Path) -> Option<Language> {
        let ext = source.extension()?.to_str()?;
        Some(match ext {
            "c" => Language::C,
            "cpp" | "cc" | "cxx" => Language::Cpp,
            "rs" => Language::Rust,
            "java" => Language::Java,
            "py" => Language::Python,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Language::C => "C",
            Language::Cpp => "C++",
            Language::Rust => "Rust",
            Language::Java => "Java",
            Language::Python => "Python",
        }
    }

    /// The Debian package that brings the program `tool` of this language (for the one line
    /// that says it is missing).
    fn package(self) -> &'static str {
        match self {
            Language::C => "gcc",
            Language::Cpp => "g++",
            Language::Rust => "rustc (or rustup)",
            Language::Java => "default-jdk-headless",
            Language::Python => "python3",
        }
    }
}

/// One word of a command: plain text, or a path in the build folder (`$BUILD/<name>`, or the
/// folder itself when the name is empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    Text(String),
    Build(&'static str),
}

impl Word {
    /// The word with the build folder `dir` in place of `$BUILD`.
    fn resolve(&self, dir: &Path) -> String {
        match self {
            Word::Text(text) => text.clone(),
            Word::Build("") => dir.to_string_lossy().into_owned(),
            Word::Build(name) => dir.join(name).to_string_lossy().into_owned(),
        }
    }

    /// The word for a POSIX shell: `$BUILD` stays a variable, the rest is quoted as needed.
    pub fn shell(&self) -> String {
        match self {
            Word::Text(text) => super::shell_quote(text),
            Word::Build("") => "\"$BUILD\"".to_owned(),
            Word::Build(name) => format!("\"$BUILD/{name}\""),
        }
    }
}

/// A command line for a shell, `$BUILD` included.
pub fn shell_line(words: &[Word]) -> String {
    words.iter().map(Word::shell).collect::<Vec<_>>().join(" ")
}

/// How a source file is built and run: the build command (none for Python) and the run
/// command, both with the build folder as a placeholder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub language: Language,
    pub build: Option<Vec<Word>>,
    pub run: Vec<Word>,
}

/// The program built from C, C++ and Rust.
const PROGRAM: &str = "solution";

/// Python's check before the run: the source compiled to bytecode without running it, the
/// bytecode written into the build folder (none beside the source); a syntax error is
/// printed as the interpreter words it, and is CE.
const PY_CHECK: &str =
    "import py_compile, sys; sys.exit(py_compile.compile(sys.argv[1], sys.argv[2]) is None)";

/// The plan for `source` (the path as given: the compiler runs in the current folder), or
/// None for an extension no language has. The flags are those judges commonly use
/// (Codeforces, Kattis, DOMjudge: -O2, GNU dialects, the math library; rustc -O).
pub fn plan(source: &Path) -> Option<Plan> {
    let language = Language::of(source)?;
    let text = |s: &str| Word::Text(s.to_owned());
    let source_word = Word::Text(source.to_string_lossy().into_owned());
    let words = |list: &[&str]| list.iter().map(|s| text(s)).collect::<Vec<_>>();
    let (build, run) = match language {
        Language::C => {
            let mut build = words(&["gcc", "-O2", "-std=gnu11", "-o"]);
            build.extend([Word::Build(PROGRAM), source_word, text("-lm")]);
            (Some(build), vec![Word::Build(PROGRAM)])
        }
        Language::Cpp => {
            let mut build = words(&["g++", "-O2", "-std=gnu++17", "-o"]);
            build.extend([Word::Build(PROGRAM), source_word]);
            (Some(build), vec![Word::Build(PROGRAM)])
        }
        Language::Rust => {
            let mut build = words(&["rustc", "-O", "--edition", "2021", "-o"]);
            build.extend([Word::Build(PROGRAM), source_word]);
            (Some(build), vec![Word::Build(PROGRAM)])
        }
        Language::Java => {
            // The class is the file's name, as javac requires of a public class.
            let class = source
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            let mut build = words(&["javac", "-encoding", "UTF-8", "-d"]);
            build.extend([Word::Build(""), source_word]);
            // A deep recursion needs the stack judges give Java (-Xss64m: Kattis, Codeforces).
            let mut run = words(&["java", "-Xss64m", "-cp"]);
            run.extend([Word::Build(""), Word::Text(class)]);
            (Some(build), run)
        }
        Language::Python => {
            let mut check = words(&["python3", "-c", PY_CHECK]);
            check.extend([source_word.clone(), Word::Build("solution.pyc")]);
            (Some(check), vec![text("python3"), source_word])
        }
    };
    Some(Plan {
        language,
        build,
        run,
    })
}

/// The wall time a build may take: a compiler that hangs (a template bomb) must not hang
/// the judge.
pub const BUILD_TIME: Duration = Duration::from_secs(60);

/// Lines of the compiler's output shown with a CE.
pub const CE_LINES: usize = 10;

/// Why a source file gives no program. Its message leaves the source's name to the caller's
/// context (`cannot build sol.c: ...`), which names it once.
#[derive(Debug)]
pub enum BuildError {
    /// The extension is none of [`EXTENSIONS`].
    UnknownExtension,
    /// The file is not there (or is no file).
    NoSource,
    /// The compiler (or interpreter) is not installed.
    MissingTool { tool: String, language: Language },
    /// The temporary folder, or the compiler's start, failed.
    Io(String),
    /// The compiler refused the source (CE): why it stopped, and its output.
    Failed { why: String, log: Vec<u8> },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::UnknownExtension => write!(
                f,
                "unknown language: a source file ends in {EXTENSIONS} (or give the command after --)"
            ),
            BuildError::NoSource => f.write_str("no such file"),
            BuildError::MissingTool { tool, language } => write!(
                f,
                "{tool} is not installed ({}; Debian package: {})",
                language.name(),
                language.package()
            ),
            BuildError::Io(why) => f.write_str(why),
            BuildError::Failed { why, .. } => f.write_str(why),
        }
    }
}

impl std::error::Error for BuildError {}

/// The last `n` lines of a compiler's output, as text (tabs and all; not escaped: it is the
/// compiler's, shown as it wrote it).
pub fn last_lines(log: &[u8], n: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(log);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..]
        .iter()
        .map(|l| l.to_string())
        .collect()
}

/// What a CE shows of the compiler's output: a heading, then its last [`CE_LINES`] lines
/// (none when it said nothing).
pub fn compiler_output(log: &[u8]) -> Vec<String> {
    let all = last_lines(log, usize::MAX);
    if all.is_empty() {
        return Vec::new();
    }
    let shown = &all[all.len().saturating_sub(CE_LINES)..];
    let heading = if shown.len() < all.len() {
        format!(
            "compiler output ({} lines; the last {}):",
            all.len(),
            shown.len()
        )
    } else {
        "compiler output:".to_owned()
    };
    std::iter::once(heading)
        .chain(shown.iter().map(|l| format!("  | {l}")))
        .collect()
}

/// The line that shows the build command once (`$BUILD` as a variable).
pub fn build_line(words: &[Word]) -> String {
    format!(
        "build: {}  ($BUILD: a temporary folder, removed at the end)",
        shell_line(words)
    )
}

/// A built solution: its run command (real paths) and the folder, removed on drop.
#[derive(Debug)]
pub struct Built {
    pub plan: Plan,
    pub command: Vec<String>,
    dir: PathBuf,
}

impl Drop for Built {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The prefix of the build folders in the temporary folder, followed by the referee's pid.
const PREFIX: &str = "referee-build-";

/// Removes the build folders that referees killed outright left (their pid no longer runs).
fn remove_stale() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let pid = name
            .strip_prefix(PREFIX)
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Makes everything under `dir` readable (and folders and programs searchable, executable)
/// by others: a root referee runs the solution as a box uid of its own.
fn open_to_others(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let mode = meta.permissions().mode();
        let add = if meta.is_dir() || mode & 0o100 != 0 {
            0o055
        } else {
            0o044
        };
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode | add));
        if meta.is_dir() {
            open_to_others(&path);
        }
    }
}

/// Builds `source` by its plan in a new temporary folder (`referee-build-<pid>-<nanos>`): the
/// program, or why not. Python is compiled without running, as a check (its run command
/// names the source).
pub fn build(source: &Path) -> Result<Built, BuildError> {
    let plan = plan(source).ok_or(BuildError::UnknownExtension)?;
    if !source.is_file() {
        return Err(BuildError::NoSource);
    }
    remove_stale();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!("{PREFIX}{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)))
        .map_err(|e| {
            BuildError::Io(format!(
                "cannot create the build folder {}: {e}",
                dir.display()
            ))
        })?;
    let command: Vec<String> = plan.run.iter().map(|w| w.resolve(&dir)).collect();
    // From here on the folder goes with `built`, whatever happens.
    let built = Built { plan, command, dir };
    let tool_missing = |tool: &str| BuildError::MissingTool {
        tool: tool.to_owned(),
        language: built.plan.language,
    };
    match &built.plan.build {
        None => {
            // An interpreter not found would give RE on every test: one line instead.
            let tool = &built.command[0];
            if !on_path(tool) {
                return Err(tool_missing(tool));
            }
        }
        Some(words) => {
            let words: Vec<String> = words.iter().map(|w| w.resolve(&built.dir)).collect();
            compile(&words, &built.dir).map_err(|e| match e {
                Compile::NotFound => tool_missing(&words[0]),
                Compile::Io(why) => BuildError::Io(why),
                Compile::Failed { why, log } => BuildError::Failed { why, log },
            })?;
            if built.plan.language == Language::Java && !on_path("java") {
                return Err(tool_missing("java"));
            }
            open_to_others(&built.dir);
        }
    }
    Ok(built)
}

/// Whether `program` is found on `PATH` as an executable file.
fn on_path(program: &str) -> bool {
    if program.contains('/') {
        return Path::new(program).is_file();
    }
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            std::fs::metadata(dir.join(program))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    })
}

enum Compile {
    NotFound,
    Io(String),
    Failed { why: String, log: Vec<u8> },
}

/// Runs the compiler `words` (its stdout and stderr into one log in `dir`) within
/// [`BUILD_TIME`]; its process group is killed when over.
fn compile(words: &[String], dir: &Path) -> Result<(), Compile> {
    let log_path = dir.join("build.log");
    let io = |e: std::io::Error| Compile::Io(format!("cannot run {}: {e}", words[0]));
    let log = std::fs::File::create(&log_path).map_err(io)?;
    let mut child = match Command::new(&words[0])
        .args(&words[1..])
        .stdin(Stdio::null())
        .stdout(log.try_clone().map_err(io)?)
        .stderr(log)
        .process_group(0)
        .spawn()
    {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Compile::NotFound),
        Err(e) => return Err(io(e)),
    };
    let started = Instant::now();
    let status = loop {
        match child.try_wait().map_err(io)? {
            Some(status) => break Some(status),
            None if started.elapsed() > BUILD_TIME => {
                // SAFETY: kill on the process group the compiler leads.
                unsafe { libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL) };
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    };
    let mut log = Vec::new();
    if let Ok(mut file) = std::fs::File::open(&log_path) {
        let _ = file.read_to_end(&mut log);
    }
    let _ = std::fs::remove_file(&log_path);
    match status {
        Some(status) if status.success() => Ok(()),
        Some(status) => Err(Compile::Failed {
            why: format!("{} failed ({status})", words[0]),
            log,
        }),
        None => Err(Compile::Failed {
            why: format!("{} ran over {} s", words[0], BUILD_TIME.as_secs()),
            log,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each extension gets its language's usual judge command, `$BUILD` kept as a variable.
    #[test]
    fn plans_by_extension_with_the_judges_flags() {
        let shown = |file: &str| {
            let plan = plan(Path::new(file)).unwrap();
            (
                plan.build.as_deref().map(shell_line).unwrap_or_default(),
                shell_line(&plan.run),
            )
        };
        assert_eq!(
            shown("a/sol.c"),
            (
                "gcc -O2 -std=gnu11 -o \"$BUILD/solution\" a/sol.c -lm".to_owned(),
                "\"$BUILD/solution\"".to_owned()
            )
        );
        assert_eq!(
            shown("x.cpp").0,
            "g++ -O2 -std=gnu++17 -o \"$BUILD/solution\" x.cpp"
        );
        assert_eq!(shown("x.cc").0, shown("x.cpp").0.replace(".cpp", ".cc"));
        assert_eq!(
            shown("x.rs").0,
            "rustc -O --edition 2021 -o \"$BUILD/solution\" x.rs"
        );
        assert_eq!(
            shown("src/Sol.java"),
            (
                "javac -encoding UTF-8 -d \"$BUILD\" src/Sol.java".to_owned(),
                "java -Xss64m -cp \"$BUILD\" Sol".to_owned()
            )
        );
        assert_eq!(
            shown("my sol.py"),
            (
                format!("python3 -c '{PY_CHECK}' 'my sol.py' \"$BUILD/solution.pyc\""),
                "python3 'my sol.py'".to_owned()
            )
        );
        for unknown in ["sol.go", "sol", "sol.C.bak", "Makefile"] {
            assert!(plan(Path::new(unknown)).is_none(), "{unknown}");
        }
    }

    #[test]
    fn last_lines_are_the_end_of_the_log() {
        let log = b"a\nb\nc\nd\n";
        assert_eq!(last_lines(log, 2), ["c", "d"]);
        assert_eq!(last_lines(log, 9).len(), 4);
        assert!(last_lines(b"", 3).is_empty());
        assert_eq!(
            compiler_output(log),
            ["compiler output:", "  | a", "  | b", "  | c", "  | d"]
        );
        let long: String = (1..=12).map(|i| format!("e{i}\n")).collect();
        let shown = compiler_output(long.as_bytes());
        assert_eq!(shown[0], "compiler output (12 lines; the last 10):");
        assert_eq!(
            (shown[1].as_str(), shown[10].as_str()),
            ("  | e3", "  | e12")
        );
        assert!(compiler_output(b"").is_empty());
    }
}
