#!/usr/bin/env bash
# verify-packages.sh [BIN_DIR]: writes the packages (scripts/make-packages.sh, into
# target/packages; batch, and interactive from scripts/make-interactive-packages.sh), then runs,
# side by side (one per core), problemtools' `verifyproblem` on each legacy package
# (target/packages/kattis/*) and BAPCtools on each 2025-09 one (scripts/verify-bapc.sh,
# target/packages/bapc/*); their reports follow each other, problemtools' first. Fails unless
# every package has 0 errors and every submission gets the verdict its folder names
# (accepted: AC, wrong_answer: WA, time_limit_exceeded: TLE).
#
# Both tools compile each package's programs with rustc (and bt its default output validator
# with g++): a program several packages hold (the interactive packages' referee, impartial's
# solution, validator and checker in its family packages) or both tools build with the same
# flags is compiled once per run, through scripts/compile-once.sh (its cache:
# target/compile-once, emptied at each run; the last line says how many compiles it served).
#
# Needs python3 with venv, network access to PyPI on the first run (problemtools is installed
# into target/problemtools-venv, or $PROBLEMTOOLS_VENV, while the packages are written, as is
# BAPCtools by verify-bapc.sh --install), and a Rust toolchain (rustc builds the submissions
# and validators). The statements are rendered with lualatex (docs/overview.md's set-up
# names the Debian packages) where TeX holds every style the templates load
# (scripts/tex-styles.sh; TEX_INSTALL=1, as .ci/run sets it, installs what a half-present TeX
# lacks); else the `statement` part (and `bt pdf`) is skipped and one line says why, unless
# REQUIRE_STATEMENTS=1, which makes that an error.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/submission-verdict.sh
. scripts/submission-verdict.sh
BIN=${1:-target/release}
OUT=target/packages
VENV=${PROBLEMTOOLS_VENV:-target/problemtools-venv}
PROBLEMTOOLS=problemtools==1.20260907
state=target/verify-packages
rm -rf "$state"
mkdir -p "$state"

# The tools' installs (first run only) go on while the packages are written; each waits below.
installs=()
if [ ! -x "$VENV/bin/verifyproblem" ]; then
	echo "verify-packages: installing $PROBLEMTOOLS into $VENV"
	(python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet "$PROBLEMTOOLS") \
		>"$state/install-problemtools.log" 2>&1 &
	installs+=("$!:problemtools")
fi
scripts/verify-bapc.sh --install >"$state/install-bapctools.log" 2>&1 &
installs+=("$!:bapctools")
# Should a step below fail, the script still ends only with its installs.
trap wait EXIT

parts=(config data graders statement submissions validators)
# Whether TeX can render the statements (verify-bapc.sh asks again for `bt pdf`, after any
# install here).
why=""
if ! command -v lualatex >/dev/null && ! command -v latexmk >/dev/null; then
	why="no TeX here (neither lualatex nor latexmk found)"
elif ! styles=$(scripts/tex-styles.sh $([ "${TEX_INSTALL:-0}" = 1 ] && echo --install)); then
	why=${styles#tex-styles: }
else
	echo "verify-packages: ${styles#tex-styles: }"
fi
if [ -z "$why" ] && ! command -v lualatex >/dev/null; then
	why="lualatex not found (Debian: texlive-luatex)"
fi
if [ -n "$why" ]; then
	if [ "${REQUIRE_STATEMENTS:-0}" = 1 ]; then
		echo "verify-packages: REQUIRE_STATEMENTS=1 and $why" >&2
		exit 1
	fi
	echo "verify-packages: skipping the statement part (problem.en.tex not rendered): $why"
	parts=(config data graders submissions validators)
fi

scripts/make-packages.sh "$BIN" "$OUT"

for job in "${installs[@]}"; do
	if ! wait "${job%%:*}"; then
		cat "$state/install-${job#*:}.log" >&2
		echo "verify-packages: installing ${job#*:} failed" >&2
		exit 1
	fi
	cat "$state/install-${job#*:}.log"
done

# rustc and g++ through scripts/compile-once.sh, for both tools.
cache=$(realpath "$state/compile-once")
mkdir -p "$cache/bin"
COMPILE_ONCE_RUSTC=$(command -v rustc) || { echo "verify-packages: rustc not found" >&2; exit 1; }
ln -s "$(realpath scripts/compile-once.sh)" "$cache/bin/rustc"
# No g++ stands in for a missing one (verify-bapc.sh says that it is missing).
if COMPILE_ONCE_GXX=$(command -v g++); then
	ln -s "$(realpath scripts/compile-once.sh)" "$cache/bin/g++"
fi
export COMPILE_ONCE_DIR=$cache COMPILE_ONCE_RUSTC COMPILE_ONCE_GXX PATH=$cache/bin:$PATH
: >"$cache/log"

# problemtools on the legacy packages, one after the other (its report to $state/problemtools.log).
verify_legacy() {
	local failed=0 dir p log rc bad
	for dir in "$OUT"/kattis/*/; do
		p=$(basename "$dir")
		log=$state/problemtools-$p.log
		rc=0
		"$VENV/bin/verifyproblem" "$dir" --parts "${parts[@]}" >"$log" 2>&1 || rc=$?
		bad=""
		tail -n 1 "$log" | grep -q "^$p tested: 0 errors" || bad="; errors (exit $rc)"
		# Every submission: the verdict verifyproblem reports must be its folder's.
		if package_passed verify-packages "$dir" "$log" '^ +REL \([^)]*\) OK: VERDICT ' "$bad"; then
			grep -E "^ +[a-z_]+/.* OK: |tested:" "$log"
		else
			failed=1
		fi
	done
	if [ "$failed" = 1 ]; then
		echo "verify-packages: FAILED" >&2
		return 1
	fi
	echo "verify-packages: all $(find "$OUT/kattis" -mindepth 1 -maxdepth 1 -type d | wc -l) legacy packages verified ($("$VENV/bin/verifyproblem" --version 2>&1 | head -1))"
}

verify_legacy >"$state/problemtools.log" 2>&1 &
legacy=$!
bapc_rc=0
scripts/verify-bapc.sh "$OUT/bapc" >"$state/bapctools.log" 2>&1 || bapc_rc=$?
legacy_rc=0
wait "$legacy" || legacy_rc=$?
cat "$state/problemtools.log" "$state/bapctools.log"
echo "verify-packages: $(grep -c . "$cache/log") compiles, $(grep -c '^miss' "$cache/log") of them run (scripts/compile-once.sh)"
[ "$legacy_rc" = 0 ] && [ "$bapc_rc" = 0 ]
