#!/usr/bin/env bash
# Records what a user sees of every binary into one folder, so that two builds can be compared
# byte for byte (`diff -r`): a restructuring that must change no behaviour is shown to change
# none. Per game, seeds 1..5: the session transcript against the solution's --play mode (times
# and the pgid masked: they differ from run to run) and its verdict line, gen's output for each
# kind, the solution's, checker's and validator's answers on it; every sample's output; every
# binary's --help.
# Usage: scripts/same-output.sh OUT_DIR [BIN_DIR]   (BIN_DIR defaults to target/release)
set -u
out=${1:?usage: scripts/same-output.sh OUT_DIR [BIN_DIR]}
bin=${2:-target/release}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mask() { sed -E 's/^[0-9]+\.[0-9]+ //; s/time=[0-9.]+s/time=T/g; s/cpu=[0-9.]+s/cpu=C/g; s/pgid=[0-9]+/pgid=P/g'; }
games=$("$bin/referee" --list-games)
for game in $games; do
  for seed in 1 2 3 4 5; do
    "$bin/referee" play "$game" --seed "$seed" --transcript "$tmp/t" -- "$bin/$game" --play \
      2>&1 | mask >"$out/play-$game-$seed.verdict"
    mask <"$tmp/t" >"$out/play-$game-$seed.transcript"
  done
done
"$bin/gen" --list >"$out/gen-list" 2>&1
while read -r problem kinds; do
  problem=${problem%:}
  for kind in $kinds; do
    kind=${kind%,}
    for seed in 1 2 3 4 5; do
      f="$out/gen-$problem-$kind-$seed"
      "$bin/gen" "$problem" --seed "$seed" --kind "$kind" --size 60 >"$f.in" 2>"$f.err"
      echo "exit $?" >>"$f.err"
      "$bin/$problem" <"$f.in" >"$f.out" 2>&1
      echo "exit $?" >>"$f.out"
      "$bin/validate-$problem" <"$f.in" >"$f.valid" 2>&1
      echo "exit $?" >>"$f.valid"
      if [ -x "$bin/check-$problem" ]; then
        "$bin/check-$problem" "$f.in" "$f.out" "$f.out" >"$f.check" 2>&1
        echo "exit $?" >>"$f.check"
      fi
    done
  done
done <"$out/gen-list"
for input in "$root"/samples/*/*.in; do
  problem=$(basename "$(dirname "$input")")
  f="$out/sample-$problem-$(basename "$input" .in)"
  "$bin/$problem" <"$input" >"$f.out" 2>&1
  echo "exit $?" >>"$f.out"
done
for b in "$bin"/*; do
  [ -f "$b" ] && [ -x "$b" ] || continue
  "$b" --help >"$out/help-$(basename "$b")" 2>&1
  echo "exit $?" >>"$out/help-$(basename "$b")"
done
echo "same-output: $(ls "$out" | wc -l) files in $out"
