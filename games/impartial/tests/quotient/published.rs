//! Published misère-quotient data, each with the text it was read in, against `impartial
//! --quotient`: Plambeck's pages on 0.312 and on the quaternary games, and the structure
//! theorems of Plambeck–Siegel and Siegel as their abstracts and citations state them.
//! (0.75's and 0.31's presentations are not here: no text giving them was read, see
//! `recalled_presentations_hold` in the parent module.)

use super::{quotient, Printed};
use crate::brute;
use brute::Search;

/// Plambeck's page on 0.312
/// (http://www.plambeck.org/oldhtml/mathematics/games/misere/quaternary/0312/index.htm, read
/// here): every heap but the heap of 4 may be taken for an adder, heaps 1..10 as
/// `:1 :2 :4 A :4 :5 :4 :5 :4 :5` with period 2 (the page's header row misprints heap 2 as a
/// second 3), and A + A = :0, A the heap of 4, of genus 2^{1420}. In the quotient: heaps 3, 5,
/// 7, 9 share an element, heaps 6, 8, 10 another, and heap 4's squares to the identity.
/// Readings of the names, not the page's, checked against the brute force only
/// (`quotient_outcomes_agree_with_the_brute_force` covers 0.312): that the adders :1 :2 :4 :5
/// are four elements and A none of them, and that they add as their names, :4 = :2 + :2 and
/// :5 = :4 + :1 (so that the generators are heaps 1, 2, 4) — the page does not say how adders
/// add, and :1 + :1 = :2 would be false (∗1 + ∗1 = 0).
#[test]
fn plambecks_page_on_0312() {
    let q = quotient("0.312", 30);
    let x = |h: usize| q.heap[h];
    let m = |a: usize, b: usize| q.mul[a][b];
    for h in [5, 7, 9] {
        assert_eq!(x(h), x(3), "0.312: heap {h} is :4 as heap 3 ({})", q.header);
    }
    for h in [8, 10] {
        assert_eq!(x(h), x(6), "0.312: heap {h} is :5 as heap 6");
    }
    assert_eq!(m(x(4), x(4)), 0, "0.312: A + A = :0");

    // The readings of the names, not the page's (see above).
    let adders = [x(1), x(2), x(3), x(6)];
    for (i, a) in adders.iter().enumerate() {
        assert!(
            !adders[i + 1..].contains(a),
            "0.312: :1 :2 :4 :5 are four elements"
        );
    }
    assert!(!adders.contains(&x(4)), "0.312: A is no adder");
    let heaps: Vec<u32> = q.generators.iter().map(|g| g.1).collect();
    assert_eq!(heaps, [1, 2, 4], "0.312: {}", q.header);
    assert_eq!(x(3), m(x(2), x(2)), "0.312: :4 = :2 + :2");
    assert_eq!(x(6), m(x(3), x(1)), "0.312: :5 = :4 + :1");
}

/// The quaternary codes (digits 0..3: no splitting) with one to three digits, the last not 0.
fn quaternary_codes() -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    for len in 1..=3 {
        for mut i in 0..4u32.pow(len) {
            let mut digits = String::new();
            for _ in 0..len {
                digits.insert(0, char::from_digit(i % 4, 4).unwrap());
                i /= 4;
            }
            if !digits.ends_with('0') {
                codes.push(format!("0.{digits}"));
            }
        }
    }
    codes
}

/// Whether the quotient is the one of misère Nim on heaps of the values g(0..=N): every heap
/// plays as the nim heap ∗g(n), so heaps of one value share an element, the 0-heaps the
/// identity; with values up to 1 the quotient is {1, a}, P = {a}; with a largest value m ≥ 2
/// (2^(k−1) ≤ m < 2^k) it is misère Nim's by Bouton's rule (lost iff the nim-sum is 0 when a
/// heap is 2 or more, else iff the 1-heaps are odd): the all-small positions by parity, 1 and
/// a, and the others by their nim-sum, 2^k more, P = {a, nim-sum 0}.
fn plays_as_nim(q: &Printed, g: &[u32]) -> bool {
    let same_values =
        (0..g.len()).all(|i| (0..g.len()).all(|j| (q.heap[i] == q.heap[j]) == (g[i] == g[j])));
    let zeros = (0..g.len()).all(|i| g[i] != 0 || q.heap[i] == 0);
    let largest = *g.iter().max().unwrap();
    let (order, p) = match largest {
        0 => (1, 0),
        1 => (2, 1),
        m => (2 + (1usize << (32 - m.leading_zeros())), 2),
    };
    let p_size = q.p.iter().filter(|&&p| p).count();
    same_values && zeros && q.names.len() == order && p_size == p
}

/// Plambeck's page on the quaternary games
/// (http://www.plambeck.org/oldhtml/mathematics/games/misere/quaternary/index.htm, read
/// here): by a table of Winning Ways, .31 (Stalking) is the only two-digit quaternary with a
/// heap that is no misère nim heap; of the three-digit ones (subtraction games, digits 0 and 3,
/// among them), every heap of every game is a misère nim heap but in the seven the page calls
/// the Woolly Mammoths, .121, .123, .131, .201, .211, .312 and .331. So every other quaternary
/// code of up to three digits has the quotient of misère Nim on its heaps' values (the values
/// by the brute force's plain mex), to heap 12; and these eight do not — the page says they
/// have heaps that are no nim heaps, and here each shows it by heap 12 (0.31's heap 3, of
/// value 0, is lost alone, so it is not the zero game: by the plain search).
#[test]
fn quaternary_games_play_as_nim_but_stalking_and_the_mammoths() {
    const NOT_NIM: [&str; 8] = [
        "0.31", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331",
    ];
    let codes = quaternary_codes();
    assert_eq!(codes.len(), 3 + 12 + 48);
    for code in &codes {
        let q = quotient(code, 12);
        let g = brute::mex_values(code, 12);
        assert_eq!(
            plays_as_nim(&q, &g),
            !NOT_NIM.contains(&code.as_str()),
            "{code}: values {g:?}, heaps {:?} ({})",
            q.heap,
            q.header
        );
    }
    let mut search = Search::new("misere 0.31");
    assert!(
        search.wins(&[]) && !search.wins(&[3]),
        "0.31: heap 3 is not ∗0"
    );
}

/// The codes 0.d1d2 whose quotient of heaps 0..10 takes under 0.1 s (0.35, 0.45, 0.47 and
/// 0.74, of 28 to 246 elements, take 0.2 to 1 s each and are left out for time).
fn two_digit_codes() -> Vec<String> {
    let mut codes = Vec::new();
    for d1 in 0..8 {
        for d2 in 1..8 {
            let code = format!("0.{d1}{d2}");
            if !["0.35", "0.45", "0.47", "0.74"].contains(&code.as_str()) {
                codes.push(code);
            }
        }
    }
    codes
}

/// The element `word` names (`1`, `a`, `ab^2`, ...), its letters read as the generators'
/// images `image` (a → image[0], ...) in `q`.
fn evaluate(q: &Printed, word: &str, image: &[usize]) -> usize {
    let mut e = 0;
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '1' {
            continue;
        }
        let x = image[(c as u8 - b'a') as usize];
        let mut power = 1;
        if chars.peek() == Some(&'^') {
            chars.next();
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            power = digits.parse().unwrap();
        }
        for _ in 0..power {
            e = q.mul[e][x];
        }
    }
    e
}

/// Whether some map of `from`'s generators into `to` extends to an isomorphism of the
/// quotients that maps P onto P.
fn isomorphic(from: &Printed, to: &Printed) -> bool {
    let n = from.names.len();
    if to.names.len() != n {
        return false;
    }
    let k = from.generators.len();
    (0..n.pow(k as u32)).any(|mut i| {
        let image: Vec<usize> = (0..k)
            .map(|_| {
                let e = i % n;
                i /= n;
                e
            })
            .collect();
        let phi: Vec<usize> = from.names.iter().map(|w| evaluate(to, w, &image)).collect();
        let mut hit = vec![false; n];
        phi.iter().for_each(|&e| hit[e] = true);
        hit.iter().all(|&h| h)
            && (0..n).all(|x| from.p[x] == to.p[phi[x]])
            && (0..n).all(|x| (0..n).all(|y| phi[from.mul[x][y]] == to.mul[phi[x]][phi[y]]))
    })
}

/// Structure theorems, as stated in texts read here: every misère quotient of impartial games
/// has even order (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008,
/// arXiv math/0609825, as cited in §1 of Rubinstein-Salzedo and Zhou, "Finite cardinalities
/// of misère quotients", arXiv 2603.18244); a finite quotient with |P| = 2 has order 2^n + 2 or 2^n + 4, and
/// there is exactly one quotient of order 8 (Siegel, "The structure and classification of
/// misère quotients", arXiv math/0703070, abstract). On the quotients of heaps 0..10 of the
/// codes 0.d1d2 (each the quotient of a closed set, the positions of those heaps): the order
/// is even, |P| = 2 gives such an order, and every one of order 8 is isomorphic to 0.75's, P onto P.
#[test]
fn structure_theorems_hold_on_the_two_digit_codes() {
    let r8 = quotient("0.75", 10);
    assert_eq!(r8.names.len(), 8, "0.75: {}", r8.header);
    let mut eight = Vec::new();
    for code in two_digit_codes() {
        let q = quotient(&code, 10);
        let order = q.names.len();
        assert_eq!(order % 2, 0, "{code}: order {order} ({})", q.header);
        if q.p.iter().filter(|&&p| p).count() == 2 {
            let rest = [2, 4].map(|c| order.checked_sub(c).filter(|m| m.is_power_of_two()));
            assert!(
                rest.iter().any(Option::is_some),
                "{code}: |P| = 2, order {order}"
            );
        }
        if order == 8 {
            assert!(
                isomorphic(&r8, &q),
                "{code}: order 8, not 0.75's ({})",
                q.header
            );
            eight.push(code);
        }
    }
    // The uniqueness is exercised beyond 0.75 itself (five codes of order 8 here).
    assert!(eight.len() > 1, "order 8: {eight:?}");
}
