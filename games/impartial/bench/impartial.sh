#!/usr/bin/env bash
# impartial: the values table (`--values SPEC --to N`: the plain loop, the rare-value method,
# period detection and proof) beside a plain C mex loop of the bench's own
# (games/impartial/bench/impartial_plain.c, same output lines: the two tables are compared),
# and batch answers.
# Grundy's game's published facts to 2^21 (tczajka/octal-games: mask fe, 1274 rare values, the
# last at 82860, the largest value 231 first at 763622) are checked in full mode, the rare-value
# ones at 10^5 in quick mode. Any failing run or check fails the script.
# Usage: games/impartial/bench/impartial.sh                (run by `make bench B=impartial`)
#        BENCH_QUICK=1 games/impartial/bench/impartial.sh  (small sizes, one repetition: a smoke test)
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
. bench/mode.bash
cargo build --release --quiet --bin impartial
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=target/release/impartial
plain=$tmp/impartial_plain
cc -O2 -o "$plain" games/impartial/bench/impartial_plain.c
if quick; then
  reps=1 octal_n=10000 side_n=5000 o16_n=20000 grundy_n=100000 big_n= queue_n=2000 batch_t=20
else
  reps=3 octal_n=1000000 side_n=100000 o16_n=1000000 grundy_n=2097152 big_n=16777216 queue_n=20000 batch_t=1000
fi

# Best wall time in ms of `$@` over $reps runs (once when $1 is `once`), stdout to $out; the
# CPU time (user + system, ms) of that run to $cpu (the machine is shared: wall times vary
# with its load, CPU times much less).
out=$tmp/out
cpu=$tmp/cpu
children_ms() { awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); printf "%d", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000 }' "$1"; }
best() {
  local n=$reps
  if [ "$1" = once ]; then n=1; shift; fi
  local b=
  for _ in $(seq "$n"); do
    local s e
    times >"$tmp/t0"
    s=$(date +%s%N)
    "$@" >"$out" || { echo "FAILED: $*" >&2; exit 1; }
    e=$(date +%s%N)
    times >"$tmp/t1"
    local ms=$(((e - s) / 1000000))
    if [ -z "$b" ] || [ "$ms" -lt "$b" ]; then
      b=$ms
      echo $(($(children_ms "$tmp/t1") - $(children_ms "$tmp/t0"))) >"$cpu"
    fi
  done
  echo "$b"
}
# header_field NAME: a field of the last run's header line.
header_field() { head -1 "$out" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

echo "## proven periods (impartial alone)"
for spec in 0.77 0.07 0.137 0.7777 0.4107; do
  ms=$(best "$bin" --values "$spec" --to "$octal_n")
  printf '%-34s %8s ms  %s\n' "--values $spec --to $octal_n" "$ms" "$(head -1 "$out")"
done

echo "## side by side with the plain C loop (games/impartial/bench/impartial_plain.c), tables compared"
printf '%-22s %20s %20s  %s\n' run 'impartial wall (cpu)' 'plain C wall (cpu)' header
for spec in 0.106 0.007 0.16 grundy; do
  c=$(best "$plain" "$spec" "$side_n")
  c_cpu=$(cat "$cpu")
  cp "$out" "$tmp/c.txt"
  r=$(best "$bin" --values "$spec" --to "$side_n")
  tail -n +2 "$out" | cmp -s - "$tmp/c.txt" || fail "$spec: the tables of impartial and plain C differ"
  printf '%-22s %9s ms (%5s) %9s ms (%5s)  %s\n' "$spec to $side_n" "$r" "$(cat "$cpu")" "$c" "$c_cpu" "$(head -1 "$out" | cut -c3-)"
  # 0.106 has no mask by value; rare by heap (games/impartial/docs/impartial.md, "Rare values") from 2^13 on.
  if [ "$spec" = 0.106 ] && ! quick; then
    [ "$(header_field mask)" = d:heap ] || fail "0.106 to $side_n: expected mask=d:heap"
  fi
done

echo "## the rare-value method at scale"
# 0.16: period 149459 from 105351 (OEIS A071430: last exception at 105350), found and proven.
ms=$(best "$bin" --values 0.16 --to "$o16_n")
printf '%-34s %8s ms (cpu %s)  %s\n' "--values 0.16 --to $o16_n" "$ms" "$(cat "$cpu")" "$(head -1 "$out" | cut -c3-)"
if ! quick; then
  [ "$(header_field preperiod) $(header_field period)" = "105351 149459" ] ||
    fail "0.16: expected preperiod 105351 period 149459"
fi
ms=$(best once "$bin" --values grundy --to "$grundy_n")
printf '%-34s %8s ms (cpu %s)  %s\n' "--values grundy --to $grundy_n" "$ms" "$(cat "$cpu")" "$(head -1 "$out" | cut -c3-)"
[ "$(header_field mask) $(header_field rare) $(header_field last-rare)" = "fe 1274 82860" ] ||
  fail "grundy to $grundy_n: expected mask=fe rare=1274 last-rare=82860 (tczajka/octal-games)"
if ! quick; then
  first=$(awk 'NR > 1 && $2 > m { m = $2; at = $1 } END { print m, at }' "$out")
  [ "$first" = "231 763622" ] || fail "grundy to 2^21: largest value and first heap $first, expected 231 763622"
  echo "  grundy to 2^21: largest value 231 first at 763622, mask fe, 1274 rare values, last at 82860: as published"
  ms=$(best once "$bin" --values grundy --to "$big_n")
  printf '%-34s %8s ms (cpu %s)  %s\n' "--values grundy --to $big_n" "$ms" "$(cat "$cpu")" "$(head -1 "$out" | cut -c3-)"
  [ "$(tail -1 "$out" | cut -d' ' -f1)" = "$big_n" ] || fail "grundy to $big_n: the table is cut"
fi
ms=$(best "$bin" --values queue --to "$queue_n")
printf '%-34s %8s ms  %s\n' "--values queue --to $queue_n" "$ms" "$(head -1 "$out" | cut -c3-)"

# Batch: T positions of 100 heaps up to 10^6 and up to 10^18 (Kayles, through its period), of
# 100 heaps up to 10^4 (Grundy's game), and misère Kayles at the exact-search bound (8 heaps
# summing to 40).
echo "## batch"
awk -v t="$batch_t" 'BEGIN { srand(1); print "0.77"; print t;
  for (i = 0; i < t; i++) { s = "100"; for (j = 0; j < 100; j++) s = s " " int(rand() * 1000001); print s } }' >"$tmp/kayles.in"
awk -v t="$batch_t" 'BEGIN { srand(4); print "0.77"; print t;
  for (i = 0; i < t; i++) { s = "100"; for (j = 0; j < 100; j++) s = s " " int(rand() * 1000000) int(rand() * 1000000) int(rand() * 1000000); print s } }' >"$tmp/kayles18.in"
awk -v t="$batch_t" 'BEGIN { srand(2); print "grundy"; print t;
  for (i = 0; i < t; i++) { s = "100"; for (j = 0; j < 100; j++) s = s " " int(rand() * 10001); print s }
  print "" }' >"$tmp/grundy.in"
awk -v t="$batch_t" 'BEGIN { srand(3); print "misere 0.77"; print t;
  for (i = 0; i < t; i++) { s = "8"; left = 40; for (j = 0; j < 8; j++) { h = (j == 7) ? left : int(rand() * (left / 2 + 1)); left -= h; s = s " " h } print s } }' >"$tmp/misere.in"
for name in kayles kayles18 grundy misere; do
  ms=$(best sh -c "\"$bin\" <\"$tmp/$name.in\"")
  printf '%-34s %8s ms  %s lines\n' "batch $name T=$batch_t" "$ms" "$(wc -l <"$out")"
  [ "$(wc -l <"$out")" -eq "$batch_t" ] || fail "batch $name answered $(wc -l <"$out") lines"
done

# Misère: the exact search at 40 tokens beside the code before the genus theory and the u128
# keys (commit 2d98494, built from git when the history has it; the sides are compared), the
# search at 60 tokens (the old code refuses past 40), tame heaps to 10^6 and 10^18 by the tame
# rule, and genus tables.
echo "## misère"
old=
if git cat-file -e 2d98494:solutions/impartial.rs 2>/dev/null; then
  git show 2d98494:solutions/impartial.rs >"$tmp/old.rs"
  rustc -O --edition 2021 -o "$tmp/impartial_old" "$tmp/old.rs" 2>/dev/null && old=$tmp/impartial_old
fi
# T positions (a tenth for 4.7 and queue, whose searches are the longest); quick mode: only
# 0.137 at 60 tokens.
mis_t=100 sums="40 60"
if quick; then mis_t=5 sums=40; fi
printf '%-44s %20s %20s\n' run 'impartial wall (cpu)' 'before wall (cpu)'
for spec in 0.77 0.137 4.7 queue; do
  t=$mis_t
  [ "$spec" = 0.77 ] || [ "$spec" = 0.137 ] || t=$(( (mis_t + 9) / 10 ))
  for sum in $sums $( [ "$spec" = 0.137 ] && quick && echo 60); do
    awk -v t="$t" -v spec="$spec" -v sum="$sum" 'BEGIN { srand(5); print "misere " spec; print t;
      for (i = 0; i < t; i++) { s = "8"; left = sum; for (j = 0; j < 8; j++) { h = (j == 7) ? left : int(rand() * (left / 2 + 1)); left -= h; s = s " " h } print s } }' >"$tmp/m.in"
    r=$(best once sh -c "\"$bin\" <\"$tmp/m.in\"")
    r_cpu=$(cat "$cpu")
    [ "$(wc -l <"$out")" -eq "$t" ] || fail "misère $spec sum $sum answered $(wc -l <"$out") lines"
    cut -c1-5 "$out" >"$tmp/new.sides"
    b='—'
    if [ -n "$old" ] && [ "$sum" = 40 ]; then
      o=$(best once sh -c "\"$old\" <\"$tmp/m.in\"")
      b="$o ms ($(cat "$cpu"))"
      cut -c1-5 "$out" | cmp -s - "$tmp/new.sides" || fail "misère $spec: the sides differ from the code before"
    fi
    printf '%-44s %9s ms (%5s) %20s\n' "misere $spec T=$t, 8 heaps summing to $sum" "$r" "$r_cpu" "$b"
  done
done
for top in 1000000 1000000000000000000; do
  awk -v t="$batch_t" -v top="$top" 'BEGIN { srand(6); print "misere {1,2,4}"; print t;
    for (i = 0; i < t; i++) { s = "100"; for (j = 0; j < 100; j++) s = s " " (top > 1e7 ? int(rand() * 1e6) int(rand() * 1e6) int(rand() * 1e6) : int(rand() * (top + 1))); print s } }' >"$tmp/tame.in"
  ms=$(best sh -c "\"$bin\" <\"$tmp/tame.in\"")
  printf '%-44s %9s ms (%5s)\n' "misere {1,2,4} T=$batch_t, 100 heaps < $top" "$ms" "$(cat "$cpu")"
  [ "$(wc -l <"$out")" -eq "$batch_t" ] || fail "misère {1,2,4} answered $(wc -l <"$out") lines"
done
kayles_to=48
if quick; then kayles_to=20; fi
for run in "0.77 $kayles_to" "0.07 60" "{1,2,4} 100000" "0.31 100000"; do
  set -- $run
  ms=$(best "$bin" --genus "$1" --to "$2")
  printf '%-44s %9s ms (%5s)  %s\n' "--genus $1 --to $2" "$ms" "$(cat "$cpu")" "$(head -1 "$out" | cut -c3-)"
done

# Misère quotients: `--quotient` timed; wild positions of many small heaps answered by the
# exact search (summing to 60) beside the same kind of positions summing to 61..66, past the
# search, answered through the quotient of heaps up to 6. Then the judge's own misère search
# (check-impartial, which checks every side and move of the jury's and the contestant's
# answers) on positions at its input bound, 8 heaps and 52 tokens.
echo "## misère quotients"
cargo build --release --quiet --bin check-impartial
if quick; then
  q_runs="0.75:21 0.312:16 0.137:10 4.7:10" q_t=5
else
  q_runs="0.75:21 0.312:16 0.71:19 0.137:20 4.7:20 0.07:24 0.77:24" q_t=100
fi
for run in $q_runs; do
  spec=${run%:*} to=${run#*:}
  ms=$(best once "$bin" --quotient "$spec" --to "$to")
  printf '%-44s %9s ms (%5s)  %s\n' "--quotient $spec --to $to" "$ms" "$(cat "$cpu")" "$(head -1 "$out" | cut -c3-)"
done
printf '%-44s %20s %20s\n' run 'sum 60: search' 'sum 61..66: quotient'
for spec in 0.75 0.312 0.137 4.7; do
  for sum in 60 66; do
    awk -v t="$q_t" -v spec="$spec" -v sum="$sum" 'BEGIN { srand(7); print "misere " spec; print t;
      for (i = 0; i < t; i++) { left = sum - (sum > 60 ? i % 6 : 0) - 10; s = "4 6"; k = 2;
        while (left > 0) { h = 1 + int(rand() * 6); if (h > left) h = left; left -= h; s = s " " h; k++ }
        print k " " s } }' >"$tmp/q$sum.in"
    ms=$(best once sh -c "\"$bin\" <\"$tmp/q$sum.in\"")
    eval "q_ms_$sum=\"$ms ms ($(cat "$cpu"))\""
    [ "$(wc -l <"$out")" -eq "$q_t" ] || fail "misère $spec sum $sum answered $(wc -l <"$out") lines"
    cp "$out" "$tmp/q$sum.ans"
  done
  printf '%-44s %20s %20s\n' "misere $spec T=$q_t, heaps 1..6 and 4, 6" "$q_ms_60" "$q_ms_66"
done
# Through the proven period: misère 0.75 (period 2 from heap 8), 100 heaps up to 10^6 and 10^18.
for top in 1000000 1000000000000000000; do
  awk -v t="$batch_t" -v top="$top" 'BEGIN { srand(9); print "misere 0.75"; print t;
    for (i = 0; i < t; i++) { s = "100"; for (j = 0; j < 100; j++) s = s " " (top > 1e7 ? int(rand() * 999999) + 1 int(rand() * 1e6) int(rand() * 1e6) : int(rand() * top) + 1); print s } }' >"$tmp/p.in"
  ms=$(best sh -c "\"$bin\" <\"$tmp/p.in\"")
  printf '%-44s %9s ms (%5s)\n' "misere 0.75 T=$batch_t, 100 heaps <= $top" "$ms" "$(cat "$cpu")"
  [ "$(wc -l <"$out")" -eq "$batch_t" ] || fail "misère 0.75 answered $(wc -l <"$out") lines"
done
for spec in 0.77 0.137 4.7; do
  awk -v t="$q_t" -v spec="$spec" 'BEGIN { srand(8); print "misere " spec; print t;
    for (i = 0; i < t; i++) { s = "8"; left = 52; for (j = 0; j < 8; j++) { h = (j == 7) ? left : int(rand() * (left / 2 + 1)); left -= h; s = s " " h } print s } }' >"$tmp/j.in"
  "$bin" <"$tmp/j.in" >"$tmp/j.ans" || fail "misère $spec: the solution failed on the judge's input"
  ms=$(best once sh -c "target/release/check-impartial \"$tmp/j.in\" \"$tmp/j.ans\" \"$tmp/j.ans\" 2>/dev/null")
  printf '%-44s %9s ms (%5s)\n' "check-impartial misere $spec T=$q_t, 8 heaps, 52" "$ms" "$(cat "$cpu")"
done

# The judge's own misère search (Evaluator::mover_wins through the example judge_misere) on
# wild positions of 8 heaps summing to 48 beside the search's bound (60, the referee's wild
# rounds' bound), same positions' kind, same run: what a referee's round near 60 costs.
echo "## the judge's misère search"
cargo build --release --quiet -p combgames-impartial --example judge_misere
judge=target/release/examples/judge_misere
j_t=10 j_sums="48 60"
if quick; then j_t=2 j_sums="40 48"; fi
printf '%-44s %20s %20s\n' run "sum ${j_sums% *}" "sum ${j_sums#* }"
for spec in 0.77 0.137 4.7 queue; do
  line=
  for sum in $j_sums; do
    awk -v t="$j_t" -v sum="$sum" 'BEGIN { srand(8); for (i = 0; i < t; i++) { s = ""; left = sum;
      for (j = 0; j < 8; j++) { h = (j == 7) ? left : int(rand() * (left / 2 + 1)); left -= h; if (h > 0) s = s " " h } print s } }' >"$tmp/w.in"
    ms=$(best once sh -c "\"$judge\" \"misere $spec\" <\"$tmp/w.in\"")
    [ "$(wc -l <"$out")" -eq "$j_t" ] || fail "judge_misere $spec sum $sum answered $(wc -l <"$out") lines"
    line="$line $(printf '%20s' "$ms ms ($(cat "$cpu"))")"
  done
  printf '%-44s%s\n' "judge misere $spec T=$j_t, 8 heaps" "$line"
done
