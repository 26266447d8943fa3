// A part of solutions/src/pawns.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------
// Judge mode

/// A malformed-input report: the line it is on and what is wrong.
struct InputError {
    line: usize,
    what: String,
}

fn input_error(line: usize, what: impl Into<String>) -> InputError {
    InputError {
        line,
        what: what.into(),
    }
}

/// Parses a decimal integer in 1..=max; `name` says what it is in error messages.
fn parse_count(token: &[u8], line: usize, name: &str, max: u64) -> Result<u64, InputError> {
    if token.first() == Some(&b'-') && token.len() > 1 && token[1..].iter().all(u8::is_ascii_digit)
    {
        return Err(input_error(
            line,
            format!("{name} must be positive, got {}", shown(token)),
        ));
    }
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return Err(input_error(
            line,
            format!("{name} must be a decimal integer, got `{}`", shown(token)),
        ));
    }
    let mut value: u64 = 0;
    for &d in token {
        value = match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d - b'0')))
        {
            Some(v) if v <= max => v,
            _ => {
                return Err(input_error(
                    line,
                    format!("{name} = {} exceeds {max}", shown(token)),
                ))
            }
        };
    }
    if value == 0 {
        return Err(input_error(
            line,
            format!("{name} must be at least 1, got {}", shown(token)),
        ));
    }
    Ok(value)
}

/// The judge answer for the whole input: one N, one line.
fn judge(input: &[u8]) -> Result<String, InputError> {
    // N and, if present, the first unexpected token after it (nothing more is read: a long
    // tail of junk costs no memory beyond the input itself).
    let mut tokens = Tokens::new(input);
    let (token, line) = tokens
        .next()
        .ok_or_else(|| input_error(tokens.line(), "expected N, got end of input"))?;
    let n = parse_count(token, line, "N", MAX_N)?;
    if let Some((extra, extra_line)) = tokens.next() {
        return Err(input_error(
            extra_line,
            format!(
                "unexpected `{}` after N (the input is one integer)",
                shown(extra)
            ),
        ));
    }
    Ok(if white_wins(n) { "White\n" } else { "Black\n" }.to_owned())
}
