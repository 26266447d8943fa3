#!/usr/bin/env bash
# The knights mutation suite under default `referee play knights` sessions (100 rounds): for
# each player of games/knights/tests/mutants/player.rs, in how many of SEEDS sessions (seeds 1..SEEDS)
# a wrong one is caught (WA or RE) and a correct one passes (OK). Rerun: games/knights/bench/knights_mutants.sh
# Quick mode (BENCH_QUICK=1): 2 seeds of 10 rounds. Any verdict other than OK, WA or RE fails
# the script, and so does a correct player that is not OK.
set -euo pipefail
cd "$(dirname "$0")/../../.."
source bench/mode.bash
SEEDS=${SEEDS:-$(pick 30 2)}
rounds=$(pick 100 10)
cargo build --release --quiet --bin referee --example knights_mutants
player=target/release/examples/knights_mutants
listed=$(mktemp)
trap 'rm -f "$listed"' EXIT
"$player" --help | sed -n 's/^  \([a-z0-9-]*\) *\(ok\|bug\) .*/\1 \2/p' | while read -r name kind; do
  hits=0
  for seed in $(seq 1 "$SEEDS"); do
    # The referee's stderr (its `to play these rounds again` line for every caught session) is
    # not the table's.
    line=$(target/release/referee play knights --rounds "$rounds" --seed "$seed" -- "$player" --bug "$name" </dev/null 2>/dev/null) || true
    verdict_is 'OK|WA|RE' "$line"
    verdict=${line%% *}
    if [ "$kind" = bug ]; then
      case $verdict in WA | RE) hits=$((hits + 1)) ;; esac
    elif [ "$verdict" = OK ]; then
      hits=$((hits + 1))
    else
      echo "knights_mutants: the correct player $name got: $line" >&2
      exit 1
    fi
  done
  if [ "$kind" = bug ]; then what=caught; else what=OK; fi
  printf '%-15s %-4s %s in %d/%d sessions\n' "$name" "$kind" "$what" "$hits" "$SEEDS"
  echo "$name" >>"$listed"
done
[ -s "$listed" ] || { echo "knights_mutants: $player --help listed no player" >&2; exit 1; }
