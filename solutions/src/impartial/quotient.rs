//! The misère quotient of the heaps 0..=n (Plambeck–Siegel): the commutative monoid of the
//! positions made of those heaps modulo indistinguishability (G ≡ H when G + X and H + X have
//! the same misère outcome for every such position X), its P-portion (the classes of the
//! P-positions) and each heap's element (games/impartial/docs/misere.md, "Misère quotients").
//!
//! How it is found, and why the answer is exact:
//! 1. A candidate: the states reached from the empty position by adding heaps, each state a
//!    class of positions with the same outcomes against every test position of at most `t`
//!    tokens (outcomes by exact search). Adding a heap acts on the states; these actions must
//!    commute, and then the states form a commutative monoid (a state is the action's image of
//!    the empty position) and φ(G) = the state of G is a homomorphism.
//! 2. A proof that φ(G) ∈ P iff G is a misère P-position, for every position G however large,
//!    by induction on G from two finite checks: the empty position is not in P; (⇒) for every
//!    element q and heap h, q·h ∈ P implies q·o ∉ P for every option o of h; (⇐) no nonempty
//!    position G with φ(G) ∉ P has every φ(G − h) in B_h = {q : q·o ∉ P for all options o of
//!    h} (a search over the heaps' counts, each count only mattering up to the index plus the
//!    period of the heap's powers).
//! 3. Then two positions with one element are indistinguishable, and two with different
//!    elements are told apart by a test position (their signatures differ): the states are
//!    exactly the quotient. A failed check asks for a larger `t`; past the bounds, an error.

use super::misere::{Kinds, Search};
use super::{for_each_option, Game};
use std::collections::{HashMap, HashSet};

/// The misère quotient of heaps 0..=n.
pub(super) struct Quotient {
    /// The largest heap covered.
    pub heaps: u64,
    /// mul[a][b]: the product of elements a and b (element 0 is the identity).
    pub mul: Vec<Vec<u16>>,
    /// Whether each element is in the P-portion.
    pub p: Vec<bool>,
    /// The element of each heap 0..=n.
    pub heap: Vec<u16>,
    /// The test positions' size that told the elements apart.
    pub tokens: u64,
    /// (n0, p): every heap n ≥ n0 has the element of heap n + p, proven for every heap (then
    /// the quotient is the whole game's); see `prove_period`.
    pub period: Option<(u64, u64)>,
    /// With a period: heaps past this one have the options (by element) of the heap p below.
    pub types: u64,
    /// How the period was proven: by the periodicity theorem (the table alone) or by the
    /// two checks over the heaps' kinds.
    pub proof: Proof,
}

/// The proof of a period of the heaps' elements (`Quotient::prove_period`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proof {
    None,
    Theorem,
    Checks,
}

/// Bounds of the computation (each a clear error past it, never a guess).
pub(super) struct Bounds {
    /// Elements at most.
    pub order: usize,
    /// Positions whose outcome the search keeps, at most.
    pub positions: usize,
    /// States of the (⇐) check, at most.
    pub checks: usize,
    /// The largest test-position size tried.
    pub tokens: u64,
}

pub(super) const BOUNDS: Bounds = Bounds {
    order: 512,
    positions: 2_000_000,
    checks: 2_000_000,
    tokens: 24,
};

/// Every multiset of the live heaps with at most `t` tokens (the test positions).
fn tests(live: &[u8], t: u64) -> Vec<Vec<u8>> {
    fn grow(live: &[u8], from: usize, left: u64, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        out.push(cur.clone());
        for i in from..live.len() {
            if u64::from(live[i]) <= left {
                cur.push(live[i]);
                grow(live, i, left - u64::from(live[i]), cur, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    grow(live, 0, t, &mut Vec::new(), &mut out);
    out
}

/// Why no quotient was found.
pub(super) enum Failure {
    /// A bound was reached (its description).
    Bound(String),
    /// No test-position size up to the bound gave a candidate that passes the checks.
    Unproven,
}

impl Quotient {
    /// The quotient of heaps 0..=n (n ≤ 255).
    pub(super) fn compute(game: &Game, n: u64, bounds: &Bounds) -> Result<Quotient, Failure> {
        let n = n.min(255);
        // Outcomes by the exact search (the tame rule on tame sub-positions), within the bound.
        let mut kinds = Kinds::new(game, n as usize + 1);
        kinds.ensure(n);
        let mut outcomes = Search::new(game, Some(&kinds), n, Some(bounds.positions));
        let options = outcomes.options.clone();
        let live: Vec<u8> = (1..=n as u8)
            .filter(|&h| !options[h as usize].is_empty())
            .collect();
        // Test positions: every position of at most t tokens and every representative of an
        // earlier candidate (two elements of the quotient are told apart by some element's
        // representative); t grows when the representatives bring nothing new.
        let mut t = 0;
        let mut extra: Vec<Vec<u8>> = Vec::new();
        while t <= bounds.tokens {
            let (proven, reps) = candidate(&live, &options, &mut outcomes, t, &extra, bounds)?;
            if let Some(q) = proven {
                let mut heap = vec![0u16; n as usize + 1];
                for (i, &h) in live.iter().enumerate() {
                    heap[h as usize] = q.mul[0][q.gen[i] as usize];
                }
                return Ok(Quotient {
                    heaps: n,
                    mul: q.mul,
                    p: q.p,
                    heap,
                    tokens: t,
                    period: None,
                    types: 0,
                    proof: Proof::None,
                });
            }
            let known = extra.len();
            for r in reps {
                if !extra.contains(&r) {
                    extra.push(r);
                }
            }
            if extra.len() == known {
                t += 1;
            }
        }
        Err(Failure::Unproven)
    }

    pub(super) fn order(&self) -> usize {
        self.p.len()
    }

    /// Whether every heap of h tokens is covered.
    pub(super) fn covers(&self, h: u64) -> bool {
        h <= self.heaps || self.period.is_some()
    }

    /// The element of a heap (covered).
    pub(super) fn heap_element(&self, n: u64) -> u16 {
        match self.period {
            Some((n0, p)) if n > self.heaps => self.heap[(n0 + (n - n0) % p) as usize],
            _ => self.heap[n as usize],
        }
    }

    /// The element of a position (heaps covered), by counts and powers.
    pub(super) fn element(&self, heaps: &[u64]) -> u16 {
        let mut counts: HashMap<u64, u64> = HashMap::new();
        for &h in heaps {
            *counts.entry(h).or_insert(0) += 1;
        }
        counts.iter().fold(0, |e, (&h, &c)| {
            self.mul[e as usize][self.power(self.heap_element(h), c) as usize]
        })
    }

    /// x^c by squaring.
    pub(super) fn power(&self, x: u16, mut c: u64) -> u16 {
        let (mut result, mut base) = (0u16, x);
        while c > 0 {
            if c & 1 == 1 {
                result = self.mul[result as usize][base as usize];
            }
            base = self.mul[base as usize][base as usize];
            c >>= 1;
        }
        result
    }
}

/// The heaps the periodicity theorem needs (Plambeck–Siegel): a period p of the heaps'
/// elements from n0 ≥ 1, seen in the quotient of the heaps up to this one (x(n + p) = x(n)
/// for n0 ≤ n < 2·n0 + p + k, k the code's last digit), holds for every heap, and that
/// quotient is the whole game's. Three-heap splits need 3·n0 + 3·p + k − 1. See
/// games/impartial/docs/misere.md, "Periods: the periodicity theorem".
pub(super) fn theorem_heaps(k: u64, n0: u64, p: u64, three: bool) -> u64 {
    if three {
        3 * n0 + 3 * p + k - 1
    } else {
        2 * n0 + 2 * p + k - 1
    }
}

impl Quotient {
    /// The least n0 ≥ 1 from which the table's elements repeat with period p (to its end).
    fn periodic_from(&self, p: u64) -> u64 {
        let n = self.heaps;
        (1..=n.saturating_sub(p))
            .rev()
            .find(|&m| self.heap[m as usize] != self.heap[(m + p) as usize])
            .map_or(1, |m| m + 1)
    }

    /// Seeks a period of the heaps' elements of an octal or hexadecimal code and proves it
    /// for every heap: by the periodicity theorem when the table reaches the heaps it needs
    /// (the shortest p that does), else (the shortest p seen over three periods) by the two
    /// checks over the kinds of heaps (`prove_by_checks`; only these without `theorem`).
    pub(super) fn prove_period(
        &mut self,
        game: &Game,
        theorem: bool,
        bounds: &Bounds,
    ) -> Result<bool, Failure> {
        let Game::Octal(digits) = game else {
            return Ok(false);
        };
        let k = digits.len() as u64 - 1;
        let three = digits.iter().any(|&d| d & 8 != 0);
        let n = self.heaps;
        let by_theorem = (1..=n / 2).filter(|_| theorem).find_map(|p| {
            let n0 = self.periodic_from(p);
            Some((n0, p, theorem_heaps(k, n0, p, three))).filter(|&(_, _, need)| need <= n)
        });
        if let Some((n0, p, need)) = by_theorem {
            self.period = Some((n0, p));
            self.types = need;
            self.proof = Proof::Theorem;
            return Ok(true);
        }
        let Some((n0, p)) = (1..=n / 3).find_map(|p| {
            let n0 = self.periodic_from(p);
            Some((n0, p)).filter(|_| n >= n0 + 3 * p - 1)
        }) else {
            return Ok(false);
        };
        self.prove_by_checks(game, k, n0, p, bounds)
    }

    /// Proves the period (n0, p) of the elements by the two checks: with the elements
    /// extended periodically, the heaps n > L = k + 3·n0 + 3·p have the element and the option
    /// elements of heap n − p (one heap: n − j − p ≥ n0; splits a + b = m: the larger part
    /// is ≥ n0 + p for m ≥ 2·n0 + p, so S(m + p) = S(m), three parts likewise for m ≥ 3·n0 +
    /// 2·p), so heaps 1..=L are every kind of heap there is, and the two checks over them prove
    /// φ for every position.
    pub(super) fn prove_by_checks(
        &mut self,
        game: &Game,
        k: u64,
        n0: u64,
        p: u64,
        bounds: &Bounds,
    ) -> Result<bool, Failure> {
        let types = k + 3 * n0 + 3 * p;
        let saved = (self.period, self.types);
        self.period = Some((n0, p));
        self.types = types;
        let mut gen = Vec::new();
        let mut opts = Vec::new();
        for h in 1..=types {
            let mut els = Vec::new();
            for_each_option(game, h, |parts| {
                els.push(self.element(parts));
                false
            });
            els.sort_unstable();
            els.dedup();
            // A heap without a move is the zero game: the identity, and no heap of the proof.
            if els.is_empty() {
                if self.heap_element(h) != 0 {
                    (self.period, self.types) = saved;
                    return Ok(false);
                }
                continue;
            }
            gen.push(self.heap_element(h));
            opts.push(els);
        }
        let q = Candidate {
            mul: self.mul.clone(),
            p: self.p.clone(),
            gen,
        };
        if forward_holds(&q, &opts) && backward_holds(&q, &opts, bounds)? {
            self.proof = Proof::Checks;
            return Ok(true);
        }
        (self.period, self.types) = saved;
        Ok(false)
    }
}

/// A candidate that passed the checks: the table, the P-portion, the live heaps' elements.
struct Candidate {
    mul: Vec<Vec<u16>>,
    p: Vec<bool>,
    gen: Vec<u16>,
}

/// Steps 1 and 2 for test positions of at most `t` tokens and the `extra` ones: the candidate
/// when it passes the checks, and its representatives.
fn candidate(
    live: &[u8],
    options: &[Vec<Vec<u8>>],
    outcomes: &mut Search,
    t: u64,
    extra: &[Vec<u8>],
    bounds: &Bounds,
) -> Result<(Option<Candidate>, Vec<Vec<u8>>), Failure> {
    let memo_full = || Failure::Bound(format!("the exact search's {} positions", bounds.positions));
    let mut tests = tests(live, t);
    tests.extend(
        extra
            .iter()
            .filter(|x| x.iter().map(|&h| u64::from(h)).sum::<u64>() > t)
            .cloned(),
    );
    let signature = |outcomes: &mut Search, g: &[u8]| -> Result<Vec<bool>, Failure> {
        tests
            .iter()
            .map(|x| {
                let mut pos: Vec<u8> = g.iter().chain(x.iter()).copied().collect();
                pos.sort_unstable();
                outcomes.sorted_wins(&pos).ok_or_else(memo_full)
            })
            .collect()
    };
    // The states and the action of each live heap on them.
    let mut reps: Vec<Vec<u8>> = vec![Vec::new()];
    let mut index: HashMap<Vec<bool>, u16> = HashMap::new();
    index.insert(signature(outcomes, &[])?, 0);
    // States in order of their representative's tokens (small representatives keep the
    // searched positions small); a state not yet expanded takes a smaller representative.
    let tokens = |g: &[u8]| g.iter().map(|&h| u64::from(h)).sum::<u64>();
    let mut act: Vec<Vec<u16>> = vec![Vec::new()];
    let mut pending = std::collections::BinaryHeap::new();
    pending.push(std::cmp::Reverse((0u64, 0u16)));
    while let Some(std::cmp::Reverse((sum, s))) = pending.pop() {
        let s = s as usize;
        if sum != tokens(&reps[s]) || !act[s].is_empty() {
            continue;
        }
        let mut row = Vec::with_capacity(live.len());
        for &h in live {
            let mut g = reps[s].clone();
            g.push(h);
            g.sort_unstable();
            let sig = signature(outcomes, &g)?;
            let next = match index.get(&sig) {
                Some(&e) => {
                    let e = e as usize;
                    if act[e].is_empty() && tokens(&g) < tokens(&reps[e]) {
                        pending.push(std::cmp::Reverse((tokens(&g), e as u16)));
                        reps[e] = g;
                    }
                    e as u16
                }
                None => {
                    if reps.len() >= bounds.order {
                        return Err(Failure::Bound(format!("{} elements", bounds.order)));
                    }
                    index.insert(sig, reps.len() as u16);
                    pending.push(std::cmp::Reverse((tokens(&g), reps.len() as u16)));
                    reps.push(g);
                    act.push(Vec::new());
                    (reps.len() - 1) as u16
                }
            };
            row.push(next);
        }
        act[s] = row;
    }
    let order = reps.len();
    for row in &act {
        for i in 0..live.len() {
            for j in 0..i {
                if act[row[i] as usize][j] != act[row[j] as usize][i] {
                    return Ok((None, reps));
                }
            }
        }
    }
    // mul[a][b]: a acted on by the heaps of b's representative.
    let slot: HashMap<u8, usize> = live.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let word = |a: u16, heaps: &[u8]| heaps.iter().fold(a, |e, h| act[e as usize][slot[h]]);
    let mul: Vec<Vec<u16>> = (0..order as u16)
        .map(|a| reps.iter().map(|r| word(a, r)).collect())
        .collect();
    let mut p = Vec::with_capacity(order);
    for r in &reps {
        p.push(!outcomes.sorted_wins(r).ok_or_else(memo_full)?);
    }
    let gen: Vec<u16> = (0..live.len()).map(|i| act[0][i]).collect();
    let opts: Vec<Vec<u16>> = live
        .iter()
        .map(|&h| {
            let mut els: Vec<u16> = options[h as usize].iter().map(|o| word(0, o)).collect();
            els.sort_unstable();
            els.dedup();
            els
        })
        .collect();
    let q = Candidate { mul, p, gen };
    let holds = !q.p[0] && forward_holds(&q, &opts) && backward_holds(&q, &opts, bounds)?;
    Ok((Some(q).filter(|_| holds), reps))
}

/// (⇒): for every element q and live heap h, q·h ∈ P implies q·o ∉ P for each option o of h.
fn forward_holds(q: &Candidate, opts: &[Vec<u16>]) -> bool {
    (0..q.p.len()).all(|a| {
        q.gen.iter().zip(opts).all(|(&x, os)| {
            !q.p[q.mul[a][x as usize] as usize]
                || os.iter().all(|&o| !q.p[q.mul[a][o as usize] as usize])
        })
    })
}

/// A set of elements as bits.
type Bits = Vec<u64>;

fn has(bits: &Bits, e: usize) -> bool {
    bits[e / 64] >> (e % 64) & 1 == 1
}

/// (⇐): no nonempty position G with φ(G) ∉ P has φ(G − h) ∈ B_h for each heap h it holds.
/// The heaps are added in order, by count; a state is (φ of the heaps so far, the set A of
/// suffix elements s for which every constraint so far holds once the later heaps, of element
/// s, are added, whether any heap was added). G is a counterexample iff at the end φ ∉ P,
/// nonempty, and the identity is in A.
fn backward_holds(q: &Candidate, opts: &[Vec<u16>], bounds: &Bounds) -> Result<bool, Failure> {
    let order = q.p.len();
    let words = (order + 63) / 64;
    let set = |f: &dyn Fn(usize) -> bool| -> Bits {
        let mut bits = vec![0u64; words];
        for e in (0..order).filter(|&e| f(e)) {
            bits[e / 64] |= 1 << (e % 64);
        }
        bits
    };
    let full = set(&|_| true);
    let mut layer: HashSet<(u16, Bits, bool)> = HashSet::new();
    layer.insert((0, full, false));
    for (i, &x) in q.gen.iter().enumerate() {
        let in_b = set(&|e| opts[i].iter().all(|&o| !q.p[q.mul[e][o as usize] as usize]));
        // The powers x^0, x^1, ... until one repeats: counts beyond add nothing new.
        let mut powers = vec![0u16];
        loop {
            let next = q.mul[*powers.last().unwrap_or(&0) as usize][x as usize];
            if powers.contains(&next) {
                break;
            }
            powers.push(next);
        }
        let last = powers.len();
        powers.push(q.mul[powers[last - 1] as usize][x as usize]);
        let mut next_layer = HashSet::new();
        for (e, a, nonempty) in &layer {
            next_layer.insert((*e, a.clone(), *nonempty));
            for c in 1..powers.len() {
                let xc = powers[c] as usize;
                let before = q.mul[*e as usize][powers[c - 1] as usize] as usize;
                let a2 = set(&|s| {
                    has(a, q.mul[xc][s] as usize) && has(&in_b, q.mul[before][s] as usize)
                });
                next_layer.insert((q.mul[*e as usize][xc], a2, true));
            }
            if next_layer.len() > bounds.checks {
                return Err(Failure::Bound(format!(
                    "{} states of the proof's search",
                    bounds.checks
                )));
            }
        }
        layer = next_layer;
    }
    Ok(!layer
        .iter()
        .any(|(e, a, nonempty)| *nonempty && !q.p[*e as usize] && has(a, 0)))
}

/// Generators and names: a heap whose element is not a product of the earlier heaps'
/// elements is a generator (a, b, c, ...); each element is named by its shortest word
/// (fewest letters, then the earliest letters), e.g. `ab^2`, the identity `1`.
pub(super) struct Names {
    /// (letter, heap) per generator.
    pub generators: Vec<(char, u64)>,
    pub names: Vec<String>,
}

impl Quotient {
    pub(super) fn names(&self) -> Names {
        let order = self.order();
        let mut generators: Vec<(char, u64)> = Vec::new();
        let mut gen_el: Vec<u16> = Vec::new();
        let mut reached = vec![false; order];
        reached[0] = true;
        let letters = "abcdefghijklmnopqrstuvwxyz";
        for h in 1..=self.heaps {
            let x = self.heap[h as usize];
            if reached[x as usize] {
                continue;
            }
            let letter = letters.chars().nth(generators.len()).unwrap_or('?');
            generators.push((letter, h));
            gen_el.push(x);
            // The submonoid generated so far.
            let mut stack: Vec<u16> = (0..order as u16).filter(|&e| reached[e as usize]).collect();
            while let Some(e) = stack.pop() {
                for &g in &gen_el {
                    let f = self.mul[e as usize][g as usize];
                    if !reached[f as usize] {
                        reached[f as usize] = true;
                        stack.push(f);
                    }
                }
            }
        }
        // Breadth first from the identity, letters in order: exponent vectors.
        let mut exps: Vec<Option<Vec<u32>>> = vec![None; order];
        exps[0] = Some(vec![0; gen_el.len()]);
        let mut frontier = vec![0u16];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &e in &frontier {
                for (k, &g) in gen_el.iter().enumerate() {
                    let f = self.mul[e as usize][g as usize] as usize;
                    if exps[f].is_none() {
                        let mut v = exps[e as usize].clone().unwrap_or_default();
                        v[k] += 1;
                        exps[f] = Some(v);
                        next.push(f as u16);
                    }
                }
            }
            frontier = next;
        }
        let names = exps
            .iter()
            .map(|v| {
                let v = v.clone().unwrap_or_default();
                let mut name = String::new();
                for (k, &c) in v.iter().enumerate() {
                    if c > 0 {
                        name.push(generators[k].0);
                        if c > 1 {
                            name.push_str(&format!("^{c}"));
                        }
                    }
                }
                if name.is_empty() {
                    "1".into()
                } else {
                    name
                }
            })
            .collect();
        Names { generators, names }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{for_each_option, parse_spec};
    use super::*;

    /// The found quotient as a candidate, with each live heap's options' elements.
    fn as_candidate(spec: &str, n: u64) -> (Candidate, Vec<Vec<u16>>) {
        let game = parse_spec(spec).unwrap().game;
        let q = Quotient::compute(&game, n, &BOUNDS).ok().unwrap();
        let live: Vec<u64> = (1..=n)
            .filter(|&h| for_each_option(&game, h, |_| true))
            .collect();
        let opts = live
            .iter()
            .map(|&h| {
                let mut els = Vec::new();
                for_each_option(&game, h, |parts| {
                    els.push(q.element(parts));
                    false
                });
                els
            })
            .collect();
        let gen = live.iter().map(|&h| q.heap[h as usize]).collect();
        let candidate = Candidate {
            mul: q.mul,
            p: q.p,
            gen,
        };
        (candidate, opts)
    }

    fn holds(q: &Candidate, opts: &[Vec<u16>]) -> (bool, bool) {
        let backward = backward_holds(q, opts, &BOUNDS).ok().unwrap();
        (forward_holds(q, opts), backward)
    }

    /// The found quotients pass both checks; a P-portion with any one element moved in or out
    /// fails one of them; the empty P-portion fails only (⇐), a P-portion of every element but
    /// the identity only (⇒): each check rules out wrong candidates the other lets through.
    #[test]
    fn the_checks_tell_a_wrong_p_portion() {
        for (spec, n) in [("0.75", 12), ("0.312", 10), ("0.137", 10), ("4.7", 8)] {
            let (mut q, opts) = as_candidate(spec, n);
            assert_eq!(holds(&q, &opts), (true, true), "{spec}");
            for e in 1..q.p.len() {
                q.p[e] = !q.p[e];
                assert_ne!(holds(&q, &opts), (true, true), "{spec}: element {e} moved");
                q.p[e] = !q.p[e];
            }
            let truth = q.p.clone();
            q.p = vec![false; truth.len()];
            assert_eq!(holds(&q, &opts), (true, false), "{spec}: P empty");
            q.p = (0..truth.len()).map(|e| e != 0).collect();
            assert!(!holds(&q, &opts).0, "{spec}: P all but 1");
        }
    }
}
