//! The input validators `validate-<problem>` run as Kattis runs them (the input on stdin, exit
//! 42 valid, 43 invalid with one line why on stderr, nothing on stdout): a run that checks that
//! contract every time, and the assertions the validators' tests make.

/// What the validator did with one input.
pub struct Verdict {
    pub code: Option<i32>,
    pub line: String,
}

/// Runs `validate-<problem> args < input` and checks the contract every time: exit 42 or 43,
/// nothing on stdout, no stderr when valid, exactly one line when invalid.
pub fn run(problem: &str, args: &[&str], input: &[u8]) -> Verdict {
    use predicates::prelude::*;
    let bin = format!("validate-{problem}");
    let assert = crate::command(&bin)
        .args(args)
        .write_stdin(input)
        .assert()
        .code(predicate::in_iter([42, 43]))
        .stdout(predicate::str::is_empty());
    let out = assert.get_output();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let code = out.status.code();
    if code == Some(42) {
        assert.stderr(predicate::str::is_empty());
    } else {
        assert.stderr(
            crate::one_line()
                .and(predicate::str::starts_with(format!("{bin}: ")))
                .and(predicate::str::contains("panicked").not()),
        );
    }
    Verdict {
        code,
        line: stderr.trim_end().to_owned(),
    }
}

/// The input's first 120 bytes, for a message.
pub fn shown(input: &[u8]) -> String {
    String::from_utf8_lossy(&input[..input.len().min(120)]).into_owned()
}

pub fn assert_valid(problem: &str, args: &[&str], input: &[u8]) {
    let v = run(problem, args, input);
    assert_eq!(
        v.code,
        Some(42),
        "validate-{problem} {args:?} rejected {:?}: {}",
        shown(input),
        v.line
    );
}

pub fn assert_invalid(problem: &str, args: &[&str], input: &[u8], needle: &str) {
    let v = run(problem, args, input);
    assert_eq!(
        v.code,
        Some(43),
        "validate-{problem} {args:?} accepted {:?}",
        shown(input)
    );
    assert!(
        v.line.contains(needle),
        "validate-{problem} {args:?} on {:?}: {:?} lacks {needle:?}",
        shown(input),
        v.line
    );
}

/// Every kind of the generator of `problem` at every size and count (None: the kind's own),
/// seeds 0..4, generated in process: valid for the judge's validator.
pub fn assert_kinds_valid(problem: &str, sizes: &[u64], counts: &[Option<u64>]) {
    use combgames_core::gen::{generate_bytes, Spec};
    use combgames_core::validate::{validate, Limits};
    let game = combgames_registry::Game::parse(problem).expect("a registered game");
    for &kind in game.gen().kinds {
        for &size in sizes {
            for &count in counts {
                for seed in 0..4 {
                    let spec = Spec::new(game.gen(), Some(kind), Some(size), count, seed).unwrap();
                    let input = generate_bytes(&spec);
                    if let Err(e) = validate(game.validator(), Limits::Judge, &input[..]) {
                        panic!("{spec:?} {e:?}: {:?}", shown(&input));
                    }
                }
            }
        }
    }
}
