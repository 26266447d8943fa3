#!/usr/bin/env bash
# Runs every benchmark script bench/<name>.sh in turn (each prints its own figures) and stops
# at the first that fails. BENCH_QUICK=1 (`make bench-quick`, run by .ci/run) runs each in its
# quick mode: small sizes, one repetition (bench/mode.bash).
# Usage: scripts/bench.sh [NAME...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in bench/*.sh; do [ -e "$f" ] && names+=("$(basename "$f" .sh)"); done
fi
mode=full; [ "${BENCH_QUICK:-0}" = 1 ] && mode=quick
for n in "${names[@]}"; do
  [ -f "bench/$n.sh" ] || { echo "bench.sh: no benchmark bench/$n.sh" >&2; exit 2; }
  echo "== bench $n ($mode)"
  start=$(date +%s)
  bash "bench/$n.sh" || { echo "bench.sh: bench/$n.sh failed" >&2; exit 1; }
  echo "== bench $n: done in $(( $(date +%s) - start )) s"
done
echo "benchmarks: ${#names[@]} passed, 0 failed ($mode mode)"
