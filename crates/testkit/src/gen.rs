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
