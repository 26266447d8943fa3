# How scripts/make-packages.sh builds the race package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/race/ goes to data/secret).
statement_samples="sample"
# gen's options within the judge's limits (as tests/judge/validators.rs uses them).
judge_sized="--size 40 --count 10"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest="--kind pipes --size 300 --count 10"
