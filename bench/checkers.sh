#!/usr/bin/env bash
# Generator throughput: the largest tests the project allows, as each game folder's
# tests/data/bench-gen.tsv names them (problem, gen's options in full mode, in quick mode);
# the output's size after each. (A checker's on the largest answer: its game's bench, e.g.
# games/subtraction/bench/check_subtraction.sh.)
# Usage: bash bench/checkers.sh   (figures: wall seconds and peak memory per command;
# BENCH_QUICK=1: the quick options). Fails when a generator fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --quiet
bin=$root/target/release
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure EXIT LABEL CMD...: runs CMD, prints its wall time and peak resident memory (GNU
# time if present), and fails unless CMD exits with status EXIT.
measure() {
  local want=$1 label=$2; shift 2
  local start end status=0
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$tmp/mem" "$@" >"$tmp/stdout" 2>"$tmp/stderr" || status=$?
    mem="$(tail -n 1 "$tmp/mem") KiB"
  else
    "$@" >"$tmp/stdout" 2>"$tmp/stderr" || status=$?
    mem="?"
  fi
  end=$(date +%s.%N)
  printf '%-46s %7.2f s  peak %s\n' "$label" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$mem"
  if [ "$status" != "$want" ]; then
    echo "checkers.sh: $label exited $status, not $want: $(head -c 300 "$tmp/stderr")" >&2
    exit 1
  fi
}

while IFS=$'\t' read -r problem full quick_options; do
  case $problem in '#'* | '') continue ;; esac
  options=$full
  quick && options=$quick_options
  # shellcheck disable=SC2086 # the options are words
  measure 0 "gen $problem $options" "$bin/gen" "$problem" --seed 1 $options
  echo "    -> $(wc -c <"$tmp/stdout") bytes"
done < <(cat games/*/tests/data/bench-gen.tsv)
