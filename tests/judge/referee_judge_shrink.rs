//! The shrinking of `referee judge` where there is nothing to shrink: a failure on a smallest
//! input still shows its input, the expected answer and the received output. (Shrinking
//! solutions written from the statements alone: referee_judge_original.rs; each game's own
//! shrinker: its folder's tests.)

use crate::common;

use common::game_data;
use common::TempDir;

/// A failing sample that is already a smallest input (each game folder's smallest.tsv), judged
/// with a solution that prints a wrong answer, still shows what failed: its input, the expected
/// answer and the received output, under the `shrunk:` line. Every game, one sample each.
#[test]
fn a_failure_nothing_smaller_reproduces_still_shows_its_input() {
    let dir = TempDir::new("judge-shrink-minimal");
    for problem in common::games() {
        let smallest = game_data::smallest(problem);
        let cwd = dir.join(problem);
        let samples = cwd.join("samples");
        std::fs::create_dir_all(&samples).unwrap();
        std::fs::write(samples.join("one.in"), &smallest.input).unwrap();
        std::fs::write(samples.join("one.ans"), &smallest.answer).unwrap();
        std::fs::write(cwd.join("wrong.out"), &smallest.wrong).unwrap();
        let print_wrong = format!("cat >/dev/null; cat {}", cwd.join("wrong.out").display());
        let samples = samples.to_string_lossy().into_owned();
        let (_, stdout) = common::referee_judge(
            &cwd,
            &[problem, "--tests", "0", "--samples", &samples],
            &["sh", "-c", &print_wrong],
        );
        let verdicts = common::judge_verdicts(&stdout);
        assert_eq!(
            verdicts,
            [("sample-one".to_owned(), "WA".to_owned())],
            "{stdout}"
        );
        let line = stdout
            .lines()
            .find(|l| l.starts_with("sample-one"))
            .unwrap();
        assert!(line.contains(&smallest.reason), "{problem}: {line}");
        let block: Vec<&str> = stdout
            .lines()
            .skip_while(|l| !l.starts_with("sample-one"))
            .skip(1)
            .take_while(|l| l.starts_with("    "))
            .skip_while(|l| !l.starts_with("    shrunk: no smaller input fails with WA"))
            .skip(1)
            .collect();
        // The input, on one line or under its own; then the answers.
        let mut shown: Vec<String> = Vec::new();
        let input_lines: Vec<&str> = smallest.input.lines().collect();
        if let [one] = input_lines[..] {
            shown.push(format!("    input: {one}"));
        } else {
            shown.push("    input:".to_owned());
            shown.extend(input_lines.iter().map(|l| format!("      | {l}")));
        }
        let one_line = |label: &str, text: &str| {
            let lines: Vec<&str> = text.lines().collect();
            match lines[..] {
                [one] => vec![format!("    {label}: {one}")],
                _ => std::iter::once(format!("    {label}:"))
                    .chain(lines.iter().map(|l| format!("      | {l}")))
                    .collect(),
            }
        };
        shown.extend(one_line("expected", &smallest.answer));
        shown.extend(one_line("received", &smallest.wrong));
        assert_eq!(
            block.get(..shown.len()),
            Some(&shown.iter().map(String::as_str).collect::<Vec<_>>()[..]),
            "{problem}:\n{stdout}"
        );
    }
}

/// `referee judge --help` lists the new options.
#[test]
fn help_lists_the_new_options() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["judge", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--extended",
        "--original",
        "--no-shrink",
        "--shrink-runs N",
        "--size S",
        "--count C",
    ] {
        assert!(
            help.contains(&format!("  {flag}")),
            "{flag} missing:\n{help}"
        );
    }
}
