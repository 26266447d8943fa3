#!/usr/bin/env bash
# Runs every solution on every sample and prints one line per sample: OK, or what differs.
# Problems whose answers are not unique are judged by their checker (checkers/check_<problem>.rs).
# Usage: scripts/samples.sh [BIN_DIR]   (default target/release)
set -u
bin=${1:-target/release}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 total=0
for input in "$root"/samples/*/*.in; do
  [ -e "$input" ] || continue
  problem=$(basename "$(dirname "$input")")
  name=$problem/$(basename "$input" .in)
  answer=${input%.in}.out
  total=$((total + 1))
  if ! "$bin/$problem" <"$input" >"$tmp/out" 2>"$tmp/err"; then
    printf '%-28s FAIL exit %s: %s\n' "$name" "$?" "$(head -c 200 "$tmp/err")"
    fail=$((fail + 1)); continue
  fi
  if [ -x "$bin/check-$problem" ]; then
    if msg=$("$bin/check-$problem" "$input" "$tmp/out" "$answer" 2>&1); then
      printf '%-28s OK (checker)\n' "$name"
    else
      printf '%-28s WA (checker): %s\n' "$name" "$msg"; fail=$((fail + 1))
    fi
  elif cmp -s "$tmp/out" "$answer"; then
    printf '%-28s OK\n' "$name"
  else
    printf '%-28s WA: %s\n' "$name" "$(diff "$answer" "$tmp/out" | head -3 | tr '\n' ' ')"
    fail=$((fail + 1))
  fi
done
echo "samples: $((total - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
