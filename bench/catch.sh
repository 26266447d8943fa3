#!/usr/bin/env bash
# Catch rates: every player of the project against the referee at its default settings
# (`referee play GAME --seed S -- PLAYER`, seeds 1..SEEDS), and per game and player the share of
# sessions that end as they should: WA or RE for a wrong player, OK for a correct one.
#
# Players, found rather than listed by hand: every variant of each mutation-suite example
# (the `<game>_mutants` examples, or those a game's folder lists in games/<g>/bench/catch.suites),
# the variants and whether each is right read from its --help, the
# solutions' own --play modes, and examples/perfect_player.rs (perfect; two more correct modes
# that choose other winning moves, --random-win and --slowest-win; two wrong modes: --blunder,
# --losing-side). A player that takes --seed gets the session's seed, so its own
# random choices differ from session to session as the referee's do.
#
# Usage: bench/catch.sh            (make bench B=catch)
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: 3 seeds of 10 rounds and per example only its
#   first wrong and first correct variant), GAMES="race knights" to restrict, ONLY="off-layers
#   none" to run only those variant names, KIND=right (or wrong) to play only the correct (or
#   wrong) players, JOBS=2 sessions at a time (xargs -P).
#   STRICT=1 fails the script when any player misses a seed. ROUNDS=10 plays that many rounds a
#   session instead of the game's default (100; knights 286) (the first ten rounds of the
#   default session: the coverage rounds of docs/coverage.md come after them).
# Any verdict other than OK, WA or RE (FAIL: the referee's own error; TLE, PE, ...) is listed
# under `other` with its seeds; it fails the script, as a correct player rejected does.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bins --examples
bin=target/release
ex=$bin/examples
seeds=${SEEDS:-$(pick 30 3)}
ROUNDS=${ROUNDS:-$(pick "" 10)}
jobs=${JOBS:-2}
strict=${STRICT:-0}
mapfile -t all_games < <("$bin/referee" --list-games)
games=(${GAMES:-${all_games[@]}})
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# players: lines `game|label|kind|command...` (kind: wrong or right); the command is split
# on spaces (no player path holds one).
players=$work/players
: >"$players"
add() { [ -n "${KIND:-}" ] && [ "$3" != "$KIND" ] && return; echo "$1|$2|$3|$4" >>"$players"; }

# variants EXAMPLE: `name kind` per variant listed by its --help, in any of the suites' three
# layouts (`  name  ok|bug  what`, `  ok|bug  name  what`, `  name  correct:|wrong: what`).
variants() {
  "$ex/$1" --help | awk '
    $2 == "ok" || $2 == "bug" { print $1, ($2 == "ok" ? "right" : "wrong"); next }
    $1 == "ok" || $1 == "bug" { print $2, ($1 == "ok" ? "right" : "wrong"); next }
    $2 == "correct:" || $2 == "wrong:" { print $1, ($2 == "correct:" ? "right" : "wrong") }'
}

# suite GAME EXAMPLE [ARGS]: every variant of one mutation-suite example for GAME.
suite() {
  local game=$1 example=$2 extra=${3:-} seedarg="" name kind n_right=0 n_wrong=0
  "$ex/$example" --help | grep -q -- '--seed' && seedarg="--seed @SEED@"
  while read -r name kind; do
    # A parameterised variant (knights' `cell:R,X,Y`) has a bench of its own
    # (games/knights/bench/knights_classes.sh).
    case $name in *:*) continue ;; esac
    if [ -n "${ONLY:-}" ] && ! grep -qw -- "$name" <<<"$ONLY"; then continue; fi
    if quick; then
      [ "$kind" = right ] && { [ $n_right -ge 1 ] && continue; n_right=1; }
      [ "$kind" = wrong ] && { [ $n_wrong -ge 1 ] && continue; n_wrong=1; }
    fi
    add "$game" "$example:$name" "$kind" "$ex/$example $extra --bug $name $seedarg"
  done < <(variants "$example")
}

for game in "${games[@]}"; do
  if [ -z "${ONLY:-}" ]; then
    add "$game" "solution --play" right "$bin/$game --play"
    add "$game" "perfect_player" right "$ex/perfect_player $game"
    add "$game" "perfect_player --random-win" right "$ex/perfect_player $game --random-win --seed @SEED@"
    add "$game" "perfect_player --slowest-win" right "$ex/perfect_player $game --slowest-win --seed @SEED@"
    if ! quick; then
      add "$game" "perfect_player --blunder" wrong "$ex/perfect_player $game --blunder"
      add "$game" "perfect_player --losing-side" wrong "$ex/perfect_player $game --losing-side"
    fi
  fi
  # The suites a game's folder lists: games/<g>/bench/catch.suites, `GAME EXAMPLE [ARGS]` a line
  # (`#` starts a comment); else the example named after the game, <game>_mutants, if there is one.
  mapfile -t listed < <(cat games/*/bench/catch.suites | sed 's/#.*//' | awk -v g="$game" '$1 == g')
  for line in "${listed[@]}"; do
    read -r _ example extra <<<"$line"
    suite "$game" "$example" "$extra"
  done
  if [ ${#listed[@]} -eq 0 ] && [ -x "$ex/${game}_mutants" ]; then
    suite "$game" "${game}_mutants"
  fi
done

# One job per (player, seed): `index seed`; each writes `index seed verdict` to its own file.
session() {
  local i=$1 seed=$2 line game label kind cmd
  IFS='|' read -r game label kind cmd < <(sed -n "${i}p" "$players")
  cmd=${cmd//@SEED@/$seed}
  # shellcheck disable=SC2086 # the command is split on purpose
  line=$("$bin/referee" play "$game" ${ROUNDS:+--rounds "$ROUNDS"} --seed "$seed" -- $cmd </dev/null 2>/dev/null) || true
  echo "$i $seed ${line%% *}" >"$work/out.$i.$seed"
}
export -f session
export bin players work ROUNDS
count=$(wc -l <"$players")
start=$(date +%s.%N)
for i in $(seq 1 "$count"); do for s in $(seq 1 "$seeds"); do echo "$i $s"; done; done |
  xargs -P "$jobs" -n 2 bash -c 'session "$@"' _
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
cat "$work"/out.* | sort -n -k1,1 -k2,2 >"$work/results"

# The table: per game and player, the sessions that ended right, and the seeds that did not.
awk -v seeds="$seeds" -v strict="$strict" -F'|' '
  FILENAME == ARGV[1] { game[NR] = $1; label[NR] = $2; kind[NR] = $3; n = NR; next }
  {
    split($0, f, " "); i = f[1]; s = f[2]; v = f[3]
    good = (kind[i] == "wrong") ? (v == "WA" || v == "RE") : (v == "OK")
    if (good) hits[i]++
    else if (v == "OK" || v == "WA" || v == "RE") miss[i] = miss[i] " " s
    else { other[i] = other[i] " " s ":" v; bad = 1 }
    if (kind[i] == "right" && v != "OK") bad = 1
  }
  END {
    for (i = 1; i <= n; i++) {
      if (game[i] != last) {
        printf "\n%-12s %-44s %-5s %7s  %s\n", game[i], "player", "kind", "caught/OK", "seeds missed"
        last = game[i]
      }
      note = miss[i]; if (other[i] != "") note = note " other:" other[i]
      printf "%-12s %-44s %-5s %4d/%-4d %s\n", game[i], label[i], kind[i], hits[i], seeds, note
      total++; if (hits[i] == seeds) full++; else if (strict) bad = 1
    }
    printf "\n%d of %d players right in every session (seeds 1..%d)\n", full, total, seeds
    exit bad
  }' "$players" "$work/results" || status=$?
echo "catch: $(wc -l <"$work/results") sessions in ${elapsed} s with $jobs jobs"
exit "${status:-0}"
