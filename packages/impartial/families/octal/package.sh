# The impartial package narrowed to the family `octal` (scripts/make-packages.sh reads this over
# packages/impartial/package.sh).
statement_samples="kayles"
# The seeds whose files are of this family (a file's family is its seed mod 15, the order of
# games/impartial/src/gen.rs FAMILIES), for each of the kinds random, lost and misere.
seeds="0 1 2 3 4 5 6"
# The largest test's seed: one of this family too.
largest_seed=111
# validate-impartial keeps every test, samples included, to the family.
validator_args="--family octal"
