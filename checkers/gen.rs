//! gen: writes one valid judge input for a problem to stdout, reproducibly from a seed.
//! The generators live in `combgames_core::gen`; this is the command line.
use anyhow::{anyhow, bail, Context};
use combgames_core::gen::{generate_bytes, power_of_ten as big, Spec};
use combgames_registry::Game;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

fn usage() -> String {
    // One line per problem, from the registry: kinds, what --size bounds and its range,
    // --count's range.
    let problems: Vec<String> = Game::ALL
        .iter()
        .map(|p| {
            let g = p.gen();
            let count = match g.max_count {
                Some(max) => format!("; --count 1 to {} (default {})", big(max), g.default_count),
                None => String::new(),
            };
            let notes = if g.notes.is_empty() {
                String::new()
            } else {
                format!(
                    "\n  {:<12} {}",
                    "",
                    g.notes.replace('\n', "\n               ")
                )
            };
            format!(
                "  {:<12} kinds: {}\n  {:<12} --size: {} from {} to {} (default {}){count}{notes}",
                p.name(),
                g.kinds.join(", "),
                "",
                g.size_is,
                g.min_size,
                big(g.max_size),
                big(g.default_size)
            )
        })
        .collect();
    format!(
        "usage: gen <problem> --seed S [--kind K] [--size N] [--count C]\n\
         \x20      gen --list   (each problem and its kinds, one problem a line)\n\
         \n\
         Writes one valid judge input for <problem> to stdout. The same arguments always give\n\
         the same bytes (own SplitMix64 generator, no platform or crate-version dependence).\n\
         \n\
         \x20 --seed S   any 64-bit number (required)\n\
         \x20 --kind K   what to make (default: random)\n\
         \x20 --size N   the largest main dimension\n\
         \x20 --count C  cases, knights or games, where the format has several\n\
         \n\
         problems:\n\
         {}\n\
         \n\
         example: gen tictactoe --seed 7 --kind ends --size 1000 --count 50 > test.in\n\
         \n\
         Exit codes: 0 written (also when the reader closed the pipe early, `gen ... | head`);\n\
         1 bad arguments (one line on stderr, nothing on stdout) or a write error.",
        problems.join("\n")
    )
}

/// What the command line asks for.
enum Parsed {
    Help,
    List,
    Run(Spec),
}

/// The command line, read by lexopt; every message names the flag or the word at fault.
fn parse(args: &[OsString]) -> anyhow::Result<Parsed> {
    use lexopt::Arg::{Long, Short, Value};
    // `-h` or `--help` anywhere wins, even as another flag's value.
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Parsed::Help);
    }
    let mut problem = None;
    let (mut seed, mut kind, mut size, mut count) = (None, None, None, None);
    let mut parser = lexopt::Parser::from_args(args);
    let value = |parser: &mut lexopt::Parser, flag: &str| -> anyhow::Result<String> {
        let value = parser
            .value()
            .map_err(|_| anyhow!("{flag} needs a value"))?;
        value
            .into_string()
            .map_err(|v| anyhow!("{flag}: {:?} is not UTF-8", v.to_string_lossy()))
    };
    let number = |parser: &mut lexopt::Parser, flag: &str| -> anyhow::Result<u64> {
        let text = value(parser, flag)?;
        text.parse::<u64>()
            .map_err(|_| anyhow!("{flag}: expected a non-negative integer, got {text:?}"))
    };
    while let Some(arg) = parser.next()? {
        match arg {
            Long("list") => return Ok(Parsed::List),
            Long("seed") => seed = Some(number(&mut parser, "--seed")?),
            Long("size") => size = Some(number(&mut parser, "--size")?),
            Long("count") => count = Some(number(&mut parser, "--count")?),
            Long("kind") => kind = Some(value(&mut parser, "--kind")?),
            Long(flag) => bail!("unknown option \"--{flag}\""),
            Short(flag) => bail!("unknown option \"-{flag}\""),
            Value(word) => {
                let word = word.to_string_lossy();
                if problem.is_some() {
                    bail!("unexpected argument {word:?}");
                }
                problem = Some(Game::parse(&word).with_context(|| {
                    format!("unknown problem {word:?} (problems: {})", Game::names())
                })?);
            }
        }
    }
    let problem = problem.context("missing <problem> (see --help)")?;
    let seed = seed.context("missing --seed S")?;
    Ok(Parsed::Run(Spec::new(
        problem.gen(),
        kind.as_deref(),
        size,
        count,
        seed,
    )?))
}

/// What the command line asks for, done.
fn run(args: &[OsString]) -> anyhow::Result<()> {
    match parse(args)? {
        Parsed::Help => {
            // A closed pipe (`--help | head -1`) is no error of ours: no panic.
            let _ = writeln!(std::io::stdout(), "{}", usage());
        }
        Parsed::List => {
            // For scripts: one line per problem of the registry, its name and then its kinds.
            let mut out = std::io::stdout().lock();
            for game in Game::ALL {
                let _ = writeln!(out, "{} {}", game.name(), game.gen().kinds.join(" "));
            }
        }
        Parsed::Run(spec) => write_test(&spec).context("cannot write the test")?,
    }
    Ok(())
}

/// Generates the test whole before writing it, so that nothing partial reaches stdout (the
/// largest test, a 10^8-cell coloring strip, is 100 MB).
fn write_test(spec: &Spec) -> std::io::Result<()> {
    let bytes = generate_bytes(spec);
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(&bytes).and_then(|()| stdout.flush()) {
        // The reader has what it wanted (`gen ... | head`): no error of gen's.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Exit 0, or 1 after one line on stderr: `gen: ` and the error with its context, joined by
/// ": " (docs/messages.md).
fn main() -> ExitCode {
    // args_os: a stray non-UTF-8 byte is a one-line error, not a panic.
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen: {e:#}");
            ExitCode::FAILURE
        }
    }
}
