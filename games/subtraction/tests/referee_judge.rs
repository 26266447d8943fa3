//! `referee judge subtraction` on solutions written from HDU 2486's statement alone
//! (tests/fixtures/original/): the HDU one is OK by default but not with `--extended` (the
//! project's samples and tests have rational k and n up to 10^18), so the flag is what makes
//! the difference; a near miss in n and k together shrinks once, to two lines, quickly.
//! (Every game's statement-only solutions: tests/judge/referee_judge_original.rs at the root.)
//!
//! Needs g++ (CI installs it, .ci/run).

use crate::common;

use common::TempDir;
use std::path::Path;
use std::process::Command;

/// Builds the C++ fixture `source` of tests/fixtures/original/ with g++ into `dir`.
fn gxx(dir: &Path, source: &str) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("games/subtraction/tests/fixtures/original")
        .join(source);
    let out = dir.join(source.trim_end_matches(".cpp"));
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(file)
        .output()
        .expect("g++ is needed (CI installs it)");
    assert!(
        built.status.success(),
        "{source}: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    out.to_string_lossy().into_owned()
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

/// With `--extended` the HDU solution meets rational k and n up to 10^18 in the samples, and
/// the summary says which problem it judged.
#[test]
fn the_hdu_solution_fails_the_extended_tests() {
    let dir = TempDir::new("judge-hdu-extended");
    let hdu = gxx(&dir, "subtraction_hdu.cpp");
    let (code, stdout) = common::referee_judge(
        &dir,
        &["subtraction", "--extended", "--tests", "0", "--no-shrink"],
        &[hdu.as_str()],
    );
    assert_ne!(code, Some(0), "{stdout}");
    let summary = stdout.lines().last().unwrap_or("");
    assert!(
        summary.starts_with("summary: ") && summary.contains("--extended"),
        "{stdout}"
    );
}

/// A near-miss (subtraction_hdu_small_pile.cpp: `n <= 2k` for `n <= k + 1`), judged
/// as a contestant would, by default with the first seed: every failure is of one kind
/// (`expected `N`, found `lose``), so one is shrunk and the others say so; it comes out as
/// `4 2`, two lines, at a fixpoint (shrinking n and k one at a time stalled at `31 29` and
/// spent the 300 runs on others, 19 s on the shared 2-core machine); the whole run well under
/// 30 s.
#[test]
fn a_near_miss_in_n_and_k_shrinks_once_to_two_lines_quickly() {
    let dir = TempDir::new("judge-shrink-small-pile");
    let wrong = gxx(&dir, "subtraction_hdu_small_pile.cpp");
    let started = std::time::Instant::now();
    let (code, stdout) = common::referee_judge(&dir, &["subtraction", "--seed", "1"], &[&wrong]);
    let elapsed = started.elapsed();
    assert_eq!(code, Some(1), "{stdout}");
    let failed: Vec<String> = common::judge_verdicts(&stdout)
        .into_iter()
        .filter(|(_, v)| v != "OK")
        .map(|(t, v)| {
            assert_eq!(v, "WA", "{}", stdout);
            t
        })
        .collect();
    assert!(failed.len() >= 2, "{}", stdout);
    let shrunk_lines: Vec<&str> = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("shrunk: "))
        .collect();
    assert_eq!(shrunk_lines.len(), 1, "{}", stdout);
    assert!(
        shrunk_lines[0].contains("no smaller candidate fails"),
        "{}",
        shrunk_lines[0]
    );
    for other in &failed[1..] {
        assert!(
            block_of(&stdout, other).contains(
                &format!("    not shrunk: the same kind of failure as {}", failed[0]).as_str()
            ),
            "{}",
            stdout
        );
    }
    let kept = dir.join(format!("judge-failures/subtraction-{}", failed[0]));
    let shrunk = std::fs::read_to_string(kept.join("shrunk-input.txt")).unwrap();
    assert_eq!(shrunk, "1\n4 2\n");
    assert!(elapsed < std::time::Duration::from_secs(30), "{elapsed:?}");
    eprintln!("{}\nwhole run: {elapsed:?}", stdout);
}
