//! The protocol's lines: the example session of docs/protocol.md, `-1` ending a session at
//! once, every malformed referee line rejected with one line naming it, CR LF accepted, bytes
//! that are not UTF-8 rejected.

use super::{assert_clean_exit, Session};
use crate::common;

/// The example session of docs/protocol.md, line for line.
#[test]
fn protocol_example_session() {
    let mut s = Session::start();
    s.send("1");
    s.send("5 2");
    assert_eq!(s.recv(), "second");
    s.send("1");
    assert_eq!(s.recv(), "1");
    s.send("2");
    assert_eq!(s.recv(), "1");
    s.send("end");
    assert_clean_exit(s);
}

/// The whole stdin at once (the solution reads it line by line): exit code, stdout, stderr.
fn play_script(script: &str) -> common::Run {
    common::run_with_args("subtraction", &["--play"], script.to_owned())
}

#[test]
fn abort_line_ends_the_session_at_once() {
    for (script, out) in [
        ("-1\n", ""),
        ("2\n-1\n", ""),
        ("1\n5 2\n-1\n", "second\n"),
        ("1\n6 2\n-1\n", "first\n1\n"),
        ("1\n5 2\n4\n-1\n", "second\n1\n"),
        ("2\n5 2\n4\nend\n-1\n", "second\n1\n"),
        ("2\n5 2\n4\nend\n-1\r\n", "second\n1\n"),
        // A cut: `end` where the referee's move is due ends the round; R rounds, then exit.
        (
            "2\n5 2\nend\n6 2\n1\nend\nanything\n",
            "second\nfirst\n1\n1\n",
        ),
    ] {
        let r = play_script(script);
        assert_eq!(
            (r.code, r.stdout.as_str(), r.stderr.as_str()),
            (Some(0), out, ""),
            "{script:?}"
        );
    }
}

#[test]
fn referee_lines_are_checked() {
    for (script, needle) in [
        ("", "line 1: expected the header `play R`, got end of input"),
        (
            "0\n",
            "line 1: expected the header `play R` with R ≥ 1 rounds, got \"0\"",
        ),
        (
            "x\n",
            "line 1: expected the header `play R` with R ≥ 1 rounds, got \"x\"",
        ),
        ("play x\n", "got \"play x\""),
        ("play 1\n1 2\n", "line 2: n = 1 is outside"),
        (
            "1\n",
            "line 2: expected a position `n k` or `n k p`, got end of input",
        ),
        (
            "1\n5\n",
            "line 2: expected a position `n k` or `n k p`, got \"5\"",
        ),
        (
            "1\n5 2 1 1\n",
            "line 2: expected a position `n k` or `n k p`, got \"5 2 1 1\"",
        ),
        ("1\n5 2 0\n", "line 2: p = 0 is outside 1 to 10^18"),
        (
            "1\n5 2 1000000000000000001\n",
            "line 2: p = 1000000000000000001 is outside",
        ),
        (
            "1\n5 2 -1\n",
            "line 2: p \"-1\" is not a plain decimal number",
        ),
        // 5 stones with cap ⌊2·1⌋ = 2: 5 is a losing start, the solution takes second, and
        // the driver's 5 is past the cap the start gives, not the fresh pile's 4.
        ("1\n5 2 1\n5\n", "line 3: move 5 is outside 1 to 2"),
        ("1\n1 2\n", "line 2: n = 1 is outside"),
        ("1\n5 1/2\n", "line 2: k = 1/2 is less than 1"),
        ("1\n5 0/0\n", "line 2: k = 0/0 has a zero denominator"),
        (
            "1\n5 2\n",
            "line 3: expected the opponent's move, got end of input",
        ),
        ("1\n5 2\n0\n", "line 3: move 0 is outside 1 to 4"),
        ("1\n5 2\n5\n", "line 3: move 5 is outside 1 to 4"),
        ("1\n5 2\nabc\n", "line 3: move \"abc\""),
        ("1\n5 2\n+1\n", "line 3: move \"+1\""),
        ("1\n5 2\n1 1\n", "line 3: move \"1 1\""),
        ("1\n5 2\nstop\n", "line 3: move \"stop\""),
        // 5 2: the driver takes 1 (cap 2), the solution 1 (cap 2); 3 left, 3 > 2.
        ("1\n5 2\n1\n3\n", "line 4: move 3 is outside 1 to 2"),
        ("1\n5 2\n4\n", "line 4: expected `end`, got end of input"),
        ("1\n5 2\n4\nnext\n", "line 4: expected `end`, got \"next\""),
        (
            "2\n5 2\n4\nend\n",
            "line 5: expected a position `n k` or `n k p`, got end of input",
        ),
        (
            "1\n1000000000000000000 1000000\n",
            "line 2: k = 1000000/1 with n = 1000000000000000000 needs more than",
        ),
    ] {
        let r = play_script(script);
        assert_eq!(r.code, Some(1), "{script:?}: stderr {:?}", r.stderr);
        let lines: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{script:?}: stderr {:?}", r.stderr);
        assert!(
            lines[0].starts_with("subtraction: line "),
            "{script:?}: {:?}",
            lines[0]
        );
        assert!(
            lines[0].contains(needle),
            "{script:?}: {:?} lacks {needle:?}",
            lines[0]
        );
    }
}

/// Lines from the referee may end in CR LF.
#[test]
fn crlf_lines_are_accepted() {
    let r = play_script("1\r\n5 2\r\n4\r\nend\r\n");
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "second\n1\n", "")
    );
}

/// Bytes that are not UTF-8 from the referee are garbage like any other: one line, exit 1.
#[test]
fn non_utf8_lines_are_rejected() {
    for (script, needle) in [
        (&b"1\n5 2\n\xff\n"[..], "line 3: move"),
        (b"1\n5 \xff\n", "line 2: k"),
    ] {
        let r = common::run_with_args("subtraction", &["--play"], script.to_vec());
        assert_eq!(r.code, Some(1), "{script:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{:?}", r.stderr);
        assert!(
            r.stderr.contains(needle) && r.stderr.contains("is not a plain decimal number"),
            "{:?}",
            r.stderr
        );
    }
    // The header is not a number either: shown escaped.
    let r = common::run_with_args("subtraction", &["--play"], b"\xc3\x28\n".to_vec());
    assert_eq!(r.code, Some(1));
    assert!(
        r.stderr.contains("line 1: expected the header `play R`"),
        "{:?}",
        r.stderr
    );
}
