# Everything runs through cargo; the only tool needed is a Rust toolchain (cargo, rustc).
CARGO ?= cargo
RELEASE := target/release

.PHONY: all build check test test-long samples bench bench-quick play packages verify-packages bundle \
	same-behaviour clean

all: build

build:
	$(CARGO) build --release --locked

# The inner loop, a few minutes with the build warm: formatting, lints and the API docs
# (rustdoc's warnings, broken intra-doc links among them, denied) as .ci/run checks them, then
# the fast tests (the crates' unit tests, where they have a harness: `--lib` would build an
# empty one for each crate with `test = false`; and the modules of tests/tests.rs named in
# FAST: the house's rules, the judge side with the docs' promises, and `referee human`;
# `make test` runs them all, as CI does).
FAST := layout:: judge:: docs:: human::
check:
	$(CARGO) fmt --check
	find solutions/src -name '*.rs' -exec rustfmt --check --edition 2021 {} +
	rustfmt --check --edition 2021 packages/*/*/*.rs packages/*/interactive/*/*.rs
	$(CARGO) clippy --release --locked --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps --locked
	$(CARGO) test --release --locked --workspace --exclude combgames
	$(CARGO) test --release --locked --test integration -- $(FAST)

# Every test but the long tier: unit tests, brute-force proofs, the catch suites and the
# coverage test on their first seed, samples, fixtures. The test binaries run two at a time,
# longest first (scripts/test.sh: one line per binary, its output in target/test-logs/);
# `cargo test --release --locked` runs the same tests one binary at a time.
test: build
	CARGO=$(CARGO) scripts/test.sh
	scripts/samples.sh $(RELEASE)

# The long tier alone, which .ci/run runs after `make test`: the tests marked
# `#[ignore = "long tier ..."]` (more seeds, more cases, other compilers: docs/overview.md);
# `cargo test --release --locked -- --ignored` runs the same.
test-long: build
	CARGO=$(CARGO) TIER=long scripts/test.sh

# Every solution on every sample, one line per sample.
samples: build
	scripts/samples.sh $(RELEASE)

# Benchmarks; each prints its figures. `make bench B=coloring` runs one.
bench: build
	scripts/bench.sh $(B)

# Every benchmark in its quick mode (small sizes, one repetition; bench/mode.bash): what CI
# runs after `make test`, so that a benchmark that breaks fails CI.
bench-quick: build
	BENCH_QUICK=1 scripts/bench.sh $(B)

# The main job: the referee plays every solution that has a --play mode (table per game).
# ROUNDS=.. SEED=.. override the defaults (20 rounds, seed 1).
play: build
	scripts/play.sh $(RELEASE)

# Problem packages, each in both formats (target/packages/kattis: legacy, for problemtools,
# Kattis and DOMjudge; target/packages/bapc: 2025-09, for BAPCtools): the seven batch problems,
# five families of impartial games alone, and the seven games as interactive problems judged by
# the referee (docs/packages.md).
packages: build
	scripts/make-packages.sh $(RELEASE)

# The packages checked by problemtools' verifyproblem and BAPCtools' bt (from PyPI into target/).
verify-packages: build
	scripts/verify-packages.sh $(RELEASE)

# The pasteable files solutions/<p>.rs, generated from solutions/src/<p>.rs (one per problem)
# and the shared modules of solutions/src/shared/ (tests/solutions/standalone.rs fails when one is
# stale).
SOLUTIONS := $(basename $(notdir $(wildcard solutions/src/*.rs)))
bundle:
	$(CARGO) build --release --locked --bin bundle
	for p in $(SOLUTIONS); do $(RELEASE)/bundle solutions/src/$$p.rs -o solutions/$$p.rs || exit 1; done

# Shows that what users see is as it was at BASE (default edcf747, before each game's tests,
# benchmarks and docs moved into its folder): both trees built, then the referee's sessions
# (seeds 1..5 of every game against its solution, transcripts included), gen's inputs, the
# solutions' answers to them and to every sample, and the pasteable solutions compared byte for
# byte; one line per difference, exit 1 if any (scripts/same-behaviour.sh; 3 to 5 minutes
# once both builds are made). `make same-behaviour BASE=<commit>` compares with another commit.
same-behaviour:
	CARGO=$(CARGO) scripts/same-behaviour.sh $(BASE)

clean:
	$(CARGO) clean
