//! Smaller inputs of the knights problem's format, for `referee judge`'s shrinking (the shared
//! reductions and the contract: [`combgames_core::shrink`]).

use combgames_core::shrink::*;

/// `K N`, then K knights `x y`: fewer knights; then the board cut on its far sides (N down to
/// the largest coordinate) or on its near sides (every knight moved towards square (1, 1) and
/// N with them, so each keeps its distance to the far edges); then each knight moved alone,
/// along one axis or both at once.
pub fn knights(text: &str, out: &mut Candidates) -> Option<()> {
    let mut tokens = text.split_ascii_whitespace();
    let k = number(tokens.next())? as usize;
    let n = number(tokens.next())?;
    let coords: Vec<u64> = tokens.map(|t| t.parse().ok()).collect::<Option<_>>()?;
    if coords.len() != 2 * k {
        return None;
    }
    let knights: Vec<(u64, u64)> = coords.chunks(2).map(|p| (p[0], p[1])).collect();
    let render = |n: u64, knights: &[(u64, u64)]| {
        lines(
            std::iter::once(format!("{} {n}", knights.len()))
                .chain(knights.iter().map(|(x, y)| format!("{x} {y}"))),
        )
    };
    for kept in fewer(&knights) {
        out.push(render(n, &kept));
    }
    let largest = coords.iter().copied().max()?;
    if largest > n {
        return None;
    }
    for m in smaller(n, largest) {
        out.push(render(m, &knights));
    }
    let nearest = coords.iter().copied().min()?;
    for shift in smaller(nearest, 1).into_iter().map(|v| nearest - v) {
        let moved: Vec<(u64, u64)> = knights
            .iter()
            .map(|&(x, y)| (x - shift, y - shift))
            .collect();
        out.push(render(n - shift, &moved));
    }
    for (i, &(x, y)) in knights.iter().enumerate() {
        let moves = smaller(x, 1)
            .into_iter()
            .map(|x| (x, y))
            .chain(smaller(y, 1).into_iter().map(|y| (x, y)))
            .chain(together(x, 1, y, 1));
        for moved in moves {
            if out.full() {
                return Some(());
            }
            let mut changed = knights.clone();
            changed[i] = moved;
            out.push(render(n, &changed));
        }
    }
    Some(())
}
