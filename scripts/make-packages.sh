#!/usr/bin/env bash
# make-packages.sh [BIN_DIR] [OUT_DIR]: writes a batch problem package for each of the
# problems in two formats, from the same files (BIN_DIR default target/release: gen, bundle,
# the solutions and validate-<problem>; OUT_DIR default target/packages, git-ignored):
#
#   OUT_DIR/kattis/<problem>/   the Kattis problem-package format, legacy version: what
#                               problemtools' verifyproblem checks, Kattis and DOMjudge import
#   OUT_DIR/bapc/<problem>/     the same package in format version 2025-09, the only one that
#                               BAPCtools (`bt`) reads
#
# One format cannot serve both: problemtools 1.20260907 knows the versions `legacy` and
# `2023-07-draft` (problemtools/formatversion.py), BAPCtools 2026.10 stops on any
# problem_format_version but `2025-09` (bapctools/problem.py). So the legacy package is
# written (write_kattis) and the 2025-09 one is derived from it by renaming and rewriting
# (kattis_to_2025_09), which knows `validation: custom interactive` too (type: interactive).
#
# Per problem, from the project's own files (nothing here is a second copy of project code):
#   problem.yaml, problem_statement/problem.en.tex   packages/<problem>/ (hand-written), with
#                               package.sh: the problem's settings (load_package below)
#   .timelimit                  $TIME_LIMIT seconds (DOMjudge reads it; the legacy format has
#                               no time limit key, verifyproblem derives its own)
#   data/sample, data/secret    inputs from samples/<problem>/ that validate-<problem> accepts
#                               with the judge's limits, and `gen` inputs at the judge's sizes
#                               (package.sh's filtered_kinds, e.g. subtraction's `losing`: the
#                               seeds whose file the judge's validator accepts)
#                               (fixed seeds); every .ans is the project's solution's output
#   input_validators/validate_<problem>/   a program folder: one std-only source bundled by
#                               tools/bundle.rs from checkers/validate_<problem>.rs and the
#                               library modules it uses, and a `build` script (plain rustc)
#   output_validators/check_knights/   knights only (any winning turn), the same way
#   submissions/accepted        solutions/<problem>.rs, unchanged
#   submissions/wrong_answer    packages/<problem>/wrong_answer/*.rs (plausible bugs), each
#                               bundled by tools/bundle.rs with the modules of
#                               packages/shared/ it declares (`#[path]`) into one std-only file
#   submissions/time_limit_exceeded   packages/<problem>/time_limit_exceeded/*.rs, if any (the
#                               Python ones stay out: docs/packages.md says why), bundled the same way
#
# A problem may also have family packages, packages/<problem>/families/<family>/ (impartial:
# octal, subtraction, nim, lasker, grundy): the problem's package narrowed to one family of its
# games, written as OUT_DIR/{kattis,bapc}/<problem><family>. The family's folder holds its
# problem.yaml and problem.en.tex and a package.sh read over the problem's (its seeds, samples
# and `validator_args`: the validator's flags that keep every input to the family, written to
# data/testdata.yaml as input_validator_flags, and to data/test_group.yaml in 2025-09).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/bundle-players.sh
. scripts/bundle-players.sh
BIN=${1:-target/release}
OUT=${2:-target/packages}
[ -x "$BIN/gen" ] || { echo "make-packages: $BIN/gen missing: run cargo build --release first" >&2; exit 1; }
# Every problem of the registry (crates/registry/src/lib.rs): `gen --list` prints `<problem> <kind>...`.
mapfile -t PROBLEMS < <("$BIN/gen" --list | cut -d' ' -f1)
# Seconds; every accepted solution needs at most 0.02 s on the largest test (verifyproblem).
TIME_LIMIT=1

die() {
	echo "make-packages: $*" >&2
	exit 1
}

# load_package PROBLEM: the package's own settings from packages/PROBLEM/package.sh
# (statement_samples, judge_sized, largest, and where set kinds, seeds, filtered_kinds,
# checker), over the defaults here.
load_package() {
	statement_samples="" judge_sized="" largest="" filtered_kinds="" checker=""
	validator_args="" largest_seed=100
	kinds=$("$BIN/gen" --list | awk -v p="$1" '$1 == p { $1 = ""; print; exit }')
	seeds="1 2 3"
	[ -f "packages/$1/package.sh" ] || die "packages/$1/package.sh missing"
	# shellcheck source=/dev/null
	. "packages/$1/package.sh"
	[ -n "$statement_samples" ] && [ -n "$judge_sized" ] ||
		die "packages/$1/package.sh: statement_samples and judge_sized are required"
}

valid() { # valid PROBLEM FILE: the judge's validator accepts FILE (with the package's flags)
	local rc=0
	# shellcheck disable=SC2086 # validator_args is a list of flags
	"$BIN/validate-$1" $validator_args <"$2" 2>/dev/null || rc=$?
	[ "$rc" = 42 ]
}

# program_folder DIR NAME ROOT: DIR/NAME/ holding NAME.rs, bundled from ROOT and the crates
# it uses (tools/bundle.rs reads which from Cargo), and a `build` script that compiles it into `run`. problemtools, DOMjudge
# and BAPCtools all run `build` and then `run` for such a folder, so the edition is ours: bt
# compiles a bare .rs with --edition=2018, problemtools with 2021, and the library needs 2021.
program_folder() {
	local dir=$1/$2
	mkdir -p "$dir"
	"$BIN/bundle" "$3" -o "$dir/$2.rs" ||
		die "bundle $3 failed"
	printf '%s\n' '#!/bin/sh' "# Builds \`run\` from the one std-only source (plain rustc, no crates)." \
		"cd \"\$(dirname \"\$0\")\" && exec rustc -C opt-level=3 --edition 2021 -o run $2.rs" \
		>"$dir/build"
	chmod +x "$dir/build"
}

# write_kattis PROBLEM DIR [SOURCE]: the legacy package (its problem.yaml and statement from
# SOURCE, default packages/PROBLEM: a family package's folder).
write_kattis() {
	local p=$1 dir=$2 source=${3:-packages/$1} f name shown kind seed kept
	rm -rf "$dir"
	mkdir -p "$dir"/{problem_statement,data/sample,data/secret,input_validators}
	mkdir -p "$dir"/submissions/{accepted,wrong_answer}
	cp "$source/problem.yaml" "$dir/problem.yaml"
	cp "$source/problem.en.tex" "$dir/problem_statement/problem.en.tex"
	if [ -n "$validator_args" ]; then
		echo "input_validator_flags: $validator_args" >"$dir/data/testdata.yaml"
	fi
	echo "$TIME_LIMIT" >"$dir/.timelimit"
	cp "solutions/$p.rs" "$dir/submissions/accepted/$p.rs"
	bundle_players "$BIN" "packages/$p" "$dir" || die "$p: bundling its players failed"
	program_folder "$dir/input_validators" "validate_$p" "checkers/validate_$p.rs"
	if [ -n "$checker" ]; then
		program_folder "$dir/output_validators" "check_$p" "checkers/check_$p.rs"
	fi

	shown=" $statement_samples "
	for f in "samples/$p"/*.in; do
		name=$(basename "$f" .in)
		if [[ $shown == *" $name "* ]]; then
			valid "$p" "$f" || die "$f: a statement sample the judge's validator rejects"
			cp "$f" "$dir/data/sample/$name.in"
		elif valid "$p" "$f"; then
			cp "$f" "$dir/data/secret/sample-$name.in"
		fi
	done
	for kind in $kinds; do
		for seed in $seeds; do
			# shellcheck disable=SC2086 # judge_sized is a list of options
			"$BIN/gen" "$p" --seed "$seed" --kind "$kind" $judge_sized \
				>"$dir/data/secret/gen-$kind-$seed.in"
		done
	done
	for kind in $filtered_kinds; do
		# A kind that also draws what the judge excludes (subtraction's `losing`: rational k):
		# the first four seeds whose file the judge's validator accepts.
		kept=0
		for seed in $(seq 1 100); do
			f=$dir/data/secret/gen-$kind-$seed.in
			# shellcheck disable=SC2086 # judge_sized is a list of options
			"$BIN/gen" "$p" --seed "$seed" --kind "$kind" $judge_sized >"$f"
			if valid "$p" "$f"; then
				kept=$((kept + 1))
				[ "$kept" = 4 ] && break
			else
				rm "$f"
			fi
		done
		[ "$kept" = 4 ] || die "$p: fewer than four judge-valid \`$kind\` tests"
	done
	if [ -n "$largest" ]; then
		# shellcheck disable=SC2086 # a list of options
		"$BIN/gen" "$p" --seed "$largest_seed" $largest >"$dir/data/secret/largest.in"
	fi
	for f in "$dir"/data/{sample,secret}/*.in; do
		valid "$p" "$f" || die "$f: rejected by validate-$p"
		"$BIN/$p" <"$f" >"${f%.in}.ans" || die "$f: the solution failed"
	done
}

# yaml_value KEY FILE: the value of a top-level `KEY: value` line (the hand-written problem.yaml
# files are flat).
yaml_value() {
	sed -n "s/^$1: *//p" "$2"
}

# kattis_to_2025_09 SRC DST: the legacy package SRC rewritten as format version 2025-09
# (the spec's sections "Problem metadata", "Test data groups", "Output validator"):
#   problem_statement/  -> statement/
#   output_validators/X/ -> output_validator/ (the folder itself: one output validator)
#   problem.yaml: problem_format_version, `type` from `validation` (default and custom:
#     pass-fail; custom interactive: interactive), `name` from the statement's \problemname,
#     limits.time_limit from .timelimit (which 2025-09 replaces), limits.code kept; uuid,
#     source, license kept
#   validator_flags -> data/test_group.yaml `output_validator_args` (for every test group)
kattis_to_2025_09() {
	local src=$1 dst=$2 yaml=$1/problem.yaml type flags name
	rm -rf "$dst"
	mkdir -p "$(dirname "$dst")"
	cp -r "$src" "$dst"
	rm -f "$dst/.timelimit"
	mv "$dst/problem_statement" "$dst/statement"
	if [ -d "$dst/output_validators" ]; then
		local validators=("$dst/output_validators"/*)
		[ "${#validators[@]}" = 1 ] || die "$src: more than one output validator"
		mv "$dst/output_validators"/* "$dst/output_validator"
		rmdir "$dst/output_validators"
	fi
	case $(yaml_value validation "$yaml") in
	default | custom) type=pass-fail ;;
	"custom interactive") type=interactive ;;
	*) die "$yaml: unknown validation" ;;
	esac
	name=$(sed -n 's/^\\problemname{\(.*\)}$/\1/p' "$src/problem_statement/problem.en.tex")
	[ -n "$name" ] || die "$src: no \\problemname in the statement"
	{
		echo "# Generated by scripts/make-packages.sh from the legacy package's problem.yaml (format 2025-09)."
		echo "problem_format_version: 2025-09"
		echo "type: $type"
		echo "name:"
		echo "  en: \"$name\""
		for key in uuid source license; do
			echo "$key: $(yaml_value "$key" "$yaml")"
		done
		echo "limits:"
		echo "  time_limit: $(cat "$src/.timelimit")"
		# A code size limit of the legacy file's (KiB in both formats).
		sed -n 's/^  code: *\([0-9][0-9]*\)$/  code: \1/p' "$yaml"
	} >"$dst/problem.yaml"
	flags=$(yaml_value validator_flags "$yaml")
	if [ -n "$flags" ]; then
		echo "output_validator_args: [${flags// /, }]" >>"$dst/data/test_group.yaml"
	fi
	if [ -f "$dst/data/testdata.yaml" ]; then
		flags=$(yaml_value input_validator_flags "$dst/data/testdata.yaml")
		echo "input_validator_args: [${flags// /, }]" >>"$dst/data/test_group.yaml"
		rm "$dst/data/testdata.yaml"
	fi
}

for p in "${PROBLEMS[@]}"; do
	for b in gen bundle "$p" "validate-$p"; do
		[ -x "$BIN/$b" ] || die "$BIN/$b missing: run cargo build --release first"
	done
	load_package "$p"
	write_kattis "$p" "$OUT/kattis/$p"
	kattis_to_2025_09 "$OUT/kattis/$p" "$OUT/bapc/$p"
	samples=("$OUT/kattis/$p/data/sample"/*.in)
	secret=("$OUT/kattis/$p/data/secret"/*.in)
	echo "make-packages: $OUT/{kattis,bapc}/$p: ${#samples[@]} sample + ${#secret[@]} secret tests"
	for family in "packages/$p/families"/*/; do
		[ -f "$family/package.sh" ] || continue
		family=${family%/}
		load_package "$p"
		# shellcheck source=/dev/null
		. "$family/package.sh"
		[ -n "$validator_args" ] || die "$family/package.sh: validator_args is required"
		name=$p$(basename "$family")
		write_kattis "$p" "$OUT/kattis/$name" "$family"
		kattis_to_2025_09 "$OUT/kattis/$name" "$OUT/bapc/$name"
		samples=("$OUT/kattis/$name/data/sample"/*.in)
		secret=("$OUT/kattis/$name/data/secret"/*.in)
		echo "make-packages: $OUT/{kattis,bapc}/$name: ${#samples[@]} sample + ${#secret[@]} secret tests"
	done
done

# The interactive packages (judged by the referee): scripts/make-interactive-packages.sh writes
# them in the legacy format; the 2025-09 ones are derived as the batch ones are.
scripts/make-interactive-packages.sh "$BIN" "$OUT/kattis"
for p in "${PROBLEMS[@]}"; do
	kattis_to_2025_09 "$OUT/kattis/${p}interactive" "$OUT/bapc/${p}interactive"
	# Format 2025-09 shows a sample's .interaction in the statement and wants the download
	# (what contestants get) named apart: the referee's options and an empty answer.
	for f in "$OUT/bapc/${p}interactive/data/sample"/*.in; do
		cp "$f" "$f.download"
		: >"${f%.in}.ans.download"
	done
done
