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
# squares'); each nothing else. Each is played in default sessions (`referee play knights
# --rounds ROUNDS --seed S`), seeds 1..SEEDS; per player: in how many sessions it
# was caught (WA or RE), the seeds missed, and the rounds it was caught in, earliest and
# latest; then per group (the name up to `:`) how many players were caught in every seed,
# the fewest seeds a player was caught in, and the latest round.
#
# Usage: games/knights/bench/knights_classes.sh          (make bench B=knights_classes)
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: seed 1 and every 7th player), ROUNDS (default
#   the knights session's, `referee --help`: through the lone rounds), JOBS=2 sessions at a
#   time, CLASSES="cell cell+2 board edge edge+2" (the default) or any of these and cell-1,
#   cell-2, edge-1, edge-2 to play only those groups, PLAYERS="edge:1,N,mid board:n=5" to run only those,
#   REFEREE=path another build's referee (to compare sessions; default target/release/referee).
#   ROUNDS_OF=whole (the default; quick mode: class) plays every session whole;
#   ROUNDS_OF=class the same catch figures for less CPU. Each player first plays, each alone
#   (`--rounds R..R`: every round draws from its own stream, so it is the session's round R),
#   the rounds where the referee shows its class: those whose start it counts in the player's
#   pair (`cell:` and `edge:` the `+1` pair, `cell+2:` and `edge+2:` the `+2` pair, `cell-1:`
#   the `-1` pair, and so on, `board:` the class), read per seed off `referee play knights
#   --rounds R..R --coverage` with the solution for every round of the session; a seed where
#   one of them catches it counts as caught in that round (the session catches it there or
#   earlier: these players choose without randomness, so a round plays the same alone), any
#   other seed is played as the whole session. The rounds printed are then those rounds.
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
try=$(mktemp)
trap 'rm -f "$table" "$try" "$try.scan" "$try.rounds"' EXIT
referee=${REFEREE:-target/release/referee}
rounds=${ROUNDS:-$(default_rounds "$referee" knights)}
rounds_of=${ROUNDS_OF:-$(pick whole class)}
case $rounds_of in
  whole) : >"$try" ;;
  class)
    cargo build --release --locked --quiet --bin knights
    # `SEED ROUND CLASS` for each board class and (class, error) pair the referee counts in
    # round ROUND of seed SEED.
    scan_round() {
      "$referee" play knights --seed "$1" --rounds "$2..$2" --coverage -- target/release/knights --play \
        </dev/null 2>/dev/null | awk -v s="$1" -v r="$2" \
        '$1 ~ /^[0-9]+$/ && $1 > 0 && ($2 ~ /^(board:|cell[-+]|edge[-+])/) { print s, r, $2 }'
    }
    export -f scan_round
    export referee
    start=$(date +%s)
    for s in $(seq 1 "$seeds"); do for r in $(seq 1 "$rounds"); do echo "$s $r"; done; done |
      xargs -P "$jobs" -n 2 bash -c 'scan_round "$@"' _ >"$try.scan"
    echo "knights_classes: the referee's classes of $((seeds * rounds)) rounds read in $(($(date +%s) - start)) s"
    # Per seed and player: the rounds of its pairs, increasing (`SEED NAME ROUND...`).
    printf '%s\n' "${names[@]}" >"$try"
    awk '
      # The referee'"'"'s name of a coordinate class: `0`..`3` a residue, else a line.
      function coord(axis, c) { return c ~ /^[0-3]$/ ? axis "%4=" c : axis "=" c }
      FNR == NR { shown[$1, $3] = shown[$1, $3] " " $2; seeds[$1] = 1; next }
      {
        name = $0; group = name; sub(/:.*/, "", group); rest = substr(name, length(group) + 2)
        if (group == "board") { want[name] = name; next }
        split(rest, f, ",")
        kind = substr(group, 1, 4) == "cell" ? "cell" : "edge"
        if (kind == "cell") class = "n%4=" f[1] "," coord("x", f[2]) "," coord("y", f[3])
        else class = "n%4=" f[1] ",x=" f[2] ",y=" f[3]
        e = substr(group, 5)
        want[name] = kind (e == "" ? "+1" : e) ":" class
      }
      END {
        for (s in seeds) for (name in want) {
          k = split(want[name], pairs, " "); line = ""
          for (i = 1; i <= k; i++) line = line shown[s, pairs[i]]
          m = split(line, rs, " "); delete seen; out = ""
          # Increasing and once each (a round may show both pairs).
          for (i = 1; i <= m; i++) seen[rs[i] + 0] = 1
          for (r = 1; r <= '"$rounds"'; r++) if (r in seen) out = out " " r
          print s, name out
        }
      }' "$try.scan" "$try" >"$try.rounds"
    mv "$try.rounds" "$try"
    rm -f "$try.scan"
    ;;
  *) echo "knights_classes: ROUNDS_OF must be whole or class, got \"$rounds_of\"" >&2; exit 2 ;;
esac
status=0
PLAYER_SEED=1 PAIR_ROUNDS=$rounds PAIR_REFEREE=$referee PAIR_TRY=$([ "$rounds_of" = class ] && echo "$try") \
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
