#!/usr/bin/env bash
# measure vs validate (issue 31, item 6): on a 100k-gesture trace, the wall time of
# `gesturetune measure FILE` (every gesture's row, CSV to /dev/null) beside the reader's own
# (`gesturetune validate FILE`), their ratio, and each one's peak resident memory.
#
#     bench/measure.sh                 # build release, generate the file once, measure
#     SKIP_BUILD=1 RUNS=5 bench/measure.sh
#
# Environment: FILE (default /tmp/gesturetune-bench-measure.csv), GESTURES (100000), RUNS (3,
# best of each, run alternately so a change of load hits both), FORMAT (csv or ndjson).
# Targets: measure within 1.5x validate's wall time, peak RSS <= 64 MB.
set -euo pipefail
cd "$(dirname "$0")/.."

FILE=${FILE:-/tmp/gesturetune-bench-measure.csv}
GESTURES=${GESTURES:-100000}
RUNS=${RUNS:-3}
FORMAT=${FORMAT:-csv}
BIN=.build/release/gesturetune

if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
fi

if [[ ! -s "$FILE" ]] || [[ "$(cat "$FILE.gestures" 2>/dev/null)" != "$GESTURES" ]]; then
    echo "generating $GESTURES gestures → $FILE"
    "$BIN" simulate --gestures "$GESTURES" --seed 31 --out "$FILE"
    echo "$GESTURES" >"$FILE.gestures"
fi
echo "file: $FILE ($(du -h "$FILE" | cut -f1), $GESTURES gestures)"

# Wall seconds, peak RSS (kB), status and CPU seconds (user + system) of one command, its
# output to /dev/null: getrusage of the child, in Python (no dependence on /usr/bin/time).
# On a loaded machine the CPU times compare more steadily than the wall times: measure reads
# on one thread and measures on a second, so its wall time counts on a free second core.
run() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.perf_counter()
status = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.3f} {usage.ru_maxrss} {status} {usage.ru_utime + usage.ru_stime:.3f}")  # kB on Linux
PY
}

best_v=; best_m=; cpu_v=; cpu_m=; rss_v=0; rss_m=0
for ((k = 1; k <= RUNS; k++)); do
    read -r wv rv sv cv < <(run "$BIN" validate "$FILE")
    read -r wm rm sm cm < <(run "$BIN" measure "$FILE" --format "$FORMAT")
    [[ "$sv" == 0 && "$sm" == 0 ]] || { echo "a run failed: validate $sv, measure $sm" >&2; exit 1; }
    echo "run $k: validate ${wv}s wall ${cv}s CPU ${rv} kB, measure ${wm}s wall ${cm}s CPU ${rm} kB"
    if [[ -z "$best_v" ]] || python3 -c "import sys; sys.exit(not $wv < $best_v)"; then best_v=$wv; fi
    if [[ -z "$best_m" ]] || python3 -c "import sys; sys.exit(not $wm < $best_m)"; then best_m=$wm; fi
    if [[ -z "$cpu_v" ]] || python3 -c "import sys; sys.exit(not $cv < $cpu_v)"; then cpu_v=$cv; fi
    if [[ -z "$cpu_m" ]] || python3 -c "import sys; sys.exit(not $cm < $cpu_m)"; then cpu_m=$cm; fi
    ((rv > rss_v)) && rss_v=$rv
    ((rm > rss_m)) && rss_m=$rm
done
rows=$("$BIN" measure "$FILE" --format "$FORMAT" | wc -l)
python3 - "$best_v" "$best_m" "$rss_v" "$rss_m" "$rows" "$FORMAT" "$cpu_v" "$cpu_m" <<'PY'
import sys
v, m, rv, rm, rows, fmt = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
cv, cm = float(sys.argv[7]), float(sys.argv[8])
print(f"validate: best {v:.3f} s wall, {cv:.3f} s CPU, peak RSS {rv / 1024:.1f} MB")
print(f"measure ({fmt}, {rows} lines): best {m:.3f} s wall, {cm:.3f} s CPU, peak RSS {rm / 1024:.1f} MB")
print(f"CPU ratio measure/validate: {cm / cv:.2f}")
print(f"ratio measure/validate: {m / v:.2f} (target <= 1.5); measure RSS target <= 64 MB: "
      + ("ok" if rm <= 64 * 1024 else "OVER"))
PY
