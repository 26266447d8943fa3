//! The command line every mutation-suite player shares (the `<game>_mutants` examples):
//! `--bug NAME [--seed S]` in any order, or `--help` listing the variants; a bad call gets one
//! line on stderr and exit 2, a failed session one line and exit 1.

use std::io::Write;
use std::process::ExitCode;

/// Writes one protocol line and flushes it (the protocol's rule: a flush after every line).
pub fn say(out: &mut impl Write, text: &str) -> Result<(), String> {
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())
}

/// One variant for the help: its name, whether it is a correct player, what it does.
pub struct Variant {
    pub name: &'static str,
    pub correct: bool,
    pub what: &'static str,
}

/// The help's variants from a suite's table of `(variant, name, correct, what)` rows (the
/// layout of the subtraction and impartial suites' VARIANTS).
pub fn listed<V>(table: &[(V, &'static str, bool, &'static str)]) -> Vec<Variant> {
    table
        .iter()
        .map(|&(_, name, correct, what)| Variant {
            name,
            correct,
            what,
        })
        .collect()
}

fn usage(prog: &str, variants: &[Variant]) -> String {
    let mut text = format!("usage: {prog} --bug NAME [--seed S]\nvariants:\n");
    for v in variants {
        let tag = if v.correct { "ok " } else { "bug" };
        text.push_str(&format!("  {:<15} {tag} {}\n", v.name, v.what));
    }
    text
}

/// The variant's name and the seed, or why the call is wrong.
fn parse<'a>(
    args: &'a [String],
    variants: &[Variant],
    accepts: &dyn Fn(&str) -> bool,
    seed: u64,
) -> Result<(&'a str, u64), String> {
    let (mut bug, mut seed) = (None, seed);
    let mut i = 0;
    while i < args.len() {
        match (args[i].as_str(), args.get(i + 1)) {
            ("--bug", Some(name)) if variants.iter().any(|v| v.name == name) || accepts(name) => {
                bug = Some(name.as_str())
            }
            ("--bug", Some(name)) => return Err(format!("unknown variant {name:?} (see --help)")),
            ("--seed", Some(s)) => {
                seed = s
                    .parse()
                    .map_err(|_| format!("--seed {s:?} is not a number"))?
            }
            (other, _) => return Err(format!("unexpected argument {other:?} (see --help)")),
        }
        i += 2;
    }
    let bug = bug.ok_or("--bug NAME is required (see --help)")?;
    Ok((bug, seed))
}

/// The whole `main` of a player: reads the arguments (`default_seed` without `--seed`) and
/// runs `play(name, seed)`.
pub fn main(
    prog: &str,
    variants: &[Variant],
    default_seed: u64,
    play: impl FnOnce(&str, u64) -> Result<(), String>,
) -> ExitCode {
    main_with(prog, variants, &|_| false, default_seed, play)
}

/// [`main`] for a suite that also takes parameterised variants (knights' `cell:R,X,Y`): a
/// name that `accepts` takes is played as any listed one.
pub fn main_with(
    prog: &str,
    variants: &[Variant],
    accepts: &dyn Fn(&str) -> bool,
    default_seed: u64,
    play: impl FnOnce(&str, u64) -> Result<(), String>,
) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{}", usage(prog, variants));
        return ExitCode::SUCCESS;
    }
    let (bug, seed) = match parse(&args, variants, accepts, default_seed) {
        Ok(call) => call,
        Err(e) => {
            eprintln!("{prog}: {e}");
            return ExitCode::from(2);
        }
    };
    match play(bug, seed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{prog}: {e}");
            ExitCode::from(1)
        }
    }
}
