#!/usr/bin/env bash
# tictactoe (UVa 11534): 10^6 random proper strips of 100 cells (quick: 10^3), against the getchar C++ baseline.
source "$(dirname "$0")/strip_common.bash"
t=$(pick 1000000 1000)
input=$(generate "tictactoe-${t}x100.in" tictactoe "$t" 100 7)
compare tictactoe "$input" target/release/tictactoe -- "$out/strip_baseline" tictactoe
# The same strips with CRLF line ends.
crlf=$out/tictactoe-${t}x100-crlf.in
[ -s "$crlf" ] || sed 's/$/\r/' "$input" >"$crlf"
compare tictactoe-crlf "$crlf" target/release/tictactoe -- "$out/strip_baseline" tictactoe
