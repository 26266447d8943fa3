#!/usr/bin/env bash
# What a default session costs the solution: for every game, `referee play GAME --seed S --
# target/release/GAME --play` (the game's default rounds, `referee --help`) against the same
# seed's first 100 rounds (`--rounds 100`, the baseline: every game's session before knights
# got its lone rounds), the solution's CPU from the verdict line's `cpu=`, seeds 1..SEEDS, the
# two played in turn; per game the rounds, the mean and the largest of each.
# Fails when a session is not OK, or (full mode: a quick run's one seed on a busy CI machine
# measures nothing) when a default session takes the solution 1 s of CPU or more: the bound
# every game's default session keeps (docs/overview.md).
#
# Usage: bench/session_cpu.sh          (make bench B=session_cpu)
#   SEEDS=10 (default; quick mode BENCH_QUICK=1: 1), GAMES="knights pawns" to restrict.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bins
bin=target/release
seeds=${SEEDS:-$(pick 10 1)}
mapfile -t all_games < <("$bin/referee" --list-games)
games=(${GAMES:-${all_games[@]}})

# cpu GAME SEED [ARGS...]: the solution's CPU seconds of one session (its verdict line's).
cpu() {
  local game=$1 seed=$2 line
  shift 2
  line=$("$bin/referee" play "$game" --seed "$seed" "$@" -- "$bin/$game" --play </dev/null 2>/dev/null) || true
  verdict_is OK "$line"
  sed -n 's/.* cpu=\([0-9.]*\)s.*/\1/p' <<<"$line"
}

# stats VALUE...: their mean and largest.
stats() { printf '%s\n' "$@" | awk '{ n++; s += $1; if ($1 > m) m = $1 } END { printf "%.3f %.3f", s / n, m }'; }

status=0
printf '%-12s %7s %10s %10s %14s %14s\n' game rounds "cpu mean" "cpu max" "100 r. mean" "100 r. max"
for game in "${games[@]}"; do
  rounds=$(default_rounds "$bin/referee" "$game")
  full=() base=()
  for s in $(seq 1 "$seeds"); do
    full+=("$(cpu "$game" "$s")")
    base+=("$(cpu "$game" "$s" --rounds 100)")
  done
  read -r mean max <<<"$(stats "${full[@]}")"
  read -r bmean bmax <<<"$(stats "${base[@]}")"
  over=$(awk -v m="$max" 'BEGIN { if (m >= 1) print "  over 1 s" }')
  quick && over=${over:+  over 1 s (quick mode: not a failure)}
  printf '%-12s %7s %9ss %9ss %13ss %13ss%s\n' "$game" "$rounds" "$mean" "$max" "$bmean" "$bmax" "$over"
  [ -z "$over" ] || quick || status=1
done
exit "$status"
