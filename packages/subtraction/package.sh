# How scripts/make-packages.sh builds the subtraction package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/subtraction/ goes to data/secret).
statement_samples="judge"
# gen's options within the judge's limits (as tests/judge/validators.rs uses them).
judge_sized="--size 100000000 --count 20"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest="--kind worst --size 100000000 --count 20"
# gen's kinds to generate (default: every kind of `gen --list`): the others draw rational k,
# which the judge excludes.
kinds="integer"
# Seeds per kind (default 1 2 3): one kind, so more of it.
seeds="1 2 3 4 5 6 7 8"
# Kinds whose tests are kept only where the judge's validator accepts them, the first four
# seeds of 1..100 that pass: `losing` (n next to a losing start) draws rational k too.
filtered_kinds="losing"
