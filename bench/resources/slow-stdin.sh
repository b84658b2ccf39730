#!/usr/bin/env bash
# `analyze -` on a slow standard input that never ends, interrupted after SECONDS: memory stays
# bounded, the interrupt ends the run with status 130 and nothing written. Then one gesture that
# never ends, fed fast: --max-gesture-samples stops it with an error naming the line.
# Usage: bench/resources/slow-stdin.sh [SECONDS]   (default 20)
source "$(dirname "$0")/common.sh"
SECONDS_RUN="${1:-20}"
out="$SCRATCH/out"
mkdir -p "$out"

# 1. Complete gestures, one row every 10 ms, for ever.
producer='echo "gesture,t,x,y,phase,intent"; i=0
while true; do
  echo "g$i,$i.000,10,300,began,complete"; echo "g$i,$i.016,60,300,moved,complete"; echo "g$i,$i.033,150,300,ended,complete"
  i=$((i + 1)); sleep 0.01
done'
measure "analyze - on a slow endless pipe (${SECONDS_RUN} s, INT)" \
  bash -c "($producer) | timeout --preserve-status -s INT $SECONDS_RUN '$BIN' analyze - --out '$out'"
check '[[ $STATUS -eq 130 ]]' "exit $STATUS, expected 130 (interrupted)"
check '[[ -z "$(ls -A "$out")" ]]' "output left in $out: $(ls -A "$out" | tr '\n' ' ')"
check '[[ $PEAK_MB -lt 64 ]]' "peak RSS $PEAK_MB MiB >= 64"

measure "validate - on a slow endless pipe (${SECONDS_RUN} s, INT)" \
  bash -c "($producer) | timeout --preserve-status -s INT $SECONDS_RUN '$BIN' validate -"
check '[[ $STATUS -eq 130 ]]' "exit $STATUS, expected 130 (interrupted)"
check '[[ $PEAK_MB -lt 64 ]]' "peak RSS $PEAK_MB MiB >= 64"

# 2. One gesture that never ends, as fast as the pipe goes.
measure "analyze - on one endless gesture" \
  bash -c "{ echo t,x,y,phase; echo 0,0,0,began; awk 'BEGIN { for (i = 1; ; i++) printf \"%d.%03d,%d,0,moved\n\", i / 1000, i % 1000, i % 400 }'; } | '$BIN' analyze - --no-report"
check '[[ $STATUS -eq 65 ]]' "exit $STATUS, expected 65"
check 'grep -q "<stdin>:100002: error: gesture .* has more than 100000 samples" "$SCRATCH/stderr.txt" || grep -q ":10000[0-9]: error: .*more than 100000 samples" "$SCRATCH/stderr.txt"' "no line-numbered --max-gesture-samples error"
check '[[ $PEAK_MB -lt 128 ]]' "peak RSS $PEAK_MB MiB >= 128"
finish
