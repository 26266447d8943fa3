#!/usr/bin/env bash
# The wrong players of the strip games' (class, error) pairs (games/strip/README.md, coverage
# classes): `strip_mutants --bug value:KIND,ERR` values every run of one kind (`run:KIND`)
# wrong by ERR (+1, -1, +2, -2, or another value per length) and nothing else; the kinds
# whose values are 0 or 1 have no error below 0. Each is played in default sessions of ROUNDS
# rounds (`referee play GAME --rounds ROUNDS --seed S`), seeds 1..SEEDS, and one correct
# player (`right`) beside them; per player: in how many sessions it was caught (WA or RE; OK
# for `right`), the seeds missed, and the rounds it was caught in, earliest and latest.
#
# Usage: games/strip/bench/strip_errors.sh          (make bench B=strip_errors)
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: seed 1 and every 5th player), ROUNDS=100,
#   GAMES="tictactoe coloring" (default both), JOBS=2 sessions at a time,
#   PLAYERS="value:end-2,+1 value:equal-1,other" to run only those.
#   STRICT=1 fails the script when any player misses a seed. Any verdict other than OK, WA or
#   RE fails it (the referee's own error).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
source bench/pairs.bash
pair_setup strip_mutants
games=(${GAMES:-tictactoe coloring})

if [ -n "${PLAYERS:-}" ]; then
  names=($PLAYERS)
else
  mapfile -t all < <("$player" --help | awk '$1 ~ /^value:[a-z]/ { print $1 }')
  names=(right)
  for i in "${!all[@]}"; do
    if ! quick || [ $((i % 5)) = 0 ]; then names+=("${all[$i]}"); fi
  done
fi

# One table a game (the game its first column), the rounds caught in beside each player.
for g in "${games[@]}"; do
  PLAYER_SEED=1 PLAYER_ARGS="--game $g" PAIR_ROUNDS=${ROUNDS:-100} PAIR_RIGHT=right \
    PAIR_ROUND_COLUMNS=1 PAIR_COLUMN="game $g" PAIR_LABEL="strip_errors $g" \
    play_pairs "$g" "$player" "$seeds" "$jobs" "$strict" "${names[@]}" || status=$?
done
exit "${status:-0}"
