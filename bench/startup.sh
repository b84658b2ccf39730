#!/usr/bin/env bash
# Start-up (issue 13): time to the first byte on standard output of `gesturetune --version`
# and of `gesturetune analyze FILE --no-report` on a 10-gesture labelled file (default
# resamples, and --resamples 0), and each process's total wall time; median of RUNS.
#
#     bench/startup.sh
#     SKIP_BUILD=1 RUNS=21 bench/startup.sh
#
# Environment: RUNS (11), FILE (default /tmp/gesturetune-bench-10.csv), SKIP_BUILD.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-11}
FILE=${FILE:-/tmp/gesturetune-bench-10.csv}
BIN=.build/release/gesturetune
if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
fi
[[ -f "$FILE" ]] || "$BIN" simulate --gestures 10 --seed 1 --out "$FILE"
echo "cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg); median of $RUNS runs"
python3 - "$BIN" "$FILE" "$RUNS" <<'PY'
import statistics, subprocess, sys, time
bin, file, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
commands = [
    ("gesturetune --version", [bin, "--version"]),
    ("analyze FILE --no-report (10 gestures)", [bin, "analyze", file, "--no-report"]),
    ("analyze FILE --no-report --resamples 0", [bin, "analyze", file, "--no-report", "--resamples", "0"]),
]
print(f"{'command':44} {'first byte (ms)':>16} {'exit (ms)':>10}")
for name, argv in commands:
    first, total = [], []
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        p.stdout.read(1)
        first.append(time.perf_counter() - start)
        p.stdout.read()
        p.wait()
        total.append(time.perf_counter() - start)
    print(f"{name:44} {1000 * statistics.median(first):16.1f} {1000 * statistics.median(total):10.1f}")
PY
