# How scripts/make-packages.sh builds the knights package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/knights/ goes to data/secret).
statement_samples="example"
# gen's options within the judge's limits (as tests/judge/validators.rs uses them).
judge_sized="--size 1000000000 --count 500"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest="--kind random --size 1000000000 --count 100000"
# The package judges with checkers/check_knights.rs (any winning turn is right), bundled with
# the crates it uses.
checker=yes
