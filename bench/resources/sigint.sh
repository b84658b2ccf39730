#!/usr/bin/env bash
# SIGINT during analyze (writing a report) and during batch (writing JUnit and JSON): status 130,
# and no partial output: no report folder, no temporary folder or file in the output folders.
# Usage: bench/resources/sigint.sh [GESTURES]   (default 400,000: a run long enough to interrupt)
source "$(dirname "$0")/common.sh"
N="${1:-400000}"

mkdir -p "$SCRATCH/traces"
for f in a b c d; do
  awk -v n="$N" 'BEGIN {
    print "gesture,t,x,y,phase,intent"
    for (i = 0; i < n; i++) {
      t = i * 0.1; x = i % 97; intent = (i % 3 ? "complete" : "cancel")
      printf "g%d,%.3f,%d,300,began,%s\ng%d,%.3f,%d,300,moved,%s\ng%d,%.3f,%d,300,ended,%s\n", i, t, x, intent, i, t + 0.016, x + 40, intent, i, t + 0.033, x + 90 + (i % 7) * 20, intent
    }
  }' > "$SCRATCH/traces/$f.csv"
done

# interrupt_after SECONDS CMD...: starts CMD, sends SIGINT after SECONDS, waits; status in $STATUS.
interrupt_after() {
  local delay="$1"; shift
  "$@" > /dev/null 2> "$SCRATCH/stderr.txt" &
  local pid=$!
  sleep "$delay"
  kill -INT "$pid" 2>/dev/null || true
  set +e; wait "$pid"; STATUS=$?; set -e
}

for delay in 0.3 1 2 4; do
  out="$SCRATCH/notebooks-out-$delay"
  mkdir -p "$out"
  interrupt_after "$delay" "$BIN" analyze "$SCRATCH"/traces/*.csv --out "$out" --name run
  left="$(ls -A "$out")"
  echo "analyze, SIGINT after ${delay}s: exit $STATUS; left in the output folder: ${left:-nothing}"
  check '[[ $STATUS -eq 130 || $STATUS -eq 0 ]]' "exit $STATUS, expected 130 (or 0 when it finished first)"
  if [[ $STATUS -eq 130 ]]; then check '[[ -z "$left" ]]' "partial output after SIGINT: $left"; fi
  if [[ $STATUS -eq 0 ]]; then check '[[ "$left" == "run" ]]' "after a finished run expected only 'run', found: $left"; fi

  bout="$SCRATCH/batch-out-$delay"
  mkdir -p "$bout"
  interrupt_after "$delay" "$BIN" batch "$SCRATCH/traces" --params flutter-cupertino --max-error 1 \
    --junit "$bout/junit.xml" --json "$bout/summary.json" --write-baseline "$bout/baseline.json"
  left="$(ls -A "$bout")"
  echo "batch, SIGINT after ${delay}s: exit $STATUS; left in the output folder: ${left:-nothing}"
  check '[[ $STATUS -eq 130 || $STATUS -eq 0 || $STATUS -eq 1 ]]' "exit $STATUS, expected 130 (or 0/1 when it finished first)"
  if [[ $STATUS -eq 130 ]]; then check '[[ -z "$left" ]]' "partial output after SIGINT: $left"; fi
done
finish
