//! What a solution may read and write: not the answer of a generated test, not the project's
//! samples; and, under a root referee, a program in a folder only root may enter still runs.

use super::{fixture, referee, root_or_note, text};
use crate::common;
use combgames_sandbox::confinement_works;

/// A "solution" that prints the answer it finds next to its input: before the sandbox
/// the generated tests' answers sat beside the input file, and every test was OK.
#[test]
fn a_solution_never_reads_the_answer_of_a_generated_test() {
    let dir = common::TempDir::new("sandbox-answer");
    let empty = dir.join("no-samples");
    std::fs::create_dir_all(&empty).unwrap();
    let (out, _) = referee(
        &[
            "judge",
            common::a_game(),
            "--tests",
            "6",
            "--seed",
            "1",
            "--samples",
            empty.to_str().unwrap(),
            "--keep",
            dir.join("kept").to_str().unwrap(),
            "--",
            &fixture("reads_the_answer.sh"),
        ],
        &[],
    );
    let stdout = text(&out.stdout);
    let ok = stdout.lines().filter(|l| l.contains("  OK  ")).count();
    assert_eq!(ok, 0, "a test was judged OK:\n{stdout}");
    // Six generated tests, and the statement's largest where the game has one.
    let largest = combgames_registry::Game::parse(common::a_game())
        .unwrap()
        .largest()
        .is_some();
    let tests = 6 + usize::from(largest);
    assert!(
        stdout.contains(&format!("summary: {tests} tests")),
        "{stdout}"
    );
}

/// A solution that rewrites the sample answers of a folder inside the project (target/):
/// confined, it cannot; the next run still judges against the true answers.
#[test]
fn a_solution_cannot_rewrite_the_projects_samples() {
    if !confinement_works() {
        // CI runs as root, where a mount namespace is always possible: there the confinement
        // must work, and this test must not pass by skipping.
        common::cannot_run(
            "no mount namespace here; the samples are not protected (docs/sandbox.md)",
        );
        return;
    }
    // A samples folder inside the temporary folder, which a confined solution may write to:
    // `referee judge` still makes the samples read-only (as a project checked out under /tmp).
    let samples_dir = common::TempDir::new("sandbox-samples-src");
    let samples = samples_dir.join("samples");
    std::fs::create_dir_all(&samples).unwrap();
    let sample = common::game_data::judged_sample(common::a_game());
    std::fs::copy(&sample.input, samples.join(format!("{}.in", sample.name))).unwrap();
    let answer_file = samples.join(format!("{}.out", sample.name));
    std::fs::copy(&sample.answer, &answer_file).unwrap();
    let answer = std::fs::read(&answer_file).unwrap();
    let dir = common::TempDir::new("sandbox-samples");
    let (out, _) = referee(
        &[
            "judge",
            common::a_game(),
            "--tests",
            "0",
            "--samples",
            samples.to_str().unwrap(),
            "--keep",
            dir.join("kept").to_str().unwrap(),
            "--",
            &fixture("rewrites_the_samples.sh"),
        ],
        &[("HOSTILE_SAMPLES", &samples)],
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(&format!("sample-{}  PE", sample.name)),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read(&answer_file).unwrap(),
        answer,
        "the sample answer was rewritten"
    );
}

/// Under a root referee the solution runs as a box uid that may not enter the folder holding
/// its program (mode 700, root's): the box holds the program and the files its command names
/// at their own paths in folders of its own, so a binary, a `#!` script and `python3` on a
/// source run alike. Before: RE, "Permission denied".
#[test]
fn a_program_in_a_folder_only_root_may_enter_runs() {
    if !root_or_note("a box uid") {
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = common::TempDir::new("sandbox-private");
    std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let game = common::a_game();
    let binary = dir.join(game);
    std::fs::copy(common::bin(game), &binary).unwrap();
    let script = dir.join("player.sh");
    std::fs::write(&script, "#!/bin/sh\nexec \"$1\" --play\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let source = dir.join("player.py");
    std::fs::write(
        &source,
        "import os, sys\nos.execv(sys.argv[1], [sys.argv[1], '--play'])\n",
    )
    .unwrap();
    let binary = binary.to_str().unwrap();
    for command in [
        vec![binary, "--play"],
        vec![script.to_str().unwrap(), binary],
        vec!["python3", source.to_str().unwrap(), binary],
    ] {
        let mut args = vec!["play", game, "--rounds", "1", "--seed", "1", "--"];
        args.extend(command);
        let (out, _) = referee(&args, &[]);
        let line = text(&out.stdout);
        assert!(
            line.starts_with(&format!("OK {game}")),
            "{args:?}: {line} {}",
            text(&out.stderr)
        );
    }
}
