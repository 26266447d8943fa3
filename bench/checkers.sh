#!/usr/bin/env bash
# Checker and generator throughput: the largest tests the project allows.
#   gen coloring at N = 10^8, gen subtraction with t = 10^6, gen race 10 boards of 2000x2000;
#   check-subtraction on a 10^6-line answer (identical output, CRLF output, and a 4 GiB
#   sparse output that must be refused after reading about a megabyte).
# Usage: bash bench/checkers.sh   (figures: wall seconds and peak memory per command;
# BENCH_QUICK=1: the same commands on small sizes). Fails when a generator fails or a check
# does not give the verdict it must.
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

strip=$(pick 100000000 100000)
cases=$(pick 1000000 1000)
side=$(pick 2000 50)
measure 0 "gen coloring --size $strip --kind full" "$bin/gen" coloring --seed 1 --size "$strip" --kind full
echo "    -> $(wc -c <"$tmp/stdout") bytes"
measure 0 "gen subtraction --count $cases (10^18)" "$bin/gen" subtraction --seed 1 --count "$cases" --size 1000000000000000000
echo "    -> $(wc -c <"$tmp/stdout") bytes"
measure 0 "gen race --kind pipes --size $side --count 10" "$bin/gen" race --seed 1 --kind pipes --size "$side" --count 10
echo "    -> $(wc -c <"$tmp/stdout") bytes"

# A $cases-case answer and its variants: the same answer (OK), with CRLF line ends and
# trailing blanks (OK: tokens are read as testlib reads them), and a 4 GiB sparse file that
# must be refused (PE, exit 2) after reading about a megabyte.
awk -v n="$cases" 'BEGIN { print n; for (i = 1; i <= n; i++) print i " 2" }' >"$tmp/sub.in"
awk -v n="$cases" 'BEGIN { for (i = 1; i <= n; i++) print "Case " i ": " (i % 3 ? i : "lose") }' >"$tmp/sub.ans"
sed 's/$/ \r/' "$tmp/sub.ans" >"$tmp/sub.crlf"
truncate -s 4G "$tmp/sub.huge"
for pair in sub.ans:0 sub.crlf:0 sub.huge:2; do
  out=${pair%:*}
  measure "${pair#*:}" "check-subtraction, output $out" "$bin/check-subtraction" "$tmp/sub.in" "$tmp/$out" "$tmp/sub.ans"
  echo "    -> $(cat "$tmp/stderr")"
done
