# pairs.bash: sourced by the benchmarks of a game's (class, error) pair players
# (games/<g>/bench/<g>_errors.sh). `play_pairs GAME PLAYER SEEDS JOBS STRICT NAME...` plays
# `PLAYER --bug NAME` in default sessions (`referee play GAME --seed S`), seeds 1..SEEDS, JOBS
# at a time, and prints per player in how many it was caught (WA or RE) and the seeds missed;
# it returns 1 when a verdict is other than OK, WA or RE, or (STRICT=1) when a player misses a
# seed. PLAYER_SEED=1 also passes `--seed S` to the player (its own moves drawn from it).

play_pairs() {
  local game=$1 player=$2 seeds=$3 jobs=$4 strict=$5
  shift 5
  local names=("$@") work start elapsed status=0
  work=$(mktemp -d)
  # Not a trap: the caller's own EXIT trap stays as it is.
  local referee=target/release/referee
  pair_session() {
    local name=$1 seed=$2 line extra=()
    [ "${PLAYER_SEED:-0}" = 1 ] && extra=(--seed "$seed")
    line=$("$referee" play "$game" --seed "$seed" -- "$player" --bug "$name" "${extra[@]}" \
      </dev/null 2>/dev/null) || true
    echo "$name $seed ${line%% *}" >"$work/out.$(tr ':/=+-' '__epm' <<<"$name").$seed"
  }
  export -f pair_session
  export game player referee work PLAYER_SEED
  start=$(date +%s.%N)
  for c in "${names[@]}"; do for s in $(seq 1 "$seeds"); do echo "$c $s"; done; done |
    xargs -P "$jobs" -n 2 bash -c 'pair_session "$@"' _
  elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
  printf '%-18s %9s  %s\n' player caught "seeds missed"
  for c in "${names[@]}"; do cat "$work/out.$(tr ':/=+-' '__epm' <<<"$c")".*; done |
    awk -v seeds="$seeds" -v strict="$strict" '
    !($1 in seen) { order[++n] = $1; seen[$1] = 1 }
    $3 == "WA" || $3 == "RE" { hits[$1]++; next }
    $3 == "OK" { miss[$1] = miss[$1] " " $2; next }
    { miss[$1] = miss[$1] " " $2 ":" $3; bad = 1 }
    END {
      for (i = 1; i <= n; i++) {
        c = order[i]
        printf "%-18s %4d/%-4d %s\n", c, hits[c], seeds, miss[c]
        if (hits[c] == seeds) full++; else if (strict) bad = 1
      }
      printf "\n%d of %d players caught in every session (seeds 1..%d)\n", full, n, seeds
      exit bad
    }' || status=$?
  rm -rf "$work"
  echo "${game}_errors: $((${#names[@]} * seeds)) sessions in ${elapsed} s with $jobs jobs"
  return "$status"
}
