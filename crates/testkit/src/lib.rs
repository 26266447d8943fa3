//! What the integration tests share: run a built binary on a given stdin ([`command`]: an
//! `assert_cmd` command, whose `.assert()` the tests check with `predicates`), scratch folders
//! removed on drop, examples' paths, a memory-limited run, a file compiled alone with plain
//! rustc, the packages' players, a validator's run ([`validator`]); and the mutation-suite
//! players' command line ([`mutant_cli`]).
//!
//! The tests are the root package's (tests/tests.rs and each game's `games/<g>/tests/main.rs`):
//! the programs they run are in the folder of the test binary's parent (`target/<profile>`),
//! found from the running test as `cargo test` lays them out.

pub mod game_data;
pub mod gen;
/// The command line the mutation suites' players share.
pub mod mutant_cli;
pub mod replay;
pub mod terminal;
pub mod validator;

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

/// The games' names, from the registry (each has a solution binary of the same name).
pub fn games() -> impl Iterator<Item = &'static str> {
    combgames_registry::Game::ALL.iter().map(|g| g.name())
}

/// What a binary did with one input.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// The game a cross-game test plays when any game would do (a behaviour of the referee, the
/// judge or the sandbox, not of a game): the registry's first. Such a test names no game: it
/// takes this one's name, and what else it needs of it from the registry (`Game::parse`) or
/// from its folder's data ([`game_data`]).
pub fn a_game() -> &'static str {
    combgames_registry::Game::ALL[0].name()
}

/// A second game, for a test that needs two that differ: the registry's second.
pub fn another_game() -> &'static str {
    combgames_registry::Game::ALL[1].name()
}

/// A game's own option of `referee play` and a game that does not take it, from the
/// registry: the option's flag, the games that take it (as the referee lists them in its
/// refusal), and the other game.
pub fn foreign_option() -> (&'static str, String, &'static str) {
    use combgames_registry::Game;
    let takes = |g: &Game, flag: &str| g.play().options.iter().any(|o| o.flag == flag);
    let flags = Game::ALL
        .iter()
        .flat_map(|g| g.play().options.iter().map(|o| o.flag));
    for flag in flags {
        if let Some(other) = Game::ALL.iter().find(|g| !takes(g, flag)) {
            let owners: Vec<&str> = Game::ALL
                .iter()
                .filter(|g| takes(g, flag))
                .map(|g| g.name())
                .collect();
            return (flag, owners.join(", "), other.name());
        }
    }
    panic!("no game has an option of its own")
}

/// The game folders, `games/<g>/`, by name.
pub fn game_folders() -> Vec<std::path::PathBuf> {
    let mut dirs: Vec<_> = std::fs::read_dir(root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    dirs
}

/// The concatenation of `tests/data/<file>` of every game folder (`games/<g>/`) that has one,
/// in the folders' order: the per-game data the cross-game tests read (each game's lines name
/// their problem).
pub fn games_data(file: &str) -> String {
    game_folders()
        .iter()
        .filter_map(|d| std::fs::read_to_string(d.join("tests/data").join(file)).ok())
        .collect()
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

/// A scratch folder of its own under the system's temp dir, removed with everything in it
/// when dropped, also when the test panics: tests leave nothing behind.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    /// A fresh folder named after `tag`, the process and a per-process counter (tests of one
    /// binary run in parallel threads).
    pub fn new(tag: &str) -> TempDir {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("combgames-{tag}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        TempDir(dir)
    }
}

/// A folder for what the tests of one binary share (the packages, made once), removed when
/// the process exits: the test harness ends through libc's `exit` whether its tests passed
/// or failed, which runs the `atexit` hook; a process killed leaves it, as it leaves a
/// [`TempDir`].
pub fn process_scratch() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    extern "C" fn remove() {
        if let Some(dir) = DIR.get() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("combgames-process-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        // SAFETY: registers a function without arguments that only removes a folder.
        unsafe {
            libc::atexit(remove);
        }
        dir
    })
}

/// The test binary's cache of scripts/compile-once.sh (in [`process_scratch`]), whose `bin/`
/// holds the script as `rustc`: a program folder built with `bin/` first on PATH and
/// [`compile_once_env`] set compiles a source once per flags for the whole test binary (the
/// packages' validators share one bundled referee, which the sandbox tests build too).
pub fn compile_once_cache() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let cache = process_scratch().join("compile-once");
        std::fs::create_dir_all(cache.join("bin")).unwrap();
        std::os::unix::fs::symlink(
            root().join("scripts/compile-once.sh"),
            cache.join("bin/rustc"),
        )
        .unwrap();
        cache
    })
}

/// The environment of a compile through [`compile_once_cache`]: its `bin/` first on PATH, the
/// cache, and the real rustc (the first on the PATH it was given).
pub fn compile_once_env(command: &mut std::process::Command) {
    let cache = compile_once_cache();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let real = std::env::split_paths(&path)
        .map(|d| d.join("rustc"))
        .find(|p| p.is_file())
        .expect("rustc on the PATH");
    let path = std::env::join_paths(
        std::iter::once(cache.join("bin")).chain(std::env::split_paths(&path)),
    )
    .unwrap();
    command
        .env("PATH", path)
        .env("COMPILE_ONCE_DIR", cache)
        .env("COMPILE_ONCE_RUSTC", real);
}

/// The folder's path: `&dir` serves where a `&Path` is wanted, `dir.join(..)` names a file in it.
impl std::ops::Deref for TempDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Compiles one file alone with plain `rustc` (no Cargo, no crates), as a judge builds a
/// submission: in `edition`, with `options` (e.g. `-O`, or `--emit=metadata` to type-check
/// only), into `out`. Panics with rustc's messages if it does not compile.
pub fn assert_rustc_builds(
    file: &std::path::Path,
    edition: &str,
    options: &[&str],
    out: &std::path::Path,
) {
    let built = std::process::Command::new("rustc")
        .args(["--edition", edition])
        .args(options)
        .arg("-o")
        .arg(out)
        .arg(file)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{} (edition {edition}): {}",
        file.display(),
        String::from_utf8_lossy(&built.stderr)
    );
}

/// The players a problem package holds in `package`/submissions/`kind`/, sorted, after
/// checking that they are, by name, exactly the hand-written ones of `source`/`kind`/ (a
/// missing folder holds none).
pub fn package_players(
    source: &std::path::Path,
    package: &std::path::Path,
    kind: &str,
) -> Vec<std::path::PathBuf> {
    let rust_files = |dir: &std::path::Path| {
        let mut found: Vec<std::path::PathBuf> = match std::fs::read_dir(dir) {
            Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
            Err(_) => Vec::new(),
        };
        found.retain(|f| f.extension().is_some_and(|e| e == "rs"));
        found.sort();
        found
    };
    let written = rust_files(&source.join(kind));
    let submitted = rust_files(&package.join("submissions").join(kind));
    let names = |files: &[std::path::PathBuf]| -> Vec<std::ffi::OsString> {
        files
            .iter()
            .map(|f| f.file_name().unwrap().into())
            .collect()
    };
    assert_eq!(
        names(&submitted),
        names(&written),
        "{}: {kind}",
        package.display()
    );
    submitted
}

/// A pipe whose two ends are owned fds.
pub fn pipe() -> (std::os::fd::OwnedFd, std::os::fd::OwnedFd) {
    use std::os::fd::FromRawFd;
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two fresh descriptors into the array, which we then own.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    // SAFETY: both descriptors were just created and are owned by nobody else.
    unsafe {
        (
            std::os::fd::OwnedFd::from_raw_fd(fds[0]),
            std::os::fd::OwnedFd::from_raw_fd(fds[1]),
        )
    }
}

/// Runs `program` with `args`, `input` on its stdin, its stdout a pipe whose reader is gone
/// (`program | head` after head has exited): what it did.
pub fn into_a_closed_pipe(
    program: &std::path::Path,
    args: &[&str],
    input: &[u8],
) -> std::process::Output {
    use std::process::{Command, Stdio};
    let (read, write) = pipe();
    drop(read);
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(write))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    // The program may exit before it reads all of it: a write error here is no fault.
    let _ = std::io::Write::write_all(&mut stdin, input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// What [`judge_holding_the_pipes`] saw.
pub struct HeldPipes {
    pub code: Option<i32>,
    pub team_code: Option<i32>,
    /// The judge message (judgemessage.txt; empty when there is none).
    pub message: String,
    /// From the validator's start to its exit.
    pub elapsed: std::time::Duration,
}

/// One session as problemtools' runner wires it: the validator (`validator`, then `input
/// input feedback_dir`, then `flags`) and the team's program `team` joined by two pipes, of
/// which the runner itself keeps copies (both ends of the team's input, the write end of its
/// output) until both have exited, so neither side ever sees end of file from the other and a
/// write to a team that stopped reading blocks. `prepare` may change the feedback folder first.
/// Fails the test if either still runs after 20 s.
pub fn judge_holding_the_pipes(
    validator: &[&str],
    input: &str,
    flags: &[&str],
    team: &[&str],
    prepare: fn(&std::path::Path),
) -> HeldPipes {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = TempDir::new("kattis-held");
    let input_path = dir.join("test.in");
    std::fs::write(&input_path, input).unwrap();
    let feedback = dir.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    prepare(&feedback);
    let (to_team_r, to_team_w) = pipe();
    let (from_team_r, from_team_w) = pipe();
    let held = (
        to_team_r.try_clone().unwrap(),
        to_team_w.try_clone().unwrap(),
        from_team_w.try_clone().unwrap(),
    );
    let started = Instant::now();
    let mut team_process = Command::new(team[0])
        .args(&team[1..])
        .stdin(Stdio::from(to_team_r))
        .stdout(Stdio::from(from_team_w))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut validator_process = Command::new(validator[0])
        .args(&validator[1..])
        .arg(&input_path)
        .arg(&input_path)
        .arg(&feedback)
        .args(flags)
        .stdin(Stdio::from(from_team_r))
        .stdout(Stdio::from(to_team_w))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let wait = |child: &mut std::process::Child, who: &str| loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!(
                "{validator:?}: the {who} still runs after 20 s while the judge holds the pipes"
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let code = wait(&mut validator_process, "validator");
    let elapsed = started.elapsed();
    let team_code = wait(&mut team_process, "team's player");
    drop(held);
    HeldPipes {
        code,
        team_code,
        message: std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default(),
        elapsed,
    }
}

/// A checker under testlib's contract: `check-<problem> input output answer`, the three files
/// written into `dir` first; the exit code and stderr.
pub fn check_files(
    problem: &str,
    dir: &std::path::Path,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
) -> Run {
    let files = ["input", "output", "answer"].map(|f| dir.join(f));
    for (file, bytes) in files.iter().zip([input, output, answer]) {
        std::fs::write(file, bytes).unwrap();
    }
    let args: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    run_with_args(&format!("check-{problem}"), &args, Vec::new())
}

/// `referee play GAME --seed S OPTIONS --transcript FILE -- perfect_player GAME FLAGS`, the
/// transcript in `dir` (named after the game, seed and flags): the verdict line and the
/// transcript's text.
pub fn play_perfect_player(
    game: &str,
    seed: u64,
    options: &[&str],
    flags: &[&str],
    dir: &TempDir,
) -> (String, String) {
    let transcript = dir.join(format!("{game}-{seed}-{}.txt", flags.join("")));
    let out = std::process::Command::new(referee())
        .args(["play", game, "--seed", &seed.to_string()])
        .args(options)
        .arg("--transcript")
        .arg(&transcript)
        .arg("--")
        .arg(example("perfect_player"))
        .arg(game)
        .args(flags)
        .output()
        .expect("the referee runs");
    (
        String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        std::fs::read_to_string(&transcript).unwrap_or_default(),
    )
}

/// Runs `referee judge <args> -- <command>` in `cwd`: its exit code and stdout.
pub fn referee_judge(
    cwd: &std::path::Path,
    args: &[&str],
    command: &[&str],
) -> (Option<i32>, String) {
    let out = std::process::Command::new(referee())
        .current_dir(cwd)
        .arg("judge")
        .args(args)
        .arg("--")
        .args(command)
        .output()
        .expect("the referee runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `(test, verdict)` of every result line `<name>  <verdict>  cpu ...` of `referee judge`'s
/// output.
pub fn judge_verdicts(stdout: &str) -> Vec<(String, String)> {
    stdout
        .lines()
        .filter(|l| l.contains("  cpu "))
        .map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next().unwrap_or("").to_owned();
            (name, words.next().unwrap_or("").to_owned())
        })
        .collect()
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
