//! What `referee judge` says and keeps about a failure, through the real binary: the last
//! lines of a crash's stderr (not the first) under its result line, the whole stderr in the
//! kept folder, `run.sh` there reproducing the run from anywhere (a source file built again),
//! paths relative to the current folder, one summary line at the end, `--first`.

use crate::common;

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
    let data = one_test(&dir, "data", "4\n", "Black\n");
    let script = "cat >/dev/null; i=1; while [ $i -le 40 ]; do echo \"trace $i\" >&2; \
                  i=$((i+1)); done; echo 'Error: the reason' >&2; exit 3";
    let r = judge(
        &dir,
        &dir,
        &[
            "pawns",
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
    let expected = [
        "    stderr (41 lines; the last 5):",
        "      | trace 37",
        "      | trace 38",
        "      | trace 39",
        "      | trace 40",
        "      | Error: the reason",
        "    kept: judge-failures/pawns-sample-a",
        "    reproduce: judge-failures/pawns-sample-a/run.sh",
    ];
    assert_eq!(block[..expected.len()], expected, "{}", r.stdout);
    assert_eq!(block.len(), expected.len() + 1, "{}", r.stdout);
    assert!(block[expected.len()].starts_with("    rejudge: "));
    assert!(!r.stdout.contains("trace 1\n"), "{}", r.stdout);
    let kept = dir.join("judge-failures/pawns-sample-a");
    let stderr = std::fs::read_to_string(kept.join("stderr.txt")).unwrap();
    let whole: String = (1..=40)
        .map(|i| format!("trace {i}\n"))
        .chain(["Error: the reason\n".to_owned()])
        .collect();
    assert_eq!(stderr, whole);
    assert_eq!(
        std::fs::read_to_string(kept.join("input.txt")).unwrap(),
        "4\n"
    );
    assert_eq!(
        std::fs::read_to_string(kept.join("answer.txt")).unwrap(),
        "Black\n"
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
    let data = one_test(&dir, "data", "4\n", "Black\n");
    std::fs::write(
        dir.join("wrong.sh"),
        "#!/bin/sh\ncat >/dev/null\necho White\n",
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
        &[
            "pawns",
            "--tests",
            "0",
            "--samples",
            &data,
            "--",
            "./wrong.sh",
        ],
    );
    assert_eq!(r.code, Some(1), "{}", r.stdout);
    let kept = dir.join("judge-failures/pawns-sample-a");
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
            err.starts_with("wrong answer") && err.contains("expected `Black`, found `White`"),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(kept.join("output.txt")).unwrap(),
            "White\n"
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
    let data = one_test(&dir, "data", "2\n3 1\n2 1\n", "Case 1: 1\nCase 2: lose\n");
    let source = dir.join("sol.c");
    let program = |answer: &str| {
        format!(
            "#include <stdio.h>\nint main(void) {{ int t; long long n, k; scanf(\"%d\", &t);\n\
             for (int c = 1; c <= t; c++) {{ scanf(\"%lld %lld\", &n, &k);\n\
             printf(\"Case %d: %s\\n\", c, n == 2 ? \"lose\" : \"{answer}\"); }} return 0; }}\n"
        )
    };
    std::fs::write(&source, program("lose")).unwrap();
    let r = judge(
        &dir,
        &tmp,
        &["subtraction", "sol.c", "--tests", "0", "--samples", &data],
    );
    assert_eq!(r.code, Some(1), "{}", r.stdout);
    let kept = dir.join("judge-failures/subtraction-sample-a");
    let block = r.block_of("sample-a");
    assert!(
        block.contains(&"    reproduce shrunk: judge-failures/subtraction-sample-a/run.sh shrunk"),
        "{}",
        r.stdout
    );
    let script = kept.join("run.sh");
    let (code, err) = run_script(&script, &[], Path::new("/"), &tmp);
    assert_eq!(code, Some(1), "{err}");
    let (code, err) = run_script(&script, &["shrunk"], Path::new("/"), &tmp);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        std::fs::read_to_string(kept.join("shrunk-input.txt")).unwrap(),
        "1\n3 1\n"
    );
    // The fix, judged by the same script.
    std::fs::write(&source, program("1")).unwrap();
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
    let args = |first: bool| {
        let mut args = vec!["pawns", "--tests", "4", "--seed", "1", "--no-shrink"];
        if first {
            args.push("--first");
        }
        args.extend(["--", "sh", "-c", "cat >/dev/null; echo Black"]);
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
    assert_eq!(first.code, Some(1), "{}", first.stdout);
    let verdicts = common::judge_verdicts(&first.stdout);
    assert_eq!(failures(&first), 1, "{}", first.stdout);
    assert_eq!(verdicts.last().unwrap().1, "WA", "{}", first.stdout);
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
        let mut args = vec!["pawns", "--tests", "3", "--seed", "1", "--no-shrink", "--"];
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
    let (slow, stdout) = mems(&["sh", "-c", "cat >/dev/null; sleep 0.5; echo Black"]);
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
    let data = one_test(&dir, "data", "4\n", "Black\n");
    let script = "cat >/dev/null; head -c 20000000 /dev/zero | tr '\\0' x >&2; echo >&2; \
                  echo 'the end' >&2; exit 1";
    let r = judge(
        &dir,
        &dir,
        &[
            "pawns",
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
    let kept = dir.join("judge-failures/pawns-sample-a/stderr.txt");
    assert_eq!(std::fs::metadata(kept).unwrap().len(), 16 << 20);
}
