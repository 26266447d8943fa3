#!/usr/bin/env bash
# pawns (Timus 1465): judge answer cost and play-mode speed on N = 10^5.
# Usage: games/pawns/bench/pawns.sh            (run by `make bench B=pawns`; BENCH_QUICK=1: N = 10^3, few runs)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --quiet --bin pawns --example pawns_play_bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=target/release/pawns

# Judge mode. A process answers one N, so its cost is process start-up; the answer itself is
# measured in-process over 10^5 and 10^7 calls of the solution's own white_wins.
rustc -O --edition 2021 games/pawns/bench/pawns_judge_bench.rs -o "$tmp/judge_bench"
"$tmp/judge_bench" $(pick "100000 10000000" "1000 100000")
runs=$(pick 200 5)
start=$(date +%s%N)
for _ in $(seq "$runs"); do
  # N = 10^9 is Black (the statement's example; shared/problems.md).
  answer=$(echo 1000000000 | "$bin")
  [ "$answer" = Black ] || { echo "pawns: N = 10^9 answered '$answer', not Black" >&2; exit 1; }
done
end=$(date +%s%N)
echo "judge process: $runs runs of the binary, $(( (end - start) / runs / 1000 )) us per run (start-up dominated)"

# Play mode on N = 10^5: over pipes against the test driver, the cat floor, and in-process.
play=$(pick "100000 3" "1000 1")
echo "-- processes free to run on any CPU:"
target/release/examples/pawns_play_bench "$bin" $play
if command -v taskset >/dev/null; then
  echo "-- all pinned to one CPU (taskset -c 0):"
  taskset -c 0 target/release/examples/pawns_play_bench "$bin" $play
fi
