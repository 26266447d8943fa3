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
cargo build --release --locked --quiet --bin referee --example strip_mutants
seeds=${SEEDS:-$(pick 30 1)}
rounds=${ROUNDS:-100}
jobs=${JOBS:-2}
strict=${STRICT:-0}
games=(${GAMES:-tictactoe coloring})
player=target/release/examples/strip_mutants
referee=target/release/referee
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${PLAYERS:-}" ]; then
  names=($PLAYERS)
else
  mapfile -t all < <("$player" --help | awk '$1 ~ /^value:[a-z]/ { print $1 }')
  names=(right)
  for i in "${!all[@]}"; do
    if ! quick || [ $((i % 5)) = 0 ]; then names+=("${all[$i]}"); fi
  done
fi

# One job per (game, player, seed): `game player seed verdict round` in a file of its own
# (round: the one the session ended in, 1-based).
session() {
  local game=$1 name=$2 seed=$3 line done
  line=$("$referee" play "$game" --rounds "$rounds" --seed "$seed" -- \
    "$player" --game "$game" --bug "$name" --seed "$seed" </dev/null 2>/dev/null) || true
  done=$(sed -n 's/.* rounds=\([0-9]*\) .*/\1/p' <<<"$line")
  echo "$game $name $seed ${line%% *} $((${done:-0} + 1))" >"$work/out.$game.$(tr ':,+-' '_pPm' <<<"$name").$seed"
}
export -f session
export player referee rounds work

start=$(date +%s.%N)
for g in "${games[@]}"; do for c in "${names[@]}"; do for s in $(seq 1 "$seeds"); do
  echo "$g $c $s"
done; done; done | xargs -P "$jobs" -n 3 bash -c 'session "$@"' _
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

printf '%-10s %-34s %9s %8s %7s  %s\n' game player caught earliest latest "seeds missed"
for g in "${games[@]}"; do for c in "${names[@]}"; do
  cat "$work/out.$g.$(tr ':,+-' '_pPm' <<<"$c")".*
done; done | awk -v seeds="$seeds" -v strict="$strict" '
  { key = $1 " " $2 }
  !(key in seen) { order[++n] = key; seen[key] = 1; early[key] = 1e9 }
  # `right` is caught when it passes (OK), a wrong player when it fails (WA or RE).
  ($2 == "right" && $4 == "OK") || ($2 != "right" && ($4 == "WA" || $4 == "RE")) {
    hits[key]++; if ($5 > late[key]) late[key] = $5; if ($5 < early[key]) early[key] = $5; next
  }
  $4 == "OK" || $4 == "WA" || $4 == "RE" { miss[key] = miss[key] " " $3 ":" $4; next }
  { miss[key] = miss[key] " " $3 ":" $4; bad = 1 }
  END {
    for (i = 1; i <= n; i++) {
      c = order[i]; split(c, f, " ")
      printf "%-10s %-34s %4d/%-4d %8s %7s %s\n", f[1], f[2], hits[c], seeds, (hits[c] ? "r" early[c] : "-"), (hits[c] ? "r" late[c] : "-"), miss[c]
      if (hits[c] == seeds) full++; else if (strict) bad = 1
      if (hits[c] && f[2] != "right" && late[c] > worst) worst = late[c]
    }
    printf "\n%d of %d players as they should be in every session (seeds 1..%d); the wrong ones caught by round %d at the latest\n", full, n, seeds, worst
    exit bad
  }' || status=$?
echo "strip_errors: $((${#games[@]} * ${#names[@]} * seeds)) sessions of $rounds rounds in ${elapsed} s with $jobs jobs"
exit "${status:-0}"
