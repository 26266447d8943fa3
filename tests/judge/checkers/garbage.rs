//! Garbage and huge outputs: random bytes, non-UTF-8 and empty outputs are never a crash nor
//! a FAIL; a 50 MB line, a 4 GiB file and a flood after a right answer are read with bounded
//! memory and are PE "too large".

use super::{expect, judge, run_checker, scratch, text, with_line, FIXTURES};
use combgames_core::checker::Verdict;
use combgames_core::rng::Rng;
use std::fs;

#[test]
fn garbage_is_never_a_crash_nor_a_fail() {
    let mut rng = Rng::new(6);
    for f in FIXTURES {
        let dir = scratch(&format!("garbage-{}", f.checker));
        expect(f, &dir, b"", Verdict::Pe, "empty output");
        expect(f, &dir, b"\n\n \t\r\n", Verdict::Pe, "empty output");
        expect(f, &dir, b"\x00\x01\x02", Verdict::Pe, "\\x00\\x01\\x02");
        for round in 0..40 {
            let len = rng.range(1, if round < 20 { 50 } else { 5000 }) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            // Blanks may cut a well-formed token out of the noise (then WA), never OK or FAIL.
            let got = judge(f, &dir, &bytes);
            assert!(
                matches!(got.code, Some(1 | 2)),
                "{} on random bytes {bytes:?}: {}",
                f.checker,
                got.line
            );
        }
        // Garbage that starts with a well-formed wrong line is judged by that line.
        let mut lines = with_line(f, f.wrong_line);
        lines.push("\u{1}\u{2}garbage".to_owned());
        let got = judge(f, &dir, &text(&lines));
        assert_eq!(got.code, Some(1), "{}: {}", f.checker, got.line);
    }
}

/// A 50 MB line without a newline (made here, never stored): the checker reads a bounded
/// prefix and says PE "too large"; if a wrong line comes first, that line decides.
#[test]
fn a_fifty_megabyte_line_is_read_with_bounded_memory() {
    let dir = scratch("huge");
    let huge = dir.join("huge-output");
    let block = vec![b'x'; 1 << 20];
    let mut file = fs::File::create(&huge).unwrap();
    for _ in 0..50 {
        std::io::Write::write_all(&mut file, &block).unwrap();
    }
    drop(file);
    let mut wrong_first = b"White\n".to_vec();
    wrong_first.extend_from_slice(&fs::read(&huge).unwrap()[..10 << 20]);
    let wrong_then_huge = dir.join("wrong-then-huge");
    fs::write(&wrong_then_huge, wrong_first).unwrap();
    for f in FIXTURES {
        let (input, answer) = (dir.join("input"), dir.join("answer"));
        fs::write(&input, f.input).unwrap();
        fs::write(&answer, f.answer.join("\n") + "\n").unwrap();
        let got = run_checker(f.checker, &input, &huge, &answer);
        assert_eq!(got.code, Some(2), "{}: {}", f.checker, got.line);
        assert!(
            got.line.contains("line 1: output too large"),
            "{}: {}",
            f.checker,
            got.line
        );
        if f.checker == "check-pawns" {
            // "White\n" then 10 MB: the first line is complete and wrong.
            let got = run_checker(f.checker, &input, &wrong_then_huge, &answer);
            assert_eq!(got.code, Some(1), "{}: {}", f.checker, got.line);
            assert!(
                got.line
                    .contains("line 1 token 1 (case 1): expected `Black`, found `White`"),
                "{}",
                got.line
            );
        }
    }
}

/// A 4 GiB output (a sparse file: no disk used) is judged after reading about a megabyte;
/// without the cap this would read gigabytes into memory.
#[test]
fn a_four_gigabyte_output_is_not_read_whole() {
    let f = &FIXTURES[3];
    let dir = scratch("sparse");
    let (input, answer, output) = (dir.join("input"), dir.join("answer"), dir.join("output"));
    fs::write(&input, f.input).unwrap();
    fs::write(&answer, f.answer.join("\n")).unwrap();
    fs::File::create(&output).unwrap().set_len(4 << 30).unwrap();
    let started = std::time::Instant::now();
    let got = run_checker(f.checker, &input, &output, &answer);
    assert_eq!(got.code, Some(2), "{}", got.line);
    assert!(got.line.contains("output too large"), "{}", got.line);
    assert!(
        started.elapsed().as_secs() < 5,
        "took {:?}: the output was read whole",
        started.elapsed()
    );
    let _ = fs::remove_file(&output);
}

/// A correct answer followed by a flood of blank lines beyond the cap is still too large.
#[test]
fn a_correct_answer_then_a_flood_is_too_large() {
    let f = &FIXTURES[1];
    let dir = scratch("flood");
    let mut output = text(&f.answer.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    output.extend(std::iter::repeat_n(b'\n', 3 << 20));
    expect(f, &dir, &output, Verdict::Pe, "output too large");
}
