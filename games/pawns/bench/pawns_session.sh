#!/usr/bin/env bash
# The cost of a default 100-round pawns session against the solution (`referee play pawns
# --rounds 100 --seed S -- pawns --play`), side by side with the same session with every
# round cut at 40000 moves (`--max-moves 40000`: the long rounds' cap on every round, as
# before the short rounds), seeds 1..SEEDS. Per session: the moves, the solution's CPU (the
# verdict line's cpu=), the referee's own CPU (the user and system time of the referee and
# the solution it waited for, from the shell's `times`, less the solution's) and the wall time.
#
# Usage: games/pawns/bench/pawns_session.sh       (make bench B=pawns_session)
#   SEEDS=5, ROUNDS=100 (quick mode BENCH_QUICK=1: 1 seed, 10 rounds).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bin referee --bin pawns
seeds=${SEEDS:-$(pick 5 1)}
rounds=${ROUNDS:-$(pick 100 10)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run LABEL SEED [OPTIONS...]: one session, one line of figures.
run() {
  local label=$1 seed=$2 line
  shift 2
  ( target/release/referee play pawns --rounds "$rounds" --seed "$seed" "$@" \
      --time-limit 300 --wall-limit 600 -- target/release/pawns --play </dev/null >"$work/line" || true
    times >"$work/times" )
  line=$(cat "$work/line")
  verdict_is OK "$line"
  awk -v label="$label" -v seed="$seed" -v line="$line" '
    NR == 2 {
      gsub(/[ms]/, " ")
      total = $1 * 60 + $2 + $3 * 60 + $4
      split(line, f, " ")
      for (i in f) { split(f[i], kv, "="); v[kv[1]] = kv[2] }
      sub(/s$/, "", v["cpu"]); sub(/s$/, "", v["time"])
      printf "%-22s %4d %9d %12.2f %12.2f %8.2f\n", label, seed, v["moves"], v["cpu"], total - v["cpu"], v["time"]
    }' "$work/times"
}

printf "%-22s %4s %9s %12s %12s %8s\n" session seed moves "solution cpu" "referee cpu" "wall"
for s in $(seq 1 "$seeds"); do
  run default "$s"
  run "--max-moves 40000" "$s" --max-moves 40000
done
