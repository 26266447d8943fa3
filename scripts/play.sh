#!/usr/bin/env bash
# Runs the referee against every solution that has a --play mode (side by side, one session
# per CPU) and prints a table:
# game, rounds, moves, verdict, time. A solution whose --help does not mention --play is
# listed as "no play mode" (and makes the run fail, so nothing is skipped silently).
# Usage: scripts/play.sh [BIN_DIR] (default target/release); ROUNDS and SEED override.
set -u
bin=${1:-target/release}
rounds=${ROUNDS:-20}
seed=${SEED:-1}
referee="$bin/referee"
[ -x "$referee" ] || { echo "play: $referee is not built" >&2; exit 1; }
# Every game of the registry (crates/registry/src/lib.rs).
mapfile -t games < <("$referee" --list-games)
[ "${#games[@]}" -gt 0 ] || { echo "play: $referee --list-games listed nothing" >&2; exit 1; }
fail=0
# The sessions run side by side, as many at once as there are CPUs (each session is a referee
# and a solution taking turns, about one CPU between them), and are printed in the registry's
# order; each one's time is its own wall time.
jobs_max=$(nproc 2>/dev/null || echo 2)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for game in "${games[@]}"; do
  sol="$bin/$game"
  if [ ! -x "$sol" ] || ! "$sol" --help 2>/dev/null | grep -q -- '--play'; then
    continue
  fi
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  "$referee" play "$game" --rounds "$rounds" --seed "$seed" -- "$sol" --play >"$out/$game" &
done
wait
printf '%-12s %7s %9s %-8s %9s  %s\n' game rounds moves verdict time detail
for game in "${games[@]}"; do
  sol="$bin/$game"
  if [ ! -f "$out/$game" ]; then
    printf '%-12s %7s %9s %-8s %9s  %s\n' "$game" - - "-" - "no play mode ($sol --help does not mention --play)"
    fail=1; continue
  fi
  line=$(cat "$out/$game")
  verdict=${line%% *}
  field() { sed -n "s/.* $1=\([^ :]*\).*/\1/p" <<<"$line"; }
  detail=${line#*: }; [ "$detail" = "$line" ] && detail=""
  printf '%-12s %7s %9s %-8s %9s  %s\n' "$game" "$(field rounds)" "$(field moves)" "$verdict" "$(field time)" "seed=$seed ${detail:0:150}"
  [ "$verdict" = OK ] || fail=1
done
exit $fail
