//! Counts and ranges in messages, worded as docs/messages.md asks: the count decides the
//! word (`1 case`, `2 cases`, never `case(s)`), and a range reads `1 to 8`, not as Rust
//! writes it.

/// `1 case`, `0 cases`, `2 cases`: a word that makes its plural with `s`.
pub fn counted(n: u64, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    }
}

/// `1 to 8`: a range of whole numbers, both ends included.
pub fn span(lo: impl std::fmt::Display, hi: impl std::fmt::Display) -> String {
    format!("{lo} to {hi}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "case"), "1 case");
        assert_eq!(counted(0, "case"), "0 cases");
        assert_eq!(counted(2, "strip"), "2 strips");
        assert_eq!(span(1, 8), "1 to 8");
    }
}
