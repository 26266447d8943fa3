#!/usr/bin/env bash
# check-subtraction's throughput on the largest answer the project allows: a 10^6-case
# answer as output (OK), the same with CRLF line ends and trailing blanks (OK: tokens are read
# as testlib reads them), and a 4 GiB sparse file that must be refused (PE, exit 2) after
# reading about a megabyte.
# Usage: bash games/subtraction/bench/check_subtraction.sh   (figures: wall seconds and peak
# memory per command; BENCH_QUICK=1: 1000 cases). Fails when a check does not give the
# verdict it must.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --quiet --bin check-subtraction
bin=$root/target/release
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cases=$(pick 1000000 1000)
awk -v n="$cases" 'BEGIN { print n; for (i = 1; i <= n; i++) print i " 2" }' >"$tmp/sub.in"
awk -v n="$cases" 'BEGIN { for (i = 1; i <= n; i++) print "Case " i ": " (i % 3 ? i : "lose") }' >"$tmp/sub.ans"
sed 's/$/ \r/' "$tmp/sub.ans" >"$tmp/sub.crlf"
truncate -s 4G "$tmp/sub.huge"
for pair in sub.ans:0 sub.crlf:0 sub.huge:2; do
  out=${pair%:*}
  measure "${pair#*:}" "check-subtraction, output $out" "$bin/check-subtraction" "$tmp/sub.in" "$tmp/$out" "$tmp/sub.ans"
  echo "    -> $(cat "$tmp/stderr")"
done
