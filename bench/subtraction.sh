#!/usr/bin/env bash
# subtraction (HDU 2486 / POJ 3922, the k-times dynamic subtraction game):
#  1. the worst single judge case, k = 10^5 and n = 10^18 (about 3·10^6 losing starts), next
#     to a k = 1 case that only costs process start-up: CPU time, wall time and max RSS;
#  2. 10^6 random cases (n up to 10^18) with k drawn from a mixed set, grouped by k inside;
#  3. play mode in-process (`--bench-play`, no pipes): ns per move against an opponent that
#     always takes one stone, for n = 10^3, 10^6, 10^12, 10^18 at k = 1, 2, 3/2, 10^5; then
#     against random amounts at n = 10^18.
# Targets (issues 2 and 4): worst case under 50 ms and 64 MB; play flat and under 100 ns a move.
# Usage: bench/subtraction.sh      (run by `make bench B=subtraction`)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet --bin subtraction
bin=$root/target/release/subtraction
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Prints "cpu <user>+<sys> s, wall <real> s, max RSS <kB> kB" for `$bin < $1` (bash's own
# timer for millisecond figures; the RSS from GNU time if present, else polled from /proc).
measure() {
  local TIMEFORMAT='%3U+%3S %3R' times rss
  if [ -x /usr/bin/time ]; then
    times=$( { time /usr/bin/time -f '%M' -o "$tmp/rss" "$bin" <"$1" >/dev/null; } 2>&1 )
    rss=$(cat "$tmp/rss")
  else
    times=$( { time poll_rss "$1"; } 2>&1 )
    rss=">= $(cat "$tmp/rss")"
  fi
  echo "cpu ${times% *} s, wall ${times#* } s, max RSS $rss kB"
}

# Runs `$bin < $1` in the background and records its highest VmHWM in $tmp/rss.
poll_rss() {
  local pid hwm=0 h
  "$bin" <"$1" >/dev/null &
  pid=$!
  while h=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null) && [ -n "$h" ]; do
    hwm=$h
  done
  wait "$pid"
  echo "$hwm" >"$tmp/rss"
}

echo "-- 1. worst single case (best of 5 runs by CPU; the machine may be shared)"
printf '1\n1000000000000000000 100000\n' >"$tmp/worst.in"
printf '1\n1000000000000000000 1\n' >"$tmp/floor.in"
echo "answer: $("$bin" <"$tmp/worst.in")"
for name in worst floor; do
  for _ in 1 2 3 4 5; do measure "$tmp/$name.in"; done | sort -k2 | head -1 | sed "s/^/$name: /"
done

echo "-- 2. 10^6 random cases, k mixed over 13 values (two of them ~10^5)"
awk 'BEGIN {
  srand(2486);
  split("1 2 3/2 1.5 6/5 7/3 5/2 10 100 1000 12345/67 99999.5 100000", ks, " ");
  print 1000000;
  for (i = 0; i < 1000000; i++) {
    hi = int(rand() * 1e9); lo = int(rand() * 1e9);
    if (hi == 0 && lo < 2) lo += 2;
    if (hi == 0) printf "%d %s\n", lo, ks[1 + int(rand() * 13)];
    else printf "%d%09d %s\n", hi, lo, ks[1 + int(rand() * 13)];
  }
}' >"$tmp/mixed.in"
echo "input: $(wc -c <"$tmp/mixed.in") bytes"
measure "$tmp/mixed.in"
"$bin" <"$tmp/mixed.in" | awk '/lose$/ {l++} END {print "answers: " NR ", lose: " l + 0}'

echo "-- 3. play in-process, opponent takes 1 stone, 10^7 engine moves per line"
for k in 1 2 3/2 100000; do
  for n in 1000 1000000 1000000000000 1000000000000000000; do
    "$bin" --bench-play "$n" "$k" 10000000 one
  done
done
echo "-- 3b. the same at n = 10^18 against uniform random legal amounts (not a target; the"
echo "       referee mixes such moves in), 10^6 engine moves per line"
for k in 1 2 3/2 100000; do
  "$bin" --bench-play 1000000000000000000 "$k" 1000000 random
done
