#!/usr/bin/env bash
# Issue 48 in one run: analyze against the reader on one 100k-gesture file and against the
# pandas/numpy notebook on 2,000 gestures, side by side, then where analyze's time goes.
#
#     bench/speed.sh                       # build release, make the files once, measure
#     SKIP_BUILD=1 RUNS=5 bench/speed.sh
#     PROFILE=0 bench/speed.sh             # the ratios only (no perf)
#     STATIC=1 bench/speed.sh              # the static binary `make dist` ships (`make static`)
#
# Prints, best of RUNS (interleaved, each timed by bench/runtime.py):
#   100k   validate FILE (the reader alone), analyze FILE --no-report, the same with --jobs 1,
#          their wall and CPU, analyze's peak memory (/usr/bin/time), and the ratio
#          analyze / validate (goal <= 1.25) and whether two jobs beat one;
#   2,000  analyze FILE --no-report --format json (default resamples; the issue's command: the
#          whole report on standard output) and bench/pandas_pipeline.py, the ratio notebook
#          pipeline / analyze (goal >= 20), and the text summary (--no-report alone) beside it;
#   stages (PROFILE=1, needs perf): each file's CPU time by stage (bench/stage_profile.py:
#          read, physics, gate features, each statistic, tuning, bootstrap, bagging, output).
# Environment: BIG (/tmp/gesturetune-bench-analyze.csv, MB=290 of `simulate --seed 1`), SMALL
# (/tmp/gesturetune-bench-pandas.csv, 2,000 gestures), RUNS (3), NICE (as bench/batch.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

BIG=${BIG:-/tmp/gesturetune-bench-analyze.csv}
SMALL=${SMALL:-/tmp/gesturetune-bench-pandas.csv}
MB=${MB:-290}
RUNS=${RUNS:-3}
PROFILE=${PROFILE:-1}
BIN=.build/release/gesturetune
[[ "${STATIC:-}" == 1 ]] && BIN=.build/static/release/gesturetune
if [[ -z "${NICE+set}" && $(id -u) == 0 ]]; then NICE=-20; fi
[[ "${NICE:-}" == 0 ]] && NICE=

if [[ -z "${SKIP_BUILD:-}" && "${STATIC:-}" == 1 ]]; then
    make static 2>&1 | grep -E "error|warning:|Build" | tail -3
elif [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
fi
if [[ ! -f "$BIG" ]]; then
    "$BIN" simulate --gestures $((MB * 1000000 / 2860)) --seed 1 --out "$BIG"
fi
if [[ ! -f "$SMALL" ]]; then
    "$BIN" simulate --gestures 2000 --seed 1 --out "$SMALL"
fi
big_gestures=$("$BIN" validate "$BIG" | sed -E 's/.*: [0-9]+ rows, ([0-9]+) gestures.*/\1/')
echo "files: $BIG ($(stat -c %s "$BIG") bytes, $big_gestures gestures), $SMALL ($(stat -c %s "$SMALL") bytes)"
echo "binary: $BIN"
echo "cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg); best of $RUNS"

TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
timed() { python3 bench/runtime.py ${NICE:+--nice "$NICE"} --out "$TIMES" -- "$@"; }
declare -A wall cpu
keep() { # keep NAME: the best wall and CPU of NAME so far, from $TIMES
    local w u s c
    read -r w u s <"$TIMES"
    c=$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')
    if [[ -z "${wall[$1]:-}" ]] || awk -v a="$w" -v b="${wall[$1]}" 'BEGIN {exit !(a < b)}'; then wall[$1]=$w; fi
    if [[ -z "${cpu[$1]:-}" ]] || awk -v a="$c" -v b="${cpu[$1]}" 'BEGIN {exit !(a < b)}'; then cpu[$1]=$c; fi
}
pipeline=
for ((r = 1; r <= RUNS; r++)); do
    timed "$BIN" validate "$BIG" >/dev/null && keep validate
    timed "$BIN" analyze "$BIG" --no-report >/dev/null 2>&1 && keep analyze
    timed "$BIN" analyze "$BIG" --no-report --jobs 1 >/dev/null 2>&1 && keep jobs1
    timed "$BIN" analyze "$SMALL" --no-report --format json >/dev/null 2>&1 && keep small
    timed "$BIN" analyze "$SMALL" --no-report >/dev/null 2>&1 && keep smalltext
    if python3 -c 'import pandas, numpy' 2>/dev/null; then
        out=$(timed python3 bench/pandas_pipeline.py "$SMALL")
        keep notebook
        p=$(echo "$out" | awk '/^pipeline_seconds/ {print $2}')
        if [[ -z "$pipeline" ]] || awk -v a="$p" -v b="$pipeline" 'BEGIN {exit !(a < b)}'; then pipeline=$p; fi
    fi
done
/usr/bin/time -f "%M" -o "$TIMES" "$BIN" analyze "$BIG" --no-report >/dev/null 2>&1
memory=$(tail -1 "$TIMES")
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

printf '\n%-46s %9s %13s\n' "command" "wall (s)" "user+sys (s)"
row() { printf '%-46s %9.3f %13.3f\n' "$1" "${wall[$2]}" "${cpu[$2]}"; }
row "validate 100k (the reader alone)" validate
row "analyze 100k --no-report" analyze
row "analyze 100k --no-report --jobs 1" jobs1
row "analyze 2,000 --no-report --format json" small
row "analyze 2,000 --no-report (text summary)" smalltext
if [[ -n "$pipeline" ]]; then
    row "python3 bench/pandas_pipeline.py, 2,000" notebook
    printf '%-46s %9.3f %13s\n' "  of which the pipeline (after imports)" "$pipeline" "-"
fi
awk -v v="${wall[validate]}" -v a="${wall[analyze]}" -v j="${wall[jobs1]}" -v m="$memory" 'BEGIN {
    printf "\n100k: analyze / validate = %.2fx wall (goal <= 1.25x); two jobs %s one (%.2f s vs %.2f s); peak memory %.0f MB (goal <= 64)\n", a / v, (a < j ? "beat" : "do not beat"), a, j, m / 1024
}'
if [[ -n "$pipeline" ]]; then
    awk -v s="${wall[small]}" -v p="$pipeline" -v w="${wall[notebook]}" 'BEGIN {
        printf "2,000: notebook pipeline / analyze = %.1fx against the pipeline alone, %.1fx whole processes (goal >= 20x)\n", p / s, w / s
    }'
else
    echo "2,000: no notebook ratio (needs python3 with pandas and numpy: make bench-deps)"
fi

if [[ "$PROFILE" == 1 ]] && command -v perf >/dev/null; then
    demangle() { if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi; }
    for f in "$BIG" "$SMALL"; do
        data=$(mktemp)
        gestures=$("$BIN" validate "$f" | sed -E 's/.*: [0-9]+ rows, ([0-9]+) gestures.*/\1/')
        rate=300
        [[ "$f" == "$SMALL" ]] && rate=4000
        format=()
        [[ "$f" == "$SMALL" ]] && format=(--format json)
        perf record -q --call-graph dwarf,16384 -F $rate -o "$data" "$BIN" analyze "$f" --no-report "${format[@]}" >/dev/null 2>&1
        c=$(if [[ "$f" == "$BIG" ]]; then echo "${cpu[analyze]}"; else echo "${cpu[small]}"; fi)
        echo
        echo "where analyze $(basename "$f") --no-report ${format[*]} spends its CPU ($gestures gestures, $c s):"
        perf script -i "$data" -F tid,ip,sym 2>/dev/null | demangle |
            python3 bench/stage_profile.py --cpu "$c" --gestures "$gestures"
        rm -f "$data"
    done
    echo "(stages on worker threads are told apart by their own frames; bench/stage_profile.py lists the patterns)"
fi
