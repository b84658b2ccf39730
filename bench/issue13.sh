#!/usr/bin/env bash
# Issue 13, the memory row: `analyze --no-report` on 100,000 simulated gestures (about 287 MB
# at 120 Hz): peak memory (maximum resident set size, /usr/bin/time -v; goal <= 96 MB) and wall
# time against `validate` on the same file (the reader alone; goal <= 2x). Best of RUNS.
#
#     bench/issue13.sh
#     SKIP_BUILD=1 RUNS=1 RESAMPLES=0 bench/issue13.sh
#
# Environment: GESTURES (100000), FILE (/tmp/gesturetune-bench-issue13-$GESTURES.csv, kept and
# reused), RUNS (3), RESAMPLES (1000, analyze's default), JOBS (analyze --jobs; default all
# cores), SKIP_BUILD.
set -euo pipefail
cd "$(dirname "$0")/.."

GESTURES=${GESTURES:-100000}
FILE=${FILE:-/tmp/gesturetune-bench-issue13-$GESTURES.csv}
RUNS=${RUNS:-3}
RESAMPLES=${RESAMPLES:-1000}
BIN=.build/release/gesturetune

if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
fi
if [[ ! -f "$FILE" ]]; then
    echo "simulating $GESTURES gestures into $FILE ..."
    "$BIN" simulate --gestures "$GESTURES" --seed 1 --out "$FILE"
fi
echo "file: $FILE, $(awk -v b="$(stat -c %s "$FILE")" 'BEGIN {printf "%.0f", b / 1e6}') MB, $GESTURES gestures; best of $RUNS runs"
echo "cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# wall seconds and peak RSS (kB) of one run
measure() {
    local t
    t=$(mktemp)
    /usr/bin/time -f "%e %M" -o "$t" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; cat "$t" >&2; }
    tail -1 "$t"
    rm -f "$t"
}
best() { awk 'NR == 1 || $1 < m {m = $1} END {print m}'; }
v=() a=() r=()
for ((k = 1; k <= RUNS; k++)); do
    read -r w _ <<<"$(measure "$BIN" validate "$FILE")"
    v+=("$w")
    args=(analyze "$FILE" --no-report --resamples "$RESAMPLES")
    [[ -n "${JOBS:-}" ]] && args+=(--jobs "$JOBS")
    read -r w m <<<"$(measure "$BIN" "${args[@]}")"
    a+=("$w")
    r+=("$m")
done
vw=$(printf "%s\n" "${v[@]}" | best)
aw=$(printf "%s\n" "${a[@]}" | best)
rss=$(printf "%s\n" "${r[@]}" | best)
printf "%-44s %10s %10s %8s\n" "" "analyze" "validate" "ratio"
printf "%-44s %9.2fs %9.2fs %7.2fx   (goal <= 2x)\n" "wall time, --no-report --resamples $RESAMPLES" "$aw" "$vw" "$(awk -v a="$aw" -v b="$vw" 'BEGIN {print a / b}')"
printf "%-44s %8.1f MB %29s\n" "peak memory of analyze" "$(awk -v k="$rss" 'BEGIN {print k / 1024}')" "(goal <= 96 MB)"
