//! `referee judge` on solutions written from the statements alone, in the original judges'
//! formats and in the languages contestants write (C, C++, Python): each game folder keeps
//! its own in tests/fixtures/original/ and says in tests/data/original.tsv what each gets.
//!
//! - Each correct one, given as its source file, is built by its extension (the build
//!   command shown once, nothing left in the temporary folder) and judged OK by default
//!   (the problem as its statement gives it): every sample within the statement is judged,
//!   each other one named as skipped (the samples' classes: validator-samples.tsv).
//! - A subtly wrong one and a crashing one get a shrunk input of at most three lines, which
//!   the strict validator accepts, on which the solution still fails as before when run by
//!   hand (the checker against the project's answer), and which is shown with the expected
//!   and received answers; `--no-shrink` shrinks nothing, `--shrink-runs N` spends at most N
//!   runs.
//!
//! Needs gcc, g++ and python3 (CI installs them, .ci/run).

use crate::common;

use common::game_data;
use common::TempDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A line of a game folder's tests/data/original.tsv, its file found in the folder.
struct Original {
    problem: String,
    file: PathBuf,
    verdict: String,
    tests: String,
    options: Vec<String>,
}

/// Every game folder's statement-only solutions, in the folders' order.
fn originals() -> Vec<Original> {
    let mut found = Vec::new();
    for folder in common::game_folders() {
        let Ok(text) = std::fs::read_to_string(folder.join("tests/data/original.tsv")) else {
            continue;
        };
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let f: Vec<&str> = line.split('\t').collect();
            assert!(f.len() >= 4, "original.tsv: a bad line {line:?}");
            let file = folder.join("tests/fixtures/original").join(f[1]);
            assert!(file.is_file(), "original.tsv names {}", file.display());
            found.push(Original {
                problem: f[0].to_owned(),
                file,
                verdict: f[2].to_owned(),
                tests: f[3].to_owned(),
                options: f.get(4).map_or(Vec::new(), |o| {
                    o.split_whitespace().map(str::to_owned).collect()
                }),
            });
        }
    }
    found
}

/// How `referee judge` builds a source, by its extension: the start of the line it shows.
fn build_line(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("c") => "build: gcc -O2 -std=gnu11 -o \"$BUILD/solution\" ",
        Some("cpp") => "build: g++ -O2 -std=gnu++17 -o \"$BUILD/solution\" ",
        Some("py") => "build: python3 -c 'import py_compile, ",
        other => panic!("{}: no build known for {other:?}", file.display()),
    }
}

/// Runs `referee judge <args>` in `cwd` with `TMPDIR` = `tmp`.
fn judge(cwd: &Path, tmp: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_referee"))
        .current_dir(cwd)
        .env("TMPDIR", tmp)
        .arg("judge")
        .args(args)
        .output()
        .expect("the referee runs")
}

/// Every correct one is judged OK by default, built from its source. The first also with
/// `--original`, the old name of the default, which changes nothing. They run side by side.
#[test]
fn statement_solutions_are_built_and_judged_ok_by_default() {
    let all = originals();
    let ok: Vec<&Original> = all.iter().filter(|o| o.verdict == "OK").collect();
    let mut languages: Vec<&str> = ok.iter().map(|o| build_line(&o.file)).collect();
    languages.sort();
    languages.dedup();
    assert_eq!(languages.len(), 3, "C, C++ and Python are each judged");
    let dir = TempDir::new("judge-original-ok");
    let runs = common::par_map(&ok.iter().enumerate().collect::<Vec<_>>(), |(i, o)| {
        let cwd = dir.join(i.to_string());
        let tmp = cwd.join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let file = o.file.to_string_lossy().into_owned();
        let mut args = vec![
            o.problem.as_str(),
            &file,
            "--tests",
            &o.tests,
            "--seed",
            "1",
        ];
        args.extend(o.options.iter().map(String::as_str));
        if *i == 0 {
            args.push("--original");
        }
        let out = judge(&cwd, &tmp, &args);
        let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
        (out, left.len())
    });
    for (o, (out, left)) in ok.iter().zip(runs) {
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let what = format!("{} {}", o.problem, o.file.display());
        assert_eq!(out.status.code(), Some(0), "{what}:\n{stdout}{stderr}");
        let verdicts = common::judge_verdicts(&stdout);
        assert!(verdicts.iter().all(|(_, v)| v == "OK"), "{what}:\n{stdout}");
        let generated = verdicts.iter().filter(|(t, _)| t.starts_with("gen-"));
        assert_eq!(generated.count().to_string(), o.tests, "{what}:\n{stdout}");
        let builds: Vec<&str> = stdout
            .lines()
            .filter(|l| l.starts_with("build: "))
            .collect();
        assert_eq!(builds.len(), 1, "{what}: the build shown once:\n{stdout}");
        assert!(builds[0].starts_with(build_line(&o.file)), "{}", builds[0]);
        let name = o.file.file_name().unwrap().to_string_lossy();
        assert!(builds[0].contains(name.as_ref()), "{}", builds[0]);
        assert_eq!(left, 0, "{what}: the build folder goes");
        for sample in game_data::samples(&o.problem) {
            let judged = verdicts
                .iter()
                .any(|(t, _)| *t == format!("sample-{}", sample.name));
            let skipped = stdout.lines().any(|l| {
                l.trim()
                    .starts_with(&format!("skipped sample-{}:", sample.name))
            });
            let within = game_data::within_statement(&o.problem, &sample.name);
            assert_eq!(
                (judged, skipped),
                (within, !within),
                "{what}: sample {}:\n{stdout}",
                sample.name
            );
        }
        let summary = stdout.lines().last().unwrap_or("");
        assert!(
            summary.starts_with("summary: ") && !summary.contains("--extended"),
            "{what}:\n{stdout}"
        );
    }
}

/// A command that runs `file`: C and C++ built here with the flags the referee uses.
fn runnable(file: &Path, dir: &Path) -> Vec<String> {
    let path = file.to_string_lossy().into_owned();
    let compiler = match file.extension().and_then(|e| e.to_str()) {
        Some("py") => return vec!["python3".to_owned(), path],
        Some("c") => "gcc",
        Some("cpp") => "g++",
        other => panic!("{path}: no build known for {other:?}"),
    };
    let out = dir.join(file.file_stem().unwrap());
    let built = Command::new(compiler)
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("{compiler} is needed (CI installs it): {e}"));
    assert!(
        built.status.success(),
        "{path}: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    vec![out.to_string_lossy().into_owned()]
}

/// Runs `program` (its words) with `input` on stdin: whether it succeeded, and its stdout.
fn run(program: &[&str], input: &[u8]) -> (bool, Vec<u8>) {
    let mut child = Command::new(program[0])
        .args(&program[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), out.stdout)
}

fn lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// The lines printed under the result line of `test`, up to the next result line.
fn block_of<'a>(stdout: &'a str, test: &str) -> Vec<&'a str> {
    stdout
        .lines()
        .skip_while(|l| l.split_whitespace().next() != Some(test))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .collect()
}

/// Judges a wrong solution by default on generated tests only, and checks the shrunk
/// failure of `gen-1`: printed, kept, valid, still failing, small.
fn assert_shrinks(o: &Original, command: &[&str], dir: &Path) {
    let problem = o.problem.as_str();
    let no_samples = dir.join("no-samples");
    std::fs::create_dir_all(&no_samples).unwrap();
    let samples = no_samples.to_string_lossy().into_owned();
    let args = [
        problem,
        "--tests",
        &o.tests,
        "--seed",
        "1",
        "--samples",
        &samples,
    ];
    let (_, stdout) = common::referee_judge(dir, &args, command);
    let what = format!("{problem} {}", o.file.display());
    assert_eq!(
        common::judge_verdicts(&stdout).first(),
        Some(&("gen-1".to_owned(), o.verdict.clone())),
        "{what}:\n{stdout}"
    );
    let block = block_of(&stdout, "gen-1");
    let shrunk_line = block
        .iter()
        .find(|l| l.trim_start().starts_with("shrunk: "))
        .unwrap_or_else(|| panic!("{what}: no shrunk line:\n{stdout}"));
    let kept = dir.join(format!("judge-failures/{problem}-gen-1"));
    let original = std::fs::read(kept.join("input.txt")).unwrap();
    let shrunk = std::fs::read(kept.join("shrunk-input.txt")).unwrap();
    let answer = std::fs::read(kept.join("shrunk-answer.txt")).unwrap();
    // The sizes printed are the files'.
    let sizes = format!("{} bytes -> {} line", original.len(), lines(&shrunk));
    assert!(shrunk_line.contains(&sizes), "{shrunk_line}");
    // Small, and smaller than the failing test.
    assert!(lines(&shrunk) <= 3, "{}", String::from_utf8_lossy(&shrunk));
    assert!(shrunk.len() < original.len());
    // Valid for the judge's strict validator (its default limits are the judge's).
    let validated = common::command(&format!("validate-{problem}"))
        .write_stdin(shrunk.clone())
        .output()
        .unwrap();
    assert_eq!(
        validated.status.code(),
        Some(42),
        "{}",
        String::from_utf8_lossy(&validated.stderr)
    );
    // The expected answer is the project's solution's.
    assert_eq!(
        run(&[&common::bin(problem)], &shrunk),
        (true, answer.clone())
    );
    // It still fails, run by hand: a crash, or output the checker rejects as WA.
    let (ok, output) = run(command, &shrunk);
    if o.verdict == "RE" {
        assert!(!ok, "{what}: the shrunk input no longer crashes");
    } else {
        assert!(ok);
        let out = dir.join("by-hand.out");
        std::fs::write(&out, &output).unwrap();
        let checked = Command::new(common::bin(&format!("check-{problem}")))
            .arg(kept.join("shrunk-input.txt"))
            .arg(&out)
            .arg(kept.join("shrunk-answer.txt"))
            .output()
            .unwrap();
        assert_eq!(checked.status.code(), Some(1), "the checker accepts it now");
    }
    // Shown: the shrunk input's lines and the expected answer.
    let shown = block.join("\n");
    for line in String::from_utf8_lossy(&shrunk).lines() {
        assert!(shown.contains(&format!("| {line}")), "{shown}");
    }
    let expected = String::from_utf8_lossy(&answer);
    assert!(
        shown.contains(&format!("expected: {}", expected.trim_end())),
        "{shown}"
    );
    assert!(shown.contains("received: "), "{shown}");
    eprintln!("{what}: {}", shrunk_line.trim());
}

/// `--no-shrink` shrinks nothing; `--shrink-runs N` spends at most N runs.
fn assert_shrinking_obeys_its_options(o: &Original, command: &[&str], dir: &Path) {
    let problem = o.problem.as_str();
    let base = [problem, "--tests", "2", "--seed", "1"];
    let (code, off) = common::referee_judge(dir, &[&base[..], &["--no-shrink"]].concat(), command);
    assert_eq!(code, Some(1), "{off}");
    assert!(!off.contains("shrunk"), "{off}");
    let kept = dir.join(format!("judge-failures/{problem}-gen-1/shrunk-input.txt"));
    assert!(!kept.exists());
    let (_, bounded) =
        common::referee_judge(dir, &[&base[..], &["--shrink-runs", "2"]].concat(), command);
    let shrunk: Vec<&str> = bounded
        .lines()
        .filter(|l| l.trim_start().starts_with("shrunk: "))
        .collect();
    assert!(!shrunk.is_empty(), "{bounded}");
    for line in shrunk {
        let runs: u64 = line
            .split(" runs")
            .next()
            .and_then(|s| s.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert!(runs <= 2, "{line}");
    }
}

/// Every wrong one is shrunk (side by side); the first wrong answer's also obeys the
/// shrinking options.
#[test]
fn wrong_statement_solutions_are_shrunk_to_a_few_lines() {
    let all = originals();
    let wrong: Vec<(usize, &Original)> = all
        .iter()
        .filter(|o| o.verdict != "OK")
        .enumerate()
        .collect();
    assert!(
        wrong.iter().any(|(_, o)| o.verdict == "WA"),
        "a WA to shrink"
    );
    assert!(
        wrong.iter().any(|(_, o)| o.verdict == "RE"),
        "a crash to shrink"
    );
    let dir = TempDir::new("judge-original-wrong");
    common::par_map(&wrong, |(i, o)| {
        let cwd = dir.join(i.to_string());
        std::fs::create_dir_all(&cwd).unwrap();
        let command = runnable(&o.file, &cwd);
        let command: Vec<&str> = command.iter().map(String::as_str).collect();
        assert_shrinks(o, &command, &cwd);
        if wrong
            .iter()
            .find(|(_, w)| w.verdict == "WA")
            .map(|(j, _)| j)
            == Some(i)
        {
            let again = cwd.join("options");
            std::fs::create_dir_all(&again).unwrap();
            assert_shrinking_obeys_its_options(o, &command, &again);
        }
    });
}
