// A part of solutions/src/impartial.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------------
// The spec

#[derive(Clone, Debug, PartialEq, Eq)]
enum Game {
    /// digits[k] for k = 0..=t: what removing k tokens may leave (bits 1, 2, 4, 8).
    Octal(Vec<u8>),
    /// A finite subtraction set, increasing.
    Subtraction(Vec<u64>),
    /// Every s ≥ 1 with s mod modulus among the residues.
    Periodic {
        modulus: u64,
        residues: Vec<u64>,
    },
    Nim,
    Lasker,
    Grundy,
    Queue,
}

#[derive(Clone, Debug)]
struct Spec {
    game: Game,
    misere: bool,
}

fn parse_spec(line: &str) -> Result<Spec, String> {
    let text = line.trim();
    let (misere, rest) = match text
        .strip_prefix("misere")
        .or_else(|| text.strip_prefix("misère"))
    {
        Some(rest) if rest.starts_with(|c: char| c.is_whitespace()) => (true, rest),
        _ => (false, text),
    };
    let game: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    let game = match game.as_str() {
        "" => return Err("the spec line names no game".into()),
        "nim" => Game::Nim,
        "lasker" => Game::Lasker,
        "grundy" => Game::Grundy,
        "queue" => Game::Queue,
        "kayles" => parse_code("0.77")?,
        "dawson-kayles" => parse_code("0.07")?,
        "dawson-chess" => parse_code("0.137")?,
        g if g.starts_with('{') => parse_set(g)?,
        g if g.contains('.') => parse_code(g)?,
        g => return Err(format!("unknown game {}", show(g.as_bytes()))),
    };
    Ok(Spec { game, misere })
}

fn parse_code(code: &str) -> Result<Game, String> {
    let bad = || format!("bad octal/hex code {}", show(code.as_bytes()));
    let (head, tail) = code.split_once('.').ok_or_else(bad)?;
    let d0 = match head {
        "" => 0,
        h if h.len() == 1 => h
            .chars()
            .next()
            .and_then(|c| c.to_digit(16))
            .ok_or_else(bad)? as u8,
        _ => return Err(bad()),
    };
    if d0 & 3 != 0 {
        return Err(format!(
            "{}: digit 0 may only have bits 4 and 8 (bits 1 and 2 would remove nothing)",
            show(code.as_bytes())
        ));
    }
    let mut digits = vec![d0];
    for c in tail.chars() {
        digits.push(c.to_digit(16).ok_or_else(bad)? as u8);
    }
    while digits.len() > 1 && digits[digits.len() - 1] == 0 {
        digits.pop();
    }
    if digits.len() < 2 {
        return Err(format!(
            "{}: no digit after the point is non-zero",
            show(code.as_bytes())
        ));
    }
    if digits.len() > 9 {
        return Err(format!(
            "{}: more than 8 digits after the point",
            show(code.as_bytes())
        ));
    }
    Ok(Game::Octal(digits))
}

fn parse_number(text: &str, what: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 19 {
        return Err(format!("{what} {} is not a number", show(text.as_bytes())));
    }
    Ok(text.parse().unwrap_or(u64::MAX))
}

/// Members `a` or ranges `a..b`, comma-separated.
fn parse_members(list: &str, what: &str) -> Result<Vec<u64>, String> {
    let mut members = Vec::new();
    for item in list.split(',') {
        let (lo, hi) = match item.split_once("..") {
            Some((a, b)) => (parse_number(a, what)?, parse_number(b, what)?),
            None => {
                let a = parse_number(item, what)?;
                (a, a)
            }
        };
        if lo > hi {
            return Err(format!("empty range {item} in the set"));
        }
        if hi - lo >= MAX_SET as u64 {
            return Err(format!("range {item} too long (at most {MAX_SET} members)"));
        }
        members.extend(lo..=hi);
        if members.len() > MAX_SET {
            return Err(format!("more than {MAX_SET} members in the set"));
        }
    }
    members.sort_unstable();
    members.dedup();
    Ok(members)
}

fn parse_set(set: &str) -> Result<Game, String> {
    let inner = set
        .strip_prefix('{')
        .and_then(|s| s.strip_suffix('}'))
        .ok_or_else(|| {
            format!(
                "a set must be written {{...}}, got {}",
                show(set.as_bytes())
            )
        })?;
    if let Some((residues, modulus)) = inner.split_once("mod") {
        let modulus = parse_number(modulus, "modulus")?;
        if modulus == 0 || modulus > MAX_MODULUS {
            return Err(format!("modulus {modulus} is not in 1 to {MAX_MODULUS}"));
        }
        let residues = parse_members(residues, "residue")?;
        if let Some(r) = residues.iter().find(|&&r| r >= modulus) {
            return Err(format!("residue {r} is not below the modulus {modulus}"));
        }
        return Ok(Game::Periodic { modulus, residues });
    }
    let members = parse_members(inner, "member")?;
    if members.first() == Some(&0) {
        return Err("a subtraction set member must be positive".into());
    }
    if let Some(m) = members.iter().find(|&&m| m > MAX_HEAP) {
        return Err(format!("set member {m} is above {MAX_HEAP}"));
    }
    Ok(Game::Subtraction(members))
}
