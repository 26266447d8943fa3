#!/usr/bin/env bash
# knights through the referee: moves per second (both sides' moves; one move names every
# knight) for the default round mix (rounds cut at the move cap: needs a --play that reads
# `end` in place of the referee's move), long games played to their end (N 3001..6000, few
# knights, thousands of moves), and one crowd round (the first crowd of seed 17 on sides up to
# 600 with more than 1000 knights, replayed alone from a transcript). Best of REPS runs each: the machine is shared.
# Quick mode (BENCH_QUICK=1): one run each, 4 default rounds, 2 long games.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --bin referee --bin knights 2>/dev/null
out=bench/out; mkdir -p "$out"
REPS=${REPS:-$(pick 3 1)}
ref=target/release/referee
sol=target/release/knights
rate() { # referee args... ; prints "moves seconds moves/s" of the best run
  local best="" line moves time
  for _ in $(seq "$REPS"); do
    line=$("$ref" "$@" --time-limit 60 -- "$sol" --play)
    [ "${line%% *}" = OK ] || { echo "referee: $line" >&2; exit 1; }
    moves=$(sed -n 's/.* moves=\([0-9]*\).*/\1/p' <<<"$line")
    time=$(sed -n 's/.* time=\([0-9.]*\)s.*/\1/p' <<<"$line")
    if [ -z "$best" ] || awk -v a="$time" -v b="${best#* }" 'BEGIN { exit !(a < b) }'; then best="$moves $time"; fi
  done
  awk -v m="${best% *}" -v t="${best#* }" 'BEGIN { printf "%9d %9.3f %12.0f\n", m, t, m / (t > 0 ? t : 0.001) }'
}
# The crowd round: the `<` lines (its position and the referee's moves, to its `end`) of the
# first crowd round of seed 17 (sides up to 600) with more than 1000 knights on a side of 100
# or more.
"$ref" play knights --kind crowd --rounds 30 --seed 17 --size 1..600 --max-moves 1000000 --transcript "$out/knights_seed17.txt" -- "$sol" --play >/dev/null
awk '$2 == "<" { sub(/^[^<]*< /, ""); print }' "$out/knights_seed17.txt" |
  awk 'BEGIN { print "< 1" } !on && !done && NF == 2 && $1 ~ /^[0-9]+$/ && $1 + 0 > 1000 && $2 + 0 >= 100 { on = 1 } on { print "< " $0 } on && $0 == "end" { on = 0; done = 1 }' > "$out/knights_crowd.txt"
crowd_k=$(sed -n '2s/^< \([0-9]*\) .*/\1/p' "$out/knights_crowd.txt")
[ -n "$crowd_k" ] || { echo "knights_play: no crowd round of more than 1000 knights in seed 17's first 30" >&2; exit 1; }
printf '%-34s %9s %9s %12s\n' session moves seconds moves/s
r=$(pick 20 4)
printf '%-34s %s\n' "default mix ($r rounds, seed 1)" "$(rate play knights --rounds "$r" --seed 1)"
r=$(pick 10 2)
printf '%-34s %s\n' "long games (N 3001..6000, $r r.)" "$(rate play knights --rounds "$r" --seed 2 --size 3001..6000 --max-moves 1000000)"
crowd=$(rate replay knights "$out/knights_crowd.txt")
printf '%-34s %s\n' "crowd (K = $crowd_k, one round)" "$crowd"
# Each crowd move names all K knights: knight moves judged per second.
read -r m t _ <<<"$crowd"
awk -v m="$m" -v t="$t" -v k="$crowd_k" 'BEGIN { printf "%-34s %34.0f knight moves/s\n", "crowd, per knight", m * k / (t > 0 ? t : 0.001) }'
