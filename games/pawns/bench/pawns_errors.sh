#!/usr/bin/env bash
# The wrong players of pawns' (length class, error) pairs (games/pawns/README.md, coverage
# classes): `pawns_mutants --bug len+E:CLASS` believes the Grundy value of one length class
# (CLASS: 1..51, or mod34=R) E off (E: +1, -1, +2, -2, never below 0), `len/any:CLASS`
# another value; nothing else. Each is played in default sessions (`referee play pawns --seed
# S`), seeds 1..SEEDS; per player: in how many it was caught (WA or RE) and the seeds missed.
#
# Usage: games/pawns/bench/pawns_errors.sh
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: seed 1 and the classes 17 and mod34=7),
#   CLASSES="1 17 mod34=7" (default: all 85), JOBS=2 sessions at a time. STRICT=1 fails the
#   script when a player misses a seed; a verdict other than OK, WA or RE fails it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
source bench/pairs.bash
pair_setup pawns_mutants

all="$(seq 1 51) $(for r in $(seq 0 33); do echo "mod34=$r"; done)"
classes=${CLASSES:-$(pick "$all" "17 mod34=7")}
names=()
for c in $classes; do
  for e in +1 -1 +2 -2 /any; do
    # The player refuses an error below 0 (exit 2).
    if "$player" --bug "len$e:$c" </dev/null >/dev/null 2>&1; then names+=("len$e:$c"); fi
  done
done

PLAYER_SEED=1 play_pairs pawns "$player" "$seeds" "$jobs" "$strict" "${names[@]}"
