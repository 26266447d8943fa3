// A part of solutions/src/impartial.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------------
// The values table

const VALUES_USAGE: &str =
    "usage: impartial --values SPEC [--from A] --to N [--mask auto|none|HEX|HEX:heap]";

/// `--mask`: auto (chosen from a prefix), none (the plain loop), or a mask in hexadecimal.
fn parse_mask(text: &str) -> Result<MaskChoice, String> {
    match text {
        "auto" => Ok(MaskChoice::Auto),
        "none" => Ok(MaskChoice::Plain),
        _ => {
            let (hex, by_heap) = match text.strip_suffix(":heap") {
                Some(hex) => (hex, true),
                None => (text, false),
            };
            let digits = hex.strip_prefix("0x").unwrap_or(hex);
            match u16::from_str_radix(digits, 16) {
                Ok(m) if m > 0 && !digits.starts_with('+') => {
                    Ok(MaskChoice::Given(usize::from(m), by_heap))
                }
                _ => Err(format!(
                    "mask {} is not auto, none, or a hexadecimal number from 1 to ffff with or without :heap",
                    show(text.as_bytes())
                )),
            }
        }
    }
}

/// Appends the decimal digits of v.
fn push_number(buf: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

fn values_table(args: &[String]) -> Result<(), String> {
    let Some((spec_text, mut rest)) = args.split_first() else {
        return Err(VALUES_USAGE.into());
    };
    let (mut from, mut to, mut choice) = (None, None, MaskChoice::Auto);
    while let [flag, value, tail @ ..] = rest {
        match flag.as_str() {
            "--from" if from.is_none() => from = Some(parse_number(value, "A")?),
            "--to" if to.is_none() => to = Some(parse_number(value, "N")?),
            "--mask" => choice = parse_mask(value)?,
            _ => return Err(VALUES_USAGE.into()),
        }
        rest = tail;
    }
    let (Some(n), []) = (to, rest) else {
        return Err(VALUES_USAGE.into());
    };
    let start = from.unwrap_or(0);
    if n > MAX_PERIODIC_HEAP {
        return Err(format!("N = {n} is above {MAX_PERIODIC_HEAP}"));
    }
    if start > n {
        return Err(format!("--from {start} is above --to {n}"));
    }
    if n - start >= MAX_WINDOW {
        return Err(format!(
            "more than {MAX_WINDOW} lines asked (--from {start} --to {n})"
        ));
    }
    let spec = parse_spec(spec_text)?;
    if spec.misere {
        return Err("--values gives normal-play values; drop `misere`".into());
    }
    let mut values = Values::with_mask(&spec.game, choice);
    if n < MAX_TABLE {
        values.ensure(n)?;
    } else {
        // Beyond the largest table only a period proven within the first 10^6 values answers.
        if matches!(
            spec.game,
            Game::Octal(_) | Game::Subtraction(_) | Game::Queue
        ) {
            values.ensure(MAX_HEAP)?;
        }
        if !values.knows(n) {
            return Err(format!(
                "N = {n} is above {} and no period is proven within the first {MAX_HEAP} values",
                MAX_TABLE - 1
            ));
        }
    }
    // Look for a proof past N too, within a budget that stays cheap.
    if values.period.is_none() && values.proof == Proof::None {
        let budget = match &spec.game {
            Game::Grundy | Game::Periodic { .. } => 0,
            // A three-heap split's options grow as n²: 2^13 values of 0.8 take 18 s.
            Game::Octal(d) if d.iter().any(|&x| x & 8 != 0) => 1 << 10,
            _ if has_split(&spec.game) => 1 << 13,
            _ => 1 << 20,
        };
        if budget > n {
            values.ensure(budget)?;
        }
    }
    let (pre, per) = match (values.proof, values.period) {
        (Proof::ClosedForm, _) if spec.game == Game::Nim => ("0".into(), "none".into()),
        (Proof::ClosedForm, _) => ("1".into(), "none".into()),
        (_, Some((n0, p))) => (n0.to_string(), p.to_string()),
        _ => ("unknown".into(), "unknown".into()),
    };
    let checked = match values.game {
        Game::Nim | Game::Lasker => "formula".to_string(),
        _ => values.len().saturating_sub(1).to_string(),
    };
    let rare = match values.rare_stats() {
        Some((mask, count, last)) => format!("mask={} rare={count} last-rare={last}", mask.name()),
        None => "mask=none rare=none last-rare=none".into(),
    };
    let largest = values
        .largest()
        .map_or_else(|| "none".to_string(), |v| v.to_string());
    let window = from.map_or_else(String::new, |a| format!(" from={a}"));
    let mut buf = format!(
        "# spec={}{window} to={n} preperiod={pre} period={per} proof={} checked-to={checked} {rare} largest={largest}\n",
        spec_text.split_whitespace().collect::<Vec<_>>().join(""),
        values.proof.name()
    )
    .into_bytes();
    // Written as it goes: the table is never held as text.
    let mut stdout = std::io::stdout().lock();
    let write = |out: &mut std::io::StdoutLock, buf: &[u8]| cli::write(out, buf);
    for i in start..=n {
        push_number(&mut buf, i);
        buf.push(b' ');
        push_number(&mut buf, values.value(i));
        buf.push(b'\n');
        if buf.len() >= 1 << 16 {
            write(&mut stdout, &buf)?;
            buf.clear();
        }
    }
    write(&mut stdout, &buf)?;
    stdout.flush().map_err(cli::write_error)
}

// ---------------------------------------------------------------------------------------------
// The genus table

const GENUS_USAGE: &str = "usage: impartial --genus SPEC --to N";
/// `--genus`: the largest N (games with splits: their options grow with the heap).
const MAX_GENUS: u64 = 100_000;
const MAX_GENUS_SPLIT: u64 = 4096;
/// Multisets the genus recursion visits for sums holding a wild heap, at most.
const GENUS_BUDGET: usize = 200_000;

fn genus_table(args: &[String]) -> Result<(), String> {
    let (spec, to) = match args {
        [spec, flag, to] if flag == "--to" => (spec, to),
        _ => return Err(GENUS_USAGE.into()),
    };
    let spec = parse_spec(spec)?;
    let to = parse_number(to, "N")?;
    let max = if has_split(&spec.game) {
        MAX_GENUS_SPLIT
    } else {
        MAX_GENUS
    };
    if to > max {
        return Err(format!(
            "--genus takes N up to {max} for this game, got {to}"
        ));
    }
    let (genera, kinds) = misere::genera(&spec.game, to, GENUS_BUDGET).map_err(|n| {
        format!(
            "the genus of heap {n} needs the genus of a sum holding a wild heap beyond the search's {GENUS_BUDGET} positions (--to {} is answered)",
            n.saturating_sub(1)
        )
    })?;
    let first_wild = kinds.iter().position(|&k| k == misere::WILD);
    let mut text = format!(
        "# spec={} to={to} first-wild={}\n",
        args[0].trim(),
        first_wild.map_or("none".into(), |n| n.to_string())
    );
    for (n, (genus, &kind)) in genera.iter().zip(&kinds).enumerate() {
        let word = if kind == misere::WILD { "wild" } else { "tame" };
        text.push_str(&format!("{n} {} {word}\n", genus.text()));
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}

// ---------------------------------------------------------------------------------------------
// The misère quotient

const QUOTIENT_USAGE: &str = "usage: impartial --quotient SPEC [--to N] [--proof checks]";
/// `--quotient`: heaps 0..N, N by default and at most.
const QUOTIENT_TO: u64 = 12;
const MAX_QUOTIENT_TO: u64 = 255;
/// The multiplication table is printed up to this order.
const QUOTIENT_TABLE: usize = 64;

fn quotient_failure(failure: quotient::Failure, to: u64) -> String {
    let b = &quotient::BOUNDS;
    match failure {
        quotient::Failure::Bound(what) => format!(
            "no misère quotient of heaps 0 to {to} found within the bound of {what}"
        ),
        quotient::Failure::Unproven => format!(
            "no misère quotient of heaps 0 to {to} found: no candidate from test positions of up to {} tokens passed the proof",
            b.tokens
        ),
    }
}

fn quotient_table(args: &[String]) -> Result<(), String> {
    let (args, theorem) = match args {
        [rest @ .., flag, by] if flag == "--proof" && by == "checks" => (rest, false),
        _ => (args, true),
    };
    let (spec_text, to) = match args {
        [spec] => (spec, QUOTIENT_TO),
        [spec, flag, to] if flag == "--to" => (spec, parse_number(to, "N")?),
        _ => return Err(QUOTIENT_USAGE.into()),
    };
    let spec = parse_spec(spec_text)?;
    if to > MAX_QUOTIENT_TO {
        return Err(format!(
            "--quotient takes N up to {MAX_QUOTIENT_TO}, got {to}"
        ));
    }
    let mut q = quotient::Quotient::compute(&spec.game, to, &quotient::BOUNDS)
        .map_err(|f| quotient_failure(f, to))?;
    q.prove_period(&spec.game, theorem, &quotient::BOUNDS)
        .map_err(|f| quotient_failure(f, to))?;
    let names = q.names();
    let order = q.order();
    let p: Vec<&str> = (0..order)
        .filter(|&e| q.p[e])
        .map(|e| names.names[e].as_str())
        .collect();
    let mut text = format!(
        "# spec={} to={to} order={order} P-portion={} tests={} period={} proof={}\n",
        spec_text.trim(),
        p.len(),
        q.tokens,
        q.period
            .map_or("none".into(), |(n0, p)| format!("{p}-from-{n0}-proven")),
        match q.proof {
            quotient::Proof::Theorem => "periodicity-theorem",
            quotient::Proof::Checks => "checks",
            quotient::Proof::None => "none",
        }
    );
    let gens: Vec<String> = names
        .generators
        .iter()
        .map(|(c, h)| format!("{c}={h}"))
        .collect();
    text.push_str(&format!("generators {}\n", gens.join(" ")));
    text.push_str(&format!("elements {}\n", names.names.join(" ")));
    text.push_str(&format!("P {}\n", p.join(" ")));
    let heaps: Vec<&str> = q
        .heap
        .iter()
        .map(|&e| names.names[e as usize].as_str())
        .collect();
    text.push_str(&format!("heaps {}\n", heaps.join(" ")));
    if order <= QUOTIENT_TABLE {
        for (a, row) in q.mul.iter().enumerate() {
            let cells: Vec<&str> = row
                .iter()
                .map(|&e| names.names[e as usize].as_str())
                .collect();
            text.push_str(&format!("{} * {}\n", names.names[a], cells.join(" ")));
        }
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}
