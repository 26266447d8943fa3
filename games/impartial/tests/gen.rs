//! impartial's generator: every kind valid by a validator written here from the statement
//! (sharing no code with the generator; the sweep over every game: tests/judge/gen.rs).

use crate::common;
use common::gen::{canonical_lines, number};

fn validate_impartial(text: &str, size: u64, count: u64) {
    let lines = canonical_lines(text);
    let misere = lines[0].starts_with("misere ");
    assert!(!lines[0].is_empty(), "impartial: no spec line");
    let t = number(lines[1], "impartial T");
    assert_eq!(t, count, "impartial: T");
    assert_eq!(lines.len() as u64, 2 + t, "impartial: lines");
    for line in &lines[2..] {
        let numbers: Vec<u64> = line
            .split(' ')
            .map(|w| number(w, "impartial heap"))
            .collect();
        assert_eq!(
            numbers[0] as usize,
            numbers.len() - 1,
            "impartial: k in {line:?}"
        );
        assert!(
            numbers[1..].iter().all(|&h| (1..=size).contains(&h)),
            "impartial: heap outside 1 to {size} in {line:?}"
        );
        if misere {
            assert!(
                numbers[0] <= 8 && numbers[1..].iter().sum::<u64>() <= 52,
                "impartial: misere {line:?}"
            );
        }
    }
}

#[test]
fn every_kind_is_valid_over_many_seeds() {
    common::gen::sweep("impartial", |text, size, count| {
        validate_impartial(text, size, count.unwrap());
    });
}
