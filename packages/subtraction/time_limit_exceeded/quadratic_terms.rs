// Too slow on purpose: right answers from the losing starts of the k-times subtraction game
// (a0 = 1, a(i+1) = a(i) + a(j) with j the number of terms m where a(i) > k * a(m); Schwenk's
// take-away games), but j is found by counting over all the terms again for every new term.
// That is quadratic in the number of terms, which for k near 10^5 and n near 10^8 is several
// hundred thousand: instant for small k, far beyond the limit for large k.
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace().map(|t| t.parse::<u64>().unwrap());
    let t = tokens.next().unwrap();
    let mut out = String::new();
    for case in 1..=t {
        let n = tokens.next().unwrap();
        let k = tokens.next().unwrap();
        let mut terms: Vec<u64> = vec![1];
        while *terms.last().unwrap() < n {
            let last = *terms.last().unwrap();
            let j = terms.iter().filter(|&&a| last > k * a).count();
            terms.push(last + terms[j]);
        }
        out.push_str(&format!("Case {}: ", case));
        if *terms.last().unwrap() == n {
            out.push_str("lose\n");
            continue;
        }
        // The greedy decomposition of n into terms: its smallest term is the answer.
        let mut rest = n;
        let mut smallest = 0;
        for &a in terms.iter().rev() {
            if a <= rest {
                rest -= a;
                smallest = a;
            }
        }
        out.push_str(&format!("{}\n", smallest));
    }
    print!("{}", out);
}
