//! The sandbox's settings: `--sandbox`, `--scratch-size` and `-E` taken from a subcommand's
//! words, and the guarantees this machine cannot give.

use crate::{box_ids, confinement_works, pid_namespace_works, usable_box_ids};
use std::sync::OnceLock;

/// How the sandbox is asked to behave (`--sandbox`, `--scratch-size`: [`take_options`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Refuse to run where a guarantee is missing ([`missing_guarantees`]) instead of saying
    /// so on stderr.
    pub strict: bool,
    /// Size of the solution's scratch space, bytes.
    pub scratch_bytes: u64,
}

/// The scratch space a solution gets unless told otherwise: 64 MiB.
pub const DEFAULT_SCRATCH: u64 = 64 << 20;

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// The settings in force (the defaults unless [`take_options`] set others).
pub fn settings() -> Settings {
    SETTINGS.get().copied().unwrap_or(Settings {
        strict: false,
        scratch_bytes: DEFAULT_SCRATCH,
    })
}

/// Takes the sandbox's own options out of a subcommand's words (those before `--`):
/// `--sandbox auto|strict`, `--scratch-size MIB` and `-E NAME[=VALUE]` (`--env`, repeated: a
/// variable passed to the solution, [`crate::env`]), and makes them the settings in force.
/// Under `strict`, refuses (the error names what is missing) where the kernel does not allow
/// every guarantee.
pub fn take_options(words: &[String]) -> Result<Vec<String>, String> {
    let mut rest = Vec::with_capacity(words.len());
    let mut settings = settings();
    let mut passed = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == "--" {
            rest.push(word.clone());
            rest.extend(words.by_ref().cloned());
            break;
        }
        let (flag, inline) = match word.split_once('=') {
            Some((f, v)) => (f, Some(v.to_owned())),
            None => (word.as_str(), None),
        };
        if flag != "--sandbox" && flag != "--scratch-size" && flag != "-E" && flag != "--env" {
            rest.push(word.clone());
            continue;
        }
        let value = match inline {
            Some(v) => v,
            None => words
                .next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))?,
        };
        if flag == "-E" || flag == "--env" {
            passed.extend(crate::env::parse(&value)?);
        } else if flag == "--sandbox" {
            settings.strict = match value.as_str() {
                "auto" => false,
                "strict" => true,
                _ => return Err(format!("--sandbox must be auto or strict, got {value:?}")),
            };
        } else {
            let mib: u64 = value
                .parse()
                .ok()
                .filter(|&m| (1..=1 << 20).contains(&m))
                .ok_or_else(|| {
                    format!(
                        "--scratch-size must be a whole number of MiB from 1 to 1048576, got {value:?}"
                    )
                })?;
            settings.scratch_bytes = mib << 20;
        }
    }
    let _ = SETTINGS.set(settings);
    crate::env::pass(passed);
    if settings.strict {
        let missing = missing_guarantees();
        if !missing.is_empty() {
            return Err(format!(
                "--sandbox strict: this kernel does not allow {}; not running",
                missing.join(", ")
            ));
        }
    }
    Ok(rest)
}

/// The guarantees of docs/sandbox.md this machine cannot give a solution (empty: all).
pub fn missing_guarantees() -> Vec<&'static str> {
    let mut missing = Vec::new();
    if !confinement_works() {
        missing.extend([
            "a read-only file system",
            "a private /dev and capped scratch space",
            "no network",
            "private IPC and hostname",
        ]);
        // SAFETY: geteuid has no arguments.
        if unsafe { libc::geteuid() } != 0 {
            missing.push("a user namespace");
        }
    }
    if box_ids().is_some() && usable_box_ids().is_none() {
        missing.push("an unprivileged uid (it would run as root)");
    }
    if !pid_namespace_works() {
        missing.push("hidden processes and a fresh /proc");
    }
    missing
}

/// Says once on stderr which guarantees are missing, if any.
pub(crate) fn warn_once() {
    static WARNED: OnceLock<()> = OnceLock::new();
    WARNED.get_or_init(|| {
        let missing = missing_guarantees();
        if !missing.is_empty() {
            eprintln!(
                "sandbox: this kernel does not allow {} for the solution (--sandbox strict refuses to run)",
                missing.join(", ")
            );
        }
    });
}
