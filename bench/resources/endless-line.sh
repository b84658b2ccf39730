#!/usr/bin/env bash
# One endless line (default 500 MiB, no newline): must fail with a field-too-long or field-count
# error naming the line, in bounded memory, without reading the whole line into memory.
# Usage: bench/resources/endless-line.sh [MIB]
source "$(dirname "$0")/common.sh"
MIB="${1:-500}"

# 1. The header itself is one endless field.
head -c "${MIB}M" /dev/zero | tr '\0' 'a' > "$SCRATCH/endless-header.csv"
measure "endless header field (${MIB} MiB)" "$BIN" validate "$SCRATCH/endless-header.csv"
check '[[ $STATUS -eq 65 ]]' "exit $STATUS, expected 65"
check 'grep -q "endless-header.csv:1: error: .*longer than" "$SCRATCH/stderr.txt"' "no file:1: field-too-long message"
check '[[ $PEAK_MB -lt 64 ]]' "peak RSS $PEAK_MB MiB >= 64"
rm -f "$SCRATCH/endless-header.csv"

# 2. A header, one good gesture, then one endless data field on line 5.
{ printf 't,x,y,phase\n0,0,0,began\n0.01,5,0,moved\n0.02,9,0,ended\n0.03,'; head -c "${MIB}M" /dev/zero | tr '\0' '7'; } > "$SCRATCH/endless-field.csv"
measure "endless data field (${MIB} MiB)" "$BIN" validate "$SCRATCH/endless-field.csv"
check '[[ $STATUS -eq 65 ]]' "exit $STATUS, expected 65"
check 'grep -q "endless-field.csv:5: error: column \"x\": field longer than" "$SCRATCH/stderr.txt"' "no file:5: field-too-long message"
check '[[ $PEAK_MB -lt 64 ]]' "peak RSS $PEAK_MB MiB >= 64"
measure "endless data field, analyze --lenient" "$BIN" analyze "$SCRATCH/endless-field.csv" --no-report --lenient
check '[[ $STATUS -eq 65 ]]' "exit $STATUS, expected 65 (a file-level error under --lenient too)"
check '[[ $PEAK_MB -lt 256 ]]' "peak RSS $PEAK_MB MiB >= 256"
rm -f "$SCRATCH/endless-field.csv"

# 3. One endless line of short fields ("1,1,1,...").
{ printf 't,x,y,phase\n'; head -c "$((MIB / 2))M" /dev/zero | tr '\0' ',' | sed 's/,/1,/g'; } > "$SCRATCH/endless-fields.csv"
measure "endless line of short fields (${MIB} MiB)" "$BIN" validate "$SCRATCH/endless-fields.csv"
check '[[ $STATUS -eq 65 ]]' "exit $STATUS, expected 65"
check 'grep -q "endless-fields.csv:2: error: " "$SCRATCH/stderr.txt"' "no file:2: message"
check '[[ $PEAK_MB -lt 64 ]]' "peak RSS $PEAK_MB MiB >= 64"
rm -f "$SCRATCH/endless-fields.csv"

# 4. The same endless field on standard input (never on disk).
measure "endless data field on stdin (${MIB} MiB)" bash -c "{ printf 't,x,y,phase\n0,0,0,began\n0.01,'; head -c ${MIB}M /dev/zero | tr '\0' '7'; } | '$BIN' validate -"
check '[[ $STATUS -eq 65 ]]' "exit $STATUS, expected 65"
check 'grep -q ":3: error: column \"x\": field longer than" "$SCRATCH/stderr.txt"' "no :3: field-too-long message"
check '[[ $PEAK_MB -lt 64 ]]' "peak RSS $PEAK_MB MiB >= 64"
finish
