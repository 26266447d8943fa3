#!/usr/bin/env bash
# subtraction (HDU 2486 / POJ 3922, the k-times dynamic subtraction game):
#  0. the judges' shape, t = 20 cases each with its own integer k (n up to 10^8, k up to
#     10^5), against a plain C++ peer (games/subtraction/bench/subtraction_peer.cpp: the classic O(terms)
#     construction per case, g++ -O2; skipped with a line where g++ is missing); then many distinct k: 10^5 cases with random
#     k <= 10^5 and n <= 10^8, and 1000 cases with random k <= 10^5 and n <= 10^18;
#  1. the worst single judge case, k = 10^5 and n = 10^18 (about 3·10^6 losing starts), next
#     to a k = 1 case that only costs process start-up: CPU time, wall time and max RSS;
#  2. 10^6 random cases (n up to 10^18) with k drawn from a mixed set, grouped by k inside;
#  3. play mode in-process (`--bench-play`, no pipes): ns per move against an opponent that
#     always takes one stone, for n = 10^3, 10^6, 10^12, 10^18 at k = 1, 2, 3/2, 10^5; then
#     against random amounts at n = 10^18.
# Targets: worst case under 50 ms and 64 MB; play flat and under 100 ns a move;
# the judges' shape at least twice as fast as the peer.
# Usage: games/subtraction/bench/subtraction.sh   (run by `make bench B=subtraction`; quick mode
# BENCH_QUICK=1: one run each, 10^3 cases where the full mode has 10^5 or 10^6, 10^4 engine moves).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
reps=$(pick "1 2 3 4 5" 1)
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

# best PROGRAM INPUT: "wall <s> cpu <s>", the best of 5 runs of PROGRAM < INPUT by wall time.
best() {
  local TIMEFORMAT='%3R %3U %3S' times
  for _ in $reps; do
    times=$( { time "$1" <"$2" >/dev/null; } 2>&1 )
    echo "$times"
  done | sort -n | head -1 | awk '{ printf "wall %.3f s, cpu %.3f s\n", $1, $2 + $3 }'
}

echo "-- 0. judges' shape: t = 20, each case its own integer k (best of $(wc -w <<<"$reps") by wall time)"
awk 'BEGIN { print 20; for (i = 0; i < 20; i++) printf "%d %d\n", 100000000 - i, 100000 - i }' >"$tmp/j20_worst.in"
awk 'BEGIN { srand(2486); print 20;
  for (i = 0; i < 20; i++) printf "%d %d\n", 2 + int(rand() * 99999999), 1 + int(rand() * 100000) }' >"$tmp/j20_random.in"
if command -v g++ >/dev/null; then
  g++ -O2 -o "$tmp/peer" games/subtraction/bench/subtraction_peer.cpp
  for name in j20_worst j20_random; do
    "$bin" <"$tmp/$name.in" >"$tmp/$name.ours"
    "$tmp/peer" <"$tmp/$name.in" >"$tmp/$name.peer"
    [ -s "$tmp/$name.peer" ] || { echo "$name: the peer wrote nothing" >&2; exit 1; }
    cmp -s "$tmp/$name.ours" "$tmp/$name.peer" || { echo "$name: answers differ from the peer" >&2; exit 1; }
    echo "$name: ours $(best "$bin" "$tmp/$name.in"); peer $(best "$tmp/peer" "$tmp/$name.in")"
  done
else
  echo "g++ not found: the C++ peer is skipped (install g++ to time and check against it)"
  for name in j20_worst j20_random; do echo "$name: ours $(best "$bin" "$tmp/$name.in")"; done
fi
cases=$(pick 100000 1000)
echo "-- 0b. many distinct k: $cases cases, random k <= 10^5, n <= 10^8"
awk -v t="$cases" 'BEGIN { srand(3); print t;
  for (i = 0; i < t; i++) printf "%d %d\n", 2 + int(rand() * 99999999), 1 + int(rand() * 100000) }' >"$tmp/k1e5.in"
echo "distinct k: $(awk 'NR > 1 { print $2 }' "$tmp/k1e5.in" | sort -u | wc -l)"
measure "$tmp/k1e5.in"
cases=$(pick 1000 10)
echo "-- 0c. many distinct k at the project's n: $cases cases, random k <= 10^5, n <= 10^18"
awk -v t="$cases" 'BEGIN { srand(5); print t;
  for (i = 0; i < t; i++) printf "%d%09d %d\n", 1 + int(rand() * 999999999), int(rand() * 1e9), 1 + int(rand() * 100000) }' >"$tmp/k1e3big.in"
measure "$tmp/k1e3big.in"

echo "-- 1. worst single case (best of $(wc -w <<<"$reps") runs by CPU; the machine may be shared)"
printf '1\n1000000000000000000 100000\n' >"$tmp/worst.in"
printf '1\n1000000000000000000 1\n' >"$tmp/floor.in"
echo "answer: $("$bin" <"$tmp/worst.in")"
for name in worst floor; do
  for _ in $reps; do measure "$tmp/$name.in"; done | sort -k2 | head -1 | sed "s/^/$name: /"
done

cases=$(pick 1000000 1000)
echo "-- 2. $cases random cases, k mixed over 13 values (two of them ~10^5)"
awk -v t="$cases" 'BEGIN {
  srand(2486);
  split("1 2 3/2 1.5 6/5 7/3 5/2 10 100 1000 12345/67 99999.5 100000", ks, " ");
  print t;
  for (i = 0; i < t; i++) {
    hi = int(rand() * 1e9); lo = int(rand() * 1e9);
    if (hi == 0 && lo < 2) lo += 2;
    if (hi == 0) printf "%d %s\n", lo, ks[1 + int(rand() * 13)];
    else printf "%d%09d %s\n", hi, lo, ks[1 + int(rand() * 13)];
  }
}' >"$tmp/mixed.in"
echo "input: $(wc -c <"$tmp/mixed.in") bytes"
measure "$tmp/mixed.in"
"$bin" <"$tmp/mixed.in" | awk -v t="$cases" '/lose$/ {l++}
  END { print "answers: " NR ", lose: " l + 0; if (NR != t) { print "subtraction: not one answer a case" > "/dev/stderr"; exit 1 } }'

moves=$(pick 10000000 10000)
echo "-- 3. play in-process, opponent takes 1 stone, $moves engine moves per line"
for k in 1 2 3/2 100000; do
  for n in 1000 1000000 1000000000000 1000000000000000000; do
    "$bin" --bench-play "$n" "$k" "$moves" one
  done
done
echo "-- 3b. the same at n = 10^18 against uniform random legal amounts (not a target; the"
moves=$(pick 1000000 10000)
echo "       referee mixes such moves in), $moves engine moves per line"
for k in 1 2 3/2 100000; do
  "$bin" --bench-play 1000000000000000000 "$k" "$moves" random
done
