//! `referee judge race` through the real binary: the default run ends with the package's test
//! at the statement's largest sizes.

use crate::common;

fn bin(name: &str) -> std::path::PathBuf {
    common::bin(name).into()
}

/// The default run ends with the package's test at the statement's largest sizes (race: ten
/// boards of 300 rows, past the 40 of the other tests): a solution right on every board but
/// too slow for the large ones is TLE on that test and OK on every other; `--size` leaves it out.
#[test]
fn a_solution_too_slow_for_the_statements_largest_inputs_is_tle_by_default() {
    let dir = common::TempDir::new("judge-largest");
    // Spins on inputs over 100 kB (the other tests stay under 20 kB), else answers as the
    // project's solution.
    let script = format!(
        "input=$(cat); if [ ${{#input}} -gt 100000 ]; then while :; do :; done; fi; \
         printf '%s\\n' \"$input\" | {}",
        bin("race").display()
    );
    let judge = |extra: &[&str]| {
        let mut args = vec!["race", "--tests", "4", "--seed", "1", "--time-limit", "0.5"];
        args.extend_from_slice(extra);
        let (_, stdout) = common::referee_judge(&dir, &args, &["sh", "-c", &script]);
        common::judge_verdicts(&stdout)
    };
    let verdicts = judge(&[]);
    let generated: Vec<&(String, String)> = verdicts
        .iter()
        .filter(|(t, _)| !t.starts_with("sample-"))
        .collect();
    assert_eq!(generated.len(), 5, "{verdicts:?}");
    for (test, verdict) in &generated {
        let expected = if test == "largest" { "TLE" } else { "OK" };
        assert_eq!(verdict, expected, "{test}: {verdicts:?}");
    }
    let verdicts = judge(&["--size", "40"]);
    assert!(
        verdicts.iter().all(|(t, v)| t != "largest" && v == "OK"),
        "{verdicts:?}"
    );
}
