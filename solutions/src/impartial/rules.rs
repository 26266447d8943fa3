// A part of solutions/src/impartial.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------------
// The rules: the options of one heap

/// Calls `f` with each option of a heap of n (the non-empty heaps it becomes, 0 to 3 of them)
/// until `f` returns true; returns whether it did.
fn for_each_option(game: &Game, n: u64, mut f: impl FnMut(&[u64]) -> bool) -> bool {
    match game {
        Game::Octal(digits) => {
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u64;
                if k > n {
                    break;
                }
                let rest = n - k;
                if k > 0 && d & 1 != 0 && rest == 0 && f(&[]) {
                    return true;
                }
                if k > 0 && d & 2 != 0 && rest >= 1 && f(&[rest]) {
                    return true;
                }
                if d & 4 != 0 {
                    for a in 1..=rest / 2 {
                        if f(&[a, rest - a]) {
                            return true;
                        }
                    }
                }
                if d & 8 != 0 {
                    for a in 1..=rest / 3 {
                        for b in a..=(rest - a) / 2 {
                            if f(&[a, b, rest - a - b]) {
                                return true;
                            }
                        }
                    }
                }
            }
            false
        }
        Game::Subtraction(set) => {
            for &s in set.iter().take_while(|&&s| s <= n) {
                let stop = if s == n { f(&[]) } else { f(&[n - s]) };
                if stop {
                    return true;
                }
            }
            false
        }
        Game::Periodic { modulus, residues } => {
            for s in 1..=n {
                if residues.contains(&(s % modulus)) {
                    let stop = if s == n { f(&[]) } else { f(&[n - s]) };
                    if stop {
                        return true;
                    }
                }
            }
            false
        }
        Game::Nim | Game::Lasker => {
            if n > 0 && f(&[]) {
                return true;
            }
            for x in 1..n {
                if f(&[x]) {
                    return true;
                }
            }
            if *game == Game::Lasker {
                for a in 1..=n / 2 {
                    if f(&[a, n - a]) {
                        return true;
                    }
                }
            }
            false
        }
        Game::Grundy => {
            for a in 1..=n.saturating_sub(1) / 2 {
                if f(&[a, n - a]) {
                    return true;
                }
            }
            false
        }
        Game::Queue => {
            for i in 1..=n {
                let (a, b) = (i - 1, n - i);
                let stop = match (a >= 2, b >= 2) {
                    (true, true) => f(&[a, b]),
                    (true, false) => f(&[a]),
                    (false, true) => f(&[b]),
                    (false, false) => f(&[]),
                };
                if stop {
                    return true;
                }
            }
            false
        }
    }
}

/// Whether a heap of n may become `parts` (non-empty heaps) in one move.
fn is_option(game: &Game, n: u64, parts: &[u64]) -> bool {
    if parts.contains(&0) {
        return false;
    }
    let sum: u64 = parts.iter().sum();
    match game {
        Game::Octal(digits) => {
            if sum > n || parts.len() > 3 {
                return false;
            }
            let k = (n - sum) as usize;
            let bit = [1u8, 2, 4, 8][parts.len()];
            digits.get(k).is_some_and(|&d| d & bit != 0) && (k > 0 || parts.len() >= 2)
        }
        Game::Subtraction(set) => {
            parts.len() <= 1 && sum < n && set.binary_search(&(n - sum)).is_ok()
        }
        Game::Periodic { modulus, residues } => {
            parts.len() <= 1 && sum < n && residues.contains(&((n - sum) % modulus))
        }
        Game::Nim => parts.len() <= 1 && sum < n,
        Game::Lasker => (parts.len() <= 1 && sum < n) || (parts.len() == 2 && sum == n),
        Game::Grundy => parts.len() == 2 && sum == n && parts[0] != parts[1],
        Game::Queue => {
            // A shot leaves groups a and b with a + b = n - 1; the groups of one leave the game,
            // so the written parts are the groups of 2 or more.
            if n == 0 || parts.iter().any(|&p| p < 2) {
                return false;
            }
            let rest = n - 1;
            match parts.len() {
                0 => rest <= 2,
                1 => sum == rest || sum + 1 == rest,
                2 => sum == rest,
                _ => false,
            }
        }
    }
}
