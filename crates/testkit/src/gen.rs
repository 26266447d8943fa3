//! The project's generator as the tests run it, and the checks every generated format shares.

/// `gen ARGS`: its output, after checking that it exits 0 and writes nothing on stderr.
pub fn run(args: &[&str]) -> Vec<u8> {
    let mut out = crate::command("gen")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("could not run gen: {e}"));
    // The test is taken out first: the largest is 100 MB, which the assertion need not copy.
    let test = std::mem::take(&mut out.stdout);
    assert_cmd::assert::Assert::new(out)
        .append_context("args", format!("{args:?}"))
        .code(0)
        .stderr(predicates::str::is_empty());
    test
}

/// `gen <problem> --kind K --seed S [extra]`: the test's bytes.
pub fn test(problem: &str, kind: &str, seed: u64, extra: &[&str]) -> Vec<u8> {
    let seed = seed.to_string();
    let mut args = vec![problem, "--kind", kind, "--seed", &seed];
    args.extend_from_slice(extra);
    run(&args)
}

/// [`test()`] as text (generated tests are ASCII).
pub fn text(problem: &str, kind: &str, seed: u64, extra: &[&str]) -> String {
    String::from_utf8(test(problem, kind, seed, extra)).expect("generated tests are ASCII")
}

/// A decimal token without sign or leading zero, as a number; panics naming `what` otherwise.
pub fn number(token: &str, what: &str) -> u64 {
    assert!(
        !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()),
        "{what}: `{token}` is not a number"
    );
    assert!(
        token == "0" || !token.starts_with('0'),
        "{what}: leading zero in `{token}`"
    );
    token
        .parse()
        .unwrap_or_else(|_| panic!("{what}: `{token}` overflows"))
}

/// Every line ends with `\n`, no CR, no trailing space: the generator writes canonical tests.
pub fn canonical_lines(text: &str) -> Vec<&str> {
    assert!(text.ends_with('\n'), "no final newline");
    assert!(
        !text.contains('\r') && !text.contains(" \n") && !text.contains("  "),
        "untidy whitespace"
    );
    text[..text.len() - 1].split('\n').collect()
}

/// The sizes of `problem`'s sweep: the line of its game folder's tests/data/gen-sweep.tsv
/// (`problem`, `--size`, `--count` or `-` for a problem of one case per input; tab-separated,
/// `#` lines comments), small enough for many seeds of every kind.
pub fn sweep_row(problem: &str) -> (u64, Option<u64>) {
    sweep_rows()
        .into_iter()
        .find(|(p, _, _)| p == problem)
        .map(|(_, size, count)| (size, count))
        .unwrap_or_else(|| {
            panic!("no line for {problem} in any games/<g>/tests/data/gen-sweep.tsv")
        })
}

/// Every line of the game folders' tests/data/gen-sweep.tsv: (problem, size, count).
pub fn sweep_rows() -> Vec<(String, u64, Option<u64>)> {
    crate::games_data("gen-sweep.tsv")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let [problem, size, count] = f[..] else {
                panic!("gen-sweep.tsv: a bad line {l:?}")
            };
            let count = (count != "-").then(|| number(count, "gen-sweep.tsv count"));
            (
                problem.to_owned(),
                number(size, "gen-sweep.tsv size"),
                count,
            )
        })
        .collect()
}

/// `--size S [--count C]` of a sweep row.
pub fn sweep_args(size: u64, count: Option<u64>) -> Vec<String> {
    let mut args = vec!["--size".to_owned(), size.to_string()];
    if let Some(c) = count {
        args.extend(["--count".to_owned(), c.to_string()]);
    }
    args
}

/// Seeds 0..25 of every kind of `problem` at its sweep sizes ([`sweep_row`]), each test given
/// to `validate` (the game's validator written from its statement: it panics on an invalid
/// test) with the size and count.
pub fn sweep(problem: &str, validate: impl Fn(&str, u64, Option<u64>)) {
    let (size, count) = sweep_row(problem);
    let args = sweep_args(size, count);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let game = combgames_registry::Game::parse(problem).expect("a problem of the registry");
    for kind in game.gen().kinds {
        for seed in 0..25 {
            validate(&text(problem, kind, seed, &args), size, count);
        }
    }
}

/// The referee's round `round` of kind `kind` (None: its default) on sizes `size` (None: its
/// default range), drawn from a generator seeded `seed`, in the judge's format.
pub fn referee_round(
    game: combgames_registry::Game,
    kind: Option<&'static str>,
    size: Option<(u64, u64)>,
    round: u64,
    seed: u64,
) -> String {
    let spec = combgames_core::round::RoundSpec {
        size,
        kind,
        ..Default::default()
    };
    let made = game.generate(&spec, round, &mut combgames_core::rng::Rng::new(seed));
    made.unwrap_or_else(|e| panic!("{} {kind:?} {size:?}: {e}", game.name()))
        .position_line()
        + "\n"
}

/// gen's cases and the referee's rounds come from one maker: for seeds 0..6 and each top size
/// of `sizes`, gen's test of every kind but `skip` at `--size` is the referee's first round of
/// that kind on sizes 1..=top.
pub fn assert_cases_are_referee_rounds(
    game: combgames_registry::Game,
    sizes: &[u64],
    skip: &[&str],
) {
    for seed in 0..6 {
        for &size in sizes {
            for &kind in game.gen().kinds {
                if skip.contains(&kind) {
                    continue;
                }
                assert_eq!(
                    text(game.name(), kind, seed, &["--size", &size.to_string()]),
                    referee_round(game, Some(kind), Some((1, size)), 1, seed),
                    "{} {kind} --size {size}, seed {seed}",
                    game.name()
                );
            }
        }
    }
}

/// Every kind of `game` makes referee rounds within the size range asked for, the smallest
/// boards and the largest included; `side_at` is the word of the position line that holds
/// the size.
pub fn assert_kinds_play_within_sizes(game: combgames_registry::Game, side_at: usize) {
    let top = game.max_size();
    let ranges = [
        None,
        Some((1, 1)),
        Some((1, 3)),
        Some((2, 5)),
        Some((13, 40)),
        Some((top - 3, top)),
        Some((top, top)),
    ];
    for &kind in game.gen().kinds {
        for size in ranges {
            let (lo, hi) = size.unwrap_or(game.default_size());
            for seed in 0..6 {
                let line = referee_round(game, Some(kind), size, 20, seed);
                let n: u64 = line
                    .split_whitespace()
                    .nth(side_at)
                    .and_then(|w| w.parse().ok())
                    .unwrap_or_else(|| panic!("{} {kind}: no size in {line:.80}", game.name()));
                assert!(
                    (lo..=hi).contains(&n),
                    "{} {kind} {size:?}: N = {n}",
                    game.name()
                );
            }
        }
    }
}
