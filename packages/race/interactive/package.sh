# How scripts/make-interactive-packages.sh builds raceinteractive (sourced by bash).
# The sizes of a test of small positions (the sample's and the first secret test's), where
# exhaustive reasoning is easy and the smallest positions come up.
small_size="2..6"
# The largest positions a test plays: the game's largest size (the judge's 300; the
# referee accepts 1000, where its evaluator takes seconds and 375 MB).
large_size="300"
