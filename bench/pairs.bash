# pairs.bash: sourced by the benchmarks of a game's (class, error) pair players
# (games/<g>/bench/<g>_errors.sh, knights_classes.sh). `play_pairs GAME PLAYER SEEDS JOBS
# STRICT NAME...` plays `PLAYER --bug NAME` in default sessions (`referee play GAME --seed
# S`), seeds 1..SEEDS, JOBS at a time, and prints per player in how many it was caught (WA or
# RE) and the seeds missed; it returns 1 when a verdict is other than OK, WA or RE, or
# (STRICT=1) when a player misses a seed. Settings, each optional:
#   PLAYER_SEED=1      also pass `--seed S` to the player (its own moves drawn from it);
#   PLAYER_ARGS="..."  more arguments for the player, before `--bug` (strip's `--game G`);
#   PAIR_ROUNDS=R      sessions of R rounds (`--rounds R`) instead of the referee's default;
#   PAIR_REFEREE=path  another build's referee (default target/release/referee);
#   PAIR_RIGHT=NAME    a correct player among the names: it counts when it passes (OK);
#   PAIR_ROUND_COLUMNS=1  two more columns, the earliest and latest round a player was caught
#                      in (the round a session ended in, 1-based);
#   PAIR_COLUMN="HEAD VALUE"  a first column HEAD with VALUE on every row (strip: the game);
#   PAIR_TRY=FILE      lines `SEED NAME ROUND...`: for that player and seed, those rounds are
#                      played first, each alone (`--rounds R..R`, the round as it is in the
#                      whole session: every round draws from its own stream), in that order;
#                      the first that ends WA or RE counts as the session caught in that
#                      round (the session catches it there or earlier: the player must be one
#                      whose rounds are independent, as a deterministic one's are), and only
#                      when none does is the whole session played. The last line then says
#                      how many sessions were played whole.
# The last line names the sessions, PAIR_LABEL (default GAME_errors) before it.
#
# `pair_setup EXAMPLE` builds the referee and the players' example and sets what each such
# benchmark passes on: player (the example's binary), seeds (SEEDS, default 30; 1 in quick
# mode, bench/mode.bash's `pick`), jobs (JOBS, default 2), strict (STRICT, default 0).

pair_setup() {
  cargo build --release --locked --quiet --bin referee --example "$1"
  player=target/release/examples/$1
  seeds=${SEEDS:-$(pick 30 1)}
  jobs=${JOBS:-2}
  strict=${STRICT:-0}
}

play_pairs() {
  local game=$1 player=$2 seeds=$3 jobs=$4 strict=$5
  shift 5
  local names=("$@") work start elapsed status=0 label=${PAIR_LABEL:-${game}_errors}
  work=$(mktemp -d)
  # Not a trap: the caller's own EXIT trap stays as it is.
  local referee=${PAIR_REFEREE:-target/release/referee}
  pair_session() {
    local name=$1 seed=$2 line done extra=() rounds=() try=() r
    local out=$work/out.$(tr ':/=+-,%.' '__epm___' <<<"$name").$seed
    [ "${PLAYER_SEED:-0}" = 1 ] && extra=(--seed "$seed")
    [ -n "${PAIR_ROUNDS:-}" ] && rounds=(--rounds "$PAIR_ROUNDS")
    # The referee's stderr (its `to play these rounds again` line) is not the table's.
    # shellcheck disable=SC2086 # PLAYER_ARGS is split on purpose
    run() { "$referee" play "$game" "$@" --seed "$seed" -- "$player" ${PLAYER_ARGS:-} \
      --bug "$name" "${extra[@]}" </dev/null 2>/dev/null; }
    if [ -n "${PAIR_TRY:-}" ]; then
      read -r -a try < <(awk -v s="$seed" -v n="$name" '$1 == s && $2 == n { $1 = $2 = ""; print; exit }' "$PAIR_TRY") || true
      for r in "${try[@]}"; do
        line=$(run --rounds "$r..$r") || true
        case ${line%% *} in
          WA | RE) echo "$name $seed ${line%% *} $r alone" >"$out"; return ;;
        esac
      done
    fi
    line=$(run "${rounds[@]}") || true
    # The verdict line counts the rounds completed before the one it ended in.
    done=$(sed -n 's/.* rounds=\([0-9]*\) .*/\1/p' <<<"$line")
    echo "$name $seed ${line%% *} $((${done:-0} + 1)) whole" >"$out"
  }
  export -f pair_session
  export game player referee work PLAYER_SEED PLAYER_ARGS PAIR_ROUNDS PAIR_TRY
  start=$(date +%s.%N)
  for c in "${names[@]}"; do for s in $(seq 1 "$seeds"); do echo "$c $s"; done; done |
    xargs -P "$jobs" -n 2 bash -c 'pair_session "$@"' _
  elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
  local column=(${PAIR_COLUMN:-})
  for c in "${names[@]}"; do cat "$work/out.$(tr ':/=+-,%.' '__epm___' <<<"$c")".*; done |
    awk -v seeds="$seeds" -v strict="$strict" -v right="${PAIR_RIGHT:-}" \
      -v rounds="${PAIR_ROUND_COLUMNS:-0}" -v head="${column[0]:-}" -v value="${column[1]:-}" '
    BEGIN {
      if (head != "") printf "%-10s ", head
      if (rounds) printf "%-34s %9s %8s %7s  %s\n", "player", "caught", "earliest", "latest", "seeds missed"
      else printf "%-18s %9s  %s\n", "player", "caught", "seeds missed"
    }
    !($1 in seen) { order[++n] = $1; seen[$1] = 1; early[$1] = 1e9 }
    # A correct player (PAIR_RIGHT) counts when it passes, a wrong one when it fails.
    ($1 == right && $3 == "OK") || ($1 != right && ($3 == "WA" || $3 == "RE")) {
      hits[$1]++; if ($4 > late[$1]) late[$1] = $4; if ($4 < early[$1]) early[$1] = $4; next
    }
    $3 == "OK" || $3 == "WA" || $3 == "RE" { miss[$1] = miss[$1] " " $2 ($1 == right ? ":" $3 : ""); next }
    { miss[$1] = miss[$1] " " $2 ":" $3; bad = 1 }
    END {
      for (i = 1; i <= n; i++) {
        c = order[i]
        if (head != "") printf "%-10s ", value
        if (rounds) printf "%-34s %4d/%-4d %8s %7s %s\n", c, hits[c], seeds, (hits[c] ? "r" early[c] : "-"), (hits[c] ? "r" late[c] : "-"), miss[c]
        else printf "%-18s %4d/%-4d %s\n", c, hits[c], seeds, miss[c]
        if (hits[c] == seeds) full++; else if (strict) bad = 1
        if (hits[c] && c != right && late[c] > worst) worst = late[c]
      }
      printf "\n%d of %d players %s in every session (seeds 1..%d)", full, n, (right != "" ? "as they should be" : "caught"), seeds
      if (rounds) printf "; the wrong ones caught by round %d at the latest", worst
      printf "\n"
      exit bad
    }' || status=$?
  local whole
  whole=$(find "$work" -name 'out.*' -exec awk '$5 == "whole"' {} + | wc -l)
  rm -rf "$work"
  echo "$label: $((${#names[@]} * seeds)) sessions${PAIR_ROUNDS:+ of $PAIR_ROUNDS rounds}${PAIR_TRY:+ ($whole played whole, the others caught in a round played alone)} in ${elapsed} s with $jobs jobs"
  return "$status"
}
