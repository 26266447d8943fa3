#!/usr/bin/env bash
# The subtraction referee's default sessions (n up to 10^18, rounds cut at 3000 moves):
#  1. `make play`'s session (20 rounds, default sizes and k mix) against the project's player
#     and against the mutation suite's plain correct player, seeds 1..5: the verdict line
#     (moves, cuts, wall time) and the CPU time of the referee and the player together;
#  2. the mutation suite's kill table: every variant of games/subtraction/tests/mutants/main.rs under
#     the default `referee play` settings but 10 rounds for seeds 1..20, one letter a seed
#     (O = OK, W = WA, R = RE, other = the verdict's first letter), and the kill count.
# Usage: games/subtraction/bench/subtraction_referee.sh      (run by `make bench B=subtraction_referee`; quick
# mode BENCH_QUICK=1: seed 1 for the sessions, seeds 1..2 for the kill table). Fails when a
# correct player is not OK (in the sessions or the kill table), or on a verdict other than OK,
# WA or RE.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
seeds=$(pick 20 2)
cargo build --release --quiet --bin referee --bin subtraction --example subtraction_mutants
bin=$root/target/release
referee=$bin/referee
mutants=$bin/examples/subtraction_mutants
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "-- 1. 20-round default sessions (CPU = referee + player, user+sys)"
for player in "subtraction --play" "examples/subtraction_mutants --bug none"; do
  for seed in $(pick "1 2 3 4 5" 1); do
    # shellcheck disable=SC2086
    set -- $player
    line=$( { TIMEFORMAT='%U+%S'; time "$referee" play subtraction --rounds 20 --seed "$seed" \
      -- "$bin/$1" "${@:2}" 2>/dev/null </dev/null; } 2>"$tmp/time" || true)
    echo "$player: ${line%%:*} | cpu $(cat "$tmp/time") s"
    verdict_is OK "$line"
  done
done

echo "-- 2. mutation suite, default settings but 10 rounds, seeds 1..$seeds"
killed=0 wrong=0
while read -r name tag _; do
  row=""
  for seed in $(seq 1 "$seeds"); do
    v=$("$referee" play subtraction --rounds 10 --seed "$seed" -- "$mutants" --bug "$name" </dev/null 2>/dev/null || true)
    verdict_is 'OK|WA|RE' "$v"
    row+=${v:0:1}
  done
  caught=$(tr -cd 'WR' <<<"$row" | wc -c)
  printf '%-15s %-8s %s  caught %2d/%d\n' "$name" "$tag" "$row" "$caught" "$seeds"
  if [ "$tag" = bug ]; then
    wrong=$((wrong + 1))
    [ "$caught" -gt 0 ] && killed=$((killed + 1))
  elif [ "$caught" -gt 0 ]; then
    echo "subtraction_referee: the correct player $name was caught" >&2
    exit 1
  fi
done < <("$mutants" --help | awk 'NR > 2 {print $1, $2}')
echo "killed $killed of $wrong wrong variants (caught on at least one seed)"
[ "$wrong" -gt 0 ] || { echo "subtraction_referee: $mutants --help listed no wrong variant" >&2; exit 1; }
