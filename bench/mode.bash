# Sourced by every benchmark script (not a benchmark itself): the two modes.
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
