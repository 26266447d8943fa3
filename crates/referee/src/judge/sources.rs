//! Where `referee judge`'s tests come from: the samples, the generated tests and `largest`.

use super::original;
use anyhow::{bail, Context};
use combgames_core::gen::{generate_bytes, Spec};
use combgames_core::problem::Largest;
use combgames_core::rng::Rng;
use combgames_core::validate::{self, Limits};
use combgames_registry::Game;
use std::path::{Path, PathBuf};

/// Where a test's input comes from.
#[derive(Clone, Debug)]
pub(super) enum Source {
    /// A sample: its input and the hand-checked answer, read once before any solution runs.
    Sample { input: Vec<u8>, answer: Vec<u8> },
    /// Generated from a spec; the answer comes from the reference solution.
    Generated(Spec),
    /// Given bytes (a shrink's candidate); the answer comes from the reference solution.
    Input(Vec<u8>),
}

#[derive(Clone, Debug)]
pub(super) struct Test {
    pub(super) name: String,
    pub(super) source: Source,
}

/// A sample built into the referee: its name, input and answer.
type Embedded = (&'static str, &'static [u8], &'static [u8]);

// The project's samples, `EMBEDDED`: written by build.rs from samples/.
include!(concat!(env!("OUT_DIR"), "/samples.rs"));

/// The samples `referee judge` runs: those of `dir` (`--samples`), or by default the project's
/// `samples/<problem>`, built into the referee (build.rs), so that it needs no source tree.
pub(super) fn samples(problem: Game, dir: Option<&Path>) -> anyhow::Result<Vec<Test>> {
    let Some(dir) = dir else {
        return Ok(embedded(problem.name()));
    };
    samples_in(dir)
}

/// The samples of `problem` built into the referee, as [`samples_in`] reads a folder.
pub(super) fn embedded(problem: &str) -> Vec<Test> {
    let found = EMBEDDED.iter().find(|(name, _)| *name == problem);
    found
        .map(|(_, samples)| *samples)
        .unwrap_or_default()
        .iter()
        .map(|&(name, input, answer)| Test {
            name: format!("sample-{name}"),
            source: Source::Sample {
                input: input.to_vec(),
                answer: answer.to_vec(),
            },
        })
        .collect()
}

/// The samples of `dir`: each `<name>.in` with its answer `<name>.out`, or `<name>.ans` (a
/// package's data/sample or data/secret), in name order. A folder that cannot be read is an
/// error: a mistyped path must not judge nothing and pass.
pub(super) fn samples_in(dir: &Path) -> anyhow::Result<Vec<Test>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the samples folder {}", dir.display()))?;
    let answer_of = |input: &Path| {
        ["out", "ans"]
            .into_iter()
            .map(|ext| input.with_extension(ext))
            .find(|answer| answer.is_file())
    };
    let mut inputs: Vec<(PathBuf, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .filter_map(|p| answer_of(&p).map(|answer| (p, answer)))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|(input, answer)| {
            Ok(Test {
                name: format!(
                    "sample-{}",
                    input
                        .file_stem()
                        .map_or(String::new(), |s| s.to_string_lossy().into_owned())
                ),
                source: Source::Sample {
                    answer: read_sample(&answer)?,
                    input: read_sample(&input)?,
                },
            })
        })
        .collect()
}

/// Largest sample file read, bytes (the project's largest sample is a few MB).
pub(super) const MAX_SAMPLE: u64 = 256 << 20;

/// A sample's input or answer: a regular file of at most [`MAX_SAMPLE`] bytes (a device such
/// as `/dev/zero` under a sample's name would never end), else why not, under the context
/// that names the file.
pub(super) fn read_sample(path: &Path) -> anyhow::Result<Vec<u8>> {
    let read = || -> anyhow::Result<Vec<u8>> {
        let meta = std::fs::metadata(path)?;
        if !meta.is_file() {
            bail!("not a regular file");
        }
        if meta.len() > MAX_SAMPLE {
            bail!("larger than {} MiB", MAX_SAMPLE >> 20);
        }
        let mut bytes = Vec::new();
        let file = std::fs::File::open(path)?;
        std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX_SAMPLE + 1), &mut bytes)?;
        Ok(bytes)
    };
    read().with_context(|| format!("cannot read the sample {}", path.display()))
}

/// Generated test `i` of `count`: the kinds in turn, so every kind is covered; two tests in
/// three of a size drawn log-uniformly up to `size` (default: the generator's default; small
/// cases find most bugs and show them plainly), every third at that size (speed), each with
/// `cases` cases (default: the generator's). With `within`, only tests that limit's validator
/// accepts: a rejected test is drawn again with another seed, and a kind that gives no
/// accepted test in [`original::TRIES_PER_TEST`] seeds is left out from then on.
pub(super) fn generated(
    problem: Game,
    seed: u64,
    count: u64,
    size: Option<u64>,
    cases: Option<u64>,
    within: Option<Limits>,
) -> Vec<Test> {
    // The worst-case kind is the `largest` test's alone (gen::WORST).
    let kinds: Vec<&str> = problem
        .gen()
        .kinds
        .iter()
        .copied()
        .filter(|&k| k != combgames_core::gen::WORST)
        .collect();
    let (min_size, default_size) = problem.gen().size_bounds();
    let big_size = size.unwrap_or(default_size);
    let mut rng = Rng::new(seed);
    let width = count.to_string().len();
    let mut barren = vec![false; kinds.len()];
    let mut tests = Vec::new();
    for i in 0..count {
        let size = if i % 3 == 2 {
            big_size
        } else {
            rng.log_range(min_size, big_size)
        };
        let first = (i % kinds.len() as u64) as usize;
        let mut found = None;
        for kind in (first..kinds.len()).chain(0..first) {
            if barren[kind] {
                continue;
            }
            let tries = if within.is_some() {
                original::TRIES_PER_TEST
            } else {
                1
            };
            for _ in 0..tries {
                let test_seed = rng.next_u64() % 1_000_000_000;
                let Ok(spec) = Spec::new(
                    problem.gen(),
                    Some(kinds[kind]),
                    Some(size),
                    cases,
                    test_seed,
                ) else {
                    continue;
                };
                let fits = within.map_or(true, |limits| {
                    validate::validate(problem.validator(), limits, &generate_bytes(&spec)[..])
                        .is_ok()
                });
                if fits {
                    found = Some(spec);
                    break;
                }
            }
            if found.is_some() || within.is_none() {
                break;
            }
            barren[kind] = true;
        }
        if let Some(spec) = found {
            tests.push(Test {
                name: format!("gen-{:0width$}", i + 1),
                source: Source::Generated(spec),
            });
        }
    }
    tests
}

/// The default run's last test, `largest`, after the generated ones: the package's test at the statement's largest sizes
/// (its kind, size and count; the seed drawn from the run's, as every generated test's).
pub(super) fn largest_test(problem: Game, seed: u64, largest: Largest) -> Test {
    let test_seed = Rng::new(seed ^ LARGEST_SEED).next_u64() % 1_000_000_000;
    let spec = Spec::new(
        problem.gen(),
        Some(largest.kind),
        Some(largest.size),
        largest.count,
        test_seed,
    )
    .expect("a problem's largest test is within its generator's bounds (a unit test checks)");
    Test {
        name: "largest".to_owned(),
        source: Source::Generated(spec),
    }
}

/// Keeps the largest test's seed apart from the stream of the other generated tests.
pub(super) const LARGEST_SEED: u64 = 0x6c61_7267_6573_7421;

/// The source tree, for the tests that compare what the referee holds with its files: two
/// levels above this crate's folder, crates/referee.
#[cfg(test)]
pub(crate) fn repository() -> &'static Path {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().and_then(Path::parent).unwrap_or(here)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::console::gen_command;

    /// The samples built into the referee are samples/<problem>'s, file for file, and every
    /// problem has some.
    #[test]
    fn the_embedded_samples_are_the_folders() {
        let key = |tests: Vec<Test>| -> Vec<(String, Vec<u8>, Vec<u8>)> {
            tests
                .into_iter()
                .map(|t| match t.source {
                    Source::Sample { input, answer } => (t.name, input, answer),
                    _ => unreachable!(),
                })
                .collect()
        };
        for &problem in Game::ALL {
            let dir = repository().join("samples").join(problem.name());
            let embedded = key(samples(problem, None).unwrap());
            assert!(!embedded.is_empty(), "{}", problem.name());
            assert_eq!(
                embedded,
                key(samples_in(&dir).unwrap()),
                "{}",
                problem.name()
            );
        }
        assert!(embedded("nonesuch").is_empty());
    }

    /// With a limit, every generated test is one its validator accepts: subtraction's rational
    /// k and pawns' N past 2^31 are left out; without, they come.
    #[test]
    fn generated_tests_within_the_judge_limits_are_valid_there() {
        for &problem in Game::ALL {
            let (size, count) = problem.judge_sized();
            let tests = generated(problem, 3, 12, Some(size), count, Some(Limits::Judge));
            assert_eq!(tests.len(), 12, "{}", problem.name());
            for test in &tests {
                let Source::Generated(spec) = &test.source else {
                    unreachable!()
                };
                let bytes = generate_bytes(spec);
                assert!(
                    validate::validate(problem.validator(), Limits::Judge, &bytes[..]).is_ok(),
                    "{}",
                    gen_command(spec)
                );
            }
        }
        // The largest test: the statement's largest sizes, and still within its limits.
        for &problem in Game::ALL {
            let Some(largest) = problem.largest() else {
                continue;
            };
            let Source::Generated(spec) = largest_test(problem, 3, largest).source else {
                unreachable!()
            };
            let bytes = generate_bytes(&spec);
            assert!(
                validate::validate(problem.validator(), Limits::Judge, &bytes[..]).is_ok(),
                "{}",
                gen_command(&spec)
            );
        }
        let loose = generated(Game::Subtraction, 3, 12, Some(100_000_000), Some(20), None);
        assert!(loose.iter().any(|t| match &t.source {
            Source::Generated(spec) => {
                let bytes = generate_bytes(spec);
                validate::validate(Game::Subtraction.validator(), Limits::Judge, &bytes[..])
                    .is_err()
            }
            _ => false,
        }));
    }

    #[test]
    fn generated_tests_cover_every_kind_and_are_reproducible() {
        for &problem in Game::ALL {
            let a = generated(problem, 5, 12, None, None, None);
            assert_eq!(a.len(), 12, "{}", problem.name());
            // Every kind but the worst case, which is the `largest` test's alone.
            for kind in problem.gen().kinds {
                let drawn = a
                    .iter()
                    .any(|t| matches!(&t.source, Source::Generated(s) if s.kind == *kind));
                assert_eq!(
                    drawn,
                    *kind != combgames_core::gen::WORST,
                    "{} kind {kind}",
                    problem.name()
                );
            }
            let b = generated(problem, 5, 12, None, None, None);
            let specs = |v: &[Test]| {
                v.iter()
                    .map(|t| match &t.source {
                        Source::Generated(s) => s.clone(),
                        _ => unreachable!(),
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(specs(&a), specs(&b));
        }
    }
}
