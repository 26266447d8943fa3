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
    let bin = format!("validate-{problem}");
    let r = crate::run_with_args(&bin, args, input.to_vec());
    assert!(r.stdout.is_empty(), "{bin} wrote on stdout: {:?}", r.stdout);
    match r.code {
        Some(42) => assert!(r.stderr.is_empty(), "{bin} valid but said {:?}", r.stderr),
        Some(43) => {
            assert_eq!(r.stderr.lines().count(), 1, "{bin}: {:?}", r.stderr);
            assert!(r.stderr.starts_with(&format!("{bin}: ")), "{:?}", r.stderr);
            assert!(!r.stderr.contains("panicked"), "{:?}", r.stderr);
        }
        other => panic!("{bin}: exit {other:?}, stderr {:?}", r.stderr),
    }
    Verdict {
        code: r.code,
        line: r.stderr.trim_end().to_owned(),
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
