#!/usr/bin/env bash
# Issue 46: nothing is left behind by signalled runs, and the exit is always 128 + the signal.
#
#     bench/signals.sh [RUNS] [BIN]     # default 1000 runs of .build/release/gesturetune
#
# Each run writes a report (a 2,000-gesture trace, so the swap has a report to replace) and is
# sent SIGINT, SIGTERM or SIGHUP after a random delay of 0 to 400 ms, mostly while the report
# is written and swapped. Prints how many runs left a hidden `.NAME.*` folder or temporary
# file, and how many exited other than 0 (finished first) or 128 + the signal.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000}
bin=$(realpath "${2:-.build/release/gesturetune}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" simulate --gestures 2000 --seed 5 --out "$work/t.csv" >/dev/null
signals=(INT TERM HUP)
left=0 wrong=0 finished=0 interrupted=0
for ((k = 0; k < runs; k++)); do
    sig=${signals[$((k % 3))]}
    "$bin" analyze "$work/t.csv" --out "$work/out" --name r --jobs 2 --resamples 0 >/dev/null 2>&1 &
    pid=$!
    sleep "0.$(printf '%03d' $((RANDOM % 400)))"
    kill -s "$sig" "$pid" 2>/dev/null || true
    set +e
    wait "$pid"
    status=$?
    set -e
    number=$(kill -l "$sig" >/dev/null 2>&1 && echo $(( $(kill -l "$sig") )))
    if ((status == 0)); then
        finished=$((finished + 1))
    elif ((status == 128 + number)); then
        interrupted=$((interrupted + 1))
    else
        wrong=$((wrong + 1))
        echo "run $k: SIG$sig exit $status" >&2
    fi
    if compgen -G "$work/out/.r.*" >/dev/null || compgen -G "$work/out/r/.*.??????" >/dev/null; then
        left=$((left + 1))
        echo "run $k: left $(ls -a "$work/out" | tr '\n' ' ')" >&2
        rm -rf "$work"/out/.r.*
    fi
done
echo "signalled runs: $runs (finished before the signal: $finished, exited 128 + signal: $interrupted)"
echo "runs that left a hidden folder or temporary file: $left"
echo "runs with another exit status: $wrong"
