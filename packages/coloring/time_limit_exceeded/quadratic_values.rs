// Too slow on purpose: right answers from the Sprague-Grundy values of the runs of uncoloured
// vertices, each computed by the plain mex recurrence over every vertex and colour of the run:
// a table quadratic in the longest run, where the intended solution has a closed form.
// Instant on short paths; a run of 10^5 uncoloured vertices needs about 10^11 steps.
use std::io::Read;

/// What bounds a run on one side: the path's end (0) or a vertex of colour 1 or 2.
const EDGE: usize = 0;

/// values[len][left][right]: the Grundy value of `len` uncoloured vertices between the ends.
fn grow(values: &mut Vec<[[u32; 3]; 3]>, longest: usize) {
    while values.len() <= longest {
        let len = values.len();
        let mut table = [[0u32; 3]; 3];
        for (left, row) in table.iter_mut().enumerate() {
            for (right, value) in row.iter_mut().enumerate() {
                let mut seen = vec![false; 2 * len + 2];
                for at in 0..len {
                    for colour in 1..=2 {
                        if (at == 0 && left == colour) || (at + 1 == len && right == colour) {
                            continue;
                        }
                        let g = values[at][left][colour] ^ values[len - 1 - at][colour][right];
                        if (g as usize) < seen.len() {
                            seen[g as usize] = true;
                        }
                    }
                }
                *value = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
        values.push(table);
    }
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let digits: Vec<u8> = tokens.flat_map(|t| t.bytes()).take(n).collect();
    let colour = |at: usize| (digits[at] - b'0') as usize;
    // The runs of uncoloured vertices: (length, left end, right end).
    let mut runs = Vec::new();
    let mut at = 0;
    while at < n {
        if digits[at] != b'0' {
            at += 1;
            continue;
        }
        let start = at;
        while at < n && digits[at] == b'0' {
            at += 1;
        }
        let left = if start == 0 { EDGE } else { colour(start - 1) };
        let right = if at == n { EDGE } else { colour(at) };
        runs.push((at - start, left, right));
    }
    let mut values = Vec::new();
    grow(&mut values, runs.iter().map(|r| r.0).max().unwrap_or(0));
    let total = runs.iter().fold(0, |g, &(len, l, r)| g ^ values[len][l][r]);
    println!("{}", if total != 0 { "FIRST" } else { "SECOND" });
}
