#!/usr/bin/env bash
# Memory per `--by` group: FILES simulated files whose `person` column takes GROUP_COUNT values
# (each file holds every person, so groups meet again when the files' digests merge),
# analysed with and without `--by person`; prints both peak resident sets (/usr/bin/time -v)
# and their difference per group.
#
#     bench/groups.sh                       # 4 files, 1,000 groups, 2 gestures per group and file
#     GROUP_COUNT=250 GESTURES=500 bench/groups.sh
#
# Environment: GROUP_COUNT (1000), FILES (4), GESTURES per file (2 × GROUP_COUNT), GESTURETUNE_BIN
# (default: the release build, else the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
GROUP_COUNT=${GROUP_COUNT:-1000}
FILES=${FILES:-4}
GESTURES=${GESTURES:-$((2 * GROUP_COUNT))}
BIN=${GESTURETUNE_BIN:-}
if [ -z "$BIN" ]; then
    if [ -x .build/release/gesturetune ]; then BIN=.build/release/gesturetune; else BIN=.build/debug/gesturetune; fi
fi
DIR=$(mktemp -d "${TMPDIR:-/tmp}/gesturetune-groups.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
"$BIN" simulate --files "$FILES" --gestures "$GESTURES" --people "$GROUP_COUNT" --seed 5 --out "$DIR/traces" >/dev/null
distinct=$(cat "$DIR"/traces/*.csv | awk -F, 'NR > 1 && $NF != "person" { print $NF }' | sort -u | wc -l)
peak() {
    /usr/bin/time -v "$BIN" analyze "$DIR"/traces/*.csv --no-report --resamples 0 "$@" \
        2>&1 >/dev/null | awk '/Maximum resident/ { print $NF }'
}
plain=$(peak)
cap=()
if "$BIN" analyze --help | grep -q -- --max-groups; then cap=(--max-groups 1000000); fi
grouped=$(peak --by person "${cap[@]}")
echo "binary: $BIN"
echo "files: $FILES, gestures per file: $GESTURES, groups: $distinct"
echo "peak RSS without --by: $((plain / 1024)) MiB, with --by person: $((grouped / 1024)) MiB"
echo "per group: $(((grouped - plain) / distinct)) KiB"
