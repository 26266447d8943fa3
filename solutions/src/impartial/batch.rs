// A part of solutions/src/impartial.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------------
// Batch mode

/// Splits off the first non-blank line: (its text, its 1-based line number, the rest).
fn spec_line(data: &[u8]) -> Result<(String, usize, &[u8]), String> {
    let mut line = 1;
    let mut pos = 0;
    loop {
        let start = pos;
        while pos < data.len() && data[pos] != b'\n' && data[pos] != b'\r' {
            pos += 1;
        }
        let text = &data[start..pos];
        let end = if data.get(pos) == Some(&b'\r') && data.get(pos + 1) == Some(&b'\n') {
            pos + 2
        } else {
            (pos + 1).min(data.len())
        };
        if text.iter().any(|&b| !tokens::is_space(b)) {
            let text = std::str::from_utf8(text)
                .map_err(|_| format!("line {line}: the spec line is not UTF-8"))?;
            return Ok((text.to_string(), line, &data[end..]));
        }
        if pos >= data.len() {
            return Err(format!(
                "line {line}: expected the spec line, got end of input"
            ));
        }
        pos = end;
        line += 1;
    }
}

fn read_number(tokens: &mut Tokens, offset: usize, what: &str, max: u64) -> Result<u64, String> {
    let Some((tok, line)) = tokens.next() else {
        return Err(format!(
            "line {}: expected {what}, got end of input",
            offset + tokens.last_line()
        ));
    };
    match protocol::number(tok) {
        Some(v) if v <= max => Ok(v),
        _ => Err(format!(
            "line {}: {what} must be a number from 0 to {max}, got {}",
            offset + line,
            show(tok)
        )),
    }
}

fn judge(data: &[u8]) -> Result<String, String> {
    let (spec_text, spec_at, rest) = spec_line(data)?;
    let spec = parse_spec(&spec_text).map_err(|e| format!("line {spec_at}: {e}"))?;
    let offset = spec_at;
    let mut tokens = Tokens::new(rest);
    let t = read_number(&mut tokens, offset, "T", MAX_T)?;
    let mut solver = Solver::new(spec);
    let mut positions = Vec::new();
    let mut lines = Vec::new();
    for _ in 0..t {
        let k = read_number(&mut tokens, offset, "k", MAX_K)?;
        if k == 0 {
            return Err(format!(
                "line {}: a position has at least one heap",
                offset + tokens.last_line()
            ));
        }
        let mut heaps = Vec::new();
        for _ in 0..k {
            heaps.push(read_number(
                &mut tokens,
                offset,
                "a heap",
                MAX_PERIODIC_HEAP,
            )?);
        }
        let line = offset + tokens.last_line();
        heaps.retain(|&h| h > 0);
        solver
            .check(&heaps)
            .map_err(|e| format!("line {line}: {e}"))?;
        positions.push(heaps);
        lines.push(line);
    }
    if let Some((tok, line)) = tokens.next() {
        return Err(format!(
            "line {}: unexpected {} after position {t}, the last",
            offset + line,
            show(tok)
        ));
    }
    let max = positions.iter().flatten().copied().max().unwrap_or(0);
    if let Err(e) = solver.prepare(max) {
        // The line of the first position holding the largest heap.
        let at = positions.iter().position(|p| p.contains(&max)).unwrap_or(0);
        return Err(format!("line {}: {e}", lines[at]));
    }
    solver.quotient_for(&positions);
    for (heaps, line) in positions.iter().zip(&lines) {
        solver
            .misere_check(heaps)
            .map_err(|e| format!("line {line}: {e}"))?;
    }
    let mut out = String::new();
    for heaps in &positions {
        out.push_str(&answer_text(&solver.solve(heaps)));
        out.push('\n');
    }
    Ok(out)
}
