#!/usr/bin/env bash
# mutate.sh: shows that tests can fail. For each case of a list (break a file, run a test),
# breaks the file with a sed script, runs the one test, and restores the file: the test must
# go red. Prints one line per case (red as it should, or STAYED GREEN with the test's log);
# exits 1 if a test stayed green or an edit changed nothing (a stale case), 0 if every one
# went red. The files are restored on every exit, also on Ctrl-C; after a case that built or
# broke a solution, and at the end, the workspace is built (a restored solution is newer than
# its binary, which tests refuse as stale).
#
# Usage: scripts/mutate.sh [CASES...]   (default scripts/mutants.txt, then each game folder's
# tests/data/mutants.txt)
#
# A case is one line: FILE BUILD BINARY FILTER SED-SCRIPT
#   FILE        the file to break (relative to the repository)
#   BUILD       `build`: `cargo build --release --locked` after the edit (the solutions crate,
#               which `cargo test` does not build); `as-is`: the test runs without it
#   BINARY      the integration test binary: `integration` (tests/tests.rs) or a game's,
#               named after its folder (games/BINARY/tests/main.rs)
#   FILTER      the test's name filter (`cargo test --test BINARY FILTER`)
#   SED-SCRIPT  the rest of the line: the edit, applied with `sed -e`
# Blank lines and lines starting with # are skipped. Each test's output goes to
# target/mutate-logs/<n>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
	cases=("$@")
else
	cases=(scripts/mutants.txt games/*/tests/data/mutants.txt)
fi
logs=target/mutate-logs
mkdir -p "$logs"
backup=$(mktemp -d)
restore() {
	if [ -n "${broken:-}" ]; then
		cp "$backup/file" "$broken"
		broken=""
	fi
}
finish() {
	restore
	rm -rf "$backup"
}
trap finish EXIT
trap 'exit 130' INT TERM

n=0
failed=0
while read -r file build binary filter edit; do
	case $file in '' | '#'*) continue ;; esac
	n=$((n + 1))
	log=$logs/$n.log
	if [ ! -f "$file" ] || [ -z "$edit" ]; then
		echo "mutate.sh: ${cases[*]}: case $n: want FILE BUILD BINARY FILTER SED-SCRIPT" >&2
		exit 2
	fi
	cp "$file" "$backup/file"
	broken=$file
	sed -i -e "$edit" "$file"
	if cmp -s "$file" "$backup/file"; then
		echo "STALE  $n: $file: the edit changed nothing ($edit)"
		failed=1
		restore
		continue
	fi
	start=$SECONDS
	code=0
	{
		[ "$build" != build ] || cargo build --release --locked --quiet
		cargo test --release --locked --test "$binary" "$filter"
	} </dev/null >"$log" 2>&1 || code=$?
	restore
	# The next case starts from today's solutions (the broken one was built, or is now stale).
	if [ "$build" = build ] || [[ $file == solutions/* ]]; then
		cargo build --release --locked --quiet </dev/null >>"$log" 2>&1
	fi
	if [ "$code" != 0 ] && grep -q '^test result: FAILED\|panicked' "$log"; then
		why=$(grep -m1 -A1 'panicked at' "$log" | tail -1 | cut -c1-150)
		printf 'red    %d: %s, %s %s (%d s): %s\n' "$n" "$file" "$binary" "$filter" \
			$((SECONDS - start)) "$why"
	elif [ "$code" != 0 ]; then
		echo "ERROR  $n: $file, $binary $filter: did not build or run (see $log)"
		failed=1
	else
		echo "STAYED GREEN  $n: $file, $binary $filter (see $log)"
		failed=1
	fi
done < <(cat "${cases[@]}")
[ "$n" -gt 0 ] || {
	echo "mutate.sh: no case in ${cases[*]}" >&2
	exit 2
}
finish
trap - EXIT
cargo build --release --locked --quiet
exit "$failed"
