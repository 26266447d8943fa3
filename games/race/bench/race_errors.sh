#!/usr/bin/env bash
# The wrong players of race's (class, error) pairs (games/race/README.md, coverage classes):
# `race_mutants --bug PAIR` (PAIR one of the 25 listed, `lemma+1:odd-win` .. `band/any:1-lose`)
# is exact but for the positions of the pair's class, where it reads the race lemma at the
# wrong margin (or with D of the wrong parity). Each is played in default sessions (`referee
# play race --seed S`), seeds 1..SEEDS; per player: in how many it was caught (WA or RE) and
# the seeds missed.
#
# Usage: games/race/bench/race_errors.sh
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: seed 1 and two pairs), PLAYERS="lemma+1:odd-win
#   band/parity:0-lose" to play only those, JOBS=2 sessions at a time. STRICT=1 fails the
#   script when a player misses a seed; a verdict other than OK, WA or RE fails it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
source bench/pairs.bash
pair_setup race_mutants

# The pairs, from the player's help line of them.
all=$("$player" --help | sed -n 's/.*coverage classes): //p' | tr -d ',')
[ -n "$all" ] || { echo "race_errors: race_mutants lists no pairs" >&2; exit 2; }
names=(${PLAYERS:-$(pick "$all" "lemma+1:odd-win band/parity:0-lose")})

play_pairs race "$player" "$seeds" "$jobs" "$strict" "${names[@]}"
