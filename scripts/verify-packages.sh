#!/usr/bin/env bash
# verify-packages.sh [BIN_DIR]: writes the packages (scripts/make-packages.sh, into
# target/packages; batch, and interactive from scripts/make-interactive-packages.sh), runs problemtools' `verifyproblem` on each legacy package
# (target/packages/kattis/*), then BAPCtools on each 2025-09 one (scripts/verify-bapc.sh,
# target/packages/bapc/*). Fails unless every package has 0 errors and every submission gets
# the verdict its folder names (accepted: AC, wrong_answer: WA, time_limit_exceeded: TLE).
#
# Needs python3 with venv, network access to PyPI on the first run (problemtools is installed
# into target/problemtools-venv, or $PROBLEMTOOLS_VENV), and a Rust toolchain (rustc builds the
# submissions and validators). The statements are rendered with lualatex (README's set-up
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

if [ ! -x "$VENV/bin/verifyproblem" ]; then
	echo "verify-packages: installing $PROBLEMTOOLS into $VENV"
	python3 -m venv "$VENV"
	"$VENV/bin/pip" install --quiet "$PROBLEMTOOLS"
fi

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

failed=0
for dir in "$OUT"/kattis/*/; do
	p=$(basename "$dir")
	log=$(mktemp)
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
	rm -f "$log"
done
if [ "$failed" = 1 ]; then
	echo "verify-packages: FAILED" >&2
	exit 1
fi
echo "verify-packages: all $(find "$OUT/kattis" -mindepth 1 -maxdepth 1 -type d | wc -l) legacy packages verified ($("$VENV/bin/verifyproblem" --version 2>&1 | head -1))"
scripts/verify-bapc.sh "$OUT/bapc"
