//! gen: writes one valid judge input for a problem to stdout, reproducibly from a seed.
//! The generators live in `combgames::generate`; this is the command line.
use combgames::generate::{generate_bytes, power_of_ten as big, Spec};
use combgames::registry::Game;
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
                Some(max) => format!("; --count 1..={} (default {})", big(max), g.default_count),
                None => String::new(),
            };
            format!(
                "  {:<12} kinds: {}\n  {:<12} --size: {} in {}..={} (default {}){count}",
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
         example: gen tictactoe --seed 7 --kind ends --size 1000 --count 50 > test.in",
        problems.join("\n")
    )
}

/// The parsed command line.
fn parse(args: &[String]) -> Result<Spec, String> {
    let mut problem = None;
    let (mut seed, mut kind, mut size, mut count) = (None, None, None, None);
    let mut rest = args.iter();
    let number = |flag: &str, value: Option<&String>| -> Result<u64, String> {
        let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
        value
            .parse::<u64>()
            .map_err(|_| format!("{flag}: expected a non-negative integer, got `{value}`"))
    };
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--seed" => seed = Some(number("--seed", rest.next())?),
            "--size" => size = Some(number("--size", rest.next())?),
            "--count" => count = Some(number("--count", rest.next())?),
            "--kind" => kind = Some(rest.next().ok_or("--kind needs a value")?.clone()),
            flag if flag.starts_with('-') => return Err(format!("unknown option `{flag}`")),
            name if problem.is_none() => {
                problem = Some(Game::parse(name).ok_or_else(|| {
                    format!("unknown problem `{name}` (problems: {})", Game::names())
                })?)
            }
            extra => return Err(format!("unexpected argument `{extra}`")),
        }
    }
    let problem = problem.ok_or("missing <problem> (see --help)")?;
    let seed = seed.ok_or("missing --seed S")?;
    Spec::new(problem, kind.as_deref(), size, count, seed)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--list") {
        // For scripts: one line per problem of the registry, its name and then its kinds.
        let mut out = std::io::stdout().lock();
        for game in Game::ALL {
            let _ = writeln!(out, "{} {}", game.name(), game.gen().kinds.join(" "));
        }
        return ExitCode::SUCCESS;
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let spec = match parse(&args) {
        Ok(spec) => spec,
        Err(why) => {
            eprintln!("gen: {why}");
            return ExitCode::FAILURE;
        }
    };
    // Generated whole before writing, so that nothing partial reaches stdout (the largest
    // test, a 10^8-cell coloring strip, is 100 MB).
    let bytes = generate_bytes(&spec);
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(&bytes).and_then(|()| stdout.flush()) {
        eprintln!("gen: cannot write the test: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
