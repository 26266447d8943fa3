# Shared by bench/coloring.sh and bench/tictactoe.sh (sourced; not a benchmark by itself).
# Builds the solution, the input generator (bench/gen_strip.rs) and the getchar C++ baseline
# (bench/strip_baseline.cpp), then times solution and baseline side by side on one input.
# BENCH_RUNS (default 5) runs each; the best wall time counts. Inputs are cached in bench/out/.
set -eu
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
out=bench/out
mkdir -p "$out"
runs=${BENCH_RUNS:-5}

cargo build --release --locked --quiet
if [ ! -x "$out/gen_strip" ] || [ bench/gen_strip.rs -nt "$out/gen_strip" ]; then
  rustc -O --edition 2021 bench/gen_strip.rs -o "$out/gen_strip"
fi
if [ ! -x "$out/strip_baseline" ] || [ bench/strip_baseline.cpp -nt "$out/strip_baseline" ]; then
  g++ -O2 -o "$out/strip_baseline" bench/strip_baseline.cpp
fi

# generate FILE ARGS...: bench/out/FILE from gen_strip ARGS, unless already there.
generate() {
  local file=$out/$1
  shift
  [ -s "$file" ] || "$out/gen_strip" "$@" >"$file"
  echo "$file"
}

# best_time INPUT OUTPUT CMD...: best wall time in seconds of CMD < INPUT > OUTPUT over $runs runs.
best_time() {
  local input=$1 output=$2 best= start end t
  shift 2
  for _ in $(seq "$runs"); do
    start=$EPOCHREALTIME
    "$@" <"$input" >"$output"
    end=$EPOCHREALTIME
    t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", e - s }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
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
  t_base=$(best_time "$input" "$out/$name.base.out" "${base[@]}")
  if ! cmp -s "$out/$name.sol.out" "$out/$name.base.out"; then
    echo "$name: solution and baseline outputs differ" >&2
    exit 1
  fi
  rss=$(max_rss "$input" "${sol[@]}")
  awk -v n="$name" -v b="$bytes" -v s="$t_sol" -v c="$t_base" -v r="$rss" -v k="$runs" 'BEGIN {
    mb = b / 1e6
    printf "%s: %.1f MB input, best of %d runs\n", n, mb, k
    printf "  rust      %7.3f s  %7.0f MB/s  max RSS %s KiB\n", s, mb / s, r
    printf "  C++ getchar %5.3f s  %7.0f MB/s\n", c, mb / c
    printf "  rust / C++ = %.3f (target <= 0.5: %s)\n", s / c, (s <= c / 2 ? "met" : "MISSED")
  }'
}
