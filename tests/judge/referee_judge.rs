//! `referee judge` through the real binary: a correct solution under another command line
//! (all OK), a solution wrong on one input (WA on that test only, the failure kept with its
//! three files and a reproducing command that works), and the limits: a sleeper and a spinner
//! (TLE), a crash (RE), a memory hog (MLE), an output flood (OLE).

use crate::common;

use combgames_registry::Game;
use common::game_data;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures/judge")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A built binary of the package, from the folder the referee is in.
fn bin(name: &str) -> String {
    crate::common::bin(name)
}

/// A scratch folder removed when the test ends, failed or not.
fn temp_dir(tag: &str) -> crate::common::TempDir {
    crate::common::TempDir::new(&format!("referee-judge-test-{tag}"))
}

struct Judged {
    code: Option<i32>,
    stdout: String,
    elapsed: Duration,
}

impl Judged {
    /// `(test, verdict)` of every result line (the testkit's `judge_verdicts`).
    fn verdicts(&self) -> Vec<(String, String)> {
        common::judge_verdicts(&self.stdout)
    }

    fn line_of(&self, test: &str) -> &str {
        self.stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(test))
            .unwrap_or_else(|| panic!("no line for {test} in\n{}", self.stdout))
    }
}

/// Runs `referee judge <args> -- <command>` in `cwd`.
fn judge(cwd: &Path, args: &[&str], command: &[&str]) -> Judged {
    let started = Instant::now();
    let (code, stdout) = common::referee_judge(cwd, args, command);
    Judged {
        code,
        stdout,
        elapsed: started.elapsed(),
    }
}

/// A samples folder holding only `sample`, so a limit test runs once.
fn one_sample(dir: &Path, sample: &game_data::Sample) -> PathBuf {
    let samples = dir.join("samples");
    std::fs::create_dir_all(&samples).unwrap();
    std::fs::copy(&sample.input, samples.join(format!("{}.in", sample.name))).unwrap();
    std::fs::copy(&sample.answer, samples.join(format!("{}.out", sample.name))).unwrap();
    samples
}

/// A file in `dir` holding `text`, by its path.
fn file_with(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn the_projects_solution_under_another_command_line_passes_everything() {
    let dir = temp_dir("ok");
    let game = common::a_game();
    // A copy of the binary started through a shell: another path, another command line.
    let copy = dir.join("my-solution");
    std::fs::copy(bin(game), &copy).unwrap();
    let command = format!("exec {} \"$@\"", copy.display());
    let r = judge(
        &dir,
        &[game, "--extended", "--tests", "9", "--seed", "5"],
        &["sh", "-c", &command],
    );
    let verdicts = r.verdicts();
    // --extended: every sample, none skipped for the statement's limits.
    let samples = game_data::samples(game).len();
    assert_eq!(verdicts.len(), samples + 9, "{}", r.stdout);
    assert!(verdicts.iter().all(|(_, v)| v == "OK"), "{}", r.stdout);
    assert_eq!(r.code, Some(0), "{}", r.stdout);
    assert!(
        r.stdout.contains(&format!(
            "summary: {} tests: {} OK; worst OK (exit 0)",
            samples + 9,
            samples + 9
        )),
        "{}",
        r.stdout
    );
    assert!(
        !dir.join("judge-failures").exists(),
        "nothing kept when all pass"
    );
}

#[test]
fn a_solution_wrong_on_one_input_gets_wa_there_and_a_working_reproducer() {
    let dir = temp_dir("wa");
    let game = common::a_game();
    let smallest = game_data::smallest(game);
    // The game's samples and its smallest input, on which alone the solution is wrong (the
    // generated tests are far larger).
    let samples = dir.join("samples");
    std::fs::create_dir_all(&samples).unwrap();
    for sample in game_data::samples(game) {
        std::fs::copy(&sample.input, samples.join(format!("{}.in", sample.name))).unwrap();
        std::fs::copy(&sample.answer, samples.join(format!("{}.out", sample.name))).unwrap();
    }
    let input = file_with(&samples, "smallest.in", &smallest.input);
    file_with(&samples, "smallest.out", &smallest.answer);
    let wrong_output = file_with(&dir, "wrong.txt", &smallest.wrong);
    let r = judge(
        &dir,
        &[
            game,
            "--extended",
            "--tests",
            "6",
            "--seed",
            "2",
            "--samples",
            samples.to_str().unwrap(),
        ],
        &[
            &fixture("wrong_on_one_input.sh"),
            &bin(game),
            &input,
            &wrong_output,
        ],
    );
    let wrong: Vec<String> = r
        .verdicts()
        .into_iter()
        .filter(|(_, v)| v != "OK")
        .map(|(name, v)| format!("{name} {v}"))
        .collect();
    assert_eq!(wrong, ["sample-smallest WA"], "{}", r.stdout);
    assert_eq!(r.code, Some(1), "exit code of WA: {}", r.stdout);
    assert!(
        r.line_of("sample-smallest").contains(&smallest.reason),
        "{}",
        r.stdout
    );
    // The three files are kept, named and filled as promised.
    let kept = dir.join(format!("judge-failures/{game}-sample-smallest"));
    let read = |f: &str| std::fs::read_to_string(kept.join(f)).unwrap();
    assert_eq!(read("input.txt"), smallest.input);
    assert_eq!(read("output.txt"), smallest.wrong);
    assert_eq!(read("answer.txt"), smallest.answer);
    // The printed command, run in the same folder, runs the solution again and the checker
    // says WA again (exit 1), after the output was thrown away.
    std::fs::write(kept.join("output.txt"), "").unwrap();
    let command = r
        .stdout
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("reproduce: "))
        .unwrap_or_else(|| panic!("no reproduce line in\n{}", r.stdout));
    let again = Command::new("sh")
        .current_dir(&*dir)
        .args(["-c", command])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1), "{command}");
    let checker_line = String::from_utf8_lossy(&again.stderr);
    assert!(
        checker_line.starts_with("wrong answer") && checker_line.contains(&smallest.reason),
        "the checker gets input, output, answer in that order: {checker_line}"
    );
    assert_eq!(read("output.txt"), smallest.wrong);
}

#[test]
fn a_failed_generated_test_prints_its_gen_command_and_keeps_the_reference_answer() {
    let dir = temp_dir("gen");
    let game = common::a_game();
    let no_samples = dir.join("no-samples");
    std::fs::create_dir_all(&no_samples).unwrap();
    let print_wrong = format!(
        "cat >/dev/null; cat {}",
        file_with(&dir, "wrong.txt", &game_data::smallest(game).wrong)
    );
    let r = judge(
        &dir,
        &[
            game,
            "--extended",
            "--tests",
            "3",
            "--seed",
            "8",
            "--samples",
            no_samples.to_str().unwrap(),
        ],
        &["sh", "-c", &print_wrong],
    );
    // Whichever tests fail (the smallest input's wrong answer, on large inputs), each is kept
    // with the reference's answer, and its input is the one `gen` writes again.
    let wrong: Vec<(String, String)> = r
        .verdicts()
        .into_iter()
        .filter(|(_, v)| v != "OK")
        .collect();
    assert!(!wrong.is_empty(), "{}", r.stdout);
    for (name, _) in &wrong {
        let kept = dir.join(format!("judge-failures/{game}-{name}"));
        let input = std::fs::read(kept.join("input.txt")).unwrap();
        let answer = std::fs::read(kept.join("answer.txt")).unwrap();
        let reference = common::command(game)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(answer, reference.stdout, "{name}");
        let gen_line = r
            .stdout
            .lines()
            .skip_while(|l| !l.starts_with(name.as_str()))
            .find_map(|l| l.trim_start().strip_prefix("input: "))
            .unwrap_or_else(|| panic!("no gen line for {name} in\n{}", r.stdout));
        // The line names gen beside the referee as it was run, not a `gen` PATH may lack.
        let mut words = gen_line.split_whitespace();
        assert_eq!(words.next(), Some(bin("gen").as_str()), "{gen_line}");
        let regenerated = Command::new(bin("gen")).args(words).output().unwrap();
        assert_eq!(regenerated.stdout, input, "gen {gen_line}");
    }
}

/// Judges one sample of a game with a fixture under tight limits; returns the test's line.
fn limited(fixture_name: &str, extra: &[&str]) -> (Judged, String) {
    let dir = temp_dir(fixture_name);
    let game = common::a_game();
    let sample = game_data::judged_sample(game);
    let samples = one_sample(&dir, &sample);
    let samples = samples.to_string_lossy().into_owned();
    let mut args = vec![
        game,
        "--tests",
        "0",
        "--samples",
        &samples,
        "--time-limit",
        "0.5",
        "--wall-limit",
        "1",
        "--memory-limit",
        "64",
    ];
    args.extend_from_slice(extra);
    let r = judge(&dir, &args, &[&fixture(fixture_name)]);
    let test = format!("sample-{}", sample.name);
    let line = r.line_of(&test).to_owned();
    assert!(
        dir.join(format!("judge-failures/{game}-{test}/input.txt"))
            .is_file(),
        "a failure is kept: {}",
        r.stdout
    );
    (r, line)
}

fn verdict_of(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or("")
}

#[test]
fn a_sleeper_is_tle_by_wall_time() {
    let (r, line) = limited("sleeps.sh", &[]);
    assert_eq!(verdict_of(&line), "TLE", "{line}");
    assert!(line.contains("wall time over 1.000s"), "{line}");
    assert_eq!(r.code, Some(10));
    assert!(
        r.elapsed < Duration::from_secs(5),
        "killed at the limit: {:?}",
        r.elapsed
    );
}

#[test]
fn a_spinner_is_tle_by_cpu_time() {
    let (r, line) = limited("spins.sh", &["--wall-limit", "5"]);
    assert_eq!(verdict_of(&line), "TLE", "{line}");
    assert!(line.contains("CPU time over 0.500s"), "{line}");
    assert_eq!(r.code, Some(10));
    assert!(
        r.elapsed < Duration::from_secs(4),
        "killed near the CPU limit: {:?}",
        r.elapsed
    );
}

#[test]
fn a_crash_is_re_naming_the_signal() {
    let (r, line) = limited("segfaults.sh", &[]);
    assert_eq!(verdict_of(&line), "RE", "{line}");
    assert!(line.contains("SIGSEGV"), "{line}");
    assert_eq!(r.code, Some(12));
}

#[test]
fn a_memory_hog_is_mle() {
    let (r, line) = limited(
        "hogs_memory.sh",
        &["--time-limit", "5", "--wall-limit", "10"],
    );
    assert_eq!(verdict_of(&line), "MLE", "{line}");
    assert!(line.contains("resident memory over 64 MB"), "{line}");
    assert_eq!(r.code, Some(13));
}

#[test]
fn an_output_flood_is_ole() {
    let (r, line) = limited("floods.sh", &[]);
    assert_eq!(verdict_of(&line), "OLE", "{line}");
    assert_eq!(r.code, Some(14));
}

#[test]
fn the_exit_code_is_the_worst_verdict() {
    // WA alone would give 1; a solution that crashes on one sample and answers the smallest
    // input's wrong answer on the other has WA and RE: RE (12) is worse.
    let dir = temp_dir("worst");
    let game = common::a_game();
    let smallest = game_data::smallest(game);
    let sample = game_data::judged_sample(game);
    let samples = one_sample(&dir, &sample);
    file_with(&samples, "smallest.in", &smallest.input);
    file_with(&samples, "smallest.out", &smallest.answer);
    let script = format!(
        "input=$(cat); [ \"$input\" = \"$(cat {})\" ] && exit 7; cat {}",
        sample.input.display(),
        file_with(&dir, "wrong.txt", &smallest.wrong)
    );
    let r = judge(
        &dir,
        &[game, "--tests", "0", "--samples", samples.to_str().unwrap()],
        &["sh", "-c", &script],
    );
    let mut verdicts = r.verdicts();
    verdicts.sort();
    let crashed = format!("sample-{}", sample.name);
    let mut expected = [
        (crashed.clone(), "RE".to_owned()),
        ("sample-smallest".to_owned(), "WA".to_owned()),
    ];
    expected.sort();
    assert_eq!(verdicts, expected, "{}", r.stdout);
    assert!(
        r.line_of(&crashed).contains("exit status 7"),
        "{}",
        r.stdout
    );
    assert_eq!(r.code, Some(12), "{}", r.stdout);
}

#[test]
fn a_command_that_cannot_start_is_fail_once_not_per_test() {
    let dir = temp_dir("nostart");
    let r = judge(
        &dir,
        &[common::a_game(), "--tests", "5"],
        &["/nonexistent/solution"],
    );
    let verdicts = r.verdicts();
    assert_eq!(verdicts.len(), 1, "stops at the first test: {}", r.stdout);
    assert_eq!(verdicts[0].1, "FAIL", "{}", r.stdout);
    assert!(r.stdout.contains("cannot start"), "{}", r.stdout);
    assert_eq!(r.code, Some(3));
}

#[test]
fn every_problem_judges_its_own_solution_ok_on_samples_and_every_kind() {
    // Generator, reference solution and checker agree on every problem: six generated tests
    // (--extended: every kind, also those past the statement) cover each problem's kinds at
    // least once (race and subtraction have three, the others
    // at most five with the strips' kinds; see `generated`).
    let dir = temp_dir("all");
    for problem in Game::ALL.iter().map(|g| g.name()) {
        let r = judge(
            &dir,
            &[problem, "--extended", "--tests", "6", "--seed", "17"],
            &[&bin(problem)],
        );
        let verdicts = r.verdicts();
        assert!(
            verdicts
                .iter()
                .filter(|(n, _)| n.starts_with("gen-"))
                .count()
                == 6,
            "{}",
            r.stdout
        );
        assert!(
            verdicts.iter().all(|(_, v)| v == "OK"),
            "{problem}:\n{}",
            r.stdout
        );
        assert_eq!(r.code, Some(0), "{problem}:\n{}", r.stdout);
    }
}

/// Nothing judged is no pass: a samples folder that cannot be read, or no test at all, is FAIL
/// with one line; a package's data folder (answers in `.ans`) is judged as it is.
#[test]
fn an_empty_test_set_fails_and_ans_answers_count() {
    let dir = temp_dir("empty");
    let game = common::a_game();
    let solution = bin(game);
    let missing = dir.join("no-such-folder");
    let r = judge(
        &dir,
        &[game, "--samples", missing.to_str().unwrap()],
        &[&solution],
    );
    assert_eq!(r.code, Some(3), "{}", r.stdout);
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let r = judge(
        &dir,
        &[game, "--tests", "0", "--samples", empty.to_str().unwrap()],
        &[&solution],
    );
    assert_eq!(r.code, Some(3), "{}", r.stdout);
    let last = r.stdout.lines().last().unwrap_or("");
    assert!(
        last.starts_with("summary: 0 tests") && last.contains("FAIL"),
        "{}",
        r.stdout
    );
    // A package's layout: `.in` with `.ans`.
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let smallest = game_data::smallest(game);
    file_with(&data, "a.in", &smallest.input);
    file_with(&data, "a.ans", &smallest.answer);
    let r = judge(
        &dir,
        &[game, "--tests", "0", "--samples", data.to_str().unwrap()],
        &[&solution],
    );
    assert_eq!(r.code, Some(0), "{}", r.stdout);
    assert_eq!(r.verdicts(), [("sample-a".to_owned(), "OK".to_owned())]);
}

/// Every failure names the one command that judges that test again (`rejudge:`): run as a
/// person pastes it, it judges that test alone with the same verdict; with the reference
/// solution swapped in for the program, it is OK. A name `--only` does not know is FAIL,
/// with the run's tests listed.
#[test]
fn a_failed_test_names_the_command_that_judges_it_again() {
    let dir = temp_dir("rejudge");
    let game = common::a_game();
    let wrong = format!(
        "cat >/dev/null; cat {}",
        file_with(&dir, "wrong.txt", &game_data::smallest(game).wrong)
    );
    let (code, stdout) = common::referee_judge(
        &dir,
        &[
            game,
            "--seed",
            "1",
            "--tests",
            "3",
            "--no-shrink",
            "--first",
        ],
        &["sh", "-c", &wrong],
    );
    assert!(matches!(code, Some(1 | 2)), "WA or PE: {stdout}");
    let failed = common::judge_verdicts(&stdout)
        .into_iter()
        .find(|(_, v)| v != "OK")
        .unwrap();
    let again = stdout
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("rejudge: "))
        .unwrap_or_else(|| panic!("no rejudge line:\n{stdout}"));
    let shell = |line: &str| {
        let out = Command::new("sh")
            .args(["-c", line])
            .current_dir(&*dir)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code_again, rerun) = shell(again);
    assert_eq!(code_again, code, "{again}:\n{rerun}");
    assert_eq!(common::judge_verdicts(&rerun), [failed], "{rerun}");
    let (test, _) = again.split_once(" -- ").unwrap();
    let (code, fixed) = shell(&format!("{test} -- {}", bin(game)));
    assert_eq!(code, Some(0), "{fixed}");
    assert_eq!(common::judge_verdicts(&fixed).len(), 1, "{fixed}");
    let (code, _) = shell(&format!(
        "{} judge {game} --seed 1 --only gen-99 -- true",
        env!("CARGO_BIN_EXE_referee")
    ));
    assert_eq!(code, Some(3));
}

/// A sample is read bounded: `/dev/zero` under a sample's name is one line on stderr and FAIL
/// (exit 3) at once, not a judge reading forever.
#[test]
fn a_sample_that_is_no_file_is_refused_at_once() {
    let dir = temp_dir("sample-device");
    let samples = dir.join("samples");
    std::fs::create_dir_all(&samples).unwrap();
    std::os::unix::fs::symlink("/dev/zero", samples.join("a.in")).unwrap();
    std::fs::write(samples.join("a.out"), "an answer\n").unwrap();
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_referee"))
        .current_dir(&*dir)
        .args([
            "judge",
            common::a_game(),
            "--tests",
            "0",
            "--samples",
            "samples",
            "--",
            "true",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("cannot read the sample samples/a.in: not a regular file"),
        "{stderr}"
    );
}
