# Sourced by every benchmark script (not a benchmark itself): the two modes, and the helpers
# that several benchmarks share.
# - full (the default, `make bench`): the sizes and repetitions the figures in docs/overview.md and
#   docs come from;
# - quick (BENCH_QUICK=1: `make bench-quick`, which .ci/run runs after `make test`): small
#   sizes and one repetition, so that every benchmark runs on every CI run and a benchmark
#   that breaks (a binary renamed, a protocol change, a wrong answer) fails CI instead of
#   rotting. Figures printed in quick mode mean nothing; the checks around them still hold.

# quick: whether this is a quick run.
quick() { [ "${BENCH_QUICK:-0}" = 1 ]; }

# pick FULL QUICK: the value for the current mode.
pick() { if quick; then echo "$2"; else echo "$1"; fi; }

# verdict_is EXPECTED LINE: fails with the line on stderr unless the referee's verdict line
# LINE starts with the word EXPECTED (one of several, separated by |).
verdict_is() {
  local want=$1 line=$2 w
  for w in ${want//|/ }; do [ "${line%% *}" = "$w" ] && return 0; done
  echo "benchmark: expected a verdict $want, got: $line" >&2
  return 1
}

# default_rounds REFEREE GAME: the rounds of GAME's default session, read off the games list
# of REFEREE's --help (`cap C  rounds R`); fails with a line on stderr when it names none.
default_rounds() {
  local r
  r=$("$1" --help | awk -v g="$2" '$1 == g { for (i = 1; i < NF; i++) if ($i == "rounds") print $(i + 1) }')
  [ -n "$r" ] || { echo "benchmark: no default rounds for $2 in \`$1 --help\`" >&2; return 1; }
  echo "$r"
}

# measure EXIT LABEL CMD...: runs CMD, prints its wall time and peak resident memory (GNU
# time if present), and fails unless CMD exits with status EXIT. CMD's output goes to
# $tmp/stdout and $tmp/stderr ($tmp: the calling script's scratch folder).
measure() {
  local want=$1 label=$2; shift 2
  local start end status=0
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$tmp/mem" "$@" >"$tmp/stdout" 2>"$tmp/stderr" || status=$?
    mem="$(tail -n 1 "$tmp/mem") KiB"
  else
    "$@" >"$tmp/stdout" 2>"$tmp/stderr" || status=$?
    mem="?"
  fi
  end=$(date +%s.%N)
  printf '%-46s %7.2f s  peak %s\n' "$label" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$mem"
  if [ "$status" != "$want" ]; then
    echo "${0##*/}: $label exited $status, not $want: $(head -c 300 "$tmp/stderr")" >&2
    exit 1
  fi
}
