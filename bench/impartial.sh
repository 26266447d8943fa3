#!/usr/bin/env bash
# impartial (issue 19): the values table (`--values SPEC --to N`, period detection and proof
# included) and batch answers. Every run's exit status is checked: any error fails the script.
# Usage: bench/impartial.sh                (run by `make bench B=impartial`)
#        BENCH_QUICK=1 bench/impartial.sh  (small sizes, one repetition: a smoke test)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --release --quiet --bin impartial
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=target/release/impartial
if [ "${BENCH_QUICK:-0}" = 1 ]; then
  reps=1 octal_n=10000 grundy_n=2000 queue_n=2000 batch_t=20
else
  reps=3 octal_n=1000000 grundy_n=100000 queue_n=20000 batch_t=1000
fi

# Best wall time in ms of `$@` over $reps runs, stdout to $tmp/out.
best() {
  local b=
  for _ in $(seq "$reps"); do
    local s e
    s=$(date +%s%N)
    "$@" >"$tmp/out" || { echo "FAILED: $*" >&2; exit 1; }
    e=$(date +%s%N)
    local ms=$(((e - s) / 1000000))
    if [ -z "$b" ] || [ "$ms" -lt "$b" ]; then b=$ms; fi
  done
  echo "$b"
}

for spec in 0.77 0.07 0.137 0.7777 0.4107; do
  ms=$(best "$bin" --values "$spec" --to "$octal_n")
  printf '%-28s %8s ms  %s\n' "--values $spec --to $octal_n" "$ms" "$(head -1 "$tmp/out")"
done
ms=$(best "$bin" --values grundy --to "$grundy_n")
printf '%-28s %8s ms  %s\n' "--values grundy --to $grundy_n" "$ms" "$(head -1 "$tmp/out")"
ms=$(best "$bin" --values queue --to "$queue_n")
printf '%-28s %8s ms  %s\n' "--values queue --to $queue_n" "$ms" "$(head -1 "$tmp/out")"

# Batch: T positions of 100 heaps up to 10^6 (Kayles), of 100 heaps up to 10^5 (Grundy's
# game), and misère Kayles at the exact-search bound (8 heaps summing to 40).
awk -v t="$batch_t" 'BEGIN { srand(1); print "0.77"; print t;
  for (i = 0; i < t; i++) { s = "100"; for (j = 0; j < 100; j++) s = s " " int(rand() * 1000001); print s } }' >"$tmp/kayles.in"
awk -v t="$batch_t" 'BEGIN { srand(2); print "grundy"; print t;
  for (i = 0; i < t; i++) { s = "100"; for (j = 0; j < 100; j++) s = s " " int(rand() * 10001); print s }
  print "" }' >"$tmp/grundy.in"
awk -v t="$batch_t" 'BEGIN { srand(3); print "misere 0.77"; print t;
  for (i = 0; i < t; i++) { s = "8"; left = 40; for (j = 0; j < 8; j++) { h = (j == 7) ? left : int(rand() * (left / 2 + 1)); left -= h; s = s " " h } print s } }' >"$tmp/misere.in"
for name in kayles grundy misere; do
  ms=$(best sh -c "\"$bin\" <\"$tmp/$name.in\"")
  printf '%-28s %8s ms  %s lines\n' "batch $name T=$batch_t" "$ms" "$(wc -l <"$tmp/out")"
  [ "$(wc -l <"$tmp/out")" -eq "$batch_t" ] || { echo "FAILED: batch $name answered $(wc -l <"$tmp/out") lines" >&2; exit 1; }
done
