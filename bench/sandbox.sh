#!/usr/bin/env bash
# What the sandbox costs. 1. Set-up per start: `true` started N times plainly and N
# times in the sandbox (examples/sandbox_start.rs), interleaved, by this tree's sandbox and by a
# baseline's (BASE, default main, built in a folder of its own with this tree's
# examples/sandbox_start.rs), one after the other REPS times; goal under 5 ms (the median: on a
# machine shared with other work the mean moves with the load). 2. A 100-test `referee judge
# GAME` (GAME: the registry's first game, `referee --list-games`, unless set) by this tree's
# referee and by the baseline's, alternated REPS times, best wall time of each; goal at most
# 10% slower. BASE_REFEREE names a baseline referee already built (then the
# start comparison runs only where BASE_START names a baseline sandbox_start). RT=1 (root only)
# runs the measured commands at real-time priority (`chrt -f 10`), so that other work on the
# machine does not move the figures. Quick mode: 20 starts, and the baselines only when already
# built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bin referee
GAME=${GAME:-$(target/release/referee --list-games | head -1)}
cargo build --release --locked --quiet --bin "$GAME" --bin "check-$GAME" --example sandbox_start
N=${N:-$(pick 300 20)}
REPS=${REPS:-$(pick 5 1)}
TESTS=${TESTS:-100}
BASE=${BASE:-main}

base_dir=$root/target/sandbox-base
base_referee=${BASE_REFEREE:-$base_dir/target/release/referee}
base_start=${BASE_START:-$base_dir/target/release/examples/sandbox_start}
if [ ! -x "$base_referee" ] && ! quick; then
  rev=$(git rev-parse --verify --quiet "$BASE^{commit}") ||
    { echo "sandbox.sh: no commit $BASE to build the baseline from (set BASE)" >&2; exit 1; }
  rm -rf "$base_dir/src"
  mkdir -p "$base_dir/src"
  git archive "$rev" | tar -x -C "$base_dir/src"
  # The same measuring program on both sides: only the sandbox differs.
  cp examples/sandbox_start.rs "$base_dir/src/examples/"
  # A baseline from before the box took its folders from the command (spawn had a fourth
  # argument, the folders to hide): the same call with none.
  if grep -qs 'hidden: &\[&Path\]' "$base_dir/src/crates/sandbox/src/lib.rs"; then
    sed -i 's/sandbox::spawn(&command, stdio, limits)/sandbox::spawn(\&command, stdio, limits, \&[])/' \
      "$base_dir/src/examples/sandbox_start.rs"
  fi
  (cd "$base_dir/src" && CARGO_TARGET_DIR=$base_dir/target cargo build --release --quiet \
    --bin referee --bin "$GAME" --bin "check-$GAME" --example sandbox_start)
  echo "baseline: $BASE ($rev)"
fi
rt=()
[ "${RT:-0}" = 1 ] && rt=(chrt -f 10)
for _ in $(seq "$REPS"); do
  [ ! -x "$base_start" ] || echo "base $("${rt[@]}" "$base_start" "$N")"
  echo "new  $("${rt[@]}" target/release/examples/sandbox_start "$N")"
done
if [ ! -x "$base_referee" ]; then
  echo "sandbox.sh: quick mode, no baseline referee built: judge comparison skipped"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/none"
# judge REFEREE: wall seconds of a TESTS-test judge (fails unless every test is OK).
judge() {
  local t out
  t=$(date +%s.%N)
  out=$("${rt[@]}" "$1" judge "$GAME" --tests "$TESTS" --seed 1 --samples "$work/none" \
    --keep "$work/kept" -- "$root/target/release/$GAME")
  # Every test OK: TESTS, and the statement's largest where the game has one.
  grep -Eq "summary: ([0-9]+) tests: \1 OK" <<<"$out" ||
    { echo "sandbox.sh: $1: $(tail -1 <<<"$out")" >&2; exit 1; }
  echo "$(date +%s.%N) - $t" | bc
}
best_new=999 best_base=999
for _ in $(seq "$REPS"); do
  b=$(judge "$base_referee")
  n=$(judge target/release/referee)
  best_base=$(echo "if ($b < $best_base) $b else $best_base" | bc)
  best_new=$(echo "if ($n < $best_new) $n else $best_new" | bc)
done
printf '%-28s %8s %8s %7s\n' "judge $GAME, $TESTS tests" base_s new_s ratio
printf '%-28s %8.3f %8.3f %7.3f\n' "best of $REPS" "$best_base" "$best_new" \
  "$(echo "$best_new / $best_base" | bc -l)"
