//! The `gen` binary across games: `--list` is the registry, every game's kinds swept (by the
//! validator written from its statement in its folder, games/<g>/tests/gen.rs, at the sizes of
//! its tests/data/gen-sweep.tsv), same seed same bytes and other seeds other tests, one-line
//! errors, and every generated test accepted by the project's solution with an output its
//! checker finds well-formed.

use crate::common;
use common::gen::{run as gen, sweep_args, sweep_rows, text as gen_text};

use combgames_core::gen::power_of_ten;
use combgames_registry::Game;
use std::collections::HashSet;
use std::process::Command;

/// `gen --list` (what scripts/make-packages.sh reads) is the registry: each problem and its
/// kinds.
#[test]
fn list_is_the_registry() {
    let want: Vec<String> = Game::ALL
        .iter()
        .map(|g| format!("{} {}\n", g.name(), g.gen().kinds.join(" ")))
        .collect();
    common::command("gen")
        .arg("--list")
        .assert()
        .code(0)
        .stdout(want.concat());
}

/// A game added to the registry must get a line in its folder's tests/data/gen-sweep.tsv and a
/// sweep by its validator in its folder's tests/gen.rs.
#[test]
fn every_game_of_the_registry_is_swept() {
    let rows = sweep_rows();
    let sweeps: String = std::fs::read_dir(common::root().join("games"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path().join("tests/gen.rs")).ok())
        .collect();
    for game in Game::ALL {
        let name = game.name();
        assert!(
            rows.iter().any(|(p, _, _)| p == name),
            "{name} has no line in any games/<g>/tests/data/gen-sweep.tsv"
        );
        assert!(
            sweeps.contains(&format!("common::gen::sweep(\"{name}\"")),
            "no games/<g>/tests/gen.rs sweeps {name}"
        );
    }
    assert_eq!(
        rows.len(),
        Game::ALL.len(),
        "gen-sweep.tsv: a problem twice or unknown"
    );
}

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    for (problem, size, count) in sweep_rows() {
        let problem = problem.as_str();
        let args = sweep_args(size, count);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        for kind in Game::parse(problem).unwrap().gen().kinds {
            let outputs: Vec<String> = (1..=6)
                .map(|seed| gen_text(problem, kind, seed, &args))
                .collect();
            for (seed, out) in (1..=6).zip(&outputs) {
                assert_eq!(
                    &gen_text(problem, kind, seed, &args),
                    out,
                    "{problem} {kind} seed {seed} not reproducible"
                );
            }
            let distinct: HashSet<&String> = outputs.iter().collect();
            // A few kinds have few possible tests at small sizes (an empty strip is its length):
            // most seeds must still differ.
            assert!(
                distinct.len() >= 4,
                "{problem} {kind}: seeds 1..=6 give only {} tests",
                distinct.len()
            );
        }
        // The default kind at default size: two seeds never agree.
        let (a, b) = (
            gen(&[problem, "--seed", "1"]),
            gen(&[problem, "--seed", "2"]),
        );
        assert_ne!(a, b, "{problem}: seeds 1 and 2 agree");
    }
}

#[test]
fn bad_command_lines_are_one_line_errors() {
    let game = common::a_game();
    let mut cases: Vec<(Vec<String>, String)> = [
        (&[game][..], "missing --seed"),
        (&["--seed", "1"], "missing <problem>"),
        (&["chess", "--seed", "1"], "unknown problem \"chess\""),
        (
            &[game, "--seed", "x"],
            "--seed: expected a non-negative integer",
        ),
        (&[game, "--seed", "-1"], "--seed: expected"),
        (&[game, "--seed"], "--seed needs a value"),
        (
            &[game, "--seed", "1", "--fast"],
            "unknown option \"--fast\"",
        ),
        (
            &[game, common::another_game(), "--seed", "1"],
            &format!("unexpected argument \"{}\"", common::another_game()),
        ),
    ]
    .iter()
    .map(|(args, needle)| {
        (
            args.iter().map(|a| a.to_string()).collect(),
            needle.to_string(),
        )
    })
    .collect();
    // Every game's bounds, as its generator declares them.
    for g in Game::ALL {
        let (name, gen) = (g.name(), g.gen());
        let case = |extra: &[String], needle: String| {
            let mut args = vec![name.to_owned(), "--seed".to_owned(), "1".to_owned()];
            args.extend_from_slice(extra);
            (args, needle)
        };
        let size = |s: u64| vec!["--size".to_owned(), s.to_string()];
        let sizes = format!("--size must be from {} to {}", gen.min_size, gen.max_size);
        cases.push(case(
            &["--kind".to_owned(), "bogus".to_owned()],
            format!("{name} has no kind \"bogus\""),
        ));
        cases.push(case(&size(gen.max_size + 1), sizes.clone()));
        if gen.min_size > 0 {
            cases.push(case(&size(gen.min_size - 1), sizes));
        }
        match gen.max_count {
            None => cases.push(case(
                &["--count".to_owned(), "2".to_owned()],
                format!("{name} has one case per input"),
            )),
            Some(max) => cases.push(case(
                &["--count".to_owned(), (max + 1).to_string()],
                format!("--count must be from 1 to {max}"),
            )),
        }
        if let (Some(cells), Some(count)) = (gen.max_cells, gen.max_count) {
            if gen.max_size.saturating_mul(count) > cells {
                let mut extra = size(gen.max_size);
                extra.extend(["--count".to_owned(), count.to_string()]);
                cases.push(case(
                    &extra,
                    format!("within {} cells", power_of_ten(cells)),
                ));
            }
        }
    }
    use predicates::prelude::*;
    for (args, needle) in &cases {
        common::command("gen")
            .args(args)
            .assert()
            .code(1)
            .stdout(predicate::str::is_empty())
            .stderr(
                common::one_line()
                    .and(predicate::str::starts_with("gen: "))
                    .and(predicate::str::contains(needle.as_str())),
            );
    }
    // The usage, and every problem listed.
    let help = Game::ALL.iter().fold(
        predicate::str::starts_with("usage: gen <problem> --seed S").boxed(),
        |help, p| {
            help.and(predicate::str::contains(format!("{} ", p.name())))
                .boxed()
        },
    );
    common::command("gen")
        .arg("--help")
        .assert()
        .code(0)
        .stdout(help);
}

/// Every generated test through the project's solution: accepted (exit 0), and an output the
/// problem's checker accepts with the output as its own jury answer (well-formed, the right
/// number of lines; for knights, a winning turn by the checker's own evaluation).
#[test]
fn solutions_accept_every_generated_test() {
    let dir = common::TempDir::new("gen");
    for (problem, size, count) in sweep_rows() {
        let problem = problem.as_str();
        let args = sweep_args(size, count);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        for kind in Game::parse(problem).unwrap().gen().kinds {
            for seed in 0..5 {
                let input = gen_text(problem, kind, seed, &args);
                let run = common::run(problem, input.clone());
                assert_eq!(
                    run.code,
                    Some(0),
                    "{problem} rejected gen {kind} seed {seed}: {}",
                    run.stderr
                );
                let (inp, out) = (
                    dir.join(format!("{problem}.in")),
                    dir.join(format!("{problem}.out")),
                );
                std::fs::write(&inp, &input).unwrap();
                std::fs::write(&out, &run.stdout).unwrap();
                let checker = format!("check-{problem}");
                let verdict = Command::new(common::bin(&checker))
                    .arg(&inp)
                    .arg(&out)
                    .arg(&out)
                    .output()
                    .unwrap();
                assert_eq!(
                    verdict.status.code(),
                    Some(0),
                    "{checker}: {}",
                    String::from_utf8_lossy(&verdict.stderr)
                );
            }
        }
    }
}
