//! The checkers judge the jury's files before the contestant's: an input that is empty or
//! garbage is FAIL (the judge's fault, exit 3), never OK or a verdict against the contestant
//! (a jury answer that is not itself a right output: games/knights/tests/checker.rs).

use crate::common;

use common::check_files as check;
use common::game_data;

/// Every checker judges its input first: an empty or garbage input with a right output and
/// answer (the game's smallest test, smallest.tsv) is FAIL, and the good input is OK.
#[test]
fn a_broken_input_is_fail_for_every_checker() {
    let dir = common::TempDir::new("jury-input");
    for problem in common::games() {
        let smallest = game_data::smallest(problem);
        let (good_input, answer) = (smallest.input.as_bytes(), smallest.answer.as_bytes());
        // The good input first: the checker accepts the jury's own answer.
        let ok = check(problem, &dir, good_input, answer, answer);
        assert_eq!(ok.code, Some(0), "{problem}: {}", ok.stderr);
        for input in [&b""[..], b"\n\n", b"garbage\n", b"-1\n"] {
            let run = check(problem, &dir, input, answer, answer);
            assert_eq!(
                run.code,
                Some(3),
                "{problem} on input {input:?}: {}",
                run.stderr
            );
            assert!(run.stderr.starts_with("FAIL"), "{}", run.stderr);
        }
    }
}

/// A directory as the third argument makes a call the Kattis contract, which reads the output
/// on stdin. A person giving testlib's answer path as a directory (or forgetting `< output`)
/// has a terminal there: the checker says so and exits with the Kattis judging error (1) at
/// once instead of waiting on the keyboard. Run under `script` (util-linux),
/// which gives the checker a terminal as stdin.
#[test]
fn a_kattis_call_with_a_terminal_as_stdin_is_a_judging_error_not_a_wait() {
    use std::time::{Duration, Instant};
    let dir = common::TempDir::new("jury-tty");
    let game = common::a_game();
    let smallest = game_data::smallest(game);
    std::fs::write(dir.join("in"), &smallest.input).unwrap();
    std::fs::write(dir.join("ans"), &smallest.answer).unwrap();
    std::fs::create_dir(dir.join("feedback")).unwrap();
    let checker = common::bin(&format!("check-{game}"));
    let command = format!("{checker} in ans feedback");
    let mut child = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(&*dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().ok();
            panic!("the checker waits on a terminal");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut said).unwrap();
    assert_eq!(status.code(), Some(1), "{said}");
    assert!(said.contains("stdin is a terminal"), "{said}");
}
