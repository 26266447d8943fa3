//! The interactive Kattis packages that scripts/make-interactive-packages.sh writes
//! (docs/judging.md), checked here without problemtools (scripts/verify-packages.sh runs
//! verifyproblem on them):
//! - every package has its parts, says `validation: custom interactive`, and
//!   submissions/accepted holds the project's solution byte for byte;
//! - every test's input file passes the input validator's check, its answer file is empty,
//!   and the sample's `.interaction` has only `<` and `>` lines, starting with the referee's;
//! - every wrong-answer player, as the package holds it (bundled with its packages/shared/
//!   modules and the protocol client), compiles with plain `rustc --edition 2018` (and
//!   type-checks with 2021) and the referee rejects it (WA) on the package's tests before
//!   anything else goes wrong; every time-limit-exceeded player runs out of time (TLE, or
//!   IDLE waiting for it) before that.
//!
//! - each is also written in format 2025-09 (`bapc/<game>interactive`) with the same tests.
//!
//! Written into a scratch folder that is removed at the end.

use crate::common;
use crate::made;

use combgames_registry::Game as GameKind;
use combgames_session::kattis;
use common::TempDir;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    found.sort();
    found
}

#[test]
fn interactive_packages_are_complete_and_reject_their_wrong_players() {
    // make-packages.sh writes the interactive packages into kattis/ with
    // make-interactive-packages.sh.
    let made = made::packages();
    let out = made.out.join("kattis");
    // One game per thread, each with a scratch folder of its own for the players it builds.
    common::par_map(GameKind::ALL, |&game| {
        let scratch = TempDir::new("interactive-packages");
        let name = game.name();
        let dir = out.join(format!("{name}interactive"));
        let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
        assert!(
            yaml.contains("\nvalidation: custom interactive\n"),
            "{name}: {yaml}"
        );
        assert!(dir.join("problem_statement/problem.en.tex").is_file());
        assert_eq!(
            fs::read(dir.join(format!("submissions/accepted/{name}.rs"))).unwrap(),
            fs::read(root().join(format!("solutions/{name}.rs"))).unwrap(),
            "{name}: the accepted submission is the project's solution, unchanged"
        );
        for program in ["output_validators/referee", "input_validators/referee"] {
            let build = dir.join(program).join("build");
            let mode = {
                use std::os::unix::fs::PermissionsExt;
                fs::metadata(&build).unwrap().permissions().mode()
            };
            assert!(mode & 0o111 != 0, "{}: not executable", build.display());
            assert!(dir.join(program).join("referee_kattis.rs").is_file());
        }

        let interaction =
            fs::read_to_string(dir.join("data/sample/1.interaction")).unwrap_or_default();
        assert!(interaction.starts_with('<'), "{name}: {interaction:?}");
        assert!(
            interaction
                .lines()
                .all(|l| l.starts_with('<') || l.starts_with('>')),
            "{name}: {interaction:?}"
        );
        let mut tests = files(&dir.join("data/sample"), "in");
        tests.extend(files(&dir.join("data/secret"), "in"));
        assert!(tests.len() >= 5, "{name}: {tests:?}");

        // `make packages` writes each interactive package in format 2025-09 too (bapc/, for
        // BAPCtools): interactive, the referee as its one output validator, the same tests,
        // each sample's download (the options and an empty answer) named apart.
        let bapc = made.out.join("bapc").join(format!("{name}interactive"));
        let yaml = fs::read_to_string(bapc.join("problem.yaml")).unwrap_or_default();
        assert!(yaml.contains("\ntype: interactive\n"), "{name}: {yaml:?}");
        assert!(bapc.join("statement/problem.en.tex").is_file(), "{name}");
        assert!(
            bapc.join("output_validator/referee_kattis.rs").is_file(),
            "{name}"
        );
        for test in &tests {
            let relative = test.strip_prefix(&dir).unwrap();
            assert_eq!(
                fs::read(bapc.join(relative)).ok(),
                fs::read(test).ok(),
                "{name}: bapc/ lacks {}",
                relative.display()
            );
        }
        for sample in files(&bapc.join("data/sample"), "in") {
            let download =
                |ext: &str| format!("{}.{ext}.download", sample.with_extension("").display());
            assert!(Path::new(&download("in")).is_file(), "{}", download("in"));
            assert_eq!(fs::read(download("ans")).unwrap(), b"", "{name}");
        }
        for test in &tests {
            let text = fs::read_to_string(test).unwrap();
            if let Err(e) = kattis::check_input(game, &text) {
                panic!("{}: {e}", test.display());
            }
            assert_eq!(fs::read(test.with_extension("ans")).unwrap(), b"");
        }

        // Each wrong player, as a judge gets it (the package's file, bundled with its modules:
        // built here, away from the sources, it has only itself) and builds it, gets
        // its folder's verdict on the first test it fails.
        let source = root().join(format!("packages/{name}/interactive"));
        let submitted = |kind: &str| common::package_players(&source, &dir, kind);
        let wrong = submitted("wrong_answer");
        assert!(!wrong.is_empty(), "{name}: no wrong-answer player");
        let slow = submitted("time_limit_exceeded");
        let players = wrong
            .iter()
            .map(|p| (p, &["WA "][..]))
            .chain(slow.iter().map(|p| (p, &["TLE ", "IDLE "][..])));
        for (player, verdicts) in players {
            let exe = scratch.join(player.file_stem().unwrap());
            common::assert_rustc_builds(player, "2018", &["-O"], &exe);
            // Other judges use edition 2021: the file must mean the same there (type-checked).
            let checked = scratch.join("checked");
            common::assert_rustc_builds(player, "2021", &["--emit=metadata"], &checked);
            let first_failure = tests.iter().find_map(|test| {
                let options = fs::read_to_string(test).unwrap();
                let run = Command::new(env!("CARGO_BIN_EXE_referee"))
                    .args(["play", name])
                    .args(options.split_whitespace())
                    // The slow player's limits: a judge's, not the referee's defaults.
                    .args(["--time-limit", "2", "--idle-limit", "2", "--"])
                    .arg(&exe)
                    .output()
                    .unwrap();
                let line = String::from_utf8_lossy(&run.stdout).into_owned();
                (!line.starts_with("OK ")).then_some(line)
            });
            let verdict = first_failure
                .unwrap_or_else(|| panic!("{}: accepted on every test", player.display()));
            assert!(
                verdicts.iter().any(|v| verdict.starts_with(v)),
                "{}: {verdict}",
                player.display()
            );
        }
    });
}
