//! What a cross-game test knows of a game beyond the registry: its folder's data,
//! `games/<g>/tests/data/` (each a tab-separated file whose lines start with their problem's name,
//! `#` lines comments), and its samples, `samples/<problem>/`. A test that plays "some game"
//! takes [`a_game`](crate::a_game) and asks here for what it needs of it.

use std::path::PathBuf;

/// The data lines of `file` of every game folder that has one ([`crate::games_data`]), each
/// split at its tabs: comments and blank lines dropped.
pub fn rows(file: &str) -> Vec<Vec<String>> {
    crate::games_data(file)
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

/// The data lines of `file` about `problem` (their first field).
pub fn rows_of(file: &str, problem: &str) -> Vec<Vec<String>> {
    rows(file).into_iter().filter(|r| r[0] == problem).collect()
}

/// `\n`, `\r`, `\t`, `\\`, `\xHH` (ASCII) and `\u{H...}` in a data field as the
/// characters they stand for.
pub fn unescape(field: &str) -> String {
    let mut out = String::new();
    let mut chars = field.chars();
    let bad = |what: &str| -> ! { panic!("a bad escape {what} in {field:?}") };
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                match u8::from_str_radix(&hex, 16) {
                    Ok(b) if b.is_ascii() => out.push(char::from(b)),
                    _ => bad(&format!("\\x{hex}")),
                }
            }
            Some('u') => {
                let code: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let c = code
                    .strip_prefix('{')
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .and_then(char::from_u32);
                out.push(c.unwrap_or_else(|| bad(&format!("\\u{code}}}"))));
            }
            other => bad(&format!("\\{other:?}")),
        }
    }
    out
}

/// A sample of `samples/<problem>/`: its name and its two files.
pub struct Sample {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
}

/// Every sample of `problem`, by name.
pub fn samples(problem: &str) -> Vec<Sample> {
    let dir = crate::root().join("samples").join(problem);
    let mut found: Vec<Sample> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".in")?.to_owned();
            Some(Sample {
                input: dir.join(&name),
                answer: dir.join(format!("{stem}.out")),
                name: stem,
            })
        })
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

/// Whether the sample `name` of `problem` is within the statement's limits and format, so
/// that `referee judge` judges it by default: its class in the folder's
/// validator-samples.tsv is `judge`.
pub fn within_statement(problem: &str, name: &str) -> bool {
    let class = rows_of("validator-samples.tsv", problem)
        .into_iter()
        .find(|r| r[1] == name)
        .unwrap_or_else(|| panic!("{problem}: sample {name} not in validator-samples.tsv"));
    class[2] == "judge"
}

/// The first sample of `problem` that `referee judge` judges by default.
pub fn judged_sample(problem: &str) -> Sample {
    samples(problem)
        .into_iter()
        .find(|s| within_statement(problem, &s.name))
        .unwrap_or_else(|| panic!("{problem}: no sample within the statement"))
}

/// A smallest input of a problem (the shrinker has nothing smaller to try), its answer, and
/// an output that is well-formed and wrong: the folder's smallest.tsv (problem, input,
/// answer, wrong output, what the checker's reason says; `\n` escaped).
pub struct Smallest {
    pub input: String,
    pub answer: String,
    pub wrong: String,
    pub reason: String,
}

/// `problem`'s line of smallest.tsv; a game folder without one fails the test, saying so.
pub fn smallest(problem: &str) -> Smallest {
    let rows = rows_of("smallest.tsv", problem);
    let [row] = &rows[..] else {
        panic!("{problem}: add one line to games/<g>/tests/data/smallest.tsv (found {rows:?})")
    };
    Smallest {
        input: unescape(&row[1]),
        answer: unescape(&row[2]),
        wrong: unescape(&row[3]),
        reason: unescape(&row[4]),
    }
}
