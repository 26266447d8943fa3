//! What the integration tests share: run a built binary on a given stdin ([`command`]: an
//! `assert_cmd` command, whose `.assert()` the tests check with `predicates`), scratch folders
//! removed on drop, examples' paths, a memory-limited run, a file compiled alone with plain
//! rustc, the packages' players, a validator's run ([`validator`]); and the mutation-suite
//! players' command line ([`mutant_cli`]).
//!
//! The tests are the root package's (tests/tests.rs and each game's `games/<g>/tests/main.rs`):
//! the programs they run are in the folder of the test binary's parent (`target/<profile>`),
//! found from the running test as `cargo test` lays them out.
//!
//! Here the built programs found and run, their output captured and asserted, and work shared
//! over the cores; the games a cross-game test plays in `games`, scratch folders in `scratch`,
//! compiling as a judge does in `compile`, programs on pipes in `pipes`, the judge's and the
//! referee's runs in `judging`.

pub mod game_data;
pub mod gen;
/// The command line the mutation suites' players share.
pub mod mutant_cli;
pub mod replay;
pub mod terminal;
pub mod validator;

mod compile;
mod games;
mod judging;
mod pipes;
mod scratch;

pub use compile::{assert_rustc_builds, compile_once_cache, compile_once_env};
pub use games::{a_game, another_game, foreign_option, game_folders, games, games_data};
pub use judging::{
    check_files, command_named, judge_verdicts, package_players, play_perfect_player,
    referee_judge, shell, verdict_without_times,
};
pub use pipes::{into_a_closed_pipe, judge_holding_the_pipes, pipe, HeldPipes};
pub use scratch::{process_scratch, TempDir};

/// The folder of the built programs, `target/<profile>`: the test binary runs from its `deps`
/// folder.
pub fn build_dir() -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary is in target/<profile>/deps")
        .to_path_buf()
}

/// The referee binary (`target/<profile>/referee`).
pub fn referee() -> String {
    build_dir().join("referee").to_string_lossy().into_owned()
}

/// The source tree's root (the workspace's folder), without `..` (a sandboxed solution is
/// given the files it reads by their paths).
pub fn root() -> &'static std::path::Path {
    static ROOT: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        root.canonicalize().expect("the source tree")
    })
}

/// A built binary of the package (`referee`, a solution, a checker), from the folder the
/// referee is in. A solution's binary is checked against its source first (`fresh`).
pub fn bin(name: &str) -> String {
    let path = build_dir().join(name);
    fresh(&path);
    path.to_string_lossy().into_owned()
}

/// Panics, saying to rebuild, when `binary` is a solution's and is missing or older than its
/// source `solutions/<name>.rs` (each solution is one file: the bin target's only source). Cargo
/// builds the root package's binaries and examples for its tests, but not the solutions crate's
/// (`make test` and scripts/test.sh build it first; `cargo test` alone does not): without this, a
/// test run after editing a solution would judge the binary of before the edit.
pub fn fresh(binary: &std::path::Path) {
    let Some(name) = binary.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let source = root().join("solutions").join(format!("{name}.rs"));
    let Ok(source_meta) = std::fs::metadata(&source) else {
        // Not a solution: cargo built it for this test run.
        return;
    };
    let rebuild = "rebuild the solutions: `cargo build --release --locked` (`make test` and \
                   scripts/test.sh build first)";
    let built = std::fs::metadata(binary)
        .unwrap_or_else(|_| panic!("{} is missing: {rebuild}", binary.display()));
    let modified = |m: std::fs::Metadata| m.modified().expect("file times");
    assert!(
        modified(built) >= modified(source_meta),
        "{} is older than {}: {rebuild}",
        binary.display(),
        source.display()
    );
}

/// For a test that cannot run here (a tool or a kernel feature missing): prints `skipped:
/// WHY` on stderr past the test harness's capture, so that it shows in every run's output
/// (scripts/test.sh counts these lines), then returns; where the environment variable `CI` is
/// set (`.ci/run` sets it, as CI services do), panics instead: there a skip is a failure. The
/// caller returns right after it.
pub fn cannot_run(why: &str) {
    use std::io::Write;
    assert!(
        std::env::var_os("CI").is_none(),
        "cannot run, and CI is set (a skip fails there): {why}"
    );
    let line = format!("skipped: {why}\n");
    // Written to the stream itself, not through `eprintln!`: libtest captures only the macros.
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// The package binary or solution `name` as an `assert_cmd` command: cargo's path for it
/// (`Command::cargo_bin`: `CARGO_BIN_EXE_<name>`, else beside the test binary, where the
/// solutions crate's are), a solution's checked against its source first ([`fresh`]). Its
/// stdin is empty unless `.write_stdin(..)` gives one (written from a thread of its own, so a
/// program that writes before it reads all cannot block it).
pub fn command(name: &str) -> assert_cmd::Command {
    let command =
        assert_cmd::Command::cargo_bin(name).unwrap_or_else(|e| panic!("no binary {name}: {e}"));
    fresh(std::path::Path::new(command.get_program()));
    command
}

/// A solution's binary: the solutions are a crate of their own (no `CARGO_BIN_EXE_` here),
/// built beside the referee by `cargo build` (`make test` builds first), checked against its
/// source (`fresh`).
pub fn solution(name: &str) -> &'static str {
    Box::leak(bin(name).into_boxed_str())
}

/// The end of a referee command line that judges `solution`'s `--play` mode under these wall
/// and idle limits (seconds).
pub fn judging_play_mode<'a>(solution: &'a str, time_limit: &'a str) -> [&'a str; 7] {
    [
        "--time-limit",
        time_limit,
        "--idle-limit",
        "5",
        "--",
        solution,
        "--play",
    ]
}

/// What a binary did with one input.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// Runs the package binary `bin` with `args` on `input` and captures everything.
pub fn run_with_args(bin: &str, args: &[&str], input: impl Into<Vec<u8>>) -> Run {
    let out = command(bin)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap_or_else(|e| panic!("could not run {bin}: {e}"));
    Run::from(out)
}

impl From<std::process::Output> for Run {
    fn from(out: std::process::Output) -> Run {
        Run {
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            code: out.status.code(),
        }
    }
}

/// Runs `command` with `input` on its stdin and captures its stdout and stderr (assert_cmd
/// writes the input from a thread of its own; a program that exits before reading all of it
/// closes the pipe, which is no error here).
pub fn output_with_input(command: std::process::Command, input: Vec<u8>) -> std::process::Output {
    let shown = format!("{command:?}");
    assert_cmd::Command::from_std(command)
        .write_stdin(input)
        .output()
        .unwrap_or_else(|e| panic!("could not run {shown}: {e}"))
}

/// Runs the package binary `bin` on `input`.
pub fn run(bin: &str, input: impl Into<Vec<u8>>) -> Run {
    run_with_args(bin, &[], input)
}

/// Asserts that `bin` rejects `input`: non-zero exit (not a signal), nothing on stdout,
/// exactly one non-empty line on stderr that contains `needle`, and no panic. Returns the
/// stderr line. assert_cmd's failure message shows the input and both outputs.
pub fn assert_rejects(bin: &str, input: &str, needle: &str) -> String {
    use predicates::prelude::*;
    let assert = command(bin)
        .write_stdin(input)
        .assert()
        .code(predicate::ne(0))
        .stdout(predicate::str::is_empty())
        .stderr(one_line().and(predicate::str::contains(needle)))
        .stderr(predicate::str::contains("panicked").not());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr);
    stderr.lines().next().unwrap_or_default().to_owned()
}

/// Exactly one non-empty line of text, ended by a newline or not: a program's error message
/// (docs/messages.md).
pub fn one_line() -> impl predicates::Predicate<str> {
    use predicates::prelude::*;
    predicate::function(|text: &str| {
        let mut lines = text.lines();
        lines.next().is_some_and(|l| !l.is_empty()) && lines.next().is_none()
    })
    .fn_name("one_line")
}

/// Text whose last line (without its newline; empty text has the empty line) satisfies
/// `line`: a session's verdict line, a judge's summary.
pub fn last_line(line: impl predicates::Predicate<str>) -> impl predicates::Predicate<str> {
    use predicates::prelude::*;
    predicate::function(move |text: &str| line.eval(text.lines().last().unwrap_or("")))
        .fn_name("last_line")
}

/// The path of an example program built by `cargo test` (examples/NAME.rs): the test-side
/// players the referee tests play against.
pub fn example(name: &str) -> String {
    let p = build_dir().join("examples").join(name);
    assert!(
        p.exists(),
        "{} not built (cargo test builds examples)",
        p.display()
    );
    p.to_string_lossy().into_owned()
}

/// Runs the package binary `bin` on `input` under an address-space limit of `limit_kb`
/// kilobytes (`ulimit -v` in sh): for the tests that a malformed input is refused without
/// memory growing with it (an allocation failure aborts, which `code: None` shows).
pub fn run_with_memory_limit(bin: &str, limit_kb: u64, input: Vec<u8>) -> Run {
    let out = memory_limited(bin, limit_kb)
        .write_stdin(input)
        .output()
        .unwrap_or_else(|e| panic!("could not run {bin}: {e}"));
    Run::from(out)
}

/// The package binary `bin` under an address-space limit of `limit_kb` kilobytes, as an
/// `assert_cmd` command ([`run_with_memory_limit`]'s).
pub fn memory_limited(bin: &str, limit_kb: u64) -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {limit_kb} && exec \"$0\""))
        .arg(self::bin(bin));
    command
}

/// `f` on every item, on as many threads as the machine has cores, the results in the items'
/// order: a test made of many independent sessions keeps both cores busy to its end instead of
/// leaving one idle while its last sessions run one after the other. A panic in `f` is the
/// test's, with its message.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers.min(items.len()))
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break done };
                        done.push((i, f(item)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    results.sort_by_key(|&(i, _)| i);
    results.into_iter().map(|(_, r)| r).collect()
}
