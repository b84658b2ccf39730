#!/usr/bin/env bash
# SIGINT during analyze (writing a report) and during batch (writing JUnit and JSON): status 130,
# and no partial output: no report folder, no temporary folder or file in the output folders.
# Usage: bench/resources/sigint.sh [GESTURES]   (per file, 4 files; default 100,000)
source "$(dirname "$0")/common.sh"
N="${1:-100000}"

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

# One uninterrupted run of each measures its duration; then SIGINT lands at fractions of it,
# so some interrupts hit the reading, some the tuning, some the writing of the outputs.
# command_for NAME OUT: sets CMD to the command line of NAME (analyze or batch) writing into OUT.
# (The binary itself is started in the background, not a shell function: a non-interactive
# shell's background subshell ignores SIGINT.)
command_for() {
  if [[ $1 == analyze ]]; then
    CMD=("$BIN" analyze "$SCRATCH"/traces/*.csv --out "$2" --name run)
  else
    CMD=("$BIN" batch "$SCRATCH/traces" --params flutter-cupertino --max-error 1
      --junit "$2/junit.xml" --json "$2/summary.json" --write-baseline "$2/baseline.json")
  fi
}
duration() {  # duration NAME: wall seconds of one full run
  mkdir -p "$SCRATCH/full"
  command_for "$1" "$SCRATCH/full"
  local start end
  start=$(date +%s.%N); "${CMD[@]}" > /dev/null 2>&1 || true; end=$(date +%s.%N)
  rm -rf "$SCRATCH/full"
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
for name in analyze batch; do
  total=$(duration "$name")
  echo "$name: a full run takes ${total}s"
  for fraction in 0.05 0.2 0.4 0.6 0.7 0.75 0.8 0.85 0.9 0.93 0.96 0.98 0.99; do
    delay=$(awk -v t="$total" -v f="$fraction" 'BEGIN { printf "%.2f", t * f }')
    out="$SCRATCH/out-$name-$fraction"
    mkdir -p "$out"
    command_for "$name" "$out"
    interrupt_after "$delay" "${CMD[@]}"
    left="$(ls -A "$out" | tr '\n' ' ')"
    echo "  SIGINT after ${delay}s: exit $STATUS; left in the output folder: ${left:-nothing}"
    check '[[ $STATUS -eq 130 || $STATUS -eq 0 || ( $name == batch && $STATUS -eq 1 ) ]]' "exit $STATUS, expected 130 (or success when it finished first)"
    if [[ $STATUS -eq 130 ]]; then
      # No temporary file or folder (hidden entries) may survive an interrupt, and the outputs are
      # all or nothing: a report folder alone, or none / all three of batch's files.
      check '[[ -z "$(ls -A "$out" | grep "^\.")" ]]' "temporary output left after SIGINT: $left"
      check '[[ -z "$left" || "$left" == "run " || "$left" == "baseline.json junit.xml summary.json " ]]' "partial set of outputs after SIGINT: $left"
    fi
    if [[ $STATUS -ne 130 && $name == analyze ]]; then check '[[ "$left" == "run " ]]' "after a finished run expected only 'run', found: $left"; fi
    if [[ $STATUS -ne 130 && $name == batch ]]; then check '[[ "$left" == "baseline.json junit.xml summary.json " ]]' "after a finished run expected the three outputs, found: $left"; fi
  done
done
finish
