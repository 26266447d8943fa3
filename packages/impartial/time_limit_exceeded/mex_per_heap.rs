// Too slow on purpose: right answers from the plain Sprague-Grundy recurrence, with each
// heap's value computed afresh (a table of every smaller heap by mex over all its options:
// quadratic or worse per heap), nothing kept between heaps or positions and no period used.
// Misere positions (at most 8 heaps, 52 tokens) by exhaustive search over the positions.
use std::collections::HashMap;
use std::io::{self, Read, Write};

/// The rules: which heaps a heap of n may become.
enum Rules {
    /// Digits d0, d1, ... of an octal or hexadecimal code.
    Code(Vec<u32>),
    /// Members (with a modulus: every s >= 1 whose residue is listed).
    Set(Vec<u64>, Option<u64>),
    Nim,
    Lasker,
    Grundy,
    Queue,
}

fn code(text: &str) -> Rules {
    let (d0, rest) = text.split_once('.').expect("a code d0.d1...");
    let digits = d0.chars().chain(rest.chars());
    Rules::Code(
        digits
            .map(|c| c.to_digit(16).expect("a hex digit"))
            .collect(),
    )
}

fn set(text: &str) -> Rules {
    let inner = text.trim_start_matches('{').trim_end_matches('}');
    let (list, modulus) = match inner.split_once(" mod ") {
        Some((list, m)) => (list, Some(m.trim().parse().expect("a modulus"))),
        None => (inner, None),
    };
    let mut members = Vec::new();
    for part in list.split(',') {
        let part = part.trim();
        match part.split_once("..") {
            Some((a, b)) => {
                let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
                members.extend(a..=b);
            }
            None => members.push(part.parse().expect("a member")),
        }
    }
    Rules::Set(members, modulus)
}

fn rules(name: &str) -> Rules {
    match name {
        "nim" => Rules::Nim,
        "lasker" => Rules::Lasker,
        "grundy" => Rules::Grundy,
        "queue" => Rules::Queue,
        "kayles" => code("0.77"),
        "dawson-kayles" => code("0.07"),
        "dawson-chess" => code("0.137"),
        s if s.starts_with('{') => set(s),
        s => code(s),
    }
}

/// Every split of `n` into `parts` non-empty heaps in non-decreasing order, each no less than
/// `least`, passed to `f` after `head`.
fn splits(n: u64, parts: usize, least: u64, head: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    if parts == 1 {
        if n >= least {
            head.push(n);
            f(head);
            head.pop();
        }
        return;
    }
    let mut a = least;
    while a * parts as u64 <= n {
        head.push(a);
        splits(n - a, parts - 1, a, head, f);
        head.pop();
        a += 1;
    }
}

/// The option of removing `s` tokens from a heap of `n`.
fn remove(n: u64, s: u64, f: &mut dyn FnMut(&[u64])) {
    let left = [n - s];
    f(if s == n { &[] } else { &left });
}

/// Every option of a heap of `n`: the non-empty heaps it becomes.
fn options(rules: &Rules, n: u64, f: &mut dyn FnMut(&[u64])) {
    let mut head = Vec::new();
    match rules {
        Rules::Code(digits) => {
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u64;
                if k > n {
                    break;
                }
                if k > 0 && d & 1 != 0 && n == k {
                    f(&[]);
                }
                if k > 0 && d & 2 != 0 && n > k {
                    f(&[n - k]);
                }
                for (bit, parts) in [(4, 2), (8, 3)] {
                    if d & bit != 0 {
                        splits(n - k, parts, 1, &mut head, f);
                    }
                }
            }
        }
        Rules::Set(members, modulus) => {
            for s in 1..=n {
                let allowed = match modulus {
                    Some(m) => members.contains(&(s % m)),
                    None => members.contains(&s),
                };
                if allowed {
                    remove(n, s, f);
                }
            }
        }
        Rules::Nim | Rules::Lasker => {
            for s in 1..=n {
                remove(n, s, f);
            }
            if let Rules::Lasker = rules {
                splits(n, 2, 1, &mut head, f);
            }
        }
        Rules::Grundy => splits(n, 2, 1, &mut head, &mut |p: &[u64]| {
            if p[0] != p[1] {
                f(p)
            }
        }),
        Rules::Queue => {
            for i in 1..=n {
                let left: Vec<u64> = vec![i - 1, n - i].into_iter().filter(|&q| q > 1).collect();
                f(&left);
            }
        }
    }
}

/// The Grundy value of a heap of `n`, from a table of every smaller heap built afresh.
fn value(rules: &Rules, n: u64) -> u64 {
    let mut g: Vec<u64> = Vec::with_capacity(n as usize + 1);
    for m in 0..=n {
        let mut seen = Vec::new();
        options(rules, m, &mut |parts: &[u64]| {
            seen.push(parts.iter().fold(0, |x, &p| x ^ g[p as usize]));
        });
        let mex = (0..).find(|v| !seen.contains(v)).unwrap();
        g.push(mex);
    }
    g[n as usize]
}

/// Whether the player to move wins misere play on `heaps` (sorted): no move at all is a win.
fn misere_wins(rules: &Rules, heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(&heaps) {
        return w;
    }
    let mut any = false;
    let mut win = false;
    for child in children(rules, &heaps) {
        any = true;
        if !misere_wins(rules, child.1, memo) {
            win = true;
            break;
        }
    }
    let w = win || !any;
    memo.insert(heaps, w);
    w
}

/// Every position one move from `heaps`: (the move's heap index, its parts) and the sorted
/// heaps after it.
fn children(rules: &Rules, heaps: &[u64]) -> Vec<((usize, Vec<u64>), Vec<u64>)> {
    let mut all = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        options(rules, h, &mut |parts: &[u64]| {
            let mut next: Vec<u64> = heaps[..i].to_vec();
            next.extend_from_slice(&heaps[i + 1..]);
            next.extend_from_slice(parts);
            next.sort_unstable();
            all.push(((i, parts.to_vec()), next));
        });
    }
    all
}

fn answer(mv: Option<(usize, Vec<u64>)>) -> String {
    match mv {
        None => "Second".to_owned(),
        Some((i, parts)) => {
            let mut line = format!("First {}", i + 1);
            for p in parts {
                line.push_str(&format!(" {p}"));
            }
            line
        }
    }
}

fn solve(rules: &Rules, misere: bool, heaps: &[u64]) -> String {
    if misere {
        let mut memo = HashMap::new();
        let all = children(rules, heaps);
        if all.is_empty() {
            return "First".to_owned();
        }
        let mv = all
            .into_iter()
            .find(|(_, next)| !misere_wins(rules, next.clone(), &mut memo))
            .map(|(mv, _)| mv);
        return answer(mv);
    }
    let values: Vec<u64> = heaps.iter().map(|&h| value(rules, h)).collect();
    let x = values.iter().fold(0, |a, &v| a ^ v);
    if x == 0 {
        return answer(None);
    }
    for (i, &h) in heaps.iter().enumerate() {
        let target = values[i] ^ x;
        let mut found = None;
        options(rules, h, &mut |parts: &[u64]| {
            let v = parts.iter().fold(0, |a, &p| a ^ value(rules, p));
            if found.is_none() && v == target {
                found = Some(parts.to_vec());
            }
        });
        if let Some(parts) = found {
            return answer(Some((i, parts)));
        }
    }
    unreachable!("a position of non-zero value has a move to zero")
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let spec = lines.next().unwrap().trim();
    let (misere, name) = match spec.strip_prefix("misere ") {
        Some(rest) => (true, rest.trim()),
        None => (false, spec),
    };
    let rules = rules(name);
    let numbers: Vec<u64> = lines
        .flat_map(str::split_whitespace)
        .map(|w| w.parse().unwrap())
        .collect();
    let (t, mut rest) = (numbers[0], &numbers[1..]);
    let mut out = String::new();
    for _ in 0..t {
        let k = rest[0] as usize;
        // A heap of 0 is no game and not counted.
        let heaps: Vec<u64> = rest[1..=k].iter().copied().filter(|&h| h > 0).collect();
        rest = &rest[k + 1..];
        out.push_str(&solve(&rules, misere, &heaps));
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
