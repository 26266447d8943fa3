# How scripts/make-packages.sh builds the impartial package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/impartial/ goes to data/secret).
statement_samples="matches-124"
# gen's options within the judge's limits (as tests/validators.rs uses them).
judge_sized="--size 1000 --count 1000"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest="--kind random --size 1000 --count 1000"
# The package judges with checkers/check_impartial.rs (any winning move is right), bundled with
# these library modules.
checker_modules="checker,impartial,verdict,escape"
