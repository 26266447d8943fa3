#!/usr/bin/env bash
# The referee's race evaluator (games/race/src/eval.rs): per board, the band table size, the set-up
# time, one game with every legal move of both sides judged, and the peak memory of the
# process — for every shape at n = 300, then the growth with F on open boards (starts in
# opposite corners, the largest tables of an open board) and on pipes and tanks.
# SEED (default 1). Quick mode (BENCH_QUICK=1): every shape at n = 60, growth to 120.
set -euo pipefail
cd "$(dirname "$0")/../../.."
source bench/mode.bash
cargo build --release --locked --quiet --example race_eval
seed=${SEED:-1}
bin=target/release/examples/race_eval
n=$(pick 300 60)
echo "# n = $n, every shape"
for shape in corners centre open random maze corridor serpentine wide long; do
  $bin "$shape" "$n" "$seed"
done
echo "# growth with F"
for n in $(pick "100 200 300 500 700 1000" "60 120"); do $bin corners "$n" "$seed"; done
for n in $(pick "100 200 300 500 1000" "60 120"); do $bin wide "$n" "$seed"; done
