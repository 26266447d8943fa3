//! `referee judge <problem> -- <command ...>` (or `<source file>`): judges a batch solution, in
//! any language, on the problem's samples and on generated tests, as an online judge would
//! (docs/judging.md).
//!
//! - Expected answers: a sample's `.out` file (checked by hand, see samples/); for a generated
//!   test, the output of the project's own solution binary, found next to the referee binary.
//! - Judging: the `check-<problem>` binary beside it, run as a judge runs a checker. The
//!   per-problem checkers are defined in their binaries (the token shapes, knights' own
//!   judgement), so running them judges exactly as a real judge with these checkers would, and
//!   keeps one definition of each; a spawn costs about a millisecond per test.
//! - A source file: built by its extension ([`build`]).
//! - Running: [`batch::run`] (limits, measures, process group).
//! - A failure: kept with `run.sh`, its stderr's last lines shown ([`report`]).
//! - A WA or RE: the failing input shrunk to a smallest failing one ([`shrink`]).
//! - The problem as its statement gives it, by default; the project's extensions with
//!   `--extended` ([`original`]).

pub mod batch;
pub mod build;
pub mod original;
pub mod report;
pub mod shrink;

use crate::cli::{self, split_command};
use crate::process::Exit;
use batch::{BatchLimits, BatchRun, Ended};
use combgames_core::checker::output_cap;
use combgames_core::gen::{generate_bytes, Spec, SpecError};
use combgames_core::problem::Largest;
use combgames_core::rng::Rng;
use combgames_core::validate::{self, Limits, Reject};
use combgames_core::verdict::Verdict;
use combgames_registry::Game;
use combgames_session::options::{number, seconds, OptionError};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `println!` that shrugs off a closed stdout (`referee judge ... | head`): println! would
/// panic there, while judging goes on and the exit code still carries the worst verdict.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub const USAGE: &str = "\
usage: referee judge <problem> [options] -- <command ...>
       referee judge <problem> [options] <source file>

Runs the batch solution started by <command> (any language: `./a.out`, `python3 sol.py`)
on the samples of <problem> and on generated tests, and judges every output with the
problem's checker against the expected answer: a sample's .out file, or for a generated test
the output of the project's own solution. The reference solutions and check-<problem> are
taken from the referee's own directory (cargo build --release builds them all).

By default the problem is judged as its statement (packages/<problem>/problem.en.tex) gives
it: every test passes validate-<problem> without --project (HDU 2486's integer k <= 10^5 and
n <= 10^8, Timus 1465's N < 2^31, UVa 11534's strips of <= 100 cells, ...); samples outside
those limits are skipped, and tests are generated at the package's sizes (judge_sized),
followed by one more, `largest`: the package's test at the statement's largest sizes, so that
a solution too slow for the statement is TLE (not with --size, --count, --extended or
--tests 0).

A source file is built by its extension into a temporary folder ($BUILD, removed at the end),
with the command printed once:
  .c                  gcc -O2 -std=gnu11 -o \"$BUILD/solution\" FILE -lm
  .cpp .cc .cxx       g++ -O2 -std=gnu++17 -o \"$BUILD/solution\" FILE
  .rs                 rustc -O --edition 2021 -o \"$BUILD/solution\" FILE
  .java               javac -encoding UTF-8 -d \"$BUILD\" FILE, run as
                      java -Xss64m -cp \"$BUILD\" <file name without .java>
  .py                 checked, compiled without running (py_compile, the bytecode into
                      $BUILD), then run as python3 FILE
A build that fails (a Python syntax error too) is CE (exit 15, nothing judged) with the compiler's last lines; a missing
compiler is one line on stderr (exit 3).

options:
  --tests N           generated tests (default 20, then `largest`; 0 for the samples only;
                      at most 100000)
  --seed S            seed of the generated tests (default: from the clock; printed)
  --time-limit SEC    CPU time per test (default 2)
  --wall-limit SEC    wall time per test (default twice the time limit plus 1)
  --memory-limit MB   resident memory per test (default 256; 0 for none)
  --samples DIR       the sample folder: <name>.in with <name>.out or <name>.ans (a
                      package's data/sample; default: the project's samples/<problem>); a
                      folder that cannot be read, or no test at all, is FAIL
  --keep DIR          where failed tests are kept (default judge-failures)
  --size S            largest size of a generated test (gen's --size; two tests in three
                      draw a size up to S, every third has S; default gen's default size)
  --count C           cases per generated test where the format has several (gen's --count)
  --extended          the project's extensions beyond the statement (subtraction's rational
                      k and n up to 10^18, pawns' N up to 10^18, strips of 10^6 cells, ...:
                      validate-<problem> --project): every sample, tests at gen's default
                      sizes; the summary line says so
  --original          the statement's limits, the default (accepted for older scripts)
  --first             stop at the first failure (after its shrink)
  --only TEST         judge only the run's test named TEST (`sample-judge`, `gen-07`,
                      `largest`; repeatable, or names joined by commas): the same tests as
                      the run without it, so that every failure's `rejudge:` line reruns
                      exactly that test against a fixed or another program
  --no-shrink         do not shrink a failing test
  --shrink-runs N     candidate runs one shrink may spend (default 300)
  -h, --help          this help

Prints one line per test (name, verdict, CPU and wall time, peak memory, why; under a
failure the last lines of its stderr), and ends with one summary line. A failed test is kept
in DIR/<problem>-<test>/: input.txt, output.txt, answer.txt, stderr.txt (the whole stderr, up
to 16 MiB) and run.sh, which runs the solution on them again from the folder the judge ran
it from (a source file built again) and judges its output (exit 0 OK, 1 WA, 2 PE, 12 RE);
`run.sh shrunk` does the same with the shrunk test. Under every failure, `rejudge:` is the
one command that judges that test again (the same seed and options, with --only) against
the same program: swap in another command or file to judge a fix. Paths are shown relative to the current
folder where that is shorter.
A WA or RE is then shrunk: smaller inputs (fewer cases, shorter strips,
smaller boards and numbers), each valid for validate-<problem> (its default limits, or
--project with --extended) and judged as the test was, are tried greedily while one still
fails the same way, within --shrink-runs runs and 60 s, until no smaller candidate fails; the
smallest is printed with the expected (the project's solution's) and received answers and
kept beside the failure as shrunk-{input,output,answer,stderr}.txt. Only the first failure of
each kind is shrunk (the verdict and its message, numbers aside), at most three kinds.
Exit code: the worst verdict, in the order
OK 0 < WA 1 < PE 2 < OLE 14 < TLE 10 < MLE 13 < RE 12 < FAIL 3;
CE 15 when a source file does not build.
";

/// The verdicts from best to worst; the exit code is that of the worst verdict seen.
/// FAIL is last because it makes every other result doubtful; then a crash; then the limits;
/// then answers that are merely wrong.
pub const SEVERITY: [Verdict; 8] = [
    Verdict::Ok,
    Verdict::Wa,
    Verdict::Pe,
    Verdict::Ole,
    Verdict::Tle,
    Verdict::Mle,
    Verdict::Re,
    Verdict::Fail,
];

fn severity(v: Verdict) -> usize {
    SEVERITY
        .iter()
        .position(|&x| x == v)
        .unwrap_or(SEVERITY.len())
}

/// The limits for the project's own solution making the expected answers: generous, since
/// the reference is trusted; the limits only keep a broken build from hanging the judge.
const REFERENCE_LIMITS: BatchLimits = BatchLimits {
    cpu: Duration::from_secs(60),
    wall: Duration::from_secs(120),
    memory: None,
    output: 1 << 30,
};

#[derive(Clone, Debug)]
pub struct Options {
    pub problem: Game,
    pub tests: u64,
    pub seed: u64,
    pub limits: BatchLimits,
    pub samples: PathBuf,
    pub keep: PathBuf,
    /// The solution's command (after `--`); empty when a source file is given.
    pub command: Vec<String>,
    /// A source file to build and judge ([`build`]), instead of a command.
    pub source: Option<PathBuf>,
    /// `--first`: stop at the first failure.
    pub first: bool,
    /// The generated tests' largest size and cases per test (None: the generator's default).
    pub size: Option<u64>,
    pub count: Option<u64>,
    /// `--extended`: the project's extensions beyond the statement ([`original`]); by
    /// default the statement's limits.
    pub extended: bool,
    /// The default run's test after the generated ones: the package's test at the statement's
    /// largest sizes (None with `--tests 0`, `--extended`, `--size` or `--count`, or where the
    /// problem has none).
    pub largest: Option<Largest>,
    /// Candidate runs one shrink may spend; 0: no shrinking.
    pub shrink_runs: u64,
    /// `--only`: the names of the run's tests to judge (empty: all).
    pub only: Vec<String>,
    /// The options as typed that choose the tests and their limits (all but `--seed`), for
    /// a failure's `rejudge:` line.
    pub rerun: Vec<String>,
}

pub enum Parsed {
    Help,
    /// Boxed: the options are large beside `Help`.
    Run(Box<Options>),
}

/// Why `referee judge`'s command line cannot be run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// No problem named.
    MissingProblem,
    /// A problem the registry does not have.
    UnknownProblem(String),
    /// An option or its value (read as `referee play`'s are), or no command after `--`.
    Option(OptionError),
    /// More tests than [`MAX_TESTS`].
    TooManyTests(u64),
    /// A memory limit whose bytes do not fit in 64 bits.
    MemoryTooLarge,
    /// `--size` or `--count` that the generator refuses.
    Scale(SpecError),
    /// A word that is no option and no source file of a known language.
    Source(String),
    /// A source file and a command after `--`: which one is the solution?
    SourceAndCommand(String),
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgsError::MissingProblem => write!(f, "missing problem: one of {}", Game::names()),
            ArgsError::UnknownProblem(name) => write!(
                f,
                "unknown problem {name:?}: expected one of {}",
                Game::names()
            ),
            ArgsError::Option(e) => e.fmt(f),
            ArgsError::TooManyTests(n) => {
                write!(f, "--tests must be at most {MAX_TESTS}, got {n}")
            }
            ArgsError::MemoryTooLarge => f.write_str("--memory-limit is too large"),
            ArgsError::Scale(e) => e.fmt(f),
            ArgsError::Source(word) => write!(
                f,
                "{word:?} is no option and no source file ({}); a command goes after --",
                build::EXTENSIONS
            ),
            ArgsError::SourceAndCommand(word) => write!(
                f,
                "a source file ({word}) and a command after --: give one of them"
            ),
        }
    }
}

impl std::error::Error for ArgsError {}

impl From<OptionError> for ArgsError {
    fn from(e: OptionError) -> ArgsError {
        ArgsError::Option(e)
    }
}

/// Most generated tests in one run (about a minute of millisecond tests; each is listed first).
pub const MAX_TESTS: u64 = 100_000;

/// Candidate runs one shrink may spend by default, and at most.
pub const SHRINK_RUNS: u64 = 300;
pub const MAX_SHRINK_RUNS: u64 = 100_000;
/// Wall time one shrink may spend.
pub const SHRINK_TIME: Duration = Duration::from_secs(60);
/// Kinds of failure shrunk in one run (the first failure of each, `failure_kind`): the
/// first few explain the rest, mostly.
pub const MAX_SHRINKS: usize = 3;

/// Parses the arguments after `judge`: `<problem> [options] -- <command ...>`, the options
/// read by lexopt as `referee play`'s are.
pub fn parse(args: &[String], default_seed: u64) -> Result<Parsed, ArgsError> {
    let (own, command, help) = split_command(args);
    if help {
        return Ok(Parsed::Help);
    }
    let name = own.first().ok_or(ArgsError::MissingProblem)?;
    let problem = Game::parse(name).ok_or_else(|| ArgsError::UnknownProblem(name.clone()))?;
    let mut tests = 20;
    let mut seed = default_seed;
    let mut cpu = Duration::from_secs(2);
    let mut wall = None;
    let mut memory_mb = 256;
    let mut samples = None;
    let mut keep = PathBuf::from("judge-failures");
    let (mut size, mut count) = (None, None);
    let mut extended = false;
    let mut shrink_runs = SHRINK_RUNS;
    let mut source = None;
    let mut first = false;
    let mut only = Vec::new();
    let mut rerun = Vec::new();
    let mut parser = lexopt::Parser::from_args(&own[1..]);
    while let Some(arg) = parser
        .next()
        .map_err(|e| OptionError::BadValue(e.to_string()))?
    {
        let flag = match arg {
            lexopt::Arg::Long(name) => format!("--{name}"),
            // A source file (one, and not with a command after `--`); another word is most
            // often the solution's command without the `--` before it.
            lexopt::Arg::Value(word) if source.is_none() => {
                let word = cli::text("source file", word)?;
                let known = build::Language::of(Path::new(&word)).is_some();
                match (known, command.is_empty()) {
                    (true, true) => {
                        source = Some(PathBuf::from(word));
                        continue;
                    }
                    (true, false) => return Err(ArgsError::SourceAndCommand(word)),
                    (false, true) => return Err(ArgsError::Source(word)),
                    (false, false) => return Err(OptionError::Unknown(word).into()),
                }
            }
            other => return Err(cli::unexpected(other).into()),
        };
        let flag = flag.as_str();
        match flag {
            "--extended" => {
                extended = true;
                rerun.push(flag.to_owned());
                continue;
            }
            // The statement's limits were opt-in under this name; now the default.
            "--original" => continue,
            "--no-shrink" => {
                shrink_runs = 0;
                continue;
            }
            "--first" => {
                first = true;
                continue;
            }
            _ => {}
        }
        let known = [
            "--tests",
            "--seed",
            "--time-limit",
            "--wall-limit",
            "--memory-limit",
            "--samples",
            "--keep",
            "--size",
            "--count",
            "--shrink-runs",
            "--only",
        ];
        if !known.contains(&flag) {
            return Err(OptionError::Unknown(flag.to_owned()).into());
        }
        let value = cli::value(&mut parser, flag)?;
        if !["--seed", "--keep", "--shrink-runs", "--only"].contains(&flag) {
            rerun.push(flag.to_owned());
            rerun.push(value.clone());
        }
        match flag {
            "--only" => only.extend(
                value
                    .split(',')
                    .filter(|name| !name.is_empty())
                    .map(str::to_owned),
            ),
            "--tests" => {
                tests = number(flag, &value)?;
                // The tests are listed before they run: a mistyped 10^9 would exhaust memory.
                if tests > MAX_TESTS {
                    return Err(ArgsError::TooManyTests(tests));
                }
            }
            "--seed" => seed = number(flag, &value)?,
            "--time-limit" => cpu = seconds(flag, &value)?,
            "--wall-limit" => wall = Some(seconds(flag, &value)?),
            "--memory-limit" => memory_mb = number(flag, &value)?,
            "--samples" => samples = Some(PathBuf::from(value)),
            "--size" => size = Some(number(flag, &value)?),
            "--count" => count = Some(number(flag, &value)?),
            "--shrink-runs" => {
                shrink_runs = number(flag, &value)?;
                if shrink_runs > MAX_SHRINK_RUNS {
                    return Err(OptionError::BadValue(format!(
                        "--shrink-runs must be at most {MAX_SHRINK_RUNS}, got {shrink_runs}"
                    ))
                    .into());
                }
            }
            _ => keep = PathBuf::from(value),
        }
    }
    if command.is_empty() && source.is_none() {
        return Err(OptionError::NoCommand.into());
    }
    let largest = problem
        .largest()
        .filter(|_| tests > 0 && !extended && size.is_none() && count.is_none());
    if !extended {
        let (judge_size, judge_count) = problem.judge_sized();
        size = size.or(Some(judge_size));
        count = count.or(judge_count);
    }
    // The generator's own checks, once here rather than a silently empty list of tests.
    Spec::new(problem.gen(), None, size, count, 0).map_err(ArgsError::Scale)?;
    let memory = match memory_mb {
        0 => None,
        mb => Some(mb.checked_mul(1 << 20).ok_or(ArgsError::MemoryTooLarge)?),
    };
    Ok(Parsed::Run(Box::new(Options {
        problem,
        tests,
        seed,
        limits: BatchLimits {
            cpu,
            wall: wall.unwrap_or(cpu * 2 + Duration::from_secs(1)),
            memory,
            output: 0, // per test, from the answer's size
        },
        samples: samples.unwrap_or_else(|| repository().join("samples").join(problem.name())),
        keep,
        command,
        source,
        first,
        size,
        count,
        extended,
        largest,
        shrink_runs,
        only,
        rerun,
    })))
}

/// Where a test's input comes from.
#[derive(Clone, Debug)]
enum Source {
    /// A sample: its input and the hand-checked answer, read once before any solution runs.
    Sample { input: Vec<u8>, answer: Vec<u8> },
    /// Generated from a spec; the answer comes from the reference solution.
    Generated(Spec),
    /// Given bytes (a shrink's candidate); the answer comes from the reference solution.
    Input(Vec<u8>),
}

#[derive(Clone, Debug)]
struct Test {
    name: String,
    source: Source,
}

/// The samples of `dir`: each `<name>.in` with its answer `<name>.out`, or `<name>.ans` (a
/// package's data/sample or data/secret), in name order. A folder that cannot be read is an
/// error: a mistyped path must not judge nothing and pass.
fn samples(dir: &Path) -> Result<Vec<Test>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the samples folder {}: {e}", dir.display()))?;
    let answer_of = |input: &Path| {
        ["out", "ans"]
            .into_iter()
            .map(|ext| input.with_extension(ext))
            .find(|answer| answer.is_file())
    };
    let mut inputs: Vec<(PathBuf, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .filter_map(|p| answer_of(&p).map(|answer| (p, answer)))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|(input, answer)| {
            Ok(Test {
                name: format!(
                    "sample-{}",
                    input
                        .file_stem()
                        .map_or(String::new(), |s| s.to_string_lossy().into_owned())
                ),
                source: Source::Sample {
                    answer: read_sample(&answer)?,
                    input: read_sample(&input)?,
                },
            })
        })
        .collect()
}

/// Largest sample file read, bytes (the project's largest sample is a few MB).
const MAX_SAMPLE: u64 = 256 << 20;

/// A sample's input or answer: a regular file of at most [`MAX_SAMPLE`] bytes (a device such
/// as `/dev/zero` under a sample's name would never end), else one line saying why.
fn read_sample(path: &Path) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown} is no regular file"));
    }
    if meta.len() > MAX_SAMPLE {
        return Err(format!(
            "{shown} is larger than {} MiB: no sample",
            MAX_SAMPLE >> 20
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| {
            std::io::Read::read_to_end(&mut std::io::Read::take(f, MAX_SAMPLE + 1), &mut bytes)
        })
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    Ok(bytes)
}

/// Generated test `i` of `count`: the kinds in turn, so every kind is covered; two tests in
/// three of a size drawn log-uniformly up to `size` (default: the generator's default; small
/// cases find most bugs and show them plainly), every third at that size (speed), each with
/// `cases` cases (default: the generator's). With `within`, only tests that limit's validator
/// accepts: a rejected test is drawn again with another seed, and a kind that gives no
/// accepted test in [`original::TRIES_PER_TEST`] seeds is left out from then on.
fn generated(
    problem: Game,
    seed: u64,
    count: u64,
    size: Option<u64>,
    cases: Option<u64>,
    within: Option<Limits>,
) -> Vec<Test> {
    // The worst-case kind is the `largest` test's alone (gen::WORST).
    let kinds: Vec<&str> = problem
        .gen()
        .kinds
        .iter()
        .copied()
        .filter(|&k| k != combgames_core::gen::WORST)
        .collect();
    let (min_size, default_size) = problem.gen().size_bounds();
    let big_size = size.unwrap_or(default_size);
    let mut rng = Rng::new(seed);
    let width = count.to_string().len();
    let mut barren = vec![false; kinds.len()];
    let mut tests = Vec::new();
    for i in 0..count {
        let size = if i % 3 == 2 {
            big_size
        } else {
            rng.log_range(min_size, big_size)
        };
        let first = (i % kinds.len() as u64) as usize;
        let mut found = None;
        for kind in (first..kinds.len()).chain(0..first) {
            if barren[kind] {
                continue;
            }
            let tries = if within.is_some() {
                original::TRIES_PER_TEST
            } else {
                1
            };
            for _ in 0..tries {
                let test_seed = rng.next_u64() % 1_000_000_000;
                let Ok(spec) = Spec::new(
                    problem.gen(),
                    Some(kinds[kind]),
                    Some(size),
                    cases,
                    test_seed,
                ) else {
                    continue;
                };
                let fits = within.map_or(true, |limits| {
                    validate::validate(problem.validator(), limits, &generate_bytes(&spec)[..])
                        .is_ok()
                });
                if fits {
                    found = Some(spec);
                    break;
                }
            }
            if found.is_some() || within.is_none() {
                break;
            }
            barren[kind] = true;
        }
        if let Some(spec) = found {
            tests.push(Test {
                name: format!("gen-{:0width$}", i + 1),
                source: Source::Generated(spec),
            });
        }
    }
    tests
}

/// The default run's last test, `largest`, after the generated ones: the package's test at the statement's largest sizes
/// (its kind, size and count; the seed drawn from the run's, as every generated test's).
fn largest_test(problem: Game, seed: u64, largest: Largest) -> Test {
    let test_seed = Rng::new(seed ^ LARGEST_SEED).next_u64() % 1_000_000_000;
    let spec = Spec::new(
        problem.gen(),
        Some(largest.kind),
        Some(largest.size),
        largest.count,
        test_seed,
    )
    .expect("a problem's largest test is within its generator's bounds (a unit test checks)");
    Test {
        name: "largest".to_owned(),
        source: Source::Generated(spec),
    }
}

/// Keeps the largest test's seed apart from the stream of the other generated tests.
const LARGEST_SEED: u64 = 0x6c61_7267_6573_7421;

/// The `gen` command line that writes a generated test's input again.
fn gen_command(spec: &Spec) -> String {
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
fn rejudge_line(options: &Options, test: &str) -> String {
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

/// `1 test`, `2 tests`: the count decides the word (docs/messages.md).
fn counted(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

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

/// One test's outcome.
struct Outcome {
    verdict: Verdict,
    message: String,
    run: Option<BatchRun>,
    /// The solution cannot be started at all: the other tests would fail the same way.
    fatal: bool,
    /// What kind of failure it is ([`failure_kind`]; empty for a judge's failure).
    kind: String,
}

impl Outcome {
    fn fail(message: String) -> Outcome {
        Outcome {
            verdict: Verdict::Fail,
            message,
            run: None,
            fatal: false,
            kind: String::new(),
        }
    }
}

fn megabytes(bytes: u64) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

/// What the run says before the output is looked at: a limit, a crash, or nothing (None).
fn run_verdict(run: &BatchRun, limits: &BatchLimits) -> Option<(Verdict, String)> {
    let cpu_over = || {
        (
            Verdict::Tle,
            format!("CPU time over {:.3}s", limits.cpu.as_secs_f64()),
        )
    };
    let memory_over = || {
        (
            Verdict::Mle,
            format!(
                "resident memory over {:.0} MB",
                megabytes(limits.memory.unwrap_or(0))
            ),
        )
    };
    let output_over = || {
        (
            Verdict::Ole,
            format!("output larger than {} bytes", limits.output),
        )
    };
    match run.ended {
        Ended::CpuLimit => Some(cpu_over()),
        Ended::WallLimit => Some((
            Verdict::Tle,
            format!("wall time over {:.3}s", limits.wall.as_secs_f64()),
        )),
        Ended::MemoryLimit => Some(memory_over()),
        Ended::ScratchFull => Some((
            Verdict::Mle,
            combgames_session::scratch_full(combgames_sandbox::settings().scratch_bytes),
        )),
        Ended::Exited(exit) if exit.is_cpu_limit() => Some(cpu_over()),
        Ended::Exited(exit) if exit.is_file_size_limit() => Some(output_over()),
        // Measured at the end: a short run can pass a limit between two samples.
        _ if run.cpu > limits.cpu => Some(cpu_over()),
        _ if limits.memory.is_some_and(|m| run.max_rss > m) => Some(memory_over()),
        _ if run.output_len > limits.output => Some(output_over()),
        Ended::Exited(Exit::Code(0)) => None,
        Ended::Exited(exit) => Some((Verdict::Re, exit.to_string())),
    }
}

/// The checker's verdict from its exit status and its one stderr line.
fn check(checker: &Path, input: &Path, output: &Path, answer: &Path) -> (Verdict, String) {
    let result = std::process::Command::new(checker)
        .args([input, output, answer])
        .stdin(std::process::Stdio::null())
        .output();
    let out = match result {
        Ok(o) => o,
        Err(e) => {
            return (
                Verdict::Fail,
                format!("cannot run {}: {e}", checker.display()),
            )
        }
    };
    let line = String::from_utf8_lossy(&out.stderr)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    let verdict = match out.status.code() {
        Some(0) => Verdict::Ok,
        Some(1) => Verdict::Wa,
        Some(2) => Verdict::Pe,
        _ => Verdict::Fail,
    };
    (verdict, line)
}

/// Writes `bytes` to a new file at `path`: whatever was there (a file, a link) is removed
/// first, and the file is created exclusively, so a link left there is never followed.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(bytes)
}

/// Everything one judging needs besides the options.
struct Bench {
    reference: PathBuf,
    checker: PathBuf,
    work: PathBuf,
    /// The solution as `run.sh` says it, and the folder paths are shown from.
    solution: report::Solution,
    cwd: PathBuf,
}

impl Bench {
    /// The reference solution's answer on the input at `input`, read into memory and its
    /// file `answer` removed; a failure is the judge's (FAIL).
    // The error is the test's outcome, returned at once: its size costs nothing.
    #[allow(clippy::result_large_err)]
    fn reference_answer(&self, input: &Path, answer: &Path) -> Result<Vec<u8>, Outcome> {
        let reference = [self.reference.to_string_lossy().into_owned()];
        let stdin = std::fs::File::open(input).map_err(|e| {
            Outcome::fail(format!("cannot read the input {}: {e}", input.display()))
        })?;
        match batch::run(&reference, stdin, answer, None, &REFERENCE_LIMITS) {
            Ok(r) if r.ended == Ended::Exited(Exit::Code(0)) => {}
            Ok(r) => {
                return Err(Outcome::fail(format!(
                    "the reference solution {} failed ({:?}): {}",
                    self.reference.display(),
                    r.ended,
                    r.stderr_head.lines().next().unwrap_or("")
                )))
            }
            Err(e) => {
                return Err(Outcome::fail(format!(
                    "cannot run {}: {e}",
                    self.reference.display()
                )))
            }
        }
        let bytes = std::fs::read(answer)
            .map_err(|e| Outcome::fail(format!("cannot read the reference answer: {e}")))?;
        std::fs::remove_file(answer)
            .map_err(|e| Outcome::fail(format!("cannot remove the reference answer: {e}")))?;
        Ok(bytes)
    }

    /// Runs the test; leaves `input`, `answer`, `output` and `stderr` in the work folder. The solution
    /// never sees the answer: it is not on disk while the solution's processes live (it is
    /// written back once they are all dead, for the checker), the solution reads its input
    /// from an unlinked file (no path leads from its stdin to the work folder), and where the
    /// kernel allows it the work folder and the whole project are read-only to it
    /// ([`combgames_sandbox::spawn`]).
    fn judge(&self, test: &Test, options: &Options) -> (Outcome, [PathBuf; 4]) {
        let out = self.work.join(format!("{}.output", test.name));
        let input = self.work.join(format!("{}.in", test.name));
        let answer = self.work.join(format!("{}.ans", test.name));
        let stderr = self.work.join(format!("{}.stderr", test.name));
        // In the order of report::KEPT.
        let files = [input.clone(), out.clone(), answer.clone(), stderr.clone()];
        let input_bytes = match &test.source {
            Source::Sample { input, .. } => input.clone(),
            Source::Generated(spec) => generate_bytes(spec),
            Source::Input(bytes) => bytes.clone(),
        };
        if let Err(e) = write_new(&input, &input_bytes) {
            return (Outcome::fail(format!("cannot write the input: {e}")), files);
        }
        let answer_bytes = match &test.source {
            Source::Sample { answer, .. } => answer.clone(),
            Source::Generated(_) | Source::Input(_) => match self.reference_answer(&input, &answer)
            {
                Ok(bytes) => bytes,
                Err(outcome) => return (outcome, files),
            },
        };
        let limits = BatchLimits {
            output: output_cap(answer_bytes.len()),
            ..options.limits
        };
        // The solution's stdin: the input file, unlinked once open.
        let stdin = std::fs::File::open(&input).and_then(|f| {
            std::fs::remove_file(&input)?;
            Ok(f)
        });
        let run = match stdin.and_then(|stdin| {
            // The work folder, the samples and the checker are outside the box: only the
            // command's own files are in it ([`combgames_sandbox::mounts`]).
            batch::run(&options.command, stdin, &out, Some(&stderr), &limits)
        }) {
            Ok(r) => r,
            Err(e) => {
                let mut outcome = Outcome::fail(format!("cannot start {:?}: {e}", options.command));
                outcome.fatal = true;
                return (outcome, files);
            }
        };
        // Every process of the solution is dead: the checker's files are written back (anew,
        // so nothing the solution left at their paths is followed).
        for (path, bytes) in [(&input, &input_bytes), (&answer, &answer_bytes)] {
            if let Err(e) = write_new(path, bytes) {
                return (
                    Outcome::fail(format!("cannot write {}: {e}", path.display())),
                    files,
                );
            }
        }
        // The end of stderr is shown under the result line ([`report::stderr_lines`]).
        let (verdict, message) = match run_verdict(&run, &limits) {
            Some(v) => v,
            None => check(&self.checker, &input, &out, &answer),
        };
        let kind = failure_kind(verdict, &message);
        (
            Outcome {
                verdict,
                message,
                run: Some(run),
                fatal: false,
                kind,
            },
            files,
        )
    }
}

/// What kind of failure a verdict with its message (the checker's line, or the limit or exit
/// status, before any stderr) is: the verdict and the message with every run of digits
/// written `N`. Failures that differ only in where they are and on which numbers
/// (`WA wrong answer line N token N (case N): expected `N`, found `lose``) are one kind, shrunk
/// once; another word (`lose` for a number, the reverse, SIGABRT for SIGSEGV) is another.
fn failure_kind(verdict: Verdict, message: &str) -> String {
    let mut kind = format!("{verdict} ");
    let mut digits = false;
    for c in message.chars() {
        if c.is_ascii_digit() {
            if !digits {
                kind.push('N');
            }
            digits = true;
        } else {
            kind.push(c);
            digits = false;
        }
    }
    kind
}

/// A failed test to shrink: its verdict (a candidate must fail the same way) and its input.
struct Failed {
    verdict: Verdict,
    input: Vec<u8>,
}

/// What the judge said on a candidate that failed: the checker's message, the solution's
/// output and the reference answer.
struct CandidateFailure {
    message: String,
    output: Vec<u8>,
    answer: Vec<u8>,
    stderr: Vec<u8>,
}

/// Lines of a text (a last line without its newline counts).
fn line_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
        + usize::from(bytes.last().is_some_and(|&b| b != b'\n'))
}

/// `1 line`, `5 lines`.
fn lines_of(bytes: &[u8]) -> String {
    match line_count(bytes) {
        1 => "1 line".to_owned(),
        n => format!("{n} lines"),
    }
}

/// Shown inline: at most this many lines and bytes; longer, the file's path.
const INLINE_LINES: usize = 12;
const INLINE_BYTES: usize = 1000;

/// Prints `label: <bytes>`: one line inline, a few lines as a block, more as the file's path.
fn show(label: &str, bytes: &[u8], path: &Path) {
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
    /// Judges `input` as a test is judged (the reference's answer, the solution under the
    /// options' limits, the checker); the failure's details when it fails as `failed` did.
    fn judge_candidate(
        &self,
        options: &Options,
        input: &[u8],
        failed: &Failed,
    ) -> Option<CandidateFailure> {
        let test = Test {
            name: "shrink".to_owned(),
            source: Source::Input(input.to_vec()),
        };
        let (outcome, files) = self.judge(&test, options);
        let result = (outcome.verdict == failed.verdict).then(|| CandidateFailure {
            message: outcome.message,
            output: std::fs::read(&files[1]).unwrap_or_default(),
            answer: std::fs::read(&files[2]).unwrap_or_default(),
            stderr: std::fs::read(&files[3]).unwrap_or_default(),
        });
        for file in &files {
            let _ = std::fs::remove_file(file);
        }
        result
    }

    /// Shrinks a kept failure ([`shrink::shrink`]), prints the smallest failing input with the
    /// expected and received answers, and keeps it in `dir` as `shrunk-*.txt`.
    fn shrink_and_show(
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
        let Some(found) = last else {
            say!(
                "    shrunk: no smaller input fails with {} (0 steps, {} runs, {:.1}s; {stop})",
                failed.verdict,
                shrunk.runs,
                shrunk.elapsed.as_secs_f64()
            );
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
        let shown = |file: &str| PathBuf::from(report::shown_path(&dir.join(file), &self.cwd));
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

fn stderr_is_terminal() -> bool {
    // SAFETY: isatty on a descriptor number.
    unsafe { libc::isatty(2) == 1 }
}

/// A temporary folder of its own, removed when dropped.
struct WorkDir(PathBuf);

impl WorkDir {
    /// A new work folder, `referee-judge-<pid>-<nanos>` in the temporary folder; the folders a
    /// judge left behind when it was killed outright (its pid no longer runs) go first.
    fn create() -> std::io::Result<WorkDir> {
        if let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) {
            for entry in entries.filter_map(|e| e.ok()) {
                let name = entry.file_name().to_string_lossy().into_owned();
                let pid = name
                    .strip_prefix("referee-judge-")
                    .and_then(|rest| rest.split('-').next())
                    .and_then(|pid| pid.parse::<u32>().ok());
                if pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir =
            std::env::temp_dir().join(format!("referee-judge-{}-{nanos}", std::process::id()));
        // The referee's alone (0700), and new: a folder someone made there first is an error.
        std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
            .create(&dir)?;
        Ok(WorkDir(dir))
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Builds the source file of `options` if there is one ([`build`]), then judges
/// (`run_built`); returns the worst verdict, CE when the source does not build.
pub fn run(options: &Options) -> Verdict {
    let cwd = report::current_dir();
    let Some(source) = &options.source else {
        let solution = report::Solution::command(&options.command, cwd.clone());
        return run_built(options, solution, &cwd);
    };
    let Some(plan) = build::plan(source) else {
        eprintln!(
            "referee: {}",
            build::BuildError::UnknownExtension(source.clone())
        );
        return Verdict::Fail;
    };
    // Shown once the compiler has run: a missing compiler is one line on stderr, nothing more.
    let show_build = || {
        if let Some(words) = &plan.build {
            say!("{}", build::build_line(words));
        }
    };
    match build::build(source) {
        Ok(built) => {
            show_build();
            let solution = report::Solution {
                build: plan.build.clone(),
                run: plan.run.clone(),
                cwd: cwd.clone(),
            };
            let options = Options {
                command: built.command.clone(),
                ..options.clone()
            };
            run_built(&options, solution, &cwd)
            // `built` goes here, and its folder with it.
        }
        Err(build::BuildError::Failed { why, log }) => {
            show_build();
            for line in build::compiler_output(&log) {
                say!("{line}");
            }
            say!(
                "summary: {}: {why}; nothing judged (exit {})",
                Verdict::Ce,
                Verdict::Ce.exit_code()
            );
            Verdict::Ce
        }
        Err(e) => {
            eprintln!("referee: {e}");
            Verdict::Fail
        }
    }
}

/// Runs the whole judging of `options.command`, printing as it goes; returns the worst verdict.
fn run_built(options: &Options, solution: report::Solution, cwd: &Path) -> Verdict {
    let bin_dir = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    let name = options.problem.name();
    let reference = bin_dir.join(name);
    let checker = bin_dir.join(format!("check-{name}"));
    for needed in [&reference, &checker] {
        if !needed.is_file() {
            eprintln!(
                "referee: {} is missing: build the project (cargo build --release)",
                needed.display()
            );
            return Verdict::Fail;
        }
    }
    let work = match WorkDir::create() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("referee: cannot create a temporary folder: {e}");
            return Verdict::Fail;
        }
    };
    let bench = Bench {
        reference,
        checker,
        work: work.0.clone(),
        solution,
        cwd: cwd.to_owned(),
    };
    // The validator's limits every test and every shrunk input keeps to.
    let strict = if options.extended {
        Limits::Project
    } else {
        Limits::Judge
    };
    let mut skipped = Vec::new();
    let mut tests = match samples(&options.samples) {
        Ok(tests) => tests,
        Err(e) => {
            eprintln!("referee: {e}");
            return Verdict::Fail;
        }
    };
    if !options.extended {
        tests.retain(|test| match &test.source {
            Source::Sample { input, .. } => {
                match validate::validate(options.problem.validator(), strict, &input[..]) {
                    Ok(()) => true,
                    Err(e) => {
                        let why = match e {
                            Reject::Invalid(why) => why,
                            Reject::Io(e) => e.to_string(),
                        };
                        skipped.push((test.name.clone(), why));
                        false
                    }
                }
            }
            _ => true,
        });
    }
    let sample_count = tests.len();
    let within = (!options.extended).then_some(strict);
    let largest = options.largest;
    tests.extend(generated(
        options.problem,
        options.seed,
        options.tests,
        options.size,
        options.count,
        within,
    ));
    tests.extend(largest.map(|l| largest_test(options.problem, options.seed, l)));
    let limits = &options.limits;
    say!(
        "judge {name}: {} + {} generated (seed {}); limits: CPU {:.3}s, wall {:.3}s, memory {}; command: {}",
        counted(sample_count as u64, "sample"),
        tests.len() - sample_count,
        options.seed,
        limits.cpu.as_secs_f64(),
        limits.wall.as_secs_f64(),
        limits
            .memory
            .map_or("none".to_owned(), |m| format!("{:.0} MB", megabytes(m))),
        build::shell_line(&bench.solution.run),
    );
    if options.extended {
        say!(
            "--extended: the project's extensions beyond the statement (validate-{name} --project)"
        );
    } else {
        say!(
            "the statement's limits (validate-{name} without --project; --extended for the project's): tests generated with{}{}{}; {} samples outside the limits skipped",
            options.size.map_or(String::new(), |s| format!(" --size {s}")),
            options.count.map_or(String::new(), |c| format!(" --count {c}")),
            largest.map_or(String::new(), |l| format!(
                ", then `largest` with --kind {} --size {}{}",
                l.kind,
                l.size,
                l.count.map_or(String::new(), |c| format!(" --count {c}"))
            )),
            skipped.len()
        );
        for (test, why) in &skipped {
            say!("    skipped {test}: {why}");
        }
        let generated_count = tests.len() - sample_count - usize::from(largest.is_some());
        if generated_count < options.tests as usize {
            say!(
                "    {} of {} generated tests fit the limits (kinds that never fit are left out)",
                generated_count,
                options.tests
            );
        }
    }
    if !options.only.is_empty() {
        if let Some(missing) = options
            .only
            .iter()
            .find(|name| !tests.iter().any(|t| t.name == **name))
        {
            let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
            eprintln!(
                "referee: --only {missing}: no such test in this run (its tests: {})",
                names.join(", ")
            );
            return Verdict::Fail;
        }
        let all = tests.len();
        tests.retain(|t| options.only.contains(&t.name));
        say!("--only: {} of the run's {all} tests", tests.len());
    }
    if tests.is_empty() {
        say!(
            "summary: 0 tests: no sample (.in with .out or .ans) in {} and no generated test; nothing judged is no pass: FAIL (exit {})",
            options.samples.display(),
            Verdict::Fail.exit_code()
        );
        return Verdict::Fail;
    }
    let progress = stderr_is_terminal();
    // The kinds of failure shrunk so far, each with the test it was shrunk on.
    let mut shrunk_kinds: Vec<(String, String)> = Vec::new();
    let width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0);
    let mut counts = [0u64; SEVERITY.len()];
    let mut worst = Verdict::Ok;
    let (mut max_cpu, mut max_rss) = (Duration::ZERO, 0u64);
    for (i, test) in tests.iter().enumerate() {
        if progress {
            eprint!("\r\x1b[K[{}/{}] {} ...", i + 1, tests.len(), test.name);
        }
        let (outcome, files) = bench.judge(test, options);
        if progress {
            eprint!("\r\x1b[K");
        }
        let (cpu, wall, rss) = outcome
            .run
            .as_ref()
            .map_or((Duration::ZERO, Duration::ZERO, 0), |r| {
                (r.cpu, r.wall, r.max_rss)
            });
        max_cpu = max_cpu.max(cpu);
        max_rss = max_rss.max(rss);
        let mut line = format!(
            "{:<width$}  {:<4}  cpu {:.3}s  wall {:.3}s  mem {:.1} MB",
            test.name,
            outcome.verdict.name(),
            cpu.as_secs_f64(),
            wall.as_secs_f64(),
            megabytes(rss),
        );
        if !outcome.message.is_empty() && outcome.verdict != Verdict::Ok {
            line.push_str("  ");
            line.push_str(&outcome.message);
        }
        say!("{line}");
        counts[severity(outcome.verdict).min(SEVERITY.len() - 1)] += 1;
        if severity(outcome.verdict) > severity(worst) {
            worst = outcome.verdict;
        }
        if outcome.fatal {
            say!("    stopped: the command cannot be started");
            break;
        }
        if outcome.verdict != Verdict::Ok {
            if let Some(lines) = outcome
                .run
                .as_ref()
                .and_then(|r| report::stderr_lines(&r.stderr_tail, r.stderr_total))
            {
                for line in lines {
                    say!("    {line}");
                }
            }
            if let Source::Generated(spec) = &test.source {
                say!("    input: {}", gen_command(spec));
            }
            let kept = report::keep(
                &options.keep,
                name,
                &test.name,
                &files,
                &bench.solution,
                &bench.checker,
            );
            match kept {
                Ok(dir) => {
                    say!("    kept: {}", report::shown_path(&dir, cwd));
                    say!(
                        "    reproduce: {}",
                        report::shown_path(&dir.join(report::SCRIPT), cwd)
                    );
                    say!("    rejudge: {}", rejudge_line(options, &test.name));
                    let shrinkable = matches!(outcome.verdict, Verdict::Wa | Verdict::Re);
                    let same = shrunk_kinds.iter().find(|(kind, _)| *kind == outcome.kind);
                    if let (true, Some((_, first))) = (shrinkable, same) {
                        say!("    not shrunk: the same kind of failure as {first}");
                    } else if shrinkable
                        && options.shrink_runs > 0
                        && shrunk_kinds.len() < MAX_SHRINKS
                    {
                        shrunk_kinds.push((outcome.kind.clone(), test.name.clone()));
                        if let Ok(input) = std::fs::read(&files[0]) {
                            let failed = Failed {
                                verdict: outcome.verdict,
                                input,
                            };
                            bench.shrink_and_show(options, strict, &failed, &dir, progress);
                        }
                    }
                }
                Err(e) => say!("    cannot keep the test: {e}"),
            }
        }
        // Nothing of a judged test stays where the next solution runs.
        for file in &files {
            let _ = std::fs::remove_file(file);
        }
        let _ = std::io::stdout().flush();
        if options.first && outcome.verdict != Verdict::Ok {
            say!("    stopped: --first");
            break;
        }
    }
    let tally: Vec<String> = SEVERITY
        .iter()
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .map(|(v, n)| format!("{n} {v}"))
        .collect();
    let judged: u64 = counts.iter().sum();
    let not_run = match tests.len() as u64 - judged {
        0 => String::new(),
        n => format!(" ({n} not run)"),
    };
    say!(
        "summary: {}{not_run}: {}; worst {} (exit {}); max cpu {:.3}s, max mem {:.1} MB{}",
        counted(judged, "test"),
        if tally.is_empty() {
            "none".to_owned()
        } else {
            tally.join(", ")
        },
        worst,
        worst.exit_code(),
        max_cpu.as_secs_f64(),
        megabytes(max_rss),
        // A verdict past the statement's limits is no verdict on the problem as stated.
        if options.extended {
            "; --extended: beyond the statement"
        } else {
            ""
        },
    );
    worst
}

/// The repository this referee was built from (its samples/ are the default samples): two
/// levels above this crate's folder, crates/referee.
pub(crate) fn repository() -> &'static Path {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().and_then(Path::parent).unwrap_or(here)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severity_lists_every_verdict_once_and_fail_is_worst() {
        for v in SEVERITY {
            assert_eq!(SEVERITY.iter().filter(|&&x| x == v).count(), 1);
        }
        assert_eq!(SEVERITY[SEVERITY.len() - 1], Verdict::Fail);
        assert!(severity(Verdict::Re) > severity(Verdict::Tle));
        assert!(severity(Verdict::Wa) < severity(Verdict::Pe));
    }

    /// The command line is read by lexopt into typed errors, each naming what is wrong.
    #[test]
    fn reads_the_command_line_into_options_or_a_typed_error() {
        let args = |text: &str| {
            text.split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let err = |text: &str| parse(&args(text), 1).err().unwrap();
        assert_eq!(err(""), ArgsError::MissingProblem);
        assert_eq!(err("chess -- x"), ArgsError::UnknownProblem("chess".into()));
        assert_eq!(
            err("pawns --tests 100001 -- x"),
            ArgsError::TooManyTests(100_001)
        );
        assert_eq!(err("pawns --tests=3"), OptionError::NoCommand.into());
        assert_eq!(
            err("pawns ./a.out -- x"),
            OptionError::Unknown("./a.out".into()).into()
        );
        assert_eq!(
            err("pawns --frobnicate=1 -- x"),
            OptionError::Unknown("--frobnicate".into()).into()
        );
        assert_eq!(
            err("pawns --seed"),
            OptionError::NoValue("--seed".into()).into()
        );
        assert_eq!(
            err("pawns --memory-limit 99999999999999 -- x"),
            ArgsError::MemoryTooLarge
        );
        assert!(err("pawns --time-limit 0 -- x")
            .to_string()
            .starts_with("--time-limit needs a positive number of seconds"));
        assert!(matches!(
            parse(&args("pawns --seed -h"), 1),
            Ok(Parsed::Help)
        ));
        let text = "pawns --tests=3 --seed 9 --time-limit 1 --memory-limit 0 --keep k -- ./a.out x";
        let Ok(Parsed::Run(o)) = parse(&args(text), 1) else {
            panic!("{text}");
        };
        assert_eq!((o.problem, o.tests, o.seed), (Game::Pawns, 3, 9));
        assert_eq!(
            (o.limits.wall, o.limits.memory),
            (Duration::from_secs(3), None)
        );
        assert_eq!((o.keep, o.command), (PathBuf::from("k"), args("./a.out x")));
        // By default the statement's limits: the package's judge size.
        assert_eq!(
            (o.size, o.count, o.extended),
            (Some(2_147_483_647), None, false)
        );
        assert_eq!(o.shrink_runs, SHRINK_RUNS);
    }

    /// The statement's limits (the default; `--original` is a no-op alias) take the
    /// packages' judge sizes unless `--size`/`--count` say otherwise; `--extended` leaves
    /// gen's defaults; the generator's own checks refuse what it cannot make.
    #[test]
    fn reads_the_scale_the_statement_limits_and_the_shrink_budget() {
        let run =
            |text: &str| match parse(&text.split(' ').map(str::to_owned).collect::<Vec<_>>(), 1) {
                Ok(Parsed::Run(o)) => o,
                other => panic!("{text}: {:?}", other.err()),
            };
        let o = run("tictactoe -- x");
        assert_eq!((o.extended, o.size, o.count), (false, Some(100), Some(300)));
        let o = run("tictactoe --original -- x");
        assert_eq!((o.extended, o.size, o.count), (false, Some(100), Some(300)));
        let o = run("tictactoe --extended -- x");
        assert_eq!((o.extended, o.size, o.count), (true, None, None));
        assert_eq!(o.largest, None);
        let o = run("tictactoe --count 7 --no-shrink -- x");
        assert_eq!((o.size, o.count, o.shrink_runs), (Some(100), Some(7), 0));
        assert_eq!(o.largest, None);
        assert_eq!(run("race -- x").largest.map(|l| l.size), Some(300));
        assert_eq!(run("race --size 9 -- x").largest, None);
        assert_eq!(run("race --tests 0 -- x").largest, None);
        assert_eq!(run("pawns -- x").largest, None);
        let o = run("pawns --extended --size 1000 --shrink-runs 5 -- x");
        assert_eq!((o.size, o.count, o.shrink_runs), (Some(1000), None, 5));
        let err = |text: &str| {
            parse(&text.split(' ').map(str::to_owned).collect::<Vec<_>>(), 1)
                .err()
                .unwrap()
        };
        assert!(matches!(
            err("pawns --count 3 -- x"),
            ArgsError::Scale(SpecError::NoCount(_))
        ));
        assert!(matches!(
            err("race --size 1 -- x"),
            ArgsError::Scale(SpecError::Size(_, 1))
        ));
        assert!(err("pawns --shrink-runs 100001 -- x")
            .to_string()
            .contains("--shrink-runs must be at most"));
    }

    /// With a limit, every generated test is one its validator accepts: subtraction's rational
    /// k and pawns' N past 2^31 are left out; without, they come.
    #[test]
    fn generated_tests_within_the_judge_limits_are_valid_there() {
        for &problem in Game::ALL {
            let (size, count) = problem.judge_sized();
            let tests = generated(problem, 3, 12, Some(size), count, Some(Limits::Judge));
            assert_eq!(tests.len(), 12, "{}", problem.name());
            for test in &tests {
                let Source::Generated(spec) = &test.source else {
                    unreachable!()
                };
                let bytes = generate_bytes(spec);
                assert!(
                    validate::validate(problem.validator(), Limits::Judge, &bytes[..]).is_ok(),
                    "{}",
                    gen_command(spec)
                );
            }
        }
        // The largest test: the statement's largest sizes, and still within its limits.
        for &problem in Game::ALL {
            let Some(largest) = problem.largest() else {
                continue;
            };
            let Source::Generated(spec) = largest_test(problem, 3, largest).source else {
                unreachable!()
            };
            let bytes = generate_bytes(&spec);
            assert!(
                validate::validate(problem.validator(), Limits::Judge, &bytes[..]).is_ok(),
                "{}",
                gen_command(&spec)
            );
        }
        let loose = generated(Game::Subtraction, 3, 12, Some(100_000_000), Some(20), None);
        assert!(loose.iter().any(|t| match &t.source {
            Source::Generated(spec) => {
                let bytes = generate_bytes(spec);
                validate::validate(Game::Subtraction.validator(), Limits::Judge, &bytes[..])
                    .is_err()
            }
            _ => false,
        }));
    }

    /// Failures that differ in their numbers only are one kind; another word or verdict is
    /// another.
    #[test]
    fn failure_kinds_set_numbers_aside() {
        let wa = |m: &str| failure_kind(Verdict::Wa, m);
        let a = wa("wrong answer line 5 token 3 (case 5): expected `1`, found `lose`");
        let b = wa("wrong answer line 19 token 3 (case 19): expected `12`, found `lose`");
        assert_eq!(a, b);
        assert_eq!(
            a,
            "WA wrong answer line N token N (case N): expected `N`, found `lose`"
        );
        assert_ne!(
            a,
            wa("wrong answer line 5 token 3 (case 5): expected `lose`, found `1`")
        );
        assert_ne!(
            failure_kind(Verdict::Re, "killed by signal 11 (SIGSEGV)"),
            failure_kind(Verdict::Re, "killed by signal 6 (SIGABRT)")
        );
        assert_ne!(
            failure_kind(Verdict::Re, "x"),
            failure_kind(Verdict::Wa, "x")
        );
    }

    /// A source file is read as the solution (alone: not with a command too); the help
    /// shows each language's commands as [`build::plan`] makes them.
    #[test]
    fn reads_a_source_file_and_the_help_shows_its_build() {
        let args = |text: &str| {
            text.split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let Ok(Parsed::Run(o)) = parse(&args("pawns --tests 2 sol.py --first"), 1) else {
            panic!("a source file");
        };
        assert_eq!(o.source, Some(PathBuf::from("sol.py")));
        assert!(o.command.is_empty() && o.first && o.tests == 2);
        let err = |text: &str| parse(&args(text), 1).err().unwrap();
        assert_eq!(err("pawns sol.go"), ArgsError::Source("sol.go".into()));
        assert_eq!(
            err("pawns a.c -- ./a.out"),
            ArgsError::SourceAndCommand("a.c".into())
        );
        assert_eq!(
            err("pawns a.c b.c"),
            OptionError::Unknown("b.c".into()).into()
        );
        for file in ["FILE.c", "FILE.cpp", "FILE.rs", "FILE.java", "FILE.py"] {
            let plan = build::plan(Path::new(file)).unwrap();
            let run = build::shell_line(&plan.run);
            // Python's check is a one-line program: the help names its module.
            let shown = match &plan.build {
                Some(_) if file.ends_with(".py") => {
                    assert!(USAGE.contains("py_compile"));
                    run.clone()
                }
                Some(words) => build::shell_line(words),
                None => run.clone(),
            }
            .replace(file, "FILE");
            assert!(USAGE.contains(&shown), "{shown}");
            if file.ends_with(".java") {
                assert!(USAGE.contains(&run.replace("FILE", "<file name without .java>")));
            }
        }
        assert!(USAGE.contains(&format!("CE {}", Verdict::Ce.exit_code())));
    }

    /// The work folder (inputs, outputs, answers of the tests) is the referee's alone.
    #[test]
    fn the_work_folder_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let work = WorkDir::create().unwrap();
        let mode = std::fs::metadata(&work.0).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }

    #[test]
    fn shell_quote_keeps_plain_words_and_quotes_the_rest() {
        assert_eq!(shell_quote("target/release/pawns"), "target/release/pawns");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn generated_tests_cover_every_kind_and_are_reproducible() {
        for &problem in Game::ALL {
            let a = generated(problem, 5, 12, None, None, None);
            assert_eq!(a.len(), 12, "{}", problem.name());
            // Every kind but the worst case, which is the `largest` test's alone.
            for kind in problem.gen().kinds {
                let drawn = a
                    .iter()
                    .any(|t| matches!(&t.source, Source::Generated(s) if s.kind == *kind));
                assert_eq!(
                    drawn,
                    *kind != combgames_core::gen::WORST,
                    "{} kind {kind}",
                    problem.name()
                );
            }
            let b = generated(problem, 5, 12, None, None, None);
            let specs = |v: &[Test]| {
                v.iter()
                    .map(|t| match &t.source {
                        Source::Generated(s) => s.clone(),
                        _ => unreachable!(),
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(specs(&a), specs(&b));
        }
    }
}
