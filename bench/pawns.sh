#!/usr/bin/env bash
# pawns (Timus 1465): judge answer cost and play-mode speed on N = 10^5.
# Usage: bench/pawns.sh            (run by `make bench B=pawns`)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet --bin pawns
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=target/release/pawns

# Judge mode. A process answers one N, so its cost is process start-up; the answer itself is
# measured in-process over 10^5 and 10^7 calls of the solution's own white_wins.
rustc -O --edition 2021 bench/pawns_judge_bench.rs -o "$tmp/judge_bench"
"$tmp/judge_bench" 100000 10000000
runs=200
start=$(date +%s%N)
for _ in $(seq $runs); do echo 1000000000000000000 | "$bin" >/dev/null; done
end=$(date +%s%N)
echo "judge process: $runs runs of the binary, $(( (end - start) / runs / 1000 )) us per run (start-up dominated)"

# Play mode on N = 10^5: over pipes against the test driver, the cat floor, and in-process.
rustc -O --edition 2021 bench/pawns_play_bench.rs -o "$tmp/play_bench"
echo "-- processes free to run on any CPU:"
"$tmp/play_bench" "$bin" 100000 3
if command -v taskset >/dev/null; then
  echo "-- all pinned to one CPU (taskset -c 0):"
  taskset -c 0 "$tmp/play_bench" "$bin" 100000 3
fi
