#!/usr/bin/env bash
# test.sh: runs every test binary of the workspace (what `cargo test --release --locked` runs),
# two binaries at a time, longest first, so that both cores stay busy: the long tests of one
# binary (a compile, a session that waits on a limit) no longer leave a core idle at its end.
# `make test` runs it after the build.
#
# Each binary's output goes to target/test-logs/<binary>.log; one line per binary is printed
# when it ends (its result, skips and seconds), then every `skipped:` line (a test that could
# not run here says why; with CI set it fails instead, .ci/run). When one fails, the failures
# of its log are printed at the end and the script exits 1.
#
# The long tier: the tests marked `#[ignore = "long tier ..."]` (more seeds, more cases,
# other compilers: docs/overview.md) are left out and counted as ignored; TIER=long runs only
# them (`make test-long`; .ci/run runs both tiers).
#
# Usage: scripts/test.sh [BINARY...]   (default: all; a BINARY is an integration test binary's
# name, tests/<BINARY>/main.rs, or `units` for the crates' own unit tests). JOBS=2 binaries at
# a time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo=${CARGO:-cargo}
jobs=${JOBS:-2}
tier=${TIER:-}
case $tier in
"" | long) ;;
*)
  echo "test.sh: TIER must be empty or long, got '$tier'" >&2
  exit 2
  ;;
esac
logs=target/test-logs${tier:+/$tier}

# Longest first: the cross-game binary (~190 s in a `make test` of a clean clone on a 2-core
# machine, two at a time), then each game folder's (games/<g>/tests/main.rs, named after the
# folder) by the seconds its tests/data/test-seconds.tsv gives (a folder without one last),
# then the crates' unit tests (~3 s).
mapfile -t games < <(for dir in games/*/; do
  [ -f "$dir/tests/main.rs" ] || continue
  seconds=$(awk -F'\t' '!/^#/ { print $2; exit }' "$dir/tests/data/test-seconds.tsv" 2>/dev/null)
  printf '%s\t%s\n' "${seconds:-0}" "$(basename "$dir")"
done | sort -s -t$'\t' -k1,1nr | cut -f2)
all=(integration "${games[@]}" units)
binaries=("${@:-${all[@]}}")
known=" ${all[*]} "
for b in "${binaries[@]}"; do
  if [[ $known != *" $b "* ]]; then
    echo "test.sh: no test binary '$b' (known: ${all[*]})" >&2
    exit 2
  fi
done

# The build first, once, so that the runs below only run: the test binaries, and the
# workspace's binaries, which `cargo test` leaves alone for the solutions crate (the testkit crate
# fails on a solution binary older than its source).
"$cargo" build --release --locked --quiet
"$cargo" test --release --locked --no-run --quiet

mkdir -p "$logs"
run_one() {
  local b=$1 start code=0 result
  local args=(--test "$b")
  [ "$b" = units ] && args=(--workspace --exclude combgames --no-fail-fast)
  [ "$tier" = long ] && args+=(-- --ignored)
  start=$SECONDS
  "$cargo" test --release --locked "${args[@]}" >"$logs/$b.log" 2>&1 || code=$?
  # passed and failed over the binary's harnesses (units has one per crate)
  # and the tests that could not run here (the testkit crate's `cannot_run`; with CI set they fail)
  result=$(awk '/^test result:/ { p += $4; f += $6; i += $8; n++ } /^skipped: / { s++ }
    END { if (n) printf "%d passed, %d failed", p, f; if (i) printf ", %d ignored", i;
      if (s) printf ", %d skipped", s }' "$logs/$b.log")
  printf '%-6s %-10s %4d s  %s\n' "$([ $code = 0 ] && echo ok || echo FAILED)" "$b" \
    $((SECONDS - start)) "${result:-no test result (see $logs/$b.log)}"
  return $code
}
export -f run_one
export cargo logs tier

start=$SECONDS
status=0
printf '%s\n' "${binaries[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {} || status=$?
echo "all test binaries${tier:+ (long tier)}: $((SECONDS - start)) s"
# The long tier, named so that it is never left unseen.
if [ -z "$tier" ]; then
  ignored=$(for b in "${binaries[@]}"; do
    grep -c '^test .* \.\.\. ignored, long tier' "$logs/$b.log" || true
  done | awk '{ n += $1 } END { print n + 0 }')
  [ "$ignored" = 0 ] || echo "long tier not run here: $ignored tests (make test-long; CI runs them)"
fi
# Each skip's reason, so that none goes unseen.
for b in "${binaries[@]}"; do
  grep -h '^skipped: ' "$logs/$b.log" | sed "s/^/$b: /" || true
done
if [ $status != 0 ]; then
  for b in "${binaries[@]}"; do
    if ! grep -q '^test result: ok' "$logs/$b.log"; then
      echo "---- $logs/$b.log (its failures)"
      sed -n '/^failures:$/,$p' "$logs/$b.log" | head -200
      grep -q '^failures:$' "$logs/$b.log" || tail -30 "$logs/$b.log"
    fi
  done
  exit 1
fi
