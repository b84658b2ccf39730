#!/usr/bin/env bash
# Issue 32, item 5: the fixed cost of the bootstrap on a tiny input. `analyze FILE --no-report`
# on a 10-gesture labelled file (`simulate --gestures 10 --seed 1`) with the default 1,000
# resamples and with `--resamples 0`, interleaved, RUNS times each: mean and median wall time
# and mean CPU time (user+sys) of each (bench/runtime.py: microsecond clock from spawn to
# wait4), and the ratios. Target: default resamples within 2× of --resamples 0.
#
#     bench/small.sh
#     SKIP_BUILD=1 RUNS=40 bench/small.sh
#
# Environment: RUNS (20), GESTURES (10), FILE (/tmp/gesturetune-bench-small-$GESTURES.csv),
# BIN (.build/release/gesturetune), NICE (-20 as root, else unset; NICE=0 for default
# priority: each timed command runs in its own session whose autogroup gets that nice value,
# see bench/README.md), SKIP_BUILD.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-20}
GESTURES=${GESTURES:-10}
FILE=${FILE:-/tmp/gesturetune-bench-small-$GESTURES.csv}
BIN=${BIN:-.build/release/gesturetune}
if [[ -z "${NICE+set}" && $(id -u) == 0 ]]; then NICE=-20; fi
[[ "${NICE:-}" == 0 ]] && NICE=
if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
fi
[[ -f "$FILE" ]] || "$BIN" simulate --gestures "$GESTURES" --seed 1 --out "$FILE"
echo "cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg); $RUNS runs each, interleaved"
if [[ -n "${NICE:-}" ]]; then
    echo "timed under: nice $NICE, own session (autogroup nice $NICE)"
else
    echo "timed under: default priority"
fi
python3 - "$BIN" "$FILE" "$RUNS" "${NICE:-}" <<'PY'
import os, statistics, subprocess, sys, tempfile
bin, file, runs, nice = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
runtime = os.path.join("bench", "runtime.py")
commands = [
    ("default (1000 resamples)", [bin, "analyze", file, "--no-report"]),
    ("--resamples 0", [bin, "analyze", file, "--no-report", "--resamples", "0"]),
]
wall = {name: [] for name, _ in commands}
cpu = {name: [] for name, _ in commands}
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "time")
    for _ in range(runs):
        for name, argv in commands:
            timer = [sys.executable, runtime, "--out", out]
            if nice:
                timer += ["--nice", nice]
            subprocess.run(timer + ["--"] + argv, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            w, u, s = map(float, open(out).read().split())
            wall[name].append(w * 1000)
            cpu[name].append((u + s) * 1000)
print(f"{'analyze FILE --no-report':28} {'mean wall (ms)':>15} {'median wall':>12} {'mean CPU (ms)':>14}")
for name, _ in commands:
    print(f"{name:28} {statistics.mean(wall[name]):15.1f} {statistics.median(wall[name]):12.1f} "
          f"{statistics.mean(cpu[name]):14.1f}")
a, b = (name for name, _ in commands)
print(f"ratio default / --resamples 0: wall {statistics.mean(wall[a]) / statistics.mean(wall[b]):.2f}× "
      f"(medians {statistics.median(wall[a]) / statistics.median(wall[b]):.2f}×), "
      f"CPU {statistics.mean(cpu[a]) / statistics.mean(cpu[b]):.2f}× (target ≤ 2×)")
PY
