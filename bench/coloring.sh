#!/usr/bin/env bash
# coloring (SGU 328): one random proper strip of 10^8 digits, against the getchar C++ baseline.
source "$(dirname "$0")/strip_common.bash"
input=$(generate coloring-1e8.in coloring 100000000 7)
compare coloring "$input" target/release/coloring -- "$out/strip_baseline" coloring
# Worst case for the mark search: no colour at all (the answer is N mod 2).
zeros=$out/coloring-zeros-1e8.in
[ -s "$zeros" ] || { echo 100000000; head -c 100000000 /dev/zero | tr '\0' 0; echo; } >"$zeros"
compare coloring-zeros "$zeros" target/release/coloring -- "$out/strip_baseline" coloring
