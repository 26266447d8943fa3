//! Smaller inputs of the tictactoe and coloring problems' format, for `referee judge`'s shrinking (the shared
//! reductions and the contract: [`combgames_core::shrink`]).

use combgames_core::shrink::*;

/// `T`, then T strips: fewer strips, then shorter strips, then fewer marks.
pub fn tictactoe(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let t = number(tokens.next())? as usize;
    let strips: Vec<Vec<u8>> = tokens.map(|s| s.as_bytes().to_vec()).collect();
    if strips.len() != t {
        return None;
    }
    let render = |strips: &[Vec<u8>]| {
        lines(
            std::iter::once(strips.len().to_string()).chain(
                strips
                    .iter()
                    .map(|s| String::from_utf8_lossy(s).into_owned()),
            ),
        )
    };
    cases_then_values(
        &strips,
        |s, emit| each(smaller_strips(s, b'.'), emit),
        render,
        out,
    );
    Some(())
}

/// `N`, then N digits: a shorter colouring (N follows), then fewer coloured vertices.
pub fn coloring(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let n = number(tokens.next())? as usize;
    let digits: Vec<u8> = tokens.flat_map(|t| t.bytes()).collect();
    if digits.len() != n {
        return None;
    }
    for shorter in smaller_strips(&digits, b'0') {
        if out.full() {
            break;
        }
        out.push(lines([
            shorter.len().to_string(),
            String::from_utf8_lossy(&shorter).into_owned(),
        ]));
    }
    Some(())
}
