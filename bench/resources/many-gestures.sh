#!/usr/bin/env bash
# Millions of tiny gestures (3 rows each): validate and analyze must run in memory bounded by the
# open gestures and the per-gesture measurements, not by the file size.
# Usage: bench/resources/many-gestures.sh [GESTURES]   (default 2,000,000; 6M rows, 232 MiB)
source "$(dirname "$0")/common.sh"
N="${1:-2000000}"
# analyze keeps one measurement per gesture for tuning: memory grows with the gesture count
# (not the file size); the check is per gesture.
PER_GESTURE_BYTES="${PER_GESTURE_BYTES:-4096}"

file="$SCRATCH/many-gestures.csv"
awk -v n="$N" 'BEGIN {
  print "gesture,t,x,y,phase,intent"
  for (i = 0; i < n; i++) {
    t = i * 0.1; x = i % 97; intent = (i % 3 ? "complete" : "cancel")
    printf "g%d,%.3f,%d,300,began,%s\ng%d,%.3f,%d,300,moved,%s\ng%d,%.3f,%d,300,ended,%s\n", i, t, x, intent, i, t + 0.016, x + 40, intent, i, t + 0.033, x + 90 + (i % 7) * 20, intent
  }
}' > "$file"
echo "file: $N gestures, $(( $(stat -c %s "$file") / 1048576 )) MiB; binary: $BIN"

measure "validate ($N gestures)" "$BIN" validate "$file"
check '[[ $STATUS -eq 0 ]]' "validate exit $STATUS"
check '[[ $PEAK_MB -lt 64 ]]' "validate peak RSS $PEAK_MB MiB >= 64"

measure "analyze --no-report ($N gestures)" "$BIN" analyze "$file" --no-report
check '[[ $STATUS -eq 0 ]]' "analyze exit $STATUS"
echo "    $(( PEAK_MB * 1048576 / N )) bytes per gesture"
check '[[ $(( PEAK_MB * 1048576 / N )) -lt $PER_GESTURE_BYTES ]]' "analyze peak RSS $PEAK_MB MiB: more than $PER_GESTURE_BYTES bytes per gesture"

# Phase-delimited (no gesture column): the same rows without ids.
cut -d, -f2- "$file" > "$SCRATCH/phases.csv"
rm -f "$file"
measure "validate, no gesture column ($N gestures)" "$BIN" validate "$SCRATCH/phases.csv"
check '[[ $STATUS -eq 0 ]]' "validate exit $STATUS"
check '[[ $PEAK_MB -lt 64 ]]' "validate peak RSS $PEAK_MB MiB >= 64"
finish
