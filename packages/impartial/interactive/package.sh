# How scripts/make-interactive-packages.sh builds impartialinteractive (sourced by bash).
# The sizes of a test of small positions (the sample's and the first secret test's), where
# exhaustive reasoning is easy and the smallest positions come up.
small_size="1..12"
# The largest positions a test plays: the game's largest heaps.
large_size="300..1000"
# Tests beyond the four every game has, one per line: name, then the referee's options.
extra_tests="05-dawson-chess --rounds 10 --seed 15 --spec dawson-chess
06-queue --rounds 10 --seed 16 --spec queue"
