#!/usr/bin/env bash
# What shrinking a failing input costs: the whole default `referee judge subtraction --seed 1` of a
# solution with the bug `n <= 2k` for `n <= k + 1` (games/subtraction/tests/fixtures/original/
# subtraction_hdu_small_pile.cpp, 4 WA of one kind), by this tree's referee and by a baseline
# referee built from BASE (default a467c96, the last commit before the shrinking) in a
# folder of its own, alternated REPS times: the best wall time of each and the size of each
# shrunk input. Both get `--original`: the statement's limits, an option of the baseline and a
# no-op of this tree's (its default).
# Goal: this tree's run under 30 s with a shrunk input of 2 lines. Quick mode: one
# run each, and the baseline only when one is already built (BASE_REFEREE, or a previous full
# run's).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bin referee --bin subtraction --bin check-subtraction
REPS=${REPS:-$(pick 3 1)}
BASE=${BASE:-a467c96}

base_dir=$root/target/shrink-base
base_referee=${BASE_REFEREE:-$base_dir/target/release/referee}
if [ ! -x "$base_referee" ] && ! quick; then
  rev=$(git rev-parse --verify --quiet "$BASE^{commit}") ||
    { echo "shrink.sh: no commit $BASE to build the baseline from (set BASE)" >&2; exit 1; }
  rm -rf "$base_dir/src"
  mkdir -p "$base_dir/src"
  git archive "$rev" | tar -x -C "$base_dir/src"
  (cd "$base_dir/src" && CARGO_TARGET_DIR=$base_dir/target cargo build --release --quiet \
    --bin referee --bin subtraction --bin check-subtraction)
  echo "baseline: $BASE ($rev)"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Under a root referee the solution runs as a box uid: its folder must be readable by others.
chmod 755 "$work"
g++ -O2 -o "$work/small_pile" games/subtraction/tests/fixtures/original/subtraction_hdu_small_pile.cpp

# judge REFEREE SUMMARY: "<wall seconds> <lines of each shrunk input>" of one whole run (fails
# unless its summary line starts with SUMMARY: the baseline's 21 tests with 4 WA; this tree's
# default run adds `largest`, the statement's worst case, whose piles all exceed k + 1: OK).
judge() {
  local t out lines
  rm -rf "$work/kept"
  t=$(date +%s.%N)
  out=$("$1" judge subtraction --original --seed 1 --keep "$work/kept" -- "$work/small_pile" \
    2>/dev/null || true)
  t=$(echo "$(date +%s.%N) - $t" | bc)
  grep -q "^summary: $2" <<<"$out" ||
    { echo "shrink.sh: $1: $(grep '^summary' <<<"$out")" >&2; exit 1; }
  lines=$(for f in "$work"/kept/*/shrunk-input.txt; do wc -l <"$f"; done | sort -n | tr '\n' ',')
  echo "$t ${lines%,}"
}
best_new=999 best_base=999 lines_new= lines_base=
for _ in $(seq "$REPS"); do
  if [ -x "$base_referee" ]; then
    read -r b lines_base < <(judge "$base_referee" "21 tests.*4 WA")
    best_base=$(echo "if ($b < $best_base) $b else $best_base" | bc)
  fi
  read -r n lines_new < <(judge target/release/referee "22 tests.*4 WA")
  best_new=$(echo "if ($n < $best_new) $n else $best_new" | bc)
done
# This tree's: one shrink, to 2 lines.
[ "$lines_new" = 2 ] || { echo "shrink.sh: shrunk inputs of $lines_new lines, not one of 2" >&2; exit 1; }
printf '%-40s %8s %8s %s\n' "judge subtraction small_pile, best of $REPS" wall_s shrinks "(lines)"
if [ -x "$base_referee" ]; then
  printf '%-40s %8.2f %8s %s\n' "baseline ${BASE_REFEREE:-$BASE}" "$best_base" "$(tr ',' '\n' <<<"$lines_base" | wc -l)" "$lines_base"
else
  echo "shrink.sh: quick mode, no baseline referee built: baseline skipped"
fi
printf '%-40s %8.2f %8s %s\n' "this tree" "$best_new" 1 "$lines_new"
awk -v t="$best_new" 'BEGIN { exit !(t < 30) }' ||
  { echo "shrink.sh: the run took $best_new s, over 30 s" >&2; exit 1; }
