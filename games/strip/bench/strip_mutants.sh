#!/usr/bin/env bash
# The strip games' mutation suite against the referee's default settings: for every variant of
# games/strip/tests/mutants/player.rs, how many of SEEDS seeded sessions end WA/RE (a kill) or OK, and the
# mean wall time of a session. A wrong variant should be killed on (nearly) every seed, a correct
# one never. Usage: games/strip/bench/strip_mutants.sh; SEEDS=30 ROUNDS=20 GAMES="coloring"
# ONLY="blunder-1000 right" override (defaults: 20 seeds, the referee's default round count,
# both games, every variant; quick mode BENCH_QUICK=1: 2 seeds of 10 rounds). A verdict other than OK, WA or
# RE fails the script, and so does a correct variant that is not OK.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --bin referee --example strip_mutants 2>/dev/null
seeds=${SEEDS:-$(pick 20 2)}
games=${GAMES:-tictactoe coloring}
ROUNDS=${ROUNDS:-$(pick "" 10)}
rounds=(); [ -n "$ROUNDS" ] && rounds=(--rounds "$ROUNDS")
variants=$(target/release/examples/strip_mutants --help | awk -v only="${ONLY:-}" '
  ($1 == "ok" || $1 == "bug") && (only == "" || index(" " only " ", " " $2 " ")) { print $1 ":" $2 }')
[ -n "$variants" ] || { echo "strip_mutants: no variant listed" >&2; exit 1; }
printf '%-10s %-22s %-4s %7s %7s %9s\n' game variant kind killed passed mean_s
for game in $games; do
  for v in $variants; do
    kind=${v%%:*} name=${v#*:}
    killed=0 passed=0 total=0
    for seed in $(seq 1 "$seeds"); do
      line=$(target/release/referee play "$game" --seed "$seed" "${rounds[@]}" -- \
             target/release/examples/strip_mutants --game "$game" --bug "$name" </dev/null 2>/dev/null) || true
      case ${line%% *} in
        WA|RE) [ "$kind" = bug ] || { echo "strip_mutants: the correct $name got: $line" >&2; exit 1; }
               killed=$((killed + 1)) ;;
        OK) passed=$((passed + 1)) ;;
        *) echo "unexpected: $line" >&2; exit 1 ;;
      esac
      t=$(sed -n 's/.* time=\([0-9.]*\)s.*/\1/p' <<<"$line")
      total=$(awk -v a="$total" -v b="$t" 'BEGIN { print a + b }')
    done
    awk -v g="$game" -v n="$name" -v k="$kind" -v x="$killed" -v p="$passed" -v t="$total" -v s="$seeds" \
      'BEGIN { printf "%-10s %-22s %-4s %7d %7d %9.3f\n", g, n, k, x, p, t / s }'
  done
done
