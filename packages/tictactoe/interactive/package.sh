# How scripts/make-interactive-packages.sh builds tictactoeinteractive (sourced by bash).
# The sizes of a test of small positions (the sample's and the first secret test's), where
# exhaustive reasoning is easy and the smallest positions come up.
small_size="1..20"
# The largest positions a test plays: the game's largest size.
large_size="1000000"
