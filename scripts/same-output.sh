#!/usr/bin/env bash
# Records what a user sees of a built tree's binaries into one folder, so that two trees (before
# and after a restructuring that must change no behaviour) can be compared byte for byte with
# `diff -r`: the referee's sessions (scripts/sessions.sh: every game, seeds 1..7, the solution
# and two test players); per problem, gen's output for each kind and seeds 1..5, and the
# solution's, validator's and checker's answers on it; every sample's output; every binary's
# --help.
# Usage: scripts/same-output.sh REPO OUT_DIR   (REPO built: cargo build --release --all-targets)
set -u
[ $# -eq 2 ] || { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
repo=$1 out=$2
bin=$repo/target/release
"$(dirname "$0")/sessions.sh" "$repo" "$out" || exit
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
for input in "$repo"/samples/*/*.in; do
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
# The tree's own folder (in help texts' default paths) is not behaviour.
find "$out" -type f -exec sed -i "s|$(cd "$repo" && pwd)|REPO|g" {} +
echo "same-output: $(ls "$out" | wc -l) files in $out"
