#!/usr/bin/env bash
# analyze vs a pandas + numpy notebook (issue 13): on 2,000 labelled gestures, the wall and
# CPU time of `gesturetune analyze FILE --no-report` (every rule family, logistic fit, 5-fold
# cross-validation, bootstrap intervals, suggestions) beside bench/pandas_pipeline.py (read
# the CSV with pandas, per-gesture lsq2 with np.polyfit over the same window, a brute-force
# `threshold` grid; one family, no cross-validation, no bootstrap), best and median of RUNS
# each (interleaved; timed by bench/runtime.py to the microsecond), and the ratios. Goal:
# analyze >= 20x faster.
#
#     bench/pandas-compare.sh
#     SKIP_BUILD=1 RUNS=5 GESTURES=2000 bench/pandas-compare.sh
#
# Two ratios are printed: whole processes (the Python one pays interpreter start and the pandas
# import, ~0.3-0.5 s), and analyze's whole process against the notebook's pipeline alone (its
# own clock after the imports: what a warm notebook cell costs). Needs python3 with pandas and
# numpy (`pip install pandas numpy`). Environment: FILE (default
# /tmp/gesturetune-bench-pandas.csv), GESTURES (2000), RUNS (5), NICE (as bench/batch.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

FILE=${FILE:-/tmp/gesturetune-bench-pandas.csv}
GESTURES=${GESTURES:-2000}
RUNS=${RUNS:-5}
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
echo "file: $FILE, $(stat -c %s "$FILE") bytes; $RUNS runs each; cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# timed CMD...: runs CMD once under bench/runtime.py (wall and CPU to the microsecond; with
# NICE, in a session of its own at that autogroup nice); leaves "WALL USER SYS" in $TIMES.
timed() {
    python3 bench/runtime.py ${NICE:+--nice "$NICE"} --out "$TIMES" -- "$@"
}
# stats LIST: "best median" of the whitespace-separated numbers in LIST.
stats() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{a[NR] = $1} END {m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; print a[1], m}'; }

TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
aw= ac= pw= pc= pp=
for ((r = 1; r <= RUNS; r++)); do
    timed "$BIN" analyze "$FILE" --no-report >/dev/null
    read -r w u s <"$TIMES"
    aw+="$w "; ac+="$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}') "
    out=$(timed python3 bench/pandas_pipeline.py "$FILE")
    read -r w u s <"$TIMES"
    pw+="$w "; pc+="$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}') "
    pp+="$(echo "$out" | awk '/^pipeline_seconds/ {print $2}') "
done
read -r aw_best aw_median <<<"$(stats "$aw")"
read -r ac_best ac_median <<<"$(stats "$ac")"
read -r pw_best pw_median <<<"$(stats "$pw")"
read -r pc_best pc_median <<<"$(stats "$pc")"
read -r pp_best pp_median <<<"$(stats "$pp")"
echo "$out" | grep -v pipeline_seconds | sed 's/^/pandas: /'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '\n%-44s %21s %21s\n' "" "wall (s)" "user+sys (s)"
printf '%-44s %10s %10s %10s %10s\n' "command" "best" "median" "best" "median"
printf '%-44s %10.4f %10.4f %10.4f %10.4f\n' "gesturetune analyze FILE --no-report" "$aw_best" "$aw_median" "$ac_best" "$ac_median"
printf '%-44s %10.4f %10.4f %10.4f %10.4f\n' "python3 bench/pandas_pipeline.py FILE" "$pw_best" "$pw_median" "$pc_best" "$pc_median"
printf '%-44s %10.4f %10.4f %10s %10s\n' "  of which the pipeline (after imports)" "$pp_best" "$pp_median" "-" "-"
awk -v aw="$aw_best" -v ac="$ac_best" -v pw="$pw_best" -v pc="$pc_best" -v pp="$pp_best" \
    -v awm="$aw_median" -v pwm="$pw_median" -v ppm="$pp_median" 'BEGIN {
    printf "\nanalyze is %.1fx faster (whole processes, wall, best of each), %.1fx (CPU); %.1fx against the pipeline alone (goal >= 20x)\n", pw / aw, pc / ac, pp / aw
    printf "medians: %.1fx whole processes, %.1fx against the pipeline alone\n", pwm / awm, ppm / awm
}'
