//! What `referee judge` says and keeps about a failure, through the real binary: the last
//! lines of a crash's stderr (not the first) under its result line, the whole stderr in the
//! kept folder, `run.sh` there reproducing the run from anywhere (a source file built again),
//! paths relative to the current folder, one summary line at the end, `--first`.

use crate::common;

use common::game_data;
use common::TempDir;
use std::path::Path;
use std::process::Command;

struct Judged {
    code: Option<i32>,
    stdout: String,
}

impl Judged {
    /// The lines printed under the result line of `test`, up to the next result line.
    fn block_of(&self, test: &str) -> Vec<&str> {
        self.stdout
            .lines()
            .skip_while(|l| l.split_whitespace().next() != Some(test))
            .skip(1)
            .take_while(|l| l.starts_with("    "))
            .collect()
    }

    fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }
}

/// Runs `referee judge <args>` in `cwd` with `TMPDIR` = `tmp`.
fn judge(cwd: &Path, tmp: &Path, args: &[&str]) -> Judged {
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .current_dir(cwd)
        .env("TMPDIR", tmp)
        .arg("judge")
        .args(args)
        .output()
        .expect("the referee runs");
    Judged {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
    }
}

/// A folder `name` in `dir` holding one test of a game in a package's layout, its smallest
/// input and answer as `a.in` and `a.ans`.
fn smallest_test(dir: &Path, name: &str, smallest: &game_data::Smallest) -> String {
    one_test(dir, name, &smallest.input, &smallest.answer)
}

/// A folder `name` in `dir` holding one test in a package's layout: `a.in` and `a.ans`.
fn one_test(dir: &Path, name: &str, input: &str, answer: &str) -> String {
    let data = dir.join(name);
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("a.in"), input).unwrap();
    std::fs::write(data.join("a.ans"), answer).unwrap();
    name.to_owned()
}

/// Runs a kept `run.sh` (with its arguments) from `cwd`: exit code, stderr.
fn run_script(script: &Path, args: &[&str], cwd: &Path, tmp: &Path) -> (Option<i32>, String) {
    let out = Command::new(script)
        .args(args)
        .current_dir(cwd)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A crash that writes 40 numbered lines to stderr: the report shows the last five under the
/// RE line (the first one says nothing), and stderr.txt holds all of it.
#[test]
fn a_crash_shows_its_last_stderr_lines_and_keeps_all_of_it() {
    let dir = TempDir::new("judge-report-crash");
    let game = common::a_game();
    let smallest = game_data::smallest(game);
    let data = smallest_test(&dir, "data", &smallest);
    let script = "cat >/dev/null; i=1; while [ $i -le 40 ]; do echo \"trace $i\" >&2; \
                  i=$((i+1)); done; echo 'Error: the reason' >&2; exit 3";
    let r = judge(
        &dir,
        &dir,
        &[
            game,
            "--tests",
            "0",
            "--samples",
            &data,
            "--no-shrink",
            "--",
            "sh",
            "-c",
            script,
        ],
    );
    assert_eq!(r.code, Some(12), "{}", r.stdout);
    let block = r.block_of("sample-a");
    let kept_line = format!("    kept: judge-failures/{game}-sample-a");
    let reproduce_line = format!("    reproduce: judge-failures/{game}-sample-a/run.sh");
    let expected = [
        "    stderr (41 lines; the last 5):",
        "      | trace 37",
        "      | trace 38",
        "      | trace 39",
        "      | trace 40",
        "      | Error: the reason",
        &kept_line,
        &reproduce_line,
    ];
    assert_eq!(block[..expected.len()], expected, "{}", r.stdout);
    assert_eq!(block.len(), expected.len() + 1, "{}", r.stdout);
    assert!(block[expected.len()].starts_with("    rejudge: "));
    assert!(!r.stdout.contains("trace 1\n"), "{}", r.stdout);
    let kept = dir.join(format!("judge-failures/{game}-sample-a"));
    let stderr = std::fs::read_to_string(kept.join("stderr.txt")).unwrap();
    let whole: String = (1..=40)
        .map(|i| format!("trace {i}\n"))
        .chain(["Error: the reason\n".to_owned()])
        .collect();
    assert_eq!(stderr, whole);
    assert_eq!(
        std::fs::read_to_string(kept.join("input.txt")).unwrap(),
        smallest.input
    );
    assert_eq!(
        std::fs::read_to_string(kept.join("answer.txt")).unwrap(),
        smallest.answer
    );
    assert!(
        r.last_line().starts_with("summary: 1 test: 1 RE"),
        "{}",
        r.stdout
    );
    // run.sh says RE the same way: exit 12 and the status, from inside the folder.
    let (code, err) = run_script(&kept.join("run.sh"), &[], &kept, &dir);
    assert_eq!(code, Some(12), "{err}");
    assert!(err.starts_with("RE: exit status 3"), "{err}");
}

/// `run.sh` runs the command from the folder the judge ran it from (its relative path works),
/// whatever folder it is started from, refills output.txt and gives the checker's verdict.
#[test]
fn run_sh_reproduces_a_command_from_anywhere() {
    let dir = TempDir::new("judge-report-command");
    let game = common::a_game();
    let smallest = game_data::smallest(game);
    let data = smallest_test(&dir, "data", &smallest);
    // The wrong answer in the script itself: under TMPDIR = the test's folder, the box gives
    // the solution a scratch folder of its own there.
    let quoted = smallest.wrong.replace('\'', "'\\''");
    std::fs::write(
        dir.join("wrong.sh"),
        format!("#!/bin/sh\ncat >/dev/null\nprintf '%s' '{quoted}'\n"),
    )
    .unwrap();
    std::fs::set_permissions(
        dir.join("wrong.sh"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let r = judge(
        &dir,
        &dir,
        &[game, "--tests", "0", "--samples", &data, "--", "./wrong.sh"],
    );
    assert_eq!(r.code, Some(1), "{}", r.stdout);
    let kept = dir.join(format!("judge-failures/{game}-sample-a"));
    for file in [
        "input.txt",
        "output.txt",
        "answer.txt",
        "stderr.txt",
        "run.sh",
    ] {
        assert!(kept.join(file).is_file(), "{file}");
    }
    for cwd in [Path::new("/"), &kept] {
        std::fs::write(kept.join("output.txt"), "").unwrap();
        let (code, err) = run_script(&kept.join("run.sh"), &[], cwd, &dir);
        assert_eq!(code, Some(1), "from {}: {err}", cwd.display());
        assert!(
            err.starts_with("wrong answer") && err.contains(&smallest.reason),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(kept.join("output.txt")).unwrap(),
            smallest.wrong
        );
    }
}

/// A source file's `run.sh` builds the source again (into a temporary folder it removes), so
/// after a fix it tells whether the fix works; `run.sh shrunk` runs the shrunk test.
#[test]
fn run_sh_builds_a_source_again() {
    let dir = TempDir::new("judge-report-source");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    // A sample of a game, and a C program that prints a constant: the smallest input's wrong
    // answer (wrong here too, and on a smaller input the shrinker finds), then the sample's.
    let game = common::a_game();
    let sample = game_data::judged_sample(game);
    let answer = std::fs::read_to_string(&sample.answer).unwrap();
    let data = one_test(
        &dir,
        "data",
        &std::fs::read_to_string(&sample.input).unwrap(),
        &answer,
    );
    let source = dir.join("sol.c");
    let program = |output: &str| {
        let literal: String = output
            .chars()
            .map(|c| match c {
                '\n' => "\\n".to_owned(),
                '"' | '\\' => format!("\\{c}"),
                c => c.to_string(),
            })
            .collect();
        format!(
            "#include <stdio.h>\nint main(void) {{ while (getchar() != EOF) {{}}\n\
             fputs(\"{literal}\", stdout); return 0; }}\n"
        )
    };
    std::fs::write(&source, program(&game_data::smallest(game).wrong)).unwrap();
    let r = judge(
        &dir,
        &tmp,
        &[game, "sol.c", "--tests", "0", "--samples", &data],
    );
    assert_ne!(r.code, Some(0), "{}", r.stdout);
    let kept = dir.join(format!("judge-failures/{game}-sample-a"));
    let block = r.block_of("sample-a");
    let shrunk_line = format!("    reproduce shrunk: judge-failures/{game}-sample-a/run.sh shrunk");
    assert!(block.contains(&shrunk_line.as_str()), "{}", r.stdout);
    let script = kept.join("run.sh");
    let (code, err) = run_script(&script, &[], Path::new("/"), &tmp);
    assert_eq!(code, r.code, "{err}");
    let (code, err) = run_script(&script, &["shrunk"], Path::new("/"), &tmp);
    assert!(matches!(code, Some(1 | 2)), "WA or PE: {err}");
    let shrunk = std::fs::read_to_string(kept.join("shrunk-input.txt")).unwrap();
    assert!(shrunk.len() < std::fs::read(&sample.input).unwrap().len());
    // The fix, judged by the same script.
    std::fs::write(&source, program(&answer)).unwrap();
    let (code, err) = run_script(&script, &[], Path::new("/"), &tmp);
    assert_eq!(code, Some(0), "{err}");
    let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
    assert!(
        left.is_empty(),
        "run.sh and the judge leave nothing: {left:?}"
    );
}

/// `--first` stops after the first failure; the summary, last, counts what ran and what did not.
#[test]
fn first_stops_at_the_first_failure() {
    let dir = TempDir::new("judge-report-first");
    let game = common::a_game();
    let quoted = game_data::smallest(game).wrong.replace('\'', "'\\''");
    let print_wrong = format!("cat >/dev/null; printf '%s' '{quoted}'");
    let args = |first: bool| {
        let mut args = vec![game, "--tests", "4", "--seed", "1", "--no-shrink"];
        if first {
            args.push("--first");
        }
        args.extend(["--", "sh", "-c", &print_wrong]);
        args
    };
    let all = judge(&dir, &dir, &args(false));
    let failures = |r: &Judged| {
        common::judge_verdicts(&r.stdout)
            .into_iter()
            .filter(|(_, v)| v != "OK")
            .count()
    };
    assert!(failures(&all) > 1, "{}", all.stdout);
    let first = judge(&dir, &dir, &args(true));
    let verdicts = common::judge_verdicts(&first.stdout);
    assert_eq!(failures(&first), 1, "{}", first.stdout);
    let code = match verdicts.last().unwrap().1.as_str() {
        "WA" => Some(1),
        "PE" => Some(2),
        other => panic!("{other}: {}", first.stdout),
    };
    assert_eq!(first.code, code, "{}", first.stdout);
    let total = common::judge_verdicts(&all.stdout).len();
    assert!(
        first.last_line().starts_with(&format!(
            "summary: {} test{} ({} not run): ",
            verdicts.len(),
            if verdicts.len() == 1 { "" } else { "s" },
            total - verdicts.len()
        )),
        "{}",
        first.stdout
    );
    assert!(
        first.stdout.contains("    stopped: --first\n"),
        "{}",
        first.stdout
    );
}

/// A run too short to be sampled has no known peak of memory: `mem -`, never `mem 0.0 MB`;
/// a run that lasts is sampled and its figure shown.
#[test]
fn a_peak_too_short_to_measure_is_unknown_not_zero() {
    let dir = TempDir::new("judge-report-mem");
    let mems = |command: &[&str]| {
        let mut args = vec![
            common::a_game(),
            "--tests",
            "3",
            "--seed",
            "1",
            "--no-shrink",
            "--",
        ];
        args.extend(command);
        let r = judge(&dir, &dir, &args);
        let mems: Vec<String> = r
            .stdout
            .lines()
            .filter(|l| !l.starts_with(' '))
            .filter_map(|l| Some(l.split_once("  mem ")?.1.split("  ").next()?.to_owned()))
            .collect();
        assert!(!mems.is_empty(), "{}", r.stdout);
        assert!(r.last_line().contains(", max mem "), "{}", r.stdout);
        (mems, r.stdout)
    };
    let (quick, stdout) = mems(&["true"]);
    for mem in &quick {
        assert!(
            mem == "-" || mem == "< 0.1 MB" || mem.ends_with(" MB"),
            "{stdout}"
        );
        assert!(!mem.starts_with("0.0"), "{stdout}");
    }
    // Half a second of work: sampled every few milliseconds, so its peak is known.
    let (slow, stdout) = mems(&["sh", "-c", "cat >/dev/null; sleep 0.5; echo an answer"]);
    for mem in &slow {
        let mb: f64 = mem
            .strip_suffix(" MB")
            .and_then(|m| m.parse().ok())
            .unwrap_or_else(|| panic!("{stdout}"));
        assert!(mb > 0.0, "{stdout}");
    }
}

/// A stderr flood is kept up to 16 MiB, and the report still shows its end.
#[test]
fn a_stderr_flood_is_kept_up_to_its_cap() {
    let dir = TempDir::new("judge-report-flood");
    let game = common::a_game();
    let data = smallest_test(&dir, "data", &game_data::smallest(game));
    let script = "cat >/dev/null; head -c 20000000 /dev/zero | tr '\\0' x >&2; echo >&2; \
                  echo 'the end' >&2; exit 1";
    let r = judge(
        &dir,
        &dir,
        &[
            game,
            "--tests",
            "0",
            "--samples",
            &data,
            "--no-shrink",
            "--wall-limit",
            "20",
            "--",
            "sh",
            "-c",
            script,
        ],
    );
    assert_eq!(r.code, Some(12), "{}", r.stdout);
    let block = r.block_of("sample-a");
    assert_eq!(
        block[0], "    stderr (20000009 bytes; the last 1):",
        "{}",
        r.stdout
    );
    assert_eq!(block[1], "      | the end", "{}", r.stdout);
    let kept = dir.join(format!("judge-failures/{game}-sample-a/stderr.txt"));
    assert_eq!(std::fs::metadata(kept).unwrap().len(), 16 << 20);
}
