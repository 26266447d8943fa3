# How scripts/make-packages.sh builds the impartial package (sourced by bash; unset: the default).
# The samples shown in the statement (the rest of samples/impartial/ goes to data/secret).
statement_samples="matches-124"
# gen's options within the judge's limits (as tests/judge/validators.rs uses them).
# 50 positions a file: a misère file is one exhaustive search shared by its positions, 0.2 s
# for the slowest family (4.07) under the 1 s limit on a loaded machine.
judge_sized="--size 1000 --count 50"
# One test at the largest judge size, the size an accepted solution must meet (empty: none).
largest="--kind random --size 1000 --count 1000"
# The package judges with checkers/check_impartial.rs (any winning move is right), bundled with
# the crates it uses.
checker=yes
# gen's kinds to generate: the family of a file is its seed's (seed mod 15), so seeds 0..14
# give every family of games/impartial/src/gen.rs, in normal play (random, lost) and misere.
kinds="random lost misere"
seeds="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14"
