//! The two contracts a checker speaks: its command line read as testlib's or Kattis's
//! ([`parse_contract`]), the usage text, and the whole program ([`run`]) that puts the result
//! where the contract wants it.

use super::{finish, quit, Outcome, OutputSource, Verdict, KATTIS_ERROR};
use std::ffi::OsString;
use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How a checker was called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contract {
    /// `<input> <output> <answer> [<report> [-appes]]` (testlib), `--testset`/`--group` dropped.
    Testlib {
        input: PathBuf,
        output: PathBuf,
        answer: PathBuf,
        /// The report file, and whether it is testlib's `-appes` XML.
        report: Option<(PathBuf, bool)>,
    },
    /// `<input> <answer> <feedback_dir> [flags...]` with the output on stdin (Kattis).
    Kattis {
        input: PathBuf,
        answer: PathBuf,
        feedback_dir: PathBuf,
        /// `output_validator_flags`: accepted and ignored.
        flags: Vec<OsString>,
    },
}

/// Why a checker's command line is neither contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContractError {
    /// `--testset` without a value.
    NoTestset,
    /// `--group` without a value.
    NoGroup,
    /// A fifth argument other than `-appes`.
    FifthArgument(PathBuf),
    /// Neither 3 to 5 testlib arguments nor Kattis' three.
    ArgumentCount(usize),
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContractError::NoTestset => f.write_str("expected a testset after --testset"),
            ContractError::NoGroup => f.write_str("expected a group after --group"),
            ContractError::FifthArgument(arg) => write!(
                f,
                "the fifth argument must be -appes, got `{}`",
                arg.display()
            ),
            ContractError::ArgumentCount(n) => write!(
                f,
                "expected <input> <output> <answer> [<report> [-appes]] (testlib) or \
                 <input> <answer> <feedback_dir> (Kattis, an existing directory), got {n} argument{}", if *n == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for ContractError {}

/// Reads the command line (without the program name) as one of the two contracts.
pub fn parse_contract(args: &[OsString]) -> Result<Contract, ContractError> {
    let is_testlib_option = |a: &OsString| a == "--testset" || a == "--group";
    if args.len() >= 3 && !args[..2].iter().any(is_testlib_option) && Path::new(&args[2]).is_dir() {
        return Ok(Contract::Kattis {
            input: PathBuf::from(&args[0]),
            answer: PathBuf::from(&args[1]),
            feedback_dir: PathBuf::from(&args[2]),
            flags: args[3..].to_vec(),
        });
    }
    let mut positional = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--testset" {
            match rest.next() {
                Some(value) if !value.is_empty() => {}
                _ => return Err(ContractError::NoTestset),
            }
        } else if arg == "--group" {
            if rest.next().is_none() {
                return Err(ContractError::NoGroup);
            }
        } else {
            positional.push(PathBuf::from(arg));
        }
    }
    let report = match positional.len() {
        3 => None,
        4 => Some((positional[3].clone(), false)),
        5 if positional[4] == Path::new("-appes") || positional[4] == Path::new("-APPES") => {
            Some((positional[3].clone(), true))
        }
        5 => return Err(ContractError::FifthArgument(positional[4].clone())),
        n => return Err(ContractError::ArgumentCount(n)),
    };
    Ok(Contract::Testlib {
        input: positional[0].clone(),
        output: positional[1].clone(),
        answer: positional[2].clone(),
        report,
    })
}

/// The usage text of checker `name`, with `about` describing its problem.
pub fn usage(name: &str, about: &str) -> String {
    format!(
        "usage: {name} <input> <output> <answer> [<report> [-appes]]       (testlib)\n\
         \x20      {name} <input> <answer> <feedback_dir> [flags...] < output  (Kattis, DOMjudge)\n\
         \n\
         {about}\n\
         \n\
         testlib: --testset T and --group G may stand anywhere and are ignored. One result\n\
         line on stderr; exit 0 ok, 1 wrong answer, 2 presentation error, 3 FAIL (the jury's\n\
         or the judge's fault: bad command line, unreadable or malformed input/answer). A report\n\
         file gets the message (with -appes, testlib's XML <result outcome = \"...\">).\n\
         Kattis: chosen when the third argument is an existing directory. The output is read\n\
         from stdin; exit 42 accepted, 43 rejected (wrong answer or presentation error), 1 on a\n\
         judging error; the result line goes to <feedback_dir>/judgemessage.txt. Flags after\n\
         the directory are ignored."
    )
}

/// The whole program of a checker: `--help`, the contract, `judge(input, answer, output)`,
/// and the result where the contract wants it.
pub fn run(
    name: &str,
    about: &str,
    judge: impl Fn(&Path, &Path, &OutputSource) -> Outcome,
) -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        // A closed pipe (`--help | head -1`) is no error of ours: no panic.
        let _ = writeln!(std::io::stdout(), "{}", usage(name, about));
        return ExitCode::SUCCESS;
    }
    match parse_contract(&args) {
        Err(why) => quit(Verdict::Fail, &format!("{name}: {why}")),
        Ok(Contract::Testlib {
            input,
            output,
            answer,
            report,
        }) => {
            let outcome = judge(&input, &answer, &OutputSource::File(output));
            if let Some((path, appes)) = report {
                if let Err(e) = std::fs::write(&path, outcome.testlib_report(appes)) {
                    return quit(
                        Verdict::Fail,
                        &format!(
                            "{name}: cannot write the report {}: {e} (verdict was: {outcome})",
                            path.display()
                        ),
                    );
                }
            }
            finish(outcome)
        }
        Ok(Contract::Kattis {
            input,
            answer,
            feedback_dir,
            flags: _,
        }) => {
            if std::io::stdin().is_terminal() {
                // A Kattis call reads the team's output on stdin; a terminal there is a person
                // who gave a directory as testlib's answer path or forgot `< output`: a judging
                // error at once, not a wait on the keyboard.
                eprintln!(
                    "FAIL {name}: the third argument {} is a directory, so this is the Kattis \
                     contract, which reads the output on stdin, but stdin is a terminal \
                     (testlib: <input> <output> <answer file>)",
                    feedback_dir.display()
                );
                return ExitCode::from(KATTIS_ERROR);
            }
            let outcome = judge(&input, &answer, &OutputSource::Stdin);
            let path = feedback_dir.join("judgemessage.txt");
            if let Err(e) = std::fs::write(&path, format!("{outcome}\n")) {
                eprintln!(
                    "FAIL {name}: cannot write {}: {e} (verdict was: {outcome})",
                    path.display()
                );
                return ExitCode::from(KATTIS_ERROR);
            }
            eprintln!("{outcome}");
            ExitCode::from(outcome.verdict.kattis_exit_code())
        }
    }
}
