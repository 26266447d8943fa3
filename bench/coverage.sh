#!/usr/bin/env bash
# Coverage by construction (docs/coverage.md): for every game that lists coverage classes,
# default sessions of `referee play GAME --seed S --coverage` against the game's
# solution, seeds 1..SEEDS, and per game: the classes listed, how many were reached in every
# seed, the least count of any class in any seed, and the sessions' CPU (referee and solution
# together, from the shell's `times`).
#
# Usage: bench/coverage.sh            (make bench B=coverage)
#   SEEDS=30 (default; quick mode BENCH_QUICK=1: 2 seeds), ROUNDS=R sessions of R rounds
#   (default: the game's, `referee --help`),
#   GAMES="pawns subtraction" to restrict, JOBS=2 sessions at a time, WALL=300 the sessions'
#   wall limit (what is measured is reach, not speed: a loaded machine must not cut them).
# Fails when a session is not OK or a listed class is not reached in some seed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bins
bin=target/release
seeds=${SEEDS:-$(pick 30 2)}
rounds=${ROUNDS:-}
jobs=${JOBS:-2}
wall=${WALL:-300}
mapfile -t all_games < <("$bin/referee" --list-games)
games=(${GAMES:-${all_games[@]}})
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One job per (game, seed): its --coverage output, then a line `cpu SECONDS` (the user and
# system time of the referee and the solution it waited for).
session() {
  local game=$1 seed=$2 out=$work/$1.$2
  # A subshell of its own, so that `times` (a builtin: not in a pipe, which would fork it)
  # counts this session's processes only.
  ( "$bin/referee" play "$game" --seed "$seed" ${rounds:+--rounds "$rounds"} --coverage \
      --time-limit "$wall" --wall-limit "$wall" -- "$bin/$game" --play </dev/null 2>/dev/null ||
      true
    times >"$work/times.$game.$seed"
  ) >"$out"
  awk 'NR == 2 { gsub(/[ms]/, " "); print "cpu", $1 * 60 + $2 + $3 * 60 + $4 }' \
    "$work/times.$game.$seed" >>"$out"
}
export -f session
export bin work rounds wall

# Games that list no class (for the default spec) are left out: one round tells.
listed=()
for game in "${games[@]}"; do
  head=$("$bin/referee" play "$game" --seed 1 --rounds 1 --coverage -- "$bin/$game" --play \
    </dev/null 2>/dev/null | sed -n 2p) || true
  case $head in
    "coverage: 0 of 0 classes reached" | "") echo "$game: no classes listed" ;;
    *) listed+=("$game") ;;
  esac
done
[ ${#listed[@]} -gt 0 ] || { echo "coverage: no game lists classes"; exit 0; }

start=$(date +%s.%N)
for game in "${listed[@]}"; do for s in $(seq 1 "$seeds"); do echo "$game $s"; done; done |
  xargs -P "$jobs" -n 2 bash -c 'session "$@"' _
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

status=0
printf "%-12s %7s %8s %6s %9s %9s  %s\n" game listed reached least "cpu max" "cpu mean" "not OK / never reached"
for game in "${listed[@]}"; do
  awk -v game="$game" -v seeds="$seeds" '
    FNR == 1 { seed = FILENAME; sub(/.*\./, "", seed); if ($1 != "OK") bad = bad " " seed ":" $1 }
    /^coverage: / { listed = $4 }
    # A class name may hold spaces (impartial: `heaps:{1,4 mod 5},small-odd`).
    / \(never reached\)$/ { c = $0; sub(/^ +[0-9]+ /, "", c); sub(/ \(never reached\)$/, "", c); never[c] = never[c] " " seed; next }
    / \(not a listed class\)$/ { next }
    /^ +[0-9]+ / { c = $0; sub(/^ +[0-9]+ /, "", c); n[c]++; if (!(c in least) || $1 < least[c]) least[c] = $1 }
    /^cpu / { cpu += $2; if ($2 > max) max = $2 }
    END {
      reached = 0; low = -1
      for (c in n) if (n[c] == seeds) { reached++; if (low < 0 || least[c] < low) low = least[c] }
      note = bad
      for (c in never) note = note " " c "@" never[c]
      printf "%-12s %7d %8d %6d %8.2fs %8.2fs %s\n", game, listed, reached, (low < 0 ? 0 : low), max, cpu / seeds, note
      exit (bad != "" || reached < listed)
    }' "$work/$game".[0-9]* || status=1
done
echo "coverage: seeds 1..$seeds, $rounds rounds, in ${elapsed} s with $jobs jobs"
exit "$status"
