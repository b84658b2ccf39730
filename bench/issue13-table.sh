#!/usr/bin/env bash
# Every row of issue 13's table in one run, on the release build:
#   1. analyze --no-report vs the pandas + numpy pipeline, 2,000 labelled gestures (bench/pandas-compare.sh; goal >= 20x)
#   2. analyze --no-report vs validate, 100,000 gestures, and analyze's peak memory (bench/issue13.sh; goals <= 2x, <= 96 MB)
#   3. tuning 1,000,000 labelled gestures, all families, 5-fold CV, without and with 1000
#      bootstrap resamples (tuning-bench; goals <= 3 s, <= 6 s)
#
#     bench/issue13-table.sh
#     SKIP_BUILD=1 RUNS=1 bench/issue13-table.sh
#
# Environment is passed on to the three (RUNS, GESTURES of issue13.sh is ANALYZE_GESTURES here).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
    swift build -c release --package-path bench --product tuning-bench 2>&1 | grep -E "error|warning:|Build" | tail -3
fi
echo "== 1. analyze vs pandas + numpy (2,000 gestures)"
SKIP_BUILD=1 bench/pandas-compare.sh
echo
echo "== 2. analyze vs validate, peak memory (${ANALYZE_GESTURES:-100000} gestures)"
SKIP_BUILD=1 GESTURES=${ANALYZE_GESTURES:-100000} bench/issue13.sh
echo
echo "== 3. tuning 1,000,000 labelled gestures"
swift run -c release --skip-build --package-path bench tuning-bench
