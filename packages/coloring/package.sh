# How scripts/make-packages.sh builds the coloring package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/coloring/ goes to data/secret).
statement_samples="sample1 sample2"
# gen's options within the judge's limits (as tests/judge/validators.rs uses them).
judge_sized="--size 100000"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest="--kind mixed --size 100000"
