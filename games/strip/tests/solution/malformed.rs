//! Malformed input.

use crate::common;
use common::{assert_rejects, run};

#[test]
fn tictactoe_rejects_malformed_input() {
    let cases = [
        (
            "",
            "line 1: expected the number of strips T, got the end of input",
        ),
        (
            "x\n...\n",
            "line 1: expected the number of strips T, got 'x'",
        ),
        ("-1\n", "line 1: expected the number of strips T, got '-'"),
        ("99999999999999999999\n", "line 1: T is too large"),
        ("2x\n...\nX..\n", "line 1: unexpected 'x' after T"),
        ("2\n...\n", "line 3: expected 2 strips, got 1 (input ends)"),
        (
            "3\n...\n\n.X.\n",
            "line 5: expected 3 strips, got 2 (input ends)",
        ),
        ("1\n \t\r\n", "line 3: expected 1 strip, got 0 (input ends)"),
        (
            "1\n...\n...\n",
            "line 3: unexpected '.' after the last strip (T = 1)",
        ),
        ("2\n.X.\n.XX\n", "line 3: 'XX' at columns 2-3"),
        ("1\nO.OO\n", "line 2: 'OO' at columns 3-4"),
        ("1\n  X.x\n", "line 2: 'x' at column 5 is not a cell"),
        ("1\n.0.\n", "line 2: '0' at column 2 is not a cell"),
        ("1\nX. .\n", "line 2: unexpected '.' after the last strip"),
        (
            "1\nX.\t.\r\n",
            "line 2: unexpected '.' after the last strip",
        ),
        ("1\nX.\r.\n", "line 3: unexpected '.' after the last strip"),
        // Lines end at LF, CRLF and a bare CR alike; joined strips count columns on.
        ("2\r.X.\r\r.XX\r", "line 4: 'XX' at columns 2-3"),
        ("2\r\n.X.\r\n\r\n.XX\r\n", "line 4: 'XX' at columns 2-3"),
        ("2 .X. .XX", "line 1: 'XX' at columns 8-9"),
        ("2\r\r.X.\r.#X", "line 4: '#' at column 2 is not a cell"),
        (
            "1\n.\u{e9}\n",
            "line 2: byte 0xc3 at column 2 is not a cell",
        ),
        ("1\n.\0\n", "line 2: byte 0x00 at column 2 is not a cell"),
    ];
    for (input, needle) in cases {
        let line = assert_rejects("tictactoe", input, needle);
        assert!(line.starts_with("tictactoe: line "), "{line}");
    }
}

#[test]
fn coloring_rejects_malformed_input() {
    let cases = [
        (
            "",
            "line 1: expected the number of vertices N, got the end of input",
        ),
        (
            "a\n0\n",
            "line 1: expected the number of vertices N, got 'a'",
        ),
        ("0\n\n", "line 1: N must be at least 1"),
        ("18446744073709551616\n0\n", "line 1: N is too large"),
        ("5x\n00100\n", "line 1: unexpected 'x' after N"),
        (
            "5\n",
            "line 2: expected 5 digits after N, got the end of input",
        ),
        (
            "5\n\n \r\n",
            "line 4: expected 5 digits after N, got the end of input",
        ),
        ("5\n0010\n", "line 2: expected 5 digits, got 4"),
        ("5\n001000\n", "line 2: expected 5 digits, got 6"),
        ("5\n001\n00\n", "line 2: expected 5 digits, got 3"),
        (
            "5\n00100\n1\n",
            "line 3: unexpected '1' after the digit string",
        ),
        ("5\n001 00\n", "line 2: expected 5 digits, got 3"),
        (
            "5\n00100 \t0\n",
            "line 2: unexpected '0' after the digit string",
        ),
        // Lines end at LF, CRLF and a bare CR alike; a joined record counts columns on.
        ("5\r\r00300\r", "line 3: '3' at column 3"),
        ("5\r\n\r\n0010\r\n", "line 3: expected 5 digits, got 4"),
        ("5 00300", "line 1: '3' at column 5"),
        ("5\n00110\n", "line 2: vertices 3 and 4 are both coloured 1"),
        (
            "4\n  2200\n",
            "line 2: vertices 1 and 2 are both coloured 2",
        ),
        (
            "5\n00300\n",
            "line 2: '3' at column 3 is not a digit 0, 1 or 2",
        ),
        (
            "5\n0010X\n",
            "line 2: 'X' at column 5 is not a digit 0, 1 or 2",
        ),
        ("3\n0\u{0}0\n", "line 2: byte 0x00 at column 2"),
    ];
    for (input, needle) in cases {
        let line = assert_rejects("coloring", input, needle);
        assert!(line.starts_with("coloring: line "), "{line}");
    }
}

/// What the formats tolerate: any whitespace between tokens (blank lines anywhere, LF, CRLF or
/// bare CR line ends, records joined on one line), no final newline.
#[test]
fn whitespace_the_formats_tolerate() {
    for input in [
        "5\n00100\n",
        "\r\n 5 \r\n\t00100\t\r\n\r\n  \n",
        "5\n00100",
        // A record joined on one line, blank lines anywhere, bare CR, VT and FF.
        "5 00100",
        "\n\n5\n\n\n00100\n\n",
        "5\r\r00100\r",
        "5\x0b00100\x0c",
    ] {
        let r = run("coloring", input);
        assert_eq!(
            (r.stdout.as_str(), r.code),
            ("SECOND\n", Some(0)),
            "{input:?}: {}",
            r.stderr
        );
    }
    for input in [
        "2\n.X.\nX.O\n",
        "\n2\r\n .X. \r\nX.O",
        "2\n.X.\t\nX.O\n\n\n",
        // Strips joined on one line, blank lines anywhere, bare CR, VT and FF.
        "2 .X. X.O",
        "\n\n2\n\n.X.\n\nX.O\n\n",
        "2\r.X.\r\rX.O\r",
        "2\x0b.X.\x0cX.O",
    ] {
        let r = run("tictactoe", input);
        assert_eq!(
            (r.stdout.as_str(), r.code),
            ("Possible.\nImpossible.\n", Some(0)),
            "{input:?}: {}",
            r.stderr
        );
    }
    // T = 0 is out of range (T counts at least one strip), refused like coloring's N = 0
    // (tests/solutions/small_faults.rs).
    common::command("tictactoe")
        .write_stdin("0\n")
        .assert()
        .code(1)
        .stdout("");
}

#[test]
fn help_goes_to_stdout() {
    for bin in ["tictactoe", "coloring"] {
        for flag in ["--help", "-h"] {
            common::command(bin)
                .arg(flag)
                .assert()
                .code(0)
                .stdout(predicates::str::starts_with(format!("usage: {bin}")));
        }
        common::command(bin)
            .arg("--frobnicate")
            .write_stdin("1\n1\n")
            .assert()
            .code(1)
            .stdout(predicates::str::is_empty());
    }
}

/// Answers into a pipe whose reader is gone (100000 strips: larger than a pipe's buffer): no
/// message, exit 0.
#[test]
fn answers_into_a_closed_pipe_end_quietly() {
    let solution = std::path::PathBuf::from(common::bin("tictactoe"));
    let strips = format!("100000\n{}", "...\n".repeat(100_000));
    let out = common::into_a_closed_pipe(&solution, &[], strips.as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
