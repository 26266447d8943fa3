#!/usr/bin/env bash
# Runs every benchmark script, bench/<name>.sh (what crosses games) and games/<g>/bench/<name>.sh
# (a game's own), in turn (each prints its own figures) and stops
# at the first that fails. BENCH_QUICK=1 (`make bench-quick`, run by .ci/run) runs each in its
# quick mode: small sizes, one repetition (bench/mode.bash).
# Usage: scripts/bench.sh [NAME...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# A benchmark's script by its name: bench/NAME.sh or games/<g>/bench/NAME.sh.
script_of() {
  local f
  for f in "bench/$1.sh" games/*/bench/"$1.sh"; do
    [ -f "$f" ] && { echo "$f"; return; }
  done
}
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in bench/*.sh games/*/bench/*.sh; do [ -e "$f" ] && names+=("$(basename "$f" .sh)"); done
fi
mode=full; [ "${BENCH_QUICK:-0}" = 1 ] && mode=quick
for n in "${names[@]}"; do
  script=$(script_of "$n")
  [ -n "$script" ] || { echo "bench.sh: no benchmark $n (bench/$n.sh or games/<g>/bench/$n.sh)" >&2; exit 2; }
  echo "== bench $n ($mode)"
  start=$(date +%s)
  bash "$script" || { echo "bench.sh: $script failed" >&2; exit 1; }
  echo "== bench $n: done in $(( $(date +%s) - start )) s"
done
echo "benchmarks: ${#names[@]} passed, 0 failed ($mode mode)"
