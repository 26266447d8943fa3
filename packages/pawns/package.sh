# How scripts/make-packages.sh builds the pawns package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/pawns/ goes to data/secret).
statement_samples="1 2 3 4 5"
# gen's options within the judge's limits (as tests/judge/validators.rs uses them).
judge_sized="--size 2147483647"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest=""
