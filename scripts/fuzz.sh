#!/usr/bin/env bash
# Long fuzzing run of the hardening properties (tests/hardening/fuzz.test.ts): the same
# properties as the test suite with many more runs. FUZZ_RUNS sets runs per property
# (default 20000), FUZZ_TIME_MS the wall-clock budget per property (default 120000).
# Prints one line per property with the runs done and the outcomes seen.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# shellcheck source=/dev/null
source scripts/env.sh
export FUZZ_RUNS="${FUZZ_RUNS:-20000}"
export FUZZ_TIME_MS="${FUZZ_TIME_MS:-120000}"
export FUZZ_REPORT=1
exec npx jest --ci --testTimeout=$((FUZZ_TIME_MS * 2)) tests/hardening/fuzz.test.ts "$@"
