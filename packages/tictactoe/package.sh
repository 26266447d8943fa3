# How scripts/make-packages.sh builds the tictactoe package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/tictactoe/ goes to data/secret).
statement_samples="statement"
# gen's options within the judge's limits (as tests/judge/validators.rs uses them).
judge_sized="--size 100 --count 300"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest="--kind ends --size 100 --count 10000"
