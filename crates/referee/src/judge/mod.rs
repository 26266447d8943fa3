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
//! - The command line: [`args`]; the tests, samples and generated: [`sources`]; the work
//!   folder: [`work`].
//! - Running: [`batch::run`] (limits, measures, process group); a test judged: [`judging`];
//!   what is printed: [`console`].
//! - A failure: kept with `run.sh`, its stderr's last lines shown ([`report`]).
//! - A WA or RE: the failing input shrunk to a smallest failing one ([`shrink`]).
//! - The problem as its statement gives it, by default; the project's extensions with
//!   `--extended` ([`original`]).

use anyhow::{bail, Context};
use combgames_core::validate::{self, Limits, Reject};
use combgames_core::verdict::Verdict;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// `println!` that shrugs off a closed stdout (`referee judge ... | head`): println! would
/// panic there, while judging goes on and the exit code still carries the worst verdict.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod args;
pub mod batch;
pub mod build;
pub mod console;
pub mod judging;
pub mod original;
pub mod report;
pub mod shrink;
pub mod sources;
pub mod work;

pub use args::{
    parse, ArgsError, Options, Parsed, MAX_SHRINKS, MAX_SHRINK_RUNS, MAX_TESTS, SHRINK_RUNS,
    SHRINK_TIME, USAGE,
};
use console::{counted, gen_command, megabytes, peak_shown, rejudge_line, stderr_is_terminal};
pub use console::{invoked_as, shell_quote};
pub use judging::SEVERITY;
use judging::{severity, Bench, Failed};
use sources::{generated, largest_test, samples, Source};
use work::WorkDir;

/// Builds the source file of `options` if there is one ([`build`]), then judges
/// (`run_built`); returns the worst verdict, CE when the source does not build. An error is
/// what kept the judging from starting (a source that cannot be built, a samples folder that
/// cannot be read, a work folder that cannot be made), with the context of what was being
/// done: the referee prints it as one line, FAIL's exit code (`program::refuse`).
pub fn run(options: &Options) -> anyhow::Result<Verdict> {
    let cwd = report::current_dir();
    let Some(source) = &options.source else {
        let solution = report::Solution::command(&options.command, cwd.clone());
        return run_built(options, solution, &cwd);
    };
    let cannot_build = || format!("cannot build {}", source.display());
    let plan = build::plan(source)
        .ok_or(build::BuildError::UnknownExtension)
        .with_context(cannot_build)?;
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
            Ok(Verdict::Ce)
        }
        Err(e) => Err(e).with_context(cannot_build),
    }
}

/// Runs the whole judging of `options.command`, printing as it goes; returns the worst verdict,
/// or what kept the judging from starting.
fn run_built(options: &Options, solution: report::Solution, cwd: &Path) -> anyhow::Result<Verdict> {
    let bin_dir = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    let name = options.problem.name();
    let reference = bin_dir.join(name);
    let checker = bin_dir.join(format!("check-{name}"));
    for needed in [&reference, &checker] {
        if !needed.is_file() {
            bail!(
                "{} is missing: build the project (cargo build --release)",
                needed.display()
            );
        }
    }
    let work = WorkDir::create()?;
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
    let mut tests = samples(options.problem, options.samples.as_deref())?;
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
            bail!(
                "--only {missing}: no such test in this run (its tests: {})",
                names.join(", ")
            );
        }
        let all = tests.len();
        tests.retain(|t| options.only.contains(&t.name));
        say!("--only: {} of the run's {all} tests", tests.len());
    }
    if tests.is_empty() {
        say!(
            "summary: 0 tests: no sample (.in with .out or .ans) in {} and no generated test; nothing judged is no pass: FAIL (exit {})",
            options
                .samples
                .as_ref()
                .map_or(format!("samples/{name}"), |dir| dir.display().to_string()),
            Verdict::Fail.exit_code()
        );
        return Ok(Verdict::Fail);
    }
    let progress = stderr_is_terminal();
    // The kinds of failure shrunk so far, each with the test it was shrunk on.
    let mut shrunk_kinds: Vec<(String, String)> = Vec::new();
    let width = tests.iter().map(|t| t.name.len()).max().unwrap_or(0);
    let mut counts = [0u64; SEVERITY.len()];
    let mut worst = Verdict::Ok;
    let (mut max_cpu, mut max_rss) = (Duration::ZERO, None::<u64>);
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
            .map_or((Duration::ZERO, Duration::ZERO, None), |r| {
                (r.cpu, r.wall, r.max_rss)
            });
        max_cpu = max_cpu.max(cpu);
        max_rss = max_rss.max(rss);
        let mut line = format!(
            "{:<width$}  {:<4}  cpu {:.3}s  wall {:.3}s  mem {}",
            test.name,
            outcome.verdict.name(),
            cpu.as_secs_f64(),
            wall.as_secs_f64(),
            peak_shown(rss),
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
        "summary: {}{not_run}: {}; worst {} (exit {}); max cpu {:.3}s, max mem {}{}",
        counted(judged, "test"),
        if tally.is_empty() {
            "none".to_owned()
        } else {
            tally.join(", ")
        },
        worst,
        worst.exit_code(),
        max_cpu.as_secs_f64(),
        peak_shown(max_rss),
        // A verdict past the statement's limits is no verdict on the problem as stated.
        if options.extended {
            "; --extended: beyond the statement"
        } else {
            ""
        },
    );
    Ok(worst)
}
