#!/usr/bin/env bash
# coloring (SGU 328): one random proper strip of 10^8 digits, against the getchar C++ baseline.
source "$(dirname "$0")/strip_common.bash"
input=$(generate coloring-1e8.in coloring 100000000 7)
compare coloring "$input" target/release/coloring -- "$out/strip_baseline" coloring
