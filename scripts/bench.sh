#!/usr/bin/env bash
# Runs every benchmark script bench/<name>.sh in turn (each prints its own figures).
# Usage: scripts/bench.sh [NAME...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in bench/*.sh; do [ -e "$f" ] && names+=("$(basename "$f" .sh)"); done
fi
for n in "${names[@]}"; do
  echo "== bench $n"
  bash "bench/$n.sh"
done
