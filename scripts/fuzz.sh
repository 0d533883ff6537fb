#!/usr/bin/env bash
# Runs the seeded fuzz generators of tests/fuzz/ (FENs and moves of every
# variant, the XBoard and UCI loops of the binary) for a while: round after
# round with a new seed each, until the time is up. A failure prints the seed
# and the input; rerun it with FUZZ_SEED=<seed>.
#
#   scripts/fuzz.sh [seconds] [seed]     (default 300 s, seed from the clock)
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_SECONDS=${1:-300}
[ -n "${2:-}" ] && export FUZZ_SEED=$2
exec cargo test --release --test fuzz fuzz_long -- --ignored --nocapture
