//! The problem as its statement gives it, `referee judge`'s default: a solution written from
//! `packages/<problem>/problem.en.tex` (HDU 2486's integer k <= 10^5 and n <= 10^8, Timus
//! 1465's 32-bit N, UVa 11534's strips of at most 100 cells, ...) is never failed for the
//! project's extensions, which `--extended` asks for.
//!
//! The statements' limits and format are those of the strict validators' default
//! ([`combgames_core::validate::Limits::Judge`], `validate-<problem>` without `--project`);
//! by default the judge skips every sample they reject and generates its tests at the
//! packages' sizes (each problem's `judge_sized`, [`combgames_core::problem::Problem`]),
//! keeping only those they accept.

/// Seeds tried per generated test before its kind is given up as one that never fits the
/// judge's limits (subtraction's `random` kind draws a rational k for most cases: 20 cases
/// all integer almost never happen).
pub const TRIES_PER_TEST: u32 = 20;

#[cfg(test)]
mod tests {
    use combgames_registry::Game;

    /// The sizes are the packages' `judge_sized` and `largest` lines, read from the package
    /// files.
    #[test]
    fn judge_sizes_are_the_packages() {
        let root = crate::judge::sources::repository();
        for &game in Game::ALL {
            let file = root.join("packages").join(game.name()).join("package.sh");
            let text = std::fs::read_to_string(&file).unwrap();
            let line = text
                .lines()
                .find_map(|l| l.strip_prefix("judge_sized="))
                .unwrap_or_else(|| panic!("{} has no judge_sized", file.display()));
            let words = |line: &str| -> Vec<String> {
                let line = line.trim_matches('"');
                line.split_whitespace().map(str::to_owned).collect()
            };
            let value = |words: &[String], flag: &str| {
                words
                    .iter()
                    .position(|w| w == flag)
                    .map(|i| words[i + 1].clone())
            };
            let number = |words: &[String], flag: &str| {
                value(words, flag).map(|v| v.parse::<u64>().unwrap())
            };
            let sized = words(line);
            assert_eq!(
                game.judge_sized(),
                (number(&sized, "--size").unwrap(), number(&sized, "--count")),
                "{}",
                game.name()
            );
            let largest = words(
                text.lines()
                    .find_map(|l| l.strip_prefix("largest="))
                    .unwrap_or_else(|| panic!("{} has no largest", file.display())),
            );
            assert_eq!(
                game.largest().map(|l| (l.kind.to_owned(), l.size, l.count)),
                value(&largest, "--kind").map(|kind| (
                    kind,
                    number(&largest, "--size").unwrap(),
                    number(&largest, "--count")
                )),
                "{}",
                game.name()
            );
        }
    }
}
