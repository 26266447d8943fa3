#!/usr/bin/env bash
# Referee round trips per second against a minimal C ping-pong of one line each way, in the
# same CPU placements: both on CPU 0 (taskset -c 0), split over CPUs 0 and 1, and unpinned.
# The referee plays subtraction with k = 1 against a trivial C solution; a round trip is one
# referee move and the solution's reply (moves / 2). `default` is the referee as shipped:
# it pins itself and the solution to the CPU it starts on. Quick mode (BENCH_QUICK=1): 2000
# round trips (ping-pong) and rounds cut at 2000 moves, one run. Fails when a session is not OK
# or no round trip was measured.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --bin referee --bin subtraction 2>/dev/null
out=bench/out; mkdir -p "$out"
cc -O2 -o "$out/pingpong" bench/pingpong.c
cc -O2 -o "$out/trivial_subtraction" games/subtraction/bench/trivial_subtraction.c
N=${N:-$(pick 100000 2000)}
REPS=${REPS:-$(pick 3 1)}   # best of REPS: the machine is shared, the best run is the least disturbed
ref() { # placement-prefix... ; prints round trips per second
  local line moves time
  line=$("$@")
  moves=$(sed -n 's/.* moves=\([0-9]*\).*/\1/p' <<<"$line")
  time=$(sed -n 's/.* time=\([0-9.]*\)s.*/\1/p' <<<"$line")
  [ "${line%% *}" = OK ] || { echo "referee: $line" >&2; exit 1; }
  # A session shorter than the verdict line's millisecond counts as 1 ms.
  awk -v m="$moves" -v t="$time" 'BEGIN { printf "%.0f\n", m / 2 / (t > 0 ? t : 0.001) }'
}
# Rounds cut at CAP moves: 3·CAP/2 round trips a session. The verdict line's time has
# millisecond steps, so a session must last far longer than a millisecond (a cap of 5000 gave
# ~27 ms sessions, figures in steps of 4%).
CAP=${CAP:-$(pick 20000 2000)}
args=(play subtraction --k 1 --size "$N" --max-moves "$CAP" --rounds 3 --seed 1 --time-limit 60)
best() { local b=0 v; for _ in $(seq "$REPS"); do v=$("$@") || exit 1; [ "$v" -gt "$b" ] && b=$v; done; [ "$b" -gt 0 ] || { echo "round_trips.sh: no round trips measured" >&2; exit 1; }; echo "$b"; }
printf '%-10s %14s %14s %7s\n' placement pingpong/s referee/s ratio
for placement in same split unpinned default; do
  case $placement in
    same)     pp=$(best taskset -c 0 "$out/pingpong" "$N" same)
              rr=$(best ref taskset -c 0 target/release/referee "${args[@]}" -- "$out/trivial_subtraction") ;;
    split)    pp=$(best "$out/pingpong" "$N" split)
              rr=$(best ref taskset -c 0 target/release/referee "${args[@]}" -- taskset -c 1 "$out/trivial_subtraction") ;;
    unpinned) pp=$(best "$out/pingpong" "$N" none)
              rr=$(best ref target/release/referee "${args[@]}" --no-pin -- "$out/trivial_subtraction") ;;
    default)  pp=-
              rr=$(best ref target/release/referee "${args[@]}" -- "$out/trivial_subtraction") ;;
  esac
  if [ "$pp" = - ]; then
    printf '%-10s %14s %14s %7s   (the referee pins itself and the solution to its CPU)\n' "$placement" - "$rr" -
  else
    awk -v p="$placement" -v a="$pp" -v b="$rr" 'BEGIN { printf "%-10s %14.0f %14.0f %7.2f\n", p, a, b, b / a }'
  fi
done
# The same session against the real solution (its own evaluator included), as shipped.
rr=$(best ref target/release/referee "${args[@]}" -- target/release/subtraction --play)
printf '%-10s %14s %14s %7s   (referee as shipped vs target/release/subtraction --play)\n' solution - "$rr" -
