//! The library pieces under the checkers: the token stream and the comparison of a truncated
//! output.

use combgames_core::checker::{compare_tokens, TokenKind, TokenStream, Verdict};

#[test]
fn token_stream_counts_lines_and_tokens_over_any_bytes() {
    let mut stream = TokenStream::new(b"  YES\r\n1 \xff2\n\n\t 3\x0b4 ");
    let mut got = Vec::new();
    while let Some(t) = stream.next_token() {
        got.push((t.line, t.index, t.bytes.to_vec()));
    }
    let want: Vec<(usize, usize, Vec<u8>)> = vec![
        (1, 1, b"YES".to_vec()),
        (2, 1, b"1".to_vec()),
        (2, 2, b"\xff2".to_vec()),
        // testlib's blanks are space, tab, CR and LF: a vertical tab is part of a token.
        (4, 1, b"3\x0b4".to_vec()),
    ];
    assert_eq!(got, want);
    assert!(stream.at_end());
}

#[test]
fn a_truncated_output_is_judged_on_its_complete_tokens() {
    const SHAPE: &[TokenKind] = &[TokenKind::OneOf(&["A", "B"])];
    let answer = b"A\nB\nA\n";
    // Cut inside line 3: lines 1 and 2 are right, so the size decides.
    let out = compare_tokens(answer, b"A\nB\nA", true, SHAPE);
    assert_eq!(out.verdict, Verdict::Pe, "{out}");
    assert!(out.message.contains("line 3: output too large"), "{out}");
    // Line 2 is complete and wrong: that decides.
    let out = compare_tokens(answer, b"A\nA\nxxxx", true, SHAPE);
    assert_eq!(out.verdict, Verdict::Wa, "{out}");
    // The same bytes, not truncated: line 3 is malformed.
    let out = compare_tokens(answer, b"A\nB\nxxxx", false, SHAPE);
    assert_eq!(out.verdict, Verdict::Pe, "{out}");
    assert!(out.message.contains("line 3 token 1"), "{out}");
}
