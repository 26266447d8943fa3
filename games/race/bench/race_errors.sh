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
cargo build --release --locked --quiet --bin referee --example race_mutants
seeds=${SEEDS:-$(pick 30 1)}
jobs=${JOBS:-2}
strict=${STRICT:-0}
player=target/release/examples/race_mutants
referee=target/release/referee
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The pairs, from the player's help line of them.
all=$("$player" --help | sed -n 's/.*coverage classes): //p' | tr -d ',')
[ -n "$all" ] || { echo "race_errors: race_mutants lists no pairs" >&2; exit 2; }
names=(${PLAYERS:-$(pick "$all" "lemma+1:odd-win band/parity:0-lose")})

session() {
  local name=$1 seed=$2 line
  line=$("$referee" play race --seed "$seed" -- "$player" --bug "$name" </dev/null 2>/dev/null) || true
  echo "$name $seed ${line%% *}" >"$work/out.$(tr ':/=+-' '__epm' <<<"$name").$seed"
}
export -f session
export player referee work

start=$(date +%s.%N)
for c in "${names[@]}"; do for s in $(seq 1 "$seeds"); do echo "$c $s"; done; done |
  xargs -P "$jobs" -n 2 bash -c 'session "$@"' _
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

printf '%-18s %9s  %s\n' player caught "seeds missed"
for c in "${names[@]}"; do cat "$work/out.$(tr ':/=+-' '__epm' <<<"$c")".*; done | awk -v seeds="$seeds" -v strict="$strict" '
  !($1 in seen) { order[++n] = $1; seen[$1] = 1 }
  $3 == "WA" || $3 == "RE" { hits[$1]++; next }
  $3 == "OK" { miss[$1] = miss[$1] " " $2; next }
  { miss[$1] = miss[$1] " " $2 ":" $3; bad = 1 }
  END {
    for (i = 1; i <= n; i++) {
      c = order[i]
      printf "%-18s %4d/%-4d %s\n", c, hits[c], seeds, miss[c]
      if (hits[c] == seeds) full++; else if (strict) bad = 1
    }
    printf "\n%d of %d players caught in every session (seeds 1..%d)\n", full, n, seeds
    exit bad
  }' || status=$?
echo "race_errors: $((${#names[@]} * seeds)) sessions in ${elapsed} s with $jobs jobs"
exit "${status:-0}"
