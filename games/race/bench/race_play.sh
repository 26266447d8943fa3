#!/usr/bin/env bash
# race --play through the referee: moves per second and the solution's CPU per round, by
# size class; every move is judged exactly by the referee's evaluator in every class.
# 2..12 and 13..24: the solution solves the board exactly; 28..30: boards near the solution's
# exact-search limit of 640 free squares (its per-round retrograde dominates); 100..200: the
# solution's race heuristic.
# ROUNDS (default 200; quick mode BENCH_QUICK=1: 10, and 2 rounds of the large classes) rounds
# for the small classes; SEED (default 1).
set -euo pipefail
cd "$(dirname "$0")/../../.."
source bench/mode.bash
cargo build --release --locked --quiet --bin race --bin referee
rounds=${ROUNDS:-$(pick 200 10)}
seed=${SEED:-1}
printf '%-10s %7s %9s %9s %9s %12s %14s\n' sizes rounds moves time cpu moves/s cpu/round
row() {
  local sizes=$1 r=$2 line
  line=$(target/release/referee play race --rounds "$r" --seed "$seed" --size "$sizes" \
    --time-limit 120 -- target/release/race --play)
  case $line in OK*) ;; *) echo "$line" >&2; exit 1 ;; esac
  field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$line"; }
  local moves time cpu
  moves=$(field moves); time=$(field time); cpu=$(field cpu)
  # A session shorter than the verdict line's millisecond counts as 1 ms.
  awk -v s="$sizes" -v r="$r" -v m="$moves" -v t="$time" -v c="$cpu" 'BEGIN {
    printf "%-10s %7s %9s %8ss %8ss %12.0f %12.2fms\n", s, r, m, t, c, m / (t > 0 ? t : 0.001), c * 1000 / r }'
}
row 2..12 "$rounds"
row 13..24 "$rounds"
row 28..30 "$(pick 10 2)"
row 100..200 "$(pick 10 1)"
