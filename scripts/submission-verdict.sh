# Sourced by verify-packages.sh and verify-bapc.sh.
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
