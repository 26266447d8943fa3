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

while IFS=$'\t' read -r problem full quick_options; do
  case $problem in '#'* | '') continue ;; esac
  options=$full
  quick && options=$quick_options
  # shellcheck disable=SC2086 # the options are words
  measure 0 "gen $problem $options" "$bin/gen" "$problem" --seed 1 $options
  echo "    -> $(wc -c <"$tmp/stdout") bytes"
done < <(cat games/*/tests/data/bench-gen.tsv)
