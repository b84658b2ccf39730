#!/usr/bin/env bash
# analyze vs a pandas + numpy notebook (issue 13): on 2,000 labelled gestures, the wall and
# CPU time of `gesturetune analyze FILE --no-report` (every rule family, logistic fit, 5-fold
# cross-validation, bootstrap intervals, suggestions) beside bench/pandas_pipeline.py (read
# the CSV with pandas, per-gesture lsq2 with np.polyfit over the same window, a brute-force
# `threshold` grid; one family, no cross-validation, no bootstrap), best of RUNS each, and the
# ratio. Goal: analyze >= 20x faster.
#
#     bench/pandas-compare.sh
#     SKIP_BUILD=1 RUNS=5 GESTURES=2000 bench/pandas-compare.sh
#
# Two ratios are printed: whole processes (the Python one pays interpreter start and the pandas
# import, ~0.3-0.5 s), and analyze's whole process against the notebook's pipeline alone (its
# own clock after the imports: what a warm notebook cell costs). Needs python3 with pandas and
# numpy (`pip install pandas numpy`). Environment: FILE (default
# /tmp/gesturetune-bench-pandas.csv), GESTURES (2000), RUNS (3), NICE (as bench/batch.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

FILE=${FILE:-/tmp/gesturetune-bench-pandas.csv}
GESTURES=${GESTURES:-2000}
RUNS=${RUNS:-3}
BIN=.build/release/gesturetune
if [[ -z "${NICE+set}" && $(id -u) == 0 ]]; then NICE=-20; fi
[[ "${NICE:-}" == 0 ]] && NICE=

if ! python3 -c 'import pandas, numpy' 2>/dev/null; then
    echo "pandas-compare: needs python3 with pandas and numpy (pip install pandas numpy)" >&2
    exit 1
fi
if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
fi
if [[ ! -f "$FILE" ]]; then
    "$BIN" simulate --gestures "$GESTURES" --seed 1 --out "$FILE"
fi
echo "file: $FILE, $(stat -c %s "$FILE") bytes; best of $RUNS runs; cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

timed() {
    if [[ -n "${NICE:-}" ]]; then
        setsid -w bash -c 'echo "$0" >/proc/self/autogroup 2>/dev/null; exec /usr/bin/time -f "%e %U %S" -o /tmp/gesturetune-pandas-time nice -n "$0" "$@"' "$NICE" "$@"
    else
        /usr/bin/time -f "%e %U %S" -o /tmp/gesturetune-pandas-time "$@"
    fi
}
best() { awk -v a="$1" -v b="$2" 'BEGIN {print (b == "" || a < b) ? a : b}'; }

aw= ac= pw= pc= pp=
for ((r = 1; r <= RUNS; r++)); do
    timed "$BIN" analyze "$FILE" --no-report >/dev/null
    read -r w u s </tmp/gesturetune-pandas-time
    aw=$(best "$w" "$aw"); ac=$(best "$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')" "$ac")
    out=$(timed python3 bench/pandas_pipeline.py "$FILE")
    read -r w u s </tmp/gesturetune-pandas-time
    pw=$(best "$w" "$pw"); pc=$(best "$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')" "$pc")
    pp=$(best "$(echo "$out" | awk '/^pipeline_seconds/ {print $2}')" "$pp")
done
echo "$out" | grep -v pipeline_seconds | sed 's/^/pandas: /'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '\n%-44s %9s %13s\n' "command" "wall (s)" "user+sys (s)"
printf '%-44s %9.3f %13.3f\n' "gesturetune analyze FILE --no-report" "$aw" "$ac"
printf '%-44s %9.3f %13.3f\n' "python3 bench/pandas_pipeline.py FILE" "$pw" "$pc"
printf '%-44s %9.3f %13s\n' "  of which the pipeline (after imports)" "$pp" "-"
awk -v aw="$aw" -v ac="$ac" -v pw="$pw" -v pc="$pc" -v pp="$pp" 'BEGIN {
    printf "\nanalyze is %.1fx faster (whole processes, wall), %.1fx (CPU); %.1fx against the pipeline alone (goal >= 20x)\n", pw / aw, pc / ac, pp / aw
}'
