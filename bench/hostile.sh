#!/usr/bin/env bash
# Hostile cases as one table: each attack on the referee, the judge, the Kattis
# validator, the checkers and the solutions, the verdict it gets and the wall time to it. Each
# row checks its verdict (the script fails on any other), so the table is also a test; the
# hostile programs are the fixtures of tests/fixtures/hostile/ and one-line shell players.
# The games played are the registry's first two (`referee --list-games`); what a row needs of
# a game beyond its name comes from its folder's data (games/<g>/tests/data/).
#
# Usage: bench/hostile.sh   (make bench B=hostile; the quick mode runs the same cases)
# Columns: case, expected verdict, verdict got, wall seconds (from start to verdict).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source bench/mode.bash
cargo build --release --locked --quiet --bins --examples
bin=$root/target/release
fixtures=$root/tests/fixtures/hostile
game=$("$bin/referee" --list-games | sed -n 1p)
other=$("$bin/referee" --list-games | sed -n 2p)
player="$bin/examples/perfect_player $game"
# data FILE PROBLEM FIELD: FIELD of PROBLEM's first line in the game folders' FILE.
data() {
  awk -F'\t' -v p="$2" -v f="$3" '$1 == p { print $f; exit }' games/*/tests/data/"$1"
}
# A sample within the statement (judged by default) and the smallest test.
sample=$(awk -F'\t' -v p="$game" '$1 == p && $3 == "judge" { print $2; exit }' \
  games/*/tests/data/validator-samples.tsv)
smallest_in=$(data smallest.tsv "$game" 2)
smallest_ans=$(data smallest.tsv "$game" 3)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# with CONTROLLER A B: A where the referee can make cgroup v1 groups of CONTROLLER (what
# crates/sandbox/src/cgroup.rs probes: a group made and removed below its own), else B (the fallback's verdict).
with() {
  local mount own probe
  mount=$(awk -v c="$1" '/ - cgroup / { n = split($NF, o, ","); for (i = 1; i <= n; i++) if (o[i] == c) print $5 }' /proc/self/mountinfo | head -1)
  own=$(awk -F: -v c="$1" '{ n = split($2, o, ","); for (i = 1; i <= n; i++) if (o[i] == c) print $3 }' /proc/self/cgroup | head -1)
  probe="$mount$own/combgames-probe-$$"
  if [ -n "$mount" ] && mkdir "$probe" 2>/dev/null; then
    rmdir "$probe"
    echo "$2"
  else
    echo "$3"
  fi
}

printf '%-58s %-8s %-8s %s\n' case expected got wall_s
failed=0
# row NAME EXPECTED GOT SECONDS: one line of the table; a verdict other than EXPECTED fails.
row() {
  printf '%-58s %-8s %-8s %.2f\n' "$1" "$2" "$3" "$4"
  [ "$2" = "$3" ] || { echo "hostile: $1: expected $2, got $3" >&2; failed=1; }
}
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }

# play NAME EXPECTED ARGS... -- COMMAND...: `referee play GAME ARGS -- COMMAND`.
play() {
  local name=$1 want=$2 t line
  shift 2
  t=$(now)
  line=$("$bin/referee" play "$game" -E HOSTILE_PIDFILE "$@" 2>/dev/null || true)
  row "play: $name" "$want" "${line%% *}" "$(since "$t")"
}

# The one host folder a solution may write to (crates/sandbox/src/mounts.rs): its pid files.
mkdir -m 777 "$work/share"
export COMBGAMES_SANDBOX_SHARE=$work/share HOSTILE_PIDFILE=$work/share/pid
play "never answers" IDLE --idle-limit 1 -- "$fixtures/sleeps_and_records_its_pid.sh"
play "ignores SIGTERM, never reads" IDLE --idle-limit 1 -- sh -c 'trap "" TERM; sleep 100'
play "closes its output, sleeps" PE -- sh -c 'exec >&-; sleep 30'
play "floods a line without newline" PE -- sh -c 'yes | tr -d "\n"'
play "a line that is not UTF-8" PE -- sh -c 'printf "\377\n"; sleep 5'
play "CPU in a detached child (setsid)" TLE --rounds 1000 --seed 1 --time-limit 1 \
  --wall-limit 60 -- "$fixtures/burns_in_a_detached_child.sh" $player
play "CPU in 40 short orphans" "$(with cpuacct TLE OK)" --rounds 1 --seed 1 --time-limit 0.5 \
  --wall-limit 60 --idle-limit 30 \
  -- "$fixtures/burns_in_short_orphans.sh" "$bin/$game" --play
play "600 MB in a child" MLE --rounds 100000 --seed 1 --memory-limit 256 --time-limit 30 \
  -- "$fixtures/hogs_memory_in_a_child.sh" $player
play "600 MB for a moment in an orphan" "$(with memory MLE OK)" --rounds 1 --seed 1 --memory-limit 100 \
  -- "$fixtures/hogs_memory_in_a_short_orphan.sh" "$bin/$game" --play
pkill -f "$fixtures/burns_in_a_detached_child.sh" 2>/dev/null || true

# Attacks from inside the sandbox (tests/fixtures/hostile/tries_to_escape.sh; docs/sandbox.md
# is the contract), with the referee run as this user and, when this is root, as nobody too
# (the user-namespace path), started with two more descriptors open (7 on its own stdout, 9
# on a host file). Each must fail: the real verdict stands (OK: the perfect player plays after
# the attack; MLE for 300 MB written to a 64 MiB scratch), the verdict line is the referee's
# own and alone, and nothing is left on the host.
chmod 755 "$work"
mkdir -m 777 "$work/outside"
# What the box must not show: the referee and the project's own solutions beside it, a
# world-readable file, a Unix socket open to all, a FIFO, the project.
echo secret >"$work/host.txt"
mkfifo -m 666 "$work/fifo"
python3 -c '
import os, socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o777)
s.listen(8)
h = socket.socket(socket.AF_UNIX)
h.bind("\0combgames-host-" + sys.argv[2])
h.listen(8)
time.sleep(600)' "$work/sock" "$$" &
unix_listener=$!
host_files="$bin/referee $bin/$other $work/host.txt $work/sock $work/fifo $root/Cargo.toml"
python3 -c '
import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
open(sys.argv[1], "w").write(str(s.getsockname()[1]))
while True:
    s.accept()
    open(sys.argv[2], "a").write("accepted\n")
' "$work/port" "$work/accepted" &
listener=$!
trap 'kill $listener $unix_listener 2>/dev/null || true; rm -rf "$work"' EXIT
until [ -s "$work/port" ]; do sleep 0.01; done
users=(self)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  # Not from a checkout in a folder only root may enter: nobody cannot run the referee there.
  if setpriv --reuid=nobody --regid=nogroup --clear-groups test -x "$bin/referee"; then
    users+=(nobody)
  else
    echo "hostile: nobody cannot reach this checkout (a private folder): no rows as nobody"
  fi
fi
# escape USER ATTACK EXPECTED: one attack, its verdict, or what escaped.
escape() {
  local who=$1 attack=$2 want=$3 t out got tag=$$-$RANDOM run=() f
  [ "$who" = nobody ] && run=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  [ "$attack" != abstract-socket ] || tag=$$
  : >"$work/nine"
  t=$(now)
  out=$(HOSTILE_ATTACK=$attack HOSTILE_TAG=$tag HOSTILE_OUTSIDE=$work/outside \
    HOSTILE_PORT=$(cat "$work/port") HOSTILE_FILES=$host_files SECRET=referee-secret \
    "${run[@]}" "$bin/referee" play "$game" --rounds 1 --seed 1 \
    -E HOSTILE_ATTACK -E HOSTILE_TAG -E HOSTILE_OUTSIDE -E HOSTILE_PORT -E HOSTILE_FILES \
    -- "$fixtures/tries_to_escape.sh" $player 7>&1 9>>"$work/nine" 2>/dev/null || true)
  got=${out%% *}
  [ "$(grep -c . <<<"$out")" = 1 ] && ! grep -q forged <<<"$out" || got=forged
  [ ! -s "$work/nine" ] || got=wrote-descriptor-9
  [ ! -s "$work/accepted" ] || got=connected
  # A full scratch space is named as such, not as the memory limit.
  [ "$attack" != fill-scratch ] || grep -q "the scratch space (64 MiB) is full" <<<"$out" ||
    got=unnamed
  rm -f "$work/accepted"
  for f in "/combgames-escaped-$tag" "$work/outside/combgames-escaped-$tag" \
    "/dev/shm/combgames-escaped-$tag" "${TMPDIR:-/tmp}/combgames-escaped-$tag"; do
    [ ! -e "$f" ] || { got=left:$f; rm -f "$f"; }
  done
  [ "$got" = "$want" ] || echo "hostile: $attack: $(head -c 300 <<<"$out")" >&2
  row "sandbox as $who: $attack" "$want" "$got" "$(since "$t")"
}
for who in "${users[@]}"; do
  # abstract-socket twice: the second run looks for what the first left in flight.
  for attack in write-host forge-verdict read-memory see-processes leave-cgroups core-pattern \
    host-shm connect inherited-fds see-referee host-files environment keyring sysv-shm memfd \
    user-namespace abstract-socket abstract-socket; do
    escape "$who" "$attack" OK
  done
  escape "$who" fill-scratch MLE
done
# The scratch space is memory: 40 MB written there (no process maps it) under a 30 MB limit.
play "40 MB in its scratch space, 30 MB limit" MLE --memory-limit 30 \
  -- sh -c 'head -c 40000000 /dev/zero >"$TMPDIR/f"; exec "$0" "$@"' $player
kill $listener $unix_listener 2>/dev/null || true

# run_as USER COMMAND...: COMMAND run as USER (self: as this user).
run_as() {
  local who=$1
  shift
  if [ "$who" = nobody ]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
  else
    "$@"
  fi
}
# A fork bomb held to a thousand sleepers stops at the cap of 512 processes and threads (the
# pids group as root; RLIMIT_NPROC in the user namespace as nobody, or as the box uid): RE
# when its shell cannot fork, and no sleeper of it is left on the host. An ordinary user
# without user namespaces has no cap (docs/sandbox.md): no row then.
bombers=("${users[@]}")
[ "$(id -u)" = 0 ] || unshare --user true 2>/dev/null ||
  { bombers=(); echo "hostile: no user namespace here: no fork bomb row"; }
for who in "${bombers[@]}"; do
  t=$(now)
  tag=$$-$RANDOM
  rm -f "$HOSTILE_PIDFILE"
  out=$(HOSTILE_TAG=$tag run_as "$who" "$bin/referee" play "$game" --rounds 1 \
    -E HOSTILE_TAG -E HOSTILE_PIDFILE \
    -- "$fixtures/starts_a_thousand_processes.sh" "$bin/$game" --play 2>/dev/null || true)
  got=${out%% *}
  count=$(cat "$HOSTILE_PIDFILE" 2>/dev/null || echo 0)
  [ "${count:-0}" -lt 512 ] || got=uncapped:$count
  for d in /proc/[0-9]*; do
    { tr '\0' '\n' <"$d/environ"; } 2>/dev/null | grep -qxF "HOSTILE_TAG=$tag" &&
      { got=left:${d#/proc/}; kill -9 "${d#/proc/}" 2>/dev/null || true; }
  done
  row "sandbox as $who: a fork bomb (1000 sleepers)" RE "$got" "$(since "$t")"
done
# A program, and a Python source run from its folder, in a folder only its owner may enter
# (root's under a root referee, whose solution runs as a box uid; nobody's under nobody's
# referee): they run.
for who in "${users[@]}"; do
  t=$(now)
  private=$work/private-$who
  mkdir -m 700 "$private"
  cp "$bin/$game" "$private/"
  printf 'import os, sys\nos.execv(sys.argv[1], [sys.argv[1], "--play"])\n' >"$private/sol.py"
  [ "$who" = self ] || chown -R nobody "$private"
  out=$(run_as "$who" "$bin/referee" play "$game" --rounds 1 --seed 1 \
    -- "$private/$game" --play 2>/dev/null || true)
  row "sandbox as $who: a program in a folder of mode 700" OK "${out%% *}" "$(since "$t")"
  t=$(now)
  out=$(cd "$private" && run_as "$who" "$bin/referee" play "$game" --rounds 1 --seed 1 \
    -- python3 sol.py "./$game" 2>/dev/null || true)
  row "sandbox as $who: python3 sol.py in a folder of mode 700" OK "${out%% *}" "$(since "$t")"
done

# killed_referee NAME EXPECTED FIXTURE: the referee killed with SIGKILL while FIXTURE (which
# writes a pid to HOSTILE_PIDFILE) runs; whether that process is gone within 2 s.
killed_referee() {
  local name=$1 want=$2 fixture=$3 t referee inner pid="" d got
  rm -f "$HOSTILE_PIDFILE"
  t=$(now)
  "$bin/referee" play "$game" --idle-limit 60 -E HOSTILE_PIDFILE -- "$fixture" sleep 60 >/dev/null 2>&1 &
  referee=$!
  until [ -s "$HOSTILE_PIDFILE" ]; do sleep 0.01; done
  # The pid written is its own namespace's where it has one: found here by its NSpid line
  # and its environment (HOSTILE_PIDFILE), before the referee dies.
  inner=$(cat "$HOSTILE_PIDFILE")
  for d in /proc/[0-9]*; do
    [ "$(awk '/^NSpid:/ { print $NF }' "$d/status" 2>/dev/null)" = "$inner" ] || continue
    # A process may end (or be a kernel thread, with no environment) while it is read.
    { tr '\0' '\n' <"$d/environ"; } 2>/dev/null | grep -qxF "HOSTILE_PIDFILE=$HOSTILE_PIDFILE" &&
      { pid=${d#/proc/}; break; }
  done
  kill -9 $referee
  wait $referee 2>/dev/null || true
  for _ in $(seq 200); do
    grep -qv '^[^)]*) Z' "/proc/$pid/stat" 2>/dev/null || break
    sleep 0.01
  done
  got=alive
  grep -qv '^[^)]*) Z' "/proc/$pid/stat" 2>/dev/null || got=gone
  [ -n "$pid" ] || got=unfound
  row "play: referee killed by SIGKILL, $name" "$want" "$got" "$(since "$t")"
  [ -z "$pid" ] || kill -9 "$pid" 2>/dev/null || true
}
killed_referee "its solution" gone "$fixtures/sleeps_and_records_its_pid.sh"
# A PID namespace (crates/sandbox/src/pidns.rs) takes the detached child along; without one it is left to
# the next referee run (the control groups) or runs on.
pidns=alive
unshare --pid --fork --mount --mount-proc true 2>/dev/null && pidns=gone
killed_referee "a detached child" "$pidns" "$fixtures/burns_in_a_detached_child.sh"

# judge NAME EXPECTED ARGS... -- COMMAND...: `referee judge GAME ARGS -- COMMAND`, the verdict
# of its first test row.
judge() {
  local name=$1 want=$2 t out
  shift 2
  t=$(now)
  out=$("$bin/referee" judge "$game" --keep "$work/kept" "$@" 2>/dev/null || true)
  rm -rf "$work/kept"
  row "judge: $name" "$want" "$(awk '$2 ~ /^[A-Z]+$/ { print $2; exit }' <<<"$out")" \
    "$(since "$t")"
}
mkdir "$work/none" "$work/one"
cp "samples/$game/$sample.in" "samples/$game/$sample.out" "$work/one/"
# It finds no answer and prints a word that is no answer.
judge "reads the answer beside its input" PE --tests 1 --samples "$work/none" \
  -- "$fixtures/reads_the_answer.sh"
cp -r "samples/$game" "$work/samples"
export HOSTILE_SAMPLES=$work/samples
judge "rewrites the samples" PE --tests 0 --samples "$work/samples" -E HOSTILE_SAMPLES \
  -- "$fixtures/rewrites_the_samples.sh"
cmp -s "samples/$game/$sample.out" "$work/samples/$sample.out" ||
  { echo "hostile: the sample answer was rewritten" >&2; failed=1; }
# The box of a judged run: no host file, not the judge's own work folder (a pattern of
# HOSTILE_FILES: the folders a judge makes in the referee's temporary folder). The solution
# is a copy of the project's, which HOSTILE_FILES names.
cp "$bin/$game" "$work/$game"
judge "sees no host file, no judge folder" OK --tests 1 --samples "$work/none" \
  -E HOSTILE_ATTACK=host-files -E "HOSTILE_FILES=$host_files ${TMPDIR:-/tmp}/referee-*" \
  -- "$fixtures/tries_to_escape.sh" "$work/$game"
judge "600 MB in a child" MLE --tests 0 --samples "$work/one" --memory-limit 256 \
  --time-limit 20 -- "$fixtures/hogs_memory_in_a_child.sh" sh -c 'cat >/dev/null; sleep 10; echo x'

# The Kattis validator, the runner holding both pipes (as problemtools and DOMjudge do), a
# team that exits at once while a position over the pipe's buffer is written (the first
# game whose folder's huge-position.tsv says how to draw one).
mkfifo "$work/to_team" "$work/from_team"
mkdir "$work/feedback"
huge=$(awk -F'\t' '!/^#/ { print $1; exit }' games/*/tests/data/huge-position.tsv)
echo "--rounds 1 --seed 1 $(data huge-position.tsv "$huge" 2) --idle-limit 1" >"$work/kattis.in"
exec 3<>"$work/to_team" 4<>"$work/from_team"
t=$(now)
code=0
"$bin/referee-kattis" "$huge" "$work/kattis.in" /dev/null "$work/feedback" \
  <"$work/from_team" >"$work/to_team" 2>/dev/null &
kattis=$!
true <"$work/to_team" >"$work/from_team"
wait $kattis || code=$?
exec 3>&- 4>&-
row "kattis: team exits during a large write, pipes held" 43 "$code" "$(since "$t")"
grep -q "^PE $huge" "$work/feedback/judgemessage.txt" ||
  { echo "hostile: judgemessage: $(cat "$work/feedback/judgemessage.txt")" >&2; failed=1; }

# check CHECKER NAME EXPECTED INPUT OUTPUT ANSWER: a checker's exit code on jury faults.
check() {
  local checker=$1 name=$2 want=$3 t code=0
  printf '%b' "$4" >"$work/c.in"
  printf '%b' "$5" >"$work/c.out"
  printf '%b' "$6" >"$work/c.ans"
  t=$(now)
  "$bin/$checker" "$work/c.in" "$work/c.out" "$work/c.ans" 2>/dev/null || code=$?
  row "$checker: $name" "$want" "$code" "$(since "$t")"
}
check "check-$game" "an empty input file (FAIL)" 3 "" "$smallest_ans" "$smallest_ans"
check "check-$game" "a garbage input file (FAIL)" 3 "x y\n" "$smallest_ans" "$smallest_ans"
check "check-$game" "a garbage jury answer (FAIL)" 3 "$smallest_in" "$smallest_ans" "garbage\n"

# A solution that parses its input whole (its folder's solution-faults.tsv) given a 256 MiB
# token under a 96 MiB address space: one line, exit 1.
whole=$(awk -F'\t' '$2 == "whole" { print $1; exit }' games/*/tests/data/solution-faults.tsv)
before=$(awk -F'\t' -v p="$whole" '$1 == p && $2 == "whole" { print $3; exit }' \
  games/*/tests/data/solution-faults.tsv)
t=$(now)
code=0
(ulimit -v 98304; { printf '%b ' "$before"; head -c 268435456 /dev/zero | tr '\0' 7; echo; } |
  "$bin/$whole" >/dev/null 2>"$work/err") || code=$?
row "$whole: a 256 MiB token, 96 MiB of address space" 1 "$code" "$(since "$t")"
[ "$(wc -l <"$work/err")" = 1 ] || { echo "hostile: stderr: $(head -c 300 "$work/err")" >&2; failed=1; }

# A solution started with its standard output closed: one line, exit 1 (not an answer lost).
t=$(now)
code=0
"$bin/$game" <"samples/$game/$sample.in" >&- 2>"$work/err" || code=$?
row "$game: started with its standard output closed" 1 "$code" "$(since "$t")"

# referee human: a 50 MB typed line is cut at 4 KiB, not echoed whole; the game then quit
# (exit 4, QUIT).
t=$(now)
code=0
bytes=$({ head -c 50000000 /dev/zero | tr '\0' a; printf '\nquit\n'; } |
  "$bin/referee" human "$game" --seed 1 2>&1 | wc -c) || code=$?
got=echoed
[ "$bytes" -lt 65536 ] && got=cut
row "human: a 50 MB typed line" cut "$got" "$(since "$t")"
[ "$code" = 4 ] || { echo "hostile: referee human exited $code after quit, not 4" >&2; failed=1; }

# referee replay: a file that is no transcript is refused, exit 3.
echo "no transcript" >"$work/junk.txt"
t=$(now)
code=0
"$bin/referee" replay "$game" "$work/junk.txt" --html "$work/junk.html" 2>/dev/null || code=$?
row "replay: a file that is no transcript" 3 "$code" "$(since "$t")"

exit $failed
