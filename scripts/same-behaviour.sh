#!/usr/bin/env bash
# Shows that a change leaves what users see as it was: builds BASE and this checkout, runs
# both the same way, and compares the two byte for byte:
#  - sessions: `referee play <game> --seed S --transcript FILE -- <game> --play` for every
#    game (`referee --list-games`) and S in 1..5, each build's referee against its own
#    solution: the stdout and stderr (with the exit code) and the transcript;
#  - gen: every kind of every problem (`gen --list`), seeds 1..3, default size: the input
#    written (stdout, stderr, exit code) and the solution's answer to it;
#  - samples: each solution on each samples/<problem>/*.in of this checkout;
#  - the pasteable solutions/*.rs of both trees.
# What a run cannot repeat is left out before comparing: the transcripts' timestamps, the
# time= and cpu= figures, the process group, and the build's own folder in paths. Sessions
# get --wall-limit 300 --idle-limit 60 (the machine's load must not decide a verdict; the
# header line shows them, the same in both builds).
#
# Prints one line per difference and a summary line; exit 1 when anything differs, 0 when all
# is the same. A pasteable solution that differs only in whole-line comments (`//` lines: no
# change to the program) is listed as a note and does not count, unless --strict is given.
#
# BASE (default edcf747, the last commit before each game's tests, benchmarks and docs moved
# into its folder) is checked out as a git worktree in target/same-behaviour/base-<commit>/
# and built there with CARGO_TARGET_DIR=target/same-behaviour/target; both stay for the next
# run, which builds nothing new (`git worktree list` shows the worktree; --clean removes the
# worktrees, their registration and the builds). This checkout's binaries are built into target/release
# (`cargo build --release`). When something differs, both sides' outputs stay in
# target/same-behaviour/out/{base,head}/ (about 400 MB), else they are removed.
# Run time on the shared 2-core machine with both builds made: 3 to 5 minutes (188 s
# measured), nearly all of it the 70 sessions of 100 rounds (up to 10 s each, four at a
# time); the first run for a BASE adds its build, about 4 minutes.
#
# Usage: scripts/same-behaviour.sh [--strict] [BASE]
#        scripts/same-behaviour.sh --clean
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$root/target/same-behaviour
usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; }

strict=0 base=edcf747
while [ $# -gt 0 ]; do
  case $1 in
    --strict) strict=1 ;;
    --clean)
      for w in "$work"/base-*/; do
        [ -d "$w" ] && git worktree remove --force "$w"
      done
      rm -rf "$work"
      echo "same-behaviour: removed $work and its worktrees"
      exit 0 ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "same-behaviour: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) base=$1 ;;
  esac
  shift
done

start=$SECONDS
sha=$(git rev-parse --verify --quiet "$base^{commit}") ||
  { echo "same-behaviour: $base is no commit" >&2; exit 2; }
head_name=$(git rev-parse --short HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || head_name="$head_name+changes"
tree=$work/base-${sha:0:12}
mkdir -p "$work"

# The two builds. The base worktree is made once per commit and kept (its sources' times then
# stay older than the build, so a second run rebuilds nothing); --force makes it again where
# `make clean` removed it but left it registered.
if [ ! -d "$tree" ]; then
  git worktree add --quiet --force --detach "$tree" "$sha" ||
    { echo "same-behaviour: cannot make the worktree $tree" >&2; exit 2; }
fi
build() { # DIR TARGET_DIR LOG
  (cd "$1" && CARGO_TARGET_DIR=$2 nice ${CARGO:-cargo} build --release --locked \
    -p combgames -p combgames-solutions --bins) >"$3" 2>&1 ||
    { echo "same-behaviour: the build in $1 failed; its last lines:" >&2; tail -5 "$3" >&2; exit 2; }
}
build "$tree" "$work/target" "$work/base-build.log"
build "$root" "$root/target" "$work/head-build.log"
base_bin=$work/target/release
head_bin=$root/target/release
echo "same-behaviour: built $base (${sha:0:12}) and $head_name in $((SECONDS - start)) s" >&2

out=$work/out
rm -rf "$out"
mkdir -p "$out/base" "$out/head"
# The games and gen's kinds as this checkout lists them (each side's own lists are compared).
mapfile -t games < <("$head_bin/referee" --list-games)
[ "${#games[@]}" -gt 0 ] || { echo "same-behaviour: referee --list-games listed nothing" >&2; exit 2; }
mapfile -t gen_list < <("$head_bin/gen" --list)

# What a run cannot repeat, and the build's folder: $1 is the folder to write as nothing.
normalise() {
  sed -E -e "s#$1/##g" -e 's/^[0-9]+\.[0-9]+ //' -e 's/ (time|cpu)=[0-9]+\.[0-9]+s//g' \
    -e 's/pgid=[0-9]+/pgid=N/'
}

# Jobs run side by side: the sessions mostly wait on pipe round trips, so twice the CPUs.
jobs_max=$(($(nproc 2>/dev/null || echo 2) * 2))
spawn() {
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  "$@" &
}

session() { # BIN OUT GAME SEED
  local bin=$1 o=$2/session-$3-$4
  "$bin/referee" play "$3" --seed "$4" --wall-limit 300 --idle-limit 60 \
    --transcript "$o.transcript.raw" -- "$bin/$3" --play >"$o.stdout.raw" 2>"$o.stderr.raw"
  echo "exit $?" >>"$o.stdout.raw"
  for f in transcript stdout stderr; do
    normalise "$bin" <"$o.$f.raw" >"$o.$f"
    rm -f "$o.$f.raw"
  done
}

gen_and_solve() { # BIN OUT PROBLEM KIND SEED
  local bin=$1 o=$2/gen-$3-$4-$5
  "$bin/gen" "$3" --seed "$5" --kind "$4" >"$o.in" 2>"$o.err"
  echo "exit $?" >>"$o.err"
  "$bin/$3" <"$o.in" >"$o.out" 2>&1
  echo "exit $?" >>"$o.out"
}

sample() { # BIN OUT INPUT
  local problem o
  problem=$(basename "$(dirname "$3")")
  o=$2/sample-$problem-$(basename "$3" .in)
  "$1/$problem" <"$3" >"$o.out" 2>"$o.err"
  echo "exit $?" >>"$o.out"
}

for side in base head; do
  if [ $side = base ]; then bin=$base_bin; else bin=$head_bin; fi
  o=$out/$side
  "$bin/referee" --list-games >"$o/list-games" 2>&1
  "$bin/gen" --list >"$o/gen-list" 2>&1
  for g in "${games[@]}"; do
    for s in 1 2 3 4 5; do spawn session "$bin" "$o" "$g" "$s"; done
  done
  for line in "${gen_list[@]}"; do
    read -r problem kinds <<<"$line"
    for kind in $kinds; do
      for s in 1 2 3; do spawn gen_and_solve "$bin" "$o" "$problem" "$kind" "$s"; done
    done
  done
  for input in "$root"/samples/*/*.in; do spawn sample "$bin" "$o" "$input"; done
done
wait
for side in base head; do
  if [ $side = base ]; then src=$tree; else src=$root; fi
  for f in "$src"/solutions/*.rs; do cp "$f" "$out/$side/solution-$(basename "$f")"; done
done

# The comparison: every file of either side.
differ=0 notes=0 compared=0
while read -r name; do
  compared=$((compared + 1))
  b=$out/base/$name h=$out/head/$name
  if [ ! -e "$b" ] || [ ! -e "$h" ]; then
    [ -e "$b" ] && echo "differs: $name: only in $base" || echo "differs: $name: only in $head_name"
    differ=$((differ + 1))
    continue
  fi
  cmp -s "$b" "$h" && continue
  where=$(cmp "$b" "$h" 2>&1 | sed 's/.*: //')
  case $name in
    solution-*.rs)
      if [ $strict = 0 ] && cmp -s <(grep -Ev '^\s*//' "$b") <(grep -Ev '^\s*//' "$h"); then
        echo "note: $name: differs in comments only ($where)"
        notes=$((notes + 1))
        continue
      fi ;;
  esac
  echo "differs: $name: $where"
  differ=$((differ + 1))
done < <( (cd "$out/base" && ls; cd "$out/head" && ls) | sort -u)

summary="same-behaviour: $base (${sha:0:12}) against $head_name: $compared files compared"
summary+=" (${#games[@]} games x 5 seeds of sessions, gen, samples, solutions)"
summary+=", $differ differ"
[ $notes -gt 0 ] && summary+=", $notes solutions differ in comments only"
echo "$summary; $((SECONDS - start)) s"
[ $differ -eq 0 ] || exit 1
rm -rf "$out"
