# Shared by games/strip/bench/coloring.sh and games/strip/bench/tictactoe.sh (sourced; not a benchmark by itself).
# Builds the solution, the input generator (games/strip/bench/gen_strip.rs) and the getchar C++ baseline
# (games/strip/bench/strip_baseline.cpp), then times solution and baseline side by side on one input.
# BENCH_RUNS (default 5; 1 in quick mode) runs each; the best wall time counts. Inputs are
# cached in bench/out/. Fails when the solution's output differs from the baseline's.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
cd "$root"
source bench/mode.bash
out=bench/out
mkdir -p "$out"
runs=${BENCH_RUNS:-$(pick 5 1)}

cargo build --release --locked --quiet
if [ ! -x "$out/gen_strip" ] || [ games/strip/bench/gen_strip.rs -nt "$out/gen_strip" ]; then
  rustc -O --edition 2021 games/strip/bench/gen_strip.rs -o "$out/gen_strip"
fi
# Without g++ the baseline (and the check of the solution's output against it) is skipped,
# with a line that says so.
baseline=yes
if ! command -v g++ >/dev/null; then
  echo "g++ not found: the C++ baseline is skipped (install g++ to time and check against it)"
  baseline=no
elif [ ! -x "$out/strip_baseline" ] || [ games/strip/bench/strip_baseline.cpp -nt "$out/strip_baseline" ]; then
  g++ -O2 -o "$out/strip_baseline" games/strip/bench/strip_baseline.cpp
fi

# generate FILE ARGS...: bench/out/FILE from gen_strip ARGS, unless already there.
generate() {
  local file=$out/$1
  shift
  [ -s "$file" ] || "$out/gen_strip" "$@" >"$file"
  echo "$file"
}

# best_time INPUT OUTPUT CMD...: "WALL CPU", the best wall time and the best user+system CPU
# time in seconds of CMD < INPUT > OUTPUT over $runs runs (CPU time is steadier on a busy machine).
best_time() {
  local input=$1 output=$2 wall= cpu= times
  shift 2
  for _ in $(seq "$runs"); do
    times=$( { TIMEFORMAT='%3R %3U %3S'; time "$@" <"$input" >"$output"; } 2>&1 )
    read -r wall cpu <<<"$(awk -v t="$times" -v w="$wall" -v c="$cpu" 'BEGIN {
      split(t, f, " "); nc = f[2] + f[3]
      if (w == "" || f[1] < w) w = f[1]
      if (c == "" || nc < c) c = nc
      print w, c
    }')"
  done
  echo "$wall $cpu"
}

# max_rss INPUT CMD...: peak resident set of one run, in KiB (GNU time), or "n/a".
max_rss() {
  local input=$1
  shift
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M "$@" <"$input" 2>&1 >/dev/null | tail -1
  else
    echo n/a
  fi
}

# compare NAME INPUT SOLUTION_CMD... -- BASELINE_CMD...: times both, checks equal outputs,
# prints the figures and whether the solution takes at most half the baseline's time.
compare() {
  local name=$1 input=$2
  shift 2
  local sol=() base=()
  while [ "$1" != -- ]; do sol+=("$1"); shift; done
  shift
  base=("$@")
  local bytes t_sol t_base rss
  bytes=$(wc -c <"$input")
  t_sol=$(best_time "$input" "$out/$name.sol.out" "${sol[@]}")
  [ -s "$out/$name.sol.out" ] || { echo "$name: the solution wrote nothing" >&2; exit 1; }
  if [ "$baseline" = no ]; then
    echo "$name: best of $runs runs, wall / CPU seconds: $t_sol (no baseline)"
    return
  fi
  t_base=$(best_time "$input" "$out/$name.base.out" "${base[@]}")
  if ! cmp -s "$out/$name.sol.out" "$out/$name.base.out"; then
    echo "$name: solution and baseline outputs differ" >&2
    exit 1
  fi
  rss=$(max_rss "$input" "${sol[@]}")
  awk -v n="$name" -v b="$bytes" -v s="$t_sol" -v c="$t_base" -v r="$rss" -v k="$runs" 'BEGIN {
    split(s, sw, " "); split(c, cw, " ")
    mb = b / 1e6
    printf "%s: %.1f MB input, best of %d runs (wall / CPU = user + sys)\n", n, mb, k
    printf "  rust         %6.3f s / %6.3f s  %6.0f MB/s wall  %6.0f MB/s CPU  max RSS %s KiB\n", sw[1], sw[2], mb / sw[1], mb / (sw[2] > 0 ? sw[2] : 0.001), r
    printf "  C++ getchar  %6.3f s / %6.3f s  %6.0f MB/s wall  %6.0f MB/s CPU\n", cw[1], cw[2], mb / cw[1], mb / (cw[2] > 0 ? cw[2] : 0.001)
    printf "  rust / C++ = %.3f wall, %.3f CPU (target <= 0.5: %s)\n", sw[1] / cw[1], sw[2] / cw[2], (sw[1] <= cw[1] / 2 ? "met" : "MISSED")
  }'
}
