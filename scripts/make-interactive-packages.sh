#!/usr/bin/env bash
# make-interactive-packages.sh [BIN_DIR] [OUT_DIR]: writes an interactive problem package in the
# Kattis problem-package format (legacy, as problemtools' verifyproblem reads it) for each of the
# games of the registry, into OUT_DIR/<game>interactive/ (default target/packages/kattis, where
# make-packages.sh puts them beside the legacy batch packages; a shortname is [a-z0-9]+).
# The team's program plays the game against the project's referee (docs/protocol.md); the
# referee is the output validator (`validation: custom interactive`). BIN_DIR (default
# target/release) holds the project's binaries: bundle, referee, the solutions.
# scripts/make-packages.sh calls this script after the batch packages and derives the 2025-09
# packages (target/packages/bapc/<game>interactive, for BAPCtools) from these.
#
# Per game, from the project's own files (nothing here is a second copy of project code):
#   problem.yaml, problem_statement/problem.en.tex   packages/<game>/interactive/ (hand-written), with
#                               package.sh: the game's test sizes (load_package below)
#   .timelimit                  $TIME_LIMIT seconds of the team's CPU time (DOMjudge reads it,
#                               make-packages.sh derives the 2025-09 limit from it)
#   data/sample/1.in, data/secret/*.in   the referee's options (docs/kattis.md, `referee
#                               kattis`), fixed seeds; every .ans is empty (the referee reads none)
#   data/sample/1.interaction   the session of the sample with the project's solution, from the
#                               referee's transcript (what the statement shows)
#   output_validators/referee/  checkers/referee_kattis.rs bundled with the std-only library
#                               modules below (tools/bundle.rs) and a `build` script: plain
#                               rustc, no crates; `run` is the validator for this game
#   input_validators/referee/   the same file, `run` checks a test's options
#                               (`referee-kattis --validate-input <game>`)
#   submissions/accepted        solutions/<game>.rs, unchanged
#   submissions/wrong_answer    packages/<game>/interactive/wrong_answer/*.rs (plausible bugs),
#                               each bundled by tools/bundle.rs with its `#[path]` modules (the
#                               solutions' protocol client solutions/src/shared/protocol.rs,
#                               the frame and game code of packages/shared/) into one std-only
#                               file
#   (every game but race has a time_limit_exceeded player; docs/packages.md says why not race)
#   submissions/time_limit_exceeded   packages/<game>/interactive/time_limit_exceeded/*.rs, if
#                               any, bundled the same way
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bundle-players.sh
. scripts/bundle-players.sh
BIN=${1:-target/release}
OUT=${2:-target/packages/kattis}
# Seconds; the slowest accepted session took at most 0.49 s of CPU (verifyproblem, loaded machine).
TIME_LIMIT=2

die() {
	echo "make-interactive-packages: $*" >&2
	exit 1
}

# load_package GAME: the package's own settings from packages/GAME/interactive/package.sh
# (small_size, large_size, and where set extra_tests).
load_package() {
	small_size="" large_size="" extra_tests=""
	[ -f "packages/$1/interactive/package.sh" ] || die "packages/$1/interactive/package.sh missing"
	# shellcheck source=/dev/null
	. "packages/$1/interactive/package.sh"
	[ -n "$small_size" ] && [ -n "$large_size" ] ||
		die "packages/$1/interactive/package.sh: small_size and large_size are required"
}

# The tests, one per line: name, then the referee's options. Every session finishes within a
# second with the project's solutions (rounds are cut at the game's move cap).
tests() {
	echo "01-small --rounds 30 --seed 11 --size $small_size"
	echo "02-default --rounds 10 --seed 12"
	echo "03-default --rounds 10 --seed 13"
	echo "04-large --rounds 3 --seed 14 --size $large_size"
	[ -z "$extra_tests" ] || echo "$extra_tests"
}

# program_dir DIR OPT_LEVEL ARGS...: DIR holds the bundled referee and a `build` script that
# compiles it with plain rustc and writes `run`, which calls it with ARGS before the judge
# system's own. The input validator only reads options: opt-level 0 builds it four times faster.
program_dir() {
	local dir=$1 opt=$2
	shift 2
	mkdir -p "$dir"
	cp "$BUNDLE" "$dir/referee_kattis.rs"
	cat >"$dir/build" <<EOF
#!/bin/sh
# Builds \`run\` from one std-only source: plain rustc, no crates, no network (docs/kattis.md).
cd "\$(dirname "\$0")" || exit 1
rustc -C opt-level=$opt --edition 2021 -o referee-kattis referee_kattis.rs || exit 1
printf '%s\n' '#!/bin/sh' 'exec "\$(dirname "\$0")/referee-kattis" $* "\$@"' >run
chmod +x run
EOF
	chmod +x "$dir/build"
}

for b in bundle referee; do
	[ -x "$BIN/$b" ] || die "$BIN/$b missing: run cargo build --release first"
done
mkdir -p "$OUT"
BUNDLE=$OUT/referee_kattis.rs
# With the crates it uses, std only, as their Cargo.toml files say (tools/bundle.rs).
"$BIN/bundle" checkers/referee_kattis.rs -o "$BUNDLE"

# Every game of the registry (crates/registry).
mapfile -t PROBLEMS < <("$BIN/referee" --list-games)
for p in "${PROBLEMS[@]}"; do
	[ -x "$BIN/$p" ] || die "$BIN/$p missing: run cargo build --release first"
	load_package "$p"
	src=packages/$p/interactive
	dir=$OUT/${p}interactive
	rm -rf "$dir"
	mkdir -p "$dir"/{problem_statement,data/sample,data/secret,submissions/accepted,submissions/wrong_answer}
	cp "$src/problem.yaml" "$dir/problem.yaml"
	echo "$TIME_LIMIT" >"$dir/.timelimit"
	cp "$src/problem.en.tex" "$dir/problem_statement/problem.en.tex"
	cp "solutions/$p.rs" "$dir/submissions/accepted/$p.rs"
	bundle_players "$BIN" "$src" "$dir" || die "$p: bundling its players failed"
	program_dir "$dir/output_validators/referee" 3 "$p"
	program_dir "$dir/input_validators/referee" 0 --validate-input "$p"

	echo "--rounds 2 --seed 1 --size $small_size" >"$dir/data/sample/1.in"
	while read -r name options; do
		echo "$options" >"$dir/data/secret/$name.in"
	done < <(tests)
	for f in "$dir"/data/{sample,secret}/*.in; do
		: >"${f%.in}.ans"
	done
	# The sample's session with the project's solution, run as the judge runs it (no
	# arguments: it plays because the input starts with `play R`): the transcript's `<`
	# (referee to team) and `>` (team to referee) lines are the .interaction file's. That every
	# test accepts the solution is checked by the package's own validator (tests/packages/
	# interactive.rs) and by problemtools and BAPCtools (scripts/verify-packages.sh).
	f=$dir/data/sample/1.in
	# shellcheck disable=SC2046 # the file holds the options
	verdict=$("$BIN/referee" play "$p" $(cat "$f") --transcript "$dir/transcript.txt" \
		-- "$BIN/$p") || die "$f: $verdict"
	sed -n 's/^[0-9.]* \([<>]\) /\1/p' "$dir/transcript.txt" >"${f%.in}.interaction"
	rm -f "$dir/transcript.txt"
	echo "make-interactive-packages: $dir: $(ls "$dir/data/secret" | grep -c '\.in$') secret tests"
done
rm -f "$BUNDLE"
