# Sourced by make-packages.sh and make-interactive-packages.sh.
# bundle_players BIN_DIR SRC DIR: each player SRC/wrong_answer/*.rs and
# SRC/time_limit_exceeded/*.rs, bundled by BIN_DIR/bundle (tools/bundle.rs) with the `#[path]`
# modules it declares (packages/shared/, the solutions' protocol client) into one std-only file
# DIR/submissions/<its folder>/<its name>: what a judge compiles alone.
bundle_players() {
	local bin=$1 src=$2 dir=$3 player kind
	for player in "$src"/wrong_answer/*.rs "$src"/time_limit_exceeded/*.rs; do
		[ -f "$player" ] || continue
		kind=$(basename "$(dirname "$player")")
		mkdir -p "$dir/submissions/$kind"
		"$bin/bundle" "$player" -o "$dir/submissions/$kind/$(basename "$player")" || return 1
	done
}
