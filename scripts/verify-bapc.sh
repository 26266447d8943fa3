#!/usr/bin/env bash
# verify-bapc.sh [PACKAGES_DIR]: runs BAPCtools (`bt`) on every problem package in format
# 2025-09 under PACKAGES_DIR (default target/packages/bapc, written by make-packages.sh).
# verify-bapc.sh --install: only installs BAPCtools where it is missing (verify-packages.sh
# runs this while it writes the packages).
# Per problem, in its folder:
#   bt validate   input validators on every .in (valid) and on bt's generated invalid inputs
#                 (rejected); the output validator on every .ans and on bt's generated valid
#                 and invalid outputs
#   bt run        every submission on every test; bt checks each folder's expectation
#                 (accepted: all AC; wrong_answer: AC or WA, at least one WA;
#                 time_limit_exceeded: AC or TLE, at least one TLE)
#   bt pdf        the statement, only where `latexmk` is installed and TeX holds every style
#                 the templates load (scripts/tex-styles.sh); else a line says why and it is
#                 skipped (REQUIRE_STATEMENTS=1 makes that an error)
# bt exits 1 on any error or warning; so does this script, and it prints each submission's
# verdict. Two warnings that do not concern these packages are named in bt's own config
# (`ignore_warning`), see below.
#
# BAPCtools is installed from PyPI (`pip install bapctools`, its documented way) into
# target/bapctools-venv ($BAPCTOOLS_VENV); its default output validator is C++, so `g++` must
# be on PATH (Debian: g++), and rustc builds the submissions (`rustc --edition=2018`, bt's
# languages.yaml) and the validators (their own `build` scripts, edition 2021).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/submission-verdict.sh
. scripts/submission-verdict.sh
PACKAGES=${1:-target/packages/bapc}
VENV=${BAPCTOOLS_VENV:-target/bapctools-venv}
BAPCTOOLS=bapctools==2026.10.0

die() {
	echo "verify-bapc: $*" >&2
	exit 1
}

if [ ! -x "$VENV/bin/bt" ]; then
	echo "verify-bapc: installing $BAPCTOOLS into $VENV"
	python3 -m venv "$VENV"
	"$VENV/bin/pip" install --quiet "$BAPCTOOLS"
fi
[ "$PACKAGES" = --install ] && exit 0
command -v g++ >/dev/null || die "g++ not found: BAPCtools builds its default output validator with it"
BT=$(realpath "$VENV/bin/bt")

# bt keeps its build folders under $TMPDIR and its settings and uuid cache under
# $XDG_CONFIG_HOME/bapctools: both go into target/ here, so a run leaves nothing elsewhere.
state=$(realpath -m target/bapctools-state)
rm -rf "$state"
mkdir -p "$state/tmp" "$state/config/bapctools"
export TMPDIR=$state/tmp XDG_CONFIG_HOME=$state/config
# Warnings that say nothing about these packages (bt counts every warning as a failure):
# - bt looks for `pypy3` to run Python programs; the packages have none;
# - answer validators (answer_validators/) are optional in format 2025-09; every .ans is the
#   project's solution's output, and `bt validate` checks it with the output validator.
cat >"$state/config/bapctools/config.yaml" <<'YAML'
ignore_warning:
  - "Did not find required language python3"
  - "No dedicated answer validators found."
YAML

pdf=1
why=""
if ! command -v latexmk >/dev/null; then
	why="latexmk not found (Debian: latexmk)"
elif ! why=$(scripts/tex-styles.sh); then
	why=${why#tex-styles: }
else
	why=""
fi
if [ -n "$why" ]; then
	[ "${REQUIRE_STATEMENTS:-0}" = 1 ] && die "REQUIRE_STATEMENTS=1 and $why"
	echo "verify-bapc: skipping \`bt pdf\` (statements not rendered): $why"
	pdf=0
fi

failed=0
count=0
for dir in "$PACKAGES"/*/; do
	p=$(basename "$dir")
	count=$((count + 1))
	log=$state/$p.log
	bad=""
	for action in validate run $([ "$pdf" = 1 ] && echo pdf); do
		rc=0
		(cd "$dir" && "$BT" "$action" --no-bar) >>"$log" 2>&1 || rc=$?
		[ "$rc" = 0 ] || bad="$bad; bt $action exit $rc"
	done
	# bt colours its output where it believes it runs in CI (CI=true), whatever the terminal:
	# the verdict lines are read without the colour codes.
	sed -i 's/\x1b\[[0-9;]*m//g' "$log"
	# bt run's summary: `<folder>/<file>: <VERDICT> <time> @ <test>` per submission.
	if package_passed verify-bapc "$dir" "$log" '^REL: +VERDICT ' "$bad"; then
		echo "verify-bapc: $p: bt validate, run$([ "$pdf" = 1 ] && echo ", pdf") OK"
		grep -E "^[a-z_]+/[^ ]+: +[A-Z]+ " "$log" | sed 's/^/    /'
	else
		failed=1
	fi
done
[ "$count" -gt 0 ] || die "no package in $PACKAGES"
[ "$failed" = 0 ] || die "FAILED"
echo "verify-bapc: all $count packages verified ($("$BT" --version 2>&1 | head -1))"
