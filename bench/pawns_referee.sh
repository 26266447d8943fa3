#!/usr/bin/env bash
# pawns referee: per-move cost of the incremental board at N = 10^6 and 10^4, and a default
# 20-round session against a correct mutant player (examples/pawns_mutants.rs).
# Usage: bench/pawns_referee.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin referee --example pawns_live_bench --example pawns_mutants
target/release/examples/pawns_live_bench 1000000 200000
target/release/examples/pawns_live_bench 10000 200000
for bug in random leftmost; do
  /usr/bin/time -f "  wall %es, user %Us, sys %Ss" \
    target/release/referee play pawns --rounds 20 --seed 1 -- target/release/examples/pawns_mutants --bug "$bug"
done
