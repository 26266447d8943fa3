#!/usr/bin/env bash
# coloring (SGU 328): one random proper strip of 10^8 digits (quick: 10^5), against the getchar C++ baseline.
source "$(dirname "$0")/strip_common.bash"
n=$(pick 100000000 100000)
input=$(generate "coloring-$n.in" coloring "$n" 7)
compare coloring "$input" target/release/coloring -- "$out/strip_baseline" coloring
# Worst case for the mark search: no colour at all (the answer is N mod 2).
zeros=$out/coloring-zeros-$n.in
[ -s "$zeros" ] || { echo "$n"; head -c "$n" /dev/zero | tr '\0' 0; echo; } >"$zeros"
compare coloring-zeros "$zeros" target/release/coloring -- "$out/strip_baseline" coloring
