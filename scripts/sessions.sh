#!/usr/bin/env bash
# Writes the referee's sessions of a built tree as text files, so that two trees (before and
# after a refactoring) can be compared with `diff -r`: a change that must not alter the
# referee's rounds or moves (the mutation suites' fixed seeds rely on them) shows here.
# Usage: scripts/sessions.sh REPO OUTDIR [GAME...]   (REPO built: cargo build --release --all-targets)
# For each game (default: all), seeds 1..7, 8 rounds, three players: the game's solution,
# perfect_player --losing-side and perfect_player --blunder. Each file holds the verdict line
# (time left out) and the transcript without timestamps and notes.
set -u
[ $# -ge 2 ] || { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
repo=$1 out=$2; shift 2
bin=$repo/target/release
[ -x "$bin/referee" ] && [ -x "$bin/examples/perfect_player" ] ||
  { echo "sessions: $bin/referee or examples/perfect_player is not built" >&2; exit 2; }
games=("$@"); [ ${#games[@]} -gt 0 ] || mapfile -t games < <("$bin/referee" --list-games)
mkdir -p "$out"
t=$(mktemp); trap 'rm -f "$t"' EXIT
for g in "${games[@]}"; do
  for s in 1 2 3 4 5 6 7; do
    for mode in solution losing blunder; do
      case $mode in
        solution) cmd=("$bin/$g" --play) ;;
        losing) cmd=("$bin/examples/perfect_player" "$g" --losing-side) ;;
        blunder) cmd=("$bin/examples/perfect_player" "$g" --blunder) ;;
      esac
      v=$("$bin/referee" play "$g" --rounds 8 --seed "$s" --transcript "$t" -- "${cmd[@]}" 2>&1 | sed 's/ time=.*//')
      { echo "$v"; sed -E "s/^[0-9.]+ +//" "$t" | grep -v "^#"; } > "$out/$g-$s-$mode.txt"
    done
  done
done
