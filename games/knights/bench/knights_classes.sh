#!/usr/bin/env bash
# The wrong players of knights' `cell:`, `board:` and `edge:` coverage classes and of their
# (class, error) pairs (games/knights/README.md, coverage classes): `knights_mutants --bug
# cell:R,X,Y` values the squares of one cell of the suspense rule's table (N > 35, N = R mod
# 4) one more than their suspense, `--bug cell+2:R,X,Y` two more (the 135 cells where a square
# one above exists), `cell-1:` one less, `cell-2:` two less; `--bug board:n=T` (T = 1..8),
# `board:n=9..35`, `board:n%4=R` value every square one more on the boards of that side
# class; `--bug edge:R,X,Y` values the squares of one edge class (N > 35, N = R mod 4,
# coordinates in bands X and Y) one more, `edge+2:` two more (the 181 classes but the squares
# at the board's largest suspense), `edge-1:`, `edge-2:` one, two less (176: not the stuck
# squares'); each nothing else. Each is played in default sessions of ROUNDS rounds (`referee
# play knights --rounds ROUNDS --seed S`), seeds 1..SEEDS; per player: in how many sessions it
# was caught (WA or RE), the seeds missed, and the rounds it was caught in, earliest and
# latest; then per group (the name up to `:`) how many players were caught in every seed,
# the fewest seeds a player was caught in, and the latest round.
#
# Usage: games/knights/bench/knights_classes.sh          (make bench B=knights_classes)
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: seed 1 and every 7th player), ROUNDS=100,
#   JOBS=2 sessions at a time, CLASSES="cell cell+2 board edge edge+2" (the default: the
#   groups whose pairs a session lists; cell-1, cell-2, edge-1, edge-2 are listed by none) to
#   play only those groups, PLAYERS="edge:1,N,mid board:n=5" to run only those,
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
  groups=" ${CLASSES:-cell cell+2 board edge edge+2} "
  cells="0 1 2 3 N-1 N"
  for group in cell cell-1 cell-2; do
    if [[ $groups == *" $group "* ]]; then
      for r in 0 1 2 3; do for x in $cells; do for y in $cells; do
        all+=("$group:$r,$x,$y")
      done; done; done
    fi
  done
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
  bands="1 2 3 mid N-2 N-1 N"
  for group in edge edge+2 edge-1 edge-2; do
    [[ $groups == *" $group "* ]] || continue
    for r in 0 1 2 3; do for x in $bands; do for y in $bands; do
      [ "$x,$y" = mid,mid ] && continue
      # Two too large: not the squares at the board's largest suspense (nothing one above;
      # games/knights/src/coverage.rs, EDGE_AT_LARGEST). Too small: not the stuck squares.
      case "$group:$r,$x,$y" in
        edge+2:[0-3],N,N | edge+2:2,N-1,N-1 | edge+2:[23],N,N-1 | edge+2:[23],N-1,N) continue ;;
        edge+2:3,N,N-2 | edge+2:3,N-2,N) continue ;;
        edge-?:?,[12],[12]) continue ;;
      esac
      all+=("$group:$r,$x,$y")
    done; done; done
  done
  [ ${#all[@]} -gt 0 ] || { echo "knights_classes: CLASSES names none of cell, cell+2, cell-1, cell-2, board, edge, edge+2, edge-1, edge-2" >&2; exit 2; }
  names=()
  for i in "${!all[@]}"; do
    if ! quick || [ $((i % 7)) = 0 ]; then names+=("${all[$i]}"); fi
  done
fi

table=$(mktemp)
trap 'rm -f "$table"' EXIT
status=0
PLAYER_SEED=1 PAIR_ROUNDS=${ROUNDS:-100} PAIR_REFEREE=${REFEREE:-target/release/referee} \
  PAIR_ROUND_COLUMNS=1 PAIR_LABEL=knights_classes \
  play_pairs knights "$player" "$seeds" "$jobs" "$strict" "${names[@]}" | tee "$table" ||
  status=$?
# Per group: the players' rows (`NAME CAUGHT/SEEDS rEARLIEST rLATEST [missed...]`).
awk '$2 ~ /^[0-9]+\/[0-9]+$/ && $1 ~ /:/ {
    g = $1; sub(/:.*/, "", g); split($2, c, "/")
    if (!(g in n)) order[++k] = g
    n[g]++; if (c[1] == c[2]) full[g]++
    if (!(g in fewest) || c[1] + 0 < fewest[g]) fewest[g] = c[1] + 0
    late = substr($4, 2) + 0; if (late > latest[g]) latest[g] = late
    seeds = c[2]
  }
  END {
    if (!k) exit
    printf "\n%-8s %8s %16s %14s %13s\n", "group", "players", "caught in all " seeds, "fewest caught", "latest round"
    for (i = 1; i <= k; i++) { g = order[i]; printf "%-8s %8d %16d %14d %13s\n", g, n[g], full[g], fewest[g], (latest[g] ? latest[g] : "-") }
  }' "$table"
exit "$status"
