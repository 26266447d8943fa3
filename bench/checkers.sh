#!/usr/bin/env bash
# Checker and generator throughput: the largest tests the project allows.
#   gen coloring at N = 10^8, gen subtraction with t = 10^6, gen race 10 boards of 2000x2000;
#   check-subtraction on a 10^6-line answer (identical output, CRLF output, and a 4 GiB
#   sparse output that must be refused after reading about a megabyte).
# Usage: bash bench/checkers.sh   (figures: wall seconds and peak memory per command)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet
bin=$root/target/release
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs a command, prints its wall time and peak resident memory (GNU time if present).
measure() {
  local label=$1; shift
  local start end
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$tmp/mem" "$@" >"$tmp/stdout" 2>"$tmp/stderr" || true
    mem="$(tail -n 1 "$tmp/mem") KiB"
  else
    "$@" >"$tmp/stdout" 2>"$tmp/stderr" || true
    mem="?"
  fi
  end=$(date +%s.%N)
  printf '%-46s %7.2f s  peak %s\n' "$label" "$(echo "$end - $start" | bc)" "$mem"
}

measure "gen coloring --size 100000000 --kind full" "$bin/gen" coloring --seed 1 --size 100000000 --kind full
echo "    -> $(wc -c <"$tmp/stdout") bytes"
measure "gen subtraction --count 1000000 (10^18)" "$bin/gen" subtraction --seed 1 --count 1000000 --size 1000000000000000000
echo "    -> $(wc -c <"$tmp/stdout") bytes"
measure "gen race --kind pipes --size 2000 --count 10" "$bin/gen" race --seed 1 --kind pipes --size 2000 --count 10
echo "    -> $(wc -c <"$tmp/stdout") bytes"

# A 10^6-case answer and its variants.
awk 'BEGIN { print 1000000; for (i = 1; i <= 1000000; i++) print i " 2" }' >"$tmp/sub.in"
awk 'BEGIN { for (i = 1; i <= 1000000; i++) print "Case " i ": " (i % 3 ? i : "lose") }' >"$tmp/sub.ans"
sed 's/$/ \r/' "$tmp/sub.ans" >"$tmp/sub.crlf"
truncate -s 4G "$tmp/sub.huge"
for out in sub.ans sub.crlf sub.huge; do
  measure "check-subtraction, output $out" "$bin/check-subtraction" "$tmp/sub.in" "$tmp/$out" "$tmp/sub.ans"
  echo "    -> $(cat "$tmp/stderr")"
done
