#!/usr/bin/env bash
# Cost of the referee's knights evaluator per knight on N = 10^9 (target: under 1 ms; it is
# nanoseconds). Rerun: games/knights/bench/knights_eval.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release --quiet --example knights_eval
target/release/examples/knights_eval
