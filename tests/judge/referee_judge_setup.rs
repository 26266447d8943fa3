//! `referee judge`'s errors before any test runs, through the real binary: each is the one line
//! `referee: <what was being done>: <why>` on stderr, nothing on stdout, FAIL's exit code 3
//! (docs/judging.md); a source that does not build is CE instead (exit 15, its summary line
//! on stdout, nothing on stderr).

use crate::common;

use combgames_registry::Game;
use common::TempDir;
use predicates::prelude::*;

/// `referee judge <args>` in `dir`, its temporary folder `dir/tmp` (made here) unless `tmp`
/// names another.
fn judge(dir: &TempDir, tmp: Option<&std::path::Path>, args: &[&str]) -> assert_cmd::Command {
    let own_tmp = dir.join("tmp");
    std::fs::create_dir_all(&own_tmp).unwrap();
    let mut command = common::command("referee");
    command
        .current_dir(&**dir)
        .env("TMPDIR", tmp.unwrap_or(&own_tmp))
        .arg("judge")
        .args(args);
    command
}

/// Asserts FAIL with exactly `line` (and its newline) on stderr and nothing on stdout.
fn refused(mut command: assert_cmd::Command, line: &str) {
    command
        .assert()
        .code(3)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::diff(format!("{line}\n")));
}

/// A source file that is not there: the line names the build and the file.
#[test]
fn a_missing_source_file_is_one_line_naming_it() {
    let dir = TempDir::new("judge-setup-source");
    refused(
        judge(&dir, None, &[common::a_game(), "no-such.c"]),
        "referee: cannot build no-such.c: no such file",
    );
}

/// A samples folder that is not there, or is a file: the line names the folder and the
/// system's reason; a sample that is no regular file names the sample.
#[test]
fn an_unreadable_samples_folder_or_sample_is_one_line_naming_it() {
    let dir = TempDir::new("judge-setup-samples");
    let no_tests = ["--tests", "0", "--samples"];
    let with = |samples: &str| {
        let mut args = vec![common::a_game()];
        args.extend(no_tests);
        args.extend([samples, "--", "true"]);
        judge(&dir, None, &args)
    };
    refused(
        with("no-such-folder"),
        "referee: cannot read the samples folder no-such-folder: No such file or directory (os error 2)",
    );
    std::fs::write(dir.join("a-file"), "").unwrap();
    refused(
        with("a-file"),
        "referee: cannot read the samples folder a-file: Not a directory (os error 20)",
    );
    std::fs::create_dir_all(dir.join("samples/a.in")).unwrap();
    std::fs::write(dir.join("samples/a.out"), "White\n").unwrap();
    refused(
        with("samples"),
        "referee: cannot read the sample samples/a.in: not a regular file",
    );
}

/// A work folder that cannot be made (the temporary folder is not there): the line names the
/// folder it tried.
#[test]
fn a_work_folder_that_cannot_be_made_is_one_line_naming_it() {
    let dir = TempDir::new("judge-setup-work");
    let missing = dir.join("no-such-tmp");
    let start = format!(
        "referee: cannot create the work folder {}/referee-judge-",
        missing.display()
    );
    judge(
        &dir,
        Some(&missing),
        &[common::a_game(), "--tests", "1", "--", "true"],
    )
    .assert()
    .code(3)
    .stdout(predicate::str::is_empty())
    .stderr(
        common::one_line()
            .and(predicate::str::starts_with(start))
            .and(predicate::str::ends_with(
                ": No such file or directory (os error 2)\n",
            )),
    );
}

/// A problem the registry does not know: the line quotes the word and lists the problems.
#[test]
fn an_unknown_problem_is_one_line_listing_the_problems() {
    let dir = TempDir::new("judge-setup-problem");
    let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
    refused(
        judge(&dir, None, &["chess", "--", "true"]),
        &format!(
            "referee: unknown problem \"chess\": expected one of {}",
            names.join(", ")
        ),
    );
}

/// A source with a syntax error is CE, no error of the judge's: exit 15, the summary line last
/// on stdout, nothing on stderr.
#[test]
fn a_compile_error_is_ce_with_its_summary_line() {
    let dir = TempDir::new("judge-setup-ce");
    std::fs::write(dir.join("broken.py"), "def f(:\n").unwrap();
    judge(&dir, None, &[common::a_game(), "broken.py"])
        .assert()
        .code(15)
        .stderr(predicate::str::is_empty())
        .stdout(predicate::str::ends_with(
            "\nsummary: CE: python3 failed (exit status: 1); nothing judged (exit 15)\n",
        ));
}
