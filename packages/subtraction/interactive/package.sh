# How scripts/make-interactive-packages.sh builds subtractioninteractive (sourced by bash).
# The sizes of a test of small positions (the sample's and the first secret test's), where
# exhaustive reasoning is easy and the smallest positions come up.
small_size="2..200"
# The largest positions a test plays: the game's largest size.
large_size="1000000000000..1000000000000000000"
# Tests beyond the four every game has, one per line: name, then the referee's options.
extra_tests="05-k-3-2 --rounds 10 --seed 15 --k 3/2 --size 2..1000000000000
06-k-1 --rounds 10 --seed 16 --k 1 --size 2..1000000000000000000"
