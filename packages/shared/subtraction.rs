//! The k-times subtraction game as the packages' players see it: k from its text, the losing
//! starts (a0 = 1, a(i+1) = a(i) + a(j) with j the number of terms m where a(i) > k * a(m);
//! Schwenk's take-away games) built the slow way and the linear way, the greedy decomposition
//! of a pile into them, and the batch problem's cases. Bundled into the players that use it by
//! scripts/make-packages.sh and scripts/make-interactive-packages.sh.

// Each player uses its own part: what one leaves unused is not dead for the others.
#![allow(dead_code)]

use std::io::Read;

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// k as num/den in lowest terms, from `7`, `1.5` or `3/2`.
pub fn parse_k(text: &str) -> (u128, u128) {
    let (num, den) = if let Some((p, q)) = text.split_once('/') {
        (p.parse().unwrap(), q.parse().unwrap())
    } else if let Some((whole, frac)) = text.split_once('.') {
        let den = 10u128.pow(frac.len() as u32);
        (
            whole.parse::<u128>().unwrap() * den + frac.parse::<u128>().unwrap(),
            den,
        )
    } else {
        (text.parse().unwrap(), 1)
    };
    let g = gcd(num, den);
    (num / g, den / g)
}

/// A position line of the played game, `n k` (a fresh pile) or `n k p` (mid-game, p the
/// opponent's last removal): n, k (as parse_k gives it) and the most the mover may take
/// before the pile's size limits it (n - 1 on a fresh pile, else floor(k * p)).
pub fn position(line: &str) -> (u128, (u128, u128), u128) {
    let mut words = line.split_whitespace();
    let n: u128 = words.next().unwrap().parse().unwrap();
    let k = parse_k(words.next().unwrap());
    let cap = match words.next() {
        Some(p) => p.parse::<u128>().unwrap() * k.0 / k.1,
        None => n - 1,
    };
    (n, k, cap)
}

/// The losing starts up to n (the last one is at least n), each j found by counting over all
/// the terms again: quadratic in the number of terms.
pub fn slow_terms(n: u128, (num, den): (u128, u128)) -> Vec<u128> {
    let mut terms: Vec<u128> = vec![1];
    while *terms.last().unwrap() < n {
        let last = *terms.last().unwrap();
        let j = terms.iter().filter(|&&a| last * den > num * a).count();
        terms.push(last + terms[j]);
    }
    terms
}

/// The losing starts up to n (the last one is at least n) for an integer k in linear time:
/// a(i+1) = b(i) + 1, where b(i) is the largest pile that a(0..=i) cover; `beyond(x, k * a)`
/// is the rule's "x is more than k times a" (a wrong player passes another).
pub fn linear_terms(n: u128, k: u128, beyond: fn(u128, u128) -> bool) -> Vec<u128> {
    let (mut a, mut b) = (vec![1u128], vec![1u128]);
    let mut j = 0;
    while *a.last().unwrap() < n {
        let next = b.last().unwrap() + 1;
        a.push(next);
        let i = a.len() - 1;
        while j + 1 < i && beyond(next, a[j + 1] * k) {
            j += 1;
        }
        let top = if beyond(next, a[j] * k) {
            b[j] + next
        } else {
            next
        };
        b.push(top);
    }
    a
}

/// The smallest term of the greedy decomposition of m into terms: the move that wins if any
/// does.
pub fn smallest_term(terms: &[u128], m: u128) -> u128 {
    let mut rest = m;
    let mut smallest = m;
    for &a in terms.iter().rev() {
        if a <= rest {
            rest -= a;
            smallest = a;
        }
    }
    smallest
}

/// The batch problem on stdin and stdout: T, then T cases `n k`; each answer is `Case i: lose`
/// when n is a losing start (the last of `terms(n, k)`), else `Case i: ` and `answer(terms, n)`.
pub fn cases(terms: impl Fn(u128, &str) -> Vec<u128>, answer: fn(&[u128], u128) -> u128) {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace();
    let t: usize = tokens.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for case in 1..=t {
        let n: u128 = tokens.next().unwrap().parse().unwrap();
        let terms = terms(n, tokens.next().unwrap());
        if *terms.last().unwrap() == n {
            out.push_str(&format!("Case {case}: lose\n"));
        } else {
            out.push_str(&format!("Case {case}: {}\n", answer(&terms, n)));
        }
    }
    print!("{out}");
}
