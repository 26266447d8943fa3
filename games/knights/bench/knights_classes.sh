#!/usr/bin/env bash
# The wrong players of knights' `cell:`, `board:` and `edge:` coverage classes
# (games/knights/README.md, coverage classes): `knights_mutants --bug cell:R,X,Y` values the squares of one cell of the
# suspense rule's table (N > 35, N = R mod 4) one more than their suspense, `--bug
# cell+2:R,X,Y` two more (the 135 cells where a square one above exists);
# `--bug board:n=T` (T = 1..8), `board:n=9..35`, `board:n%4=R` value every square one more on
# the boards of that side class; `--bug edge:R,X,Y` values the squares of one edge class
# (N > 35, N = R mod 4, coordinates in bands X and Y) one more; each nothing else. Each is
# played in default sessions of ROUNDS rounds (`referee play knights --rounds ROUNDS --seed S`),
# seeds 1..SEEDS; per player: in how many sessions it was caught (WA or RE), the seeds missed,
# and the rounds it was caught in, earliest and latest.
#
# Usage: games/knights/bench/knights_classes.sh          (make bench B=knights_classes)
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: seed 1 and every 7th player), ROUNDS=100,
#   JOBS=2 sessions at a time, CLASSES="cell cell+2 board edge" (default all four) to play only
#   those groups, PLAYERS="edge:1,N,mid board:n=5" to run only those,
#   REFEREE=path another build's referee (to compare sessions; default target/release/referee).
#   STRICT=1 fails the script when any player misses a seed. Any verdict other than OK, WA or
#   RE fails it (the referee's own error).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
source bench/pairs.bash
pair_setup knights_mutants

if [ -n "${PLAYERS:-}" ]; then
  names=($PLAYERS)
else
  all=()
  groups=" ${CLASSES:-cell cell+2 board edge} "
  if [[ $groups == *" cell "* ]]; then
    cells="0 1 2 3 N-1 N"
    for r in 0 1 2 3; do for x in $cells; do for y in $cells; do
      all+=("cell:$r,$x,$y")
    done; done; done
  fi
  if [[ $groups == *" cell+2 "* ]]; then
    # The far corner's cells that hold the board's largest suspense have no square one above
    # (games/knights/src/coverage.rs, CORNER_RIVALS): two too large there never turns the side.
    cells="0 1 2 3 N-1 N"
    for r in 0 1 2 3; do for x in $cells; do for y in $cells; do
      case "$r,$x,$y" in 0,N,N | 1,N,N | 2,N*,N* | 3,N,N* | 3,N-1,N) continue ;; esac
      all+=("cell+2:$r,$x,$y")
    done; done; done
  fi
  if [[ $groups == *" board "* ]]; then
    for t in 1 2 3 4 5 6 7 8; do all+=("board:n=$t"); done
    all+=("board:n=9..35")
    for r in 0 1 2 3; do all+=("board:n%4=$r"); done
  fi
  if [[ $groups == *" edge "* ]]; then
    bands="1 2 3 mid N-2 N-1 N"
    for r in 0 1 2 3; do for x in $bands; do for y in $bands; do
      [ "$x,$y" = mid,mid ] || all+=("edge:$r,$x,$y")
    done; done; done
  fi
  [ ${#all[@]} -gt 0 ] || { echo "knights_classes: CLASSES names none of cell, cell+2, board, edge" >&2; exit 2; }
  names=()
  for i in "${!all[@]}"; do
    if ! quick || [ $((i % 7)) = 0 ]; then names+=("${all[$i]}"); fi
  done
fi

PLAYER_SEED=1 PAIR_ROUNDS=${ROUNDS:-100} PAIR_REFEREE=${REFEREE:-target/release/referee} \
  PAIR_ROUND_COLUMNS=1 PAIR_LABEL=knights_classes \
  play_pairs knights "$player" "$seeds" "$jobs" "$strict" "${names[@]}"
