#!/usr/bin/env bash
# compile-once.sh: stands in for `rustc` and `g++` while scripts/verify-packages.sh runs
# problemtools and BAPCtools, so that a program both tools build, or that several packages
# hold, is compiled once per run. verify-packages.sh links it as `rustc` and `g++` into a folder
# it puts first on PATH, and sets COMPILE_ONCE_DIR (the cache, emptied at each run) and
# COMPILE_ONCE_RUSTC / COMPILE_ONCE_GXX (the real compilers).
#
# A compile `<compiler> ARGS... -o OUT` is served from the cache when an earlier one of this run
# had the same key, else run and its output kept. The key: the real compiler's version
# (`rustc -vV`, `g++ --version`, asked here: rustup picks a toolchain by folder and
# environment), the arguments in their order with OUT left out and each input file named by its
# base name, and the bytes of each input file and of every source file in or below an input's
# folder (what a `mod`, `#[path]` or `#include "..."` beside it can reach; the packages'
# programs are single files). So the same source under the same flags gives the same program;
# the one difference from compiling it afresh is the source's full path, which rustc writes
# into the program's panic messages. Compiles of one key wait for each other (flock), so the
# two tools side by side do not both compile it. A compile that fails is not kept (the next
# one runs and fails again), and anything this script does not know is passed through: no
# `-o` or more than one, no input file, or an argument that reads or writes other files (`-I`,
# `-L`, `--extern`, `--emit`, `--out-dir`, `@file`, `-c`, `-E`, `-S`, `-M...`, `-`).
# Each compile it serves or runs appends `hit` or `miss` and its inputs' base names to
# COMPILE_ONCE_DIR/log.
set -euo pipefail
tool=$(basename "$0")
case $tool in
rustc) real=${COMPILE_ONCE_RUSTC:?} version=(-vV) ;;
g++) real=${COMPILE_ONCE_GXX:?} version=(--version) ;;
*)
	echo "compile-once: called as $tool: expected rustc or g++" >&2
	exit 2
	;;
esac
cache=${COMPILE_ONCE_DIR:?}
args=("$@")

out=""
outs=0
pass=0
inputs=()
key_args=()
i=0
while [ "$i" -lt "${#args[@]}" ]; do
	a=${args[i]}
	i=$((i + 1))
	case $a in
	-o)
		out=${args[i]:-}
		i=$((i + 1))
		outs=$((outs + 1))
		key_args+=(-o)
		continue
		;;
	-o?*)
		out=${a#-o}
		outs=$((outs + 1))
		key_args+=(-o)
		continue
		;;
	-I* | -L* | --extern* | --emit* | --out-dir* | @* | -c | -E | -S | -M* | -)
		pass=1
		;;
	esac
	if [[ $a != -* && $a =~ \.(rs|c|cc|cpp|cxx|h|hh|hpp|hxx)$ && -f $a ]]; then
		inputs+=("$a")
		key_args+=("<input ${a##*/}>")
	else
		key_args+=("$a")
	fi
done
if [ "$pass" = 1 ] || [ "$outs" != 1 ] || [ -z "$out" ] || [ "${#inputs[@]}" = 0 ]; then
	exec "$real" "${args[@]}"
fi

# The key's text, hashed: one line per part (arguments and paths hold no newline here).
key=$(
	{
		echo "$tool"
		"$real" "${version[@]}"
		printf 'arg %s\n' "${key_args[@]}"
		for f in "${inputs[@]}"; do
			echo "input ${f##*/} $(sha256sum <"$f" | cut -d' ' -f1)"
			dir=$(dirname "$f")
			# -L: BAPCtools links the sources into its build folders.
			find -L "$dir" -type f \( -name '*.rs' -o -name '*.c' -o -name '*.cc' -o -name '*.cpp' \
				-o -name '*.cxx' -o -name '*.h' -o -name '*.hh' -o -name '*.hpp' -o -name '*.hxx' \) \
				-printf '%P\n' | LC_ALL=C sort | while read -r rel; do
				echo "beside $rel $(sha256sum <"$dir/$rel" | cut -d' ' -f1)"
			done
		done
	} | sha256sum | cut -d' ' -f1
)
names=("${inputs[@]##*/}")
exec 9>"$cache/$key.lock"
flock 9
if [ -f "$cache/$key" ]; then
	cp "$cache/$key" "$out"
	echo "hit $tool ${names[*]}" >>"$cache/log"
	exit 0
fi
rc=0
"$real" "${args[@]}" || rc=$?
if [ "$rc" = 0 ] && [ -f "$out" ]; then
	cp "$out" "$cache/$key.part"
	mv "$cache/$key.part" "$cache/$key"
	echo "miss $tool ${names[*]}" >>"$cache/log"
fi
exit "$rc"
