//! The one way bytes from outside (a solution's output, an input file, a token) are shown as
//! text on one line: [`escape`] for transcripts (valid UTF-8 kept, so a session reads as it
//! was written) and [`head`] for messages (ASCII only, cut short). Std only: the validators and
//! checkers are bundled into judge packages with it.

/// Shows bytes as text: printable ASCII as is, valid UTF-8 as is, the rest as `\xNN`.
pub fn escape(bytes: &[u8]) -> String {
    let mut s = String::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        // The longest valid prefix, then the invalid bytes after it (at most 3 of them).
        let (valid, invalid) = match std::str::from_utf8(rest) {
            Ok(text) => (text, &rest[rest.len()..]),
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                let bad_len = e.error_len().unwrap_or(bad.len());
                (std::str::from_utf8(good).unwrap_or(""), &bad[..bad_len])
            }
        };
        for c in valid.chars() {
            if c.is_control() || c == '\\' {
                s.push_str(&c.escape_default().to_string());
            } else {
                s.push(c);
            }
        }
        for b in invalid {
            s.push_str(&format!("\\x{b:02x}"));
        }
        rest = &rest[valid.len() + invalid.len()..];
    }
    s
}

/// Bytes for a one-line message: printable ASCII as is, anything else escaped (`\xff`, `\t`,
/// `\"`), cut after `limit` bytes with `...` appended.
pub fn head(bytes: &[u8], limit: usize) -> String {
    let shown = bytes[..bytes.len().min(limit)].escape_ascii().to_string();
    if bytes.len() > limit {
        shown + "..."
    } else {
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_non_utf8_and_controls() {
        assert_eq!(escape(b"5 2"), "5 2");
        assert_eq!(escape(b"a\xffb\tc"), "a\\xffb\\tc");
        // Valid multi-byte text kept, a truncated sequence at the end shown byte by byte.
        assert_eq!(escape(b"\xc3\xa9\xe2\x82"), "é\\xe2\\x82");
    }

    #[test]
    fn heads_are_ascii_and_cut() {
        assert_eq!(head(b"5 2", 3), "5 2");
        assert_eq!(head(b"a\xff\"\n", 10), "a\\xff\\\"\\n");
        assert_eq!(head(b"abcdef", 4), "abcd...");
    }
}
