#!/usr/bin/env bash
# pawns referee: per-move cost of the incremental board at N = 10^6 and 10^4, and a default
# 20-round session against a correct mutant player (games/pawns/tests/mutants/pawns_mutants.rs).
# Usage: games/pawns/bench/pawns_referee.sh (BENCH_QUICK=1: 2000 moves a board, 3 rounds)
set -euo pipefail
cd "$(dirname "$0")/../../.."
source bench/mode.bash
cargo build --release --quiet --bin referee --example pawns_live_bench --example pawns_mutants
moves=$(pick 200000 2000)
target/release/examples/pawns_live_bench 1000000 "$moves"
target/release/examples/pawns_live_bench 10000 "$moves"
rounds=$(pick 20 3)
for bug in random leftmost; do
  line=$( { TIMEFORMAT='  wall %Rs, user %Us, sys %Ss'; time target/release/referee play pawns \
    --rounds "$rounds" --seed 1 -- target/release/examples/pawns_mutants --bug "$bug" </dev/null; } 2>&1 ) || true
  echo "$line"
  verdict_is OK "$line"
done
