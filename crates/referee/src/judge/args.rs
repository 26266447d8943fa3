//! `referee judge`'s command line: its help, its options and their errors.

use super::batch::BatchLimits;
use super::build;
use crate::cli::{self, split_command};
use combgames_core::gen::{Spec, SpecError};
use combgames_core::problem::Largest;
use combgames_registry::Game;
use combgames_session::options::{number, seconds, OptionError};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

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
  --extended          the project's extensions beyond the statement (larger sizes, other
                      numbers: validate-<problem> --project; docs/judging.md lists them):
                      every sample, tests at gen's default sizes; the summary line says so
  --original          the statement's limits, the default (accepted for older scripts)
  --first             stop at the first failure (after its shrink)
  --only TEST         judge only the run's test named TEST (`sample-judge`, `gen-07`,
                      `largest`; repeatable, or names joined by commas): the same tests as
                      the run without it, so that every failure's `rejudge:` line reruns
                      exactly that test against a fixed or another program
  --no-shrink         do not shrink a failing test
  --shrink-runs N     candidate runs one shrink may spend (default 300)
  -h, --help          this help

Prints one line per test (name, verdict, CPU and wall time, peak memory (`mem -`: a run too
short to be sampled, whose peak is unknown), why; under a failure the last lines of its
stderr), and ends with one summary line. A failed test is kept
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

#[derive(Clone, Debug)]
pub struct Options {
    pub problem: Game,
    pub tests: u64,
    pub seed: u64,
    pub limits: BatchLimits,
    /// `--samples DIR`; None: the project's `samples/<problem>`, built into the referee.
    pub samples: Option<PathBuf>,
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
    /// `--extended`: the project's extensions beyond the statement ([`super::original`]); by
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
/// Kinds of failure shrunk in one run (the first failure of each, `judging::failure_kind`): the
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
        samples,
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

#[cfg(test)]
mod tests {
    use super::*;
    use combgames_core::verdict::Verdict;

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
}
