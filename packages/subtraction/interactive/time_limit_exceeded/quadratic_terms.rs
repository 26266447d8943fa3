// Too slow on purpose (interactive): plays perfectly from the losing starts of the k-times
// subtraction game (a0 = 1, a(i+1) = a(i) + a(j) with j the number of terms m where
// a(i) > k * a(m); Schwenk's take-away games), but finds each j by counting over all the terms
// again. Quadratic in the number of terms: instant for k near 1, where there are about 60
// terms below 10^18, hopeless for k near 10^5, where there are millions.
// The play protocol's client is the solutions' (solutions/src/shared/protocol.rs), framed for
// the packages' players by packages/interactive_player.rs.
#[path = "../../../interactive_player.rs"]
mod player;
#[path = "../../../../solutions/src/shared/protocol.rs"]
mod protocol;

use player::{Lines, Out};
use protocol::{say, Stop};

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// k as num/den in lowest terms, from `7`, `1.5` or `3/2`.
fn parse_k(text: &str) -> (u128, u128) {
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

/// The losing starts up to n (the last one is at least n).
fn terms(n: u128, (num, den): (u128, u128)) -> Vec<u128> {
    let mut terms: Vec<u128> = vec![1];
    while *terms.last().unwrap() < n {
        let last = *terms.last().unwrap();
        let j = terms.iter().filter(|&&a| last * den > num * a).count();
        terms.push(last + terms[j]);
    }
    terms
}

/// The smallest term of the greedy decomposition of m: the move that wins if any does.
fn smallest_term(terms: &[u128], m: u128) -> u128 {
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

fn main() {
    player::run(play);
}

fn play(lines: &mut Lines, out: &mut Out) -> Result<(), Stop> {
    let rounds = lines.rounds()?;
    for _ in 0..rounds {
        let position = lines.next("a position")?;
        let mut it = position.split_whitespace();
        let mut stones: u128 = it.next().unwrap().parse().unwrap();
        let k = parse_k(it.next().unwrap());
        let terms = terms(stones, k);
        // The first player loses exactly when n is a term.
        let first = *terms.last().unwrap() != stones;
        say(out, protocol::side(first))?;
        let mut my_turn = first;
        loop {
            if my_turn {
                let take = smallest_term(&terms, stones);
                stones -= take;
                say(out, take.to_string().as_bytes())?;
            }
            my_turn = true;
            let heard = lines.next("a move or `end`")?;
            match heard.as_str() {
                "end" => break,
                theirs => stones -= theirs.parse::<u128>().unwrap(),
            }
        }
    }
    Ok(())
}
