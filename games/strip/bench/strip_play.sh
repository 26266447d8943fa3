#!/usr/bin/env bash
# Moves per second through the referee for the strip games (tictactoe, coloring): the
# solutions' --play modes against the referee's trap mix, from the default size mix up to
# strips of 10^6 cells. moves/s counts both sides' moves over the session's wall time;
# sol_us/move is the solution's CPU time (reading, answering, writing) per move of the session.
# The time per move should not grow with the strip: no rescans on either side.
# Quick mode (BENCH_QUICK=1): strips up to 10^4 cells, 10^4 engine moves.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --bin referee --bin tictactoe --bin coloring 2>/dev/null
printf '%-10s %-16s %6s %9s %8s %10s %12s\n' game size rounds moves time moves/s sol_us/move
for game in tictactoe coloring; do
  for spec in $(pick "default:20 1000:50 100000:2 1000000:1" "default:3 1000:3 10000:1"); do
    spec=${spec/:/ }
    set -- $spec
    size=$1 rounds=$2
    # Whole games on the given sizes (no move cap); the default mix keeps the default cap.
    sizearg=(); [ "$size" = default ] || sizearg=(--size "$size" --max-moves 100000000)
    line=$(target/release/referee play "$game" "${sizearg[@]}" --rounds "$rounds" --seed 1 \
           --time-limit 120 -- "target/release/$game" --play)
    [ "${line%% *}" = OK ] || { echo "referee: $line" >&2; exit 1; }
    moves=$(sed -n 's/.* moves=\([0-9]*\).*/\1/p' <<<"$line")
    time=$(sed -n 's/.* time=\([0-9.]*\)s.*/\1/p' <<<"$line")
    cpu=$(sed -n 's/.* cpu=\([0-9.]*\)s.*/\1/p' <<<"$line")
    awk -v g="$game" -v s="$size" -v r="$rounds" -v m="$moves" -v t="$time" -v c="$cpu" \
      'BEGIN { printf "%-10s %-16s %6d %9d %7.2fs %10.0f %12.2f\n", g, s, r, m, t, m / (t > 0 ? t : 0.001), c * 1e6 / (m > 0 ? m : 1) }'
  done
done
# The engine alone (--bench-play: in-process, against a random opponent drawing uniform empty
# cells): a constant number of operations per move (the mark tree has 4 levels from 2^18 to
# 2^24 cells); what grows with N is cache misses, the opponent's moves landing on random cells.
echo
printf '%-10s %10s %10s %12s\n' game N moves ns/move
moves=$(pick 4000000 10000)
for game in tictactoe coloring; do
  for n in $(pick "100 10000 1000000 10000000" "100 10000"); do
    line=$("target/release/$game" --bench-play "$n" "$moves")
    ns=$(sed -n 's/.* ns_per_move=\([0-9.]*\).*/\1/p' <<<"$line")
    [ -n "$ns" ] || { echo "strip_play: $game --bench-play gave: $line" >&2; exit 1; }
    printf '%-10s %10s %10s %12s\n' "$game" "$n" "$moves" "$ns"
  done
done
