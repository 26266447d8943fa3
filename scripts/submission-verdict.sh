# Sourced by verify-packages.sh and verify-bapc.sh: what a package's submissions must get.
# expected_verdict REL: the verdict the folder of submission REL (`<folder>/<file>`, relative
# to submissions/) names, as the problem-package formats define the folders.
expected_verdict() {
	case ${1%%/*} in
	accepted) echo AC ;;
	wrong_answer) echo WA ;;
	time_limit_exceeded) echo TLE ;;
	run_time_error) echo RTE ;;
	*) echo unknown ;;
	esac
}

# missing_verdicts DIR LOG LINE: `; REL: no V` for every submission REL of the package DIR (its
# path ending in /) that got no verdict V = expected_verdict REL in the tool's LOG, that is no
# line of LOG matches LINE, an extended regular expression in which the words REL and VERDICT
# stand for REL and V.
missing_verdicts() {
	local dir=$1 log=$2 line=$3 sub rel want pattern
	for sub in "$dir"submissions/*/*; do
		rel=${sub#"$dir"submissions/}
		want=$(expected_verdict "$rel")
		pattern=${line/REL/$rel}
		grep -Eq "${pattern/VERDICT/$want}" "$log" || printf '; %s: no %s' "$rel" "$want"
	done
}

# package_passed TOOL DIR LOG LINE FAULTS: whether the package DIR passed its check by a tool:
# no FAULTS (what the caller found wrong, `; `-separated, may be empty) and no missing verdict
# (missing_verdicts DIR LOG LINE). If not, prints LOG and `TOOL: <package> FAILED: <why>`.
package_passed() {
	local bad=$5$(missing_verdicts "$2" "$3" "$4")
	[ -z "$bad" ] && return 0
	cat "$3"
	echo "$1: $(basename "$2") FAILED: ${bad#; }"
	return 1
}
