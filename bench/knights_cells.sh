#!/usr/bin/env bash
# One wrong player per entry of the knights suspense rule's table (docs/coverage.md, the 144
# `cell:n%4=R,xC,yC` classes): `knights_mutants --bug cell:R,X,Y` values every square of that
# cell one more than its suspense, on boards N > 35 with N = R mod 4, and nothing else. Each is
# played in default sessions of ROUNDS rounds (`referee play knights --rounds ROUNDS --seed S`),
# seeds 1..SEEDS; per cell: in how many sessions it was caught (WA or RE), the seeds missed, and
# the round it was caught in at the latest.
#
# Usage: bench/knights_cells.sh          (make bench B=knights_cells)
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: seed 1 and every 7th cell), ROUNDS=100,
#   JOBS=2 sessions at a time, CELLS="cell:1,N,N cell:0,2,3" to run only those.
#   STRICT=1 fails the script when any cell misses a seed. Any verdict other than OK, WA or RE
#   fails it (the referee's own error).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bin referee --example knights_mutants
seeds=${SEEDS:-$(pick 30 1)}
rounds=${ROUNDS:-100}
jobs=${JOBS:-2}
strict=${STRICT:-0}
player=target/release/examples/knights_mutants
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${CELLS:-}" ]; then
  cells=($CELLS)
else
  cells=()
  i=0
  for r in 0 1 2 3; do for x in 0 1 2 3 N-1 N; do for y in 0 1 2 3 N-1 N; do
    if ! quick || [ $((i % 7)) = 0 ]; then cells+=("cell:$r,$x,$y"); fi
    i=$((i + 1))
  done; done; done
fi

# One job per (cell, seed): `cell seed verdict round` in a file of its own (round: the one the
# session ended in, 1-based; the verdict line counts the rounds completed before it).
session() {
  local cell=$1 seed=$2 line done
  line=$(target/release/referee play knights --rounds "$rounds" --seed "$seed" -- \
    "$player" --bug "$cell" --seed "$seed" </dev/null 2>/dev/null) || true
  done=$(sed -n 's/.* rounds=\([0-9]*\) .*/\1/p' <<<"$line")
  echo "$cell $seed ${line%% *} $((${done:-0} + 1))" >"$work/out.${cell//[:,]/_}.$seed"
}
export -f session
export player rounds work

start=$(date +%s.%N)
for c in "${cells[@]}"; do for s in $(seq 1 "$seeds"); do echo "$c $s"; done; done |
  xargs -P "$jobs" -n 2 bash -c 'session "$@"' _
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

printf '%-14s %9s %6s  %s\n' cell caught "latest" "seeds missed"
for c in "${cells[@]}"; do cat "$work/out.${c//[:,]/_}".*; done | awk -v seeds="$seeds" -v strict="$strict" '
  !($1 in seen) { order[++n] = $1; seen[$1] = 1 }
  $3 == "WA" || $3 == "RE" { hits[$1]++; if ($4 > late[$1]) late[$1] = $4; next }
  $3 == "OK" { miss[$1] = miss[$1] " " $2; next }
  { miss[$1] = miss[$1] " " $2 ":" $3; bad = 1 }
  END {
    for (i = 1; i <= n; i++) {
      c = order[i]
      printf "%-14s %4d/%-4d %6s %s\n", c, hits[c], seeds, (hits[c] ? "r" late[c] : "-"), miss[c]
      if (hits[c] == seeds) full++; else if (strict) bad = 1
    }
    printf "\n%d of %d cells caught in every session (seeds 1..%d)\n", full, n, seeds
    exit bad
  }' || status=$?
echo "knights_cells: $((${#cells[@]} * seeds)) sessions of $rounds rounds in ${elapsed} s with $jobs jobs"
exit "${status:-0}"
