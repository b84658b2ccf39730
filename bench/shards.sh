#!/usr/bin/env bash
# Issues 17 and 32: GESTURES gestures simulated in FILES files, analysed through SHARDS shards
# (`analyze --shard K/N --partial`, PARALLEL at a time, --jobs 1 each) and merged
# (`gesturetune merge`): wall time, CPU and peak memory (maximum resident set size, from
# /usr/bin/time -v) of each shard and of the merge, every partial's size; then the unsharded
# run of the same files, and whether its report.json is the merged one, byte for byte.
#
#     bench/shards.sh                          # 10,000,000 gestures, 40 files, 8 shards, 2 at a time
#     GESTURES=1000000 SKIP_BUILD=1 bench/shards.sh
#     COMPRESS=zst WHOLE=0 SKIP_BUILD=1 bench/shards.sh   # 10M as .csv.zst (~7 GB, not ~29), no unsharded run
#
# Environment: GESTURES (10000000), FILES (40: 8 shards of 5 files each), SHARDS (8),
# PARALLEL (2), RATE (60 Hz: few samples per gesture), RESAMPLES (1000), COMPRESS (zst: the
# traces written as .csv.zst through `zstd -3`, never plain on disk), WHOLE (0 skips the
# unsharded run and the comparison), DIR (/tmp/gesturetune-bench-shards-$GESTURES, with
# -zst appended when compressed; the traces are kept there and reused), DISTINCT (simulate
# only this many files and copy them under the other names, file K being a copy of file
# (K-1) mod DISTINCT + 1: the names differ, so every gesture has its own key, folds and
# hash, but the motions repeat; less simulation time. Copies, not links: analyze reads a
# file given twice, under two names of one inode, once), SKIP_BUILD, KEEP (1 keeps the
# partials and report).
set -euo pipefail
cd "$(dirname "$0")/.."

GESTURES=${GESTURES:-10000000}
FILES=${FILES:-40}
SHARDS=${SHARDS:-8}
PARALLEL=${PARALLEL:-2}
RATE=${RATE:-60}
RESAMPLES=${RESAMPLES:-1000}
DISTINCT=${DISTINCT:-$FILES}
COMPRESS=${COMPRESS:-}
WHOLE=${WHOLE:-1}
DIR=${DIR:-/tmp/gesturetune-bench-shards-$GESTURES${COMPRESS:+-$COMPRESS}}
ext=csv${COMPRESS:+.$COMPRESS}
BIN=$PWD/.build/release/gesturetune

if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Compiling|Build" | tail -3
fi

per=$((GESTURES / FILES))
mkdir -p "$DIR/traces"
if [[ ! -f "$DIR/traces/.done" ]]; then
    echo "simulating $FILES files of $per gestures at $RATE Hz into $DIR/traces ($PARALLEL at a time) ..."
    start=$(date +%s.%N)
    if [[ -n "$COMPRESS" ]]; then
        export BIN DIR per RATE
        seq 1 "$DISTINCT" | xargs -P "$PARALLEL" -I{} bash -c \
            '"$BIN" simulate --gestures "$per" --rate "$RATE" --seed {} | zstd -q -3 -o "$DIR/traces/part-{}.csv.zst"'
    else
        seq 1 "$DISTINCT" | xargs -P "$PARALLEL" -I{} "$BIN" simulate --gestures "$per" --rate "$RATE" --seed {} --out "$DIR/traces/part-{}.csv"
    fi
    for ((k = DISTINCT + 1; k <= FILES; k++)); do
        cp --reflink=auto "$DIR/traces/part-$(((k - 1) % DISTINCT + 1)).$ext" "$DIR/traces/part-$k.$ext"
    done
    touch "$DIR/traces/.done"
    echo "  simulated in $(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.1f", e - s}') s"
fi
bytes=$(cat "$DIR"/traces/*."$ext" | wc -c)
echo "traces: $FILES files ($DISTINCT simulated), $((FILES * per)) gestures, $(awk -v b="$bytes" 'BEGIN {printf "%.2f", b / 1e9}') GB ($ext)"
echo "cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

rm -f "$DIR"/part-*.json "$DIR"/time-*.txt
# Every shard gets the same file list; --shard picks its files.
mapfile -t traces < <(ls "$DIR"/traces/*."$ext")
export BIN DIR SHARDS RESAMPLES
run_shard() {
    /usr/bin/time -v -o "$DIR/time-$1.txt" "$BIN" analyze "${@:2}" --shard "$1/$SHARDS" --partial "$DIR/part-$1.json" \
        --jobs 1 --resamples "$RESAMPLES" 2>"$DIR/shard-$1.err"
}
export -f run_shard
start=$(date +%s.%N)
seq 1 "$SHARDS" | xargs -P "$PARALLEL" -I{} bash -c 'run_shard "$@"' _ {} "${traces[@]}"
shards_wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.1f", e - s}')

/usr/bin/time -v -o "$DIR/time-merge.txt" "$BIN" merge "$DIR"/part-*.json --out "$DIR/report" --name bench --jobs 2 >"$DIR/merge.out" 2>"$DIR/merge.err"

field() { grep -F "$2" "$1" | sed -E 's/.*: //'; }
wall_s() { field "$1" "Elapsed (wall clock)" | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }'; }
printf "%-8s %10s %10s %12s %14s\n" run "wall (s)" "CPU (s)" "peak RSS MB" "partial (kB)"
for ((k = 1; k <= SHARDS; k++)); do
    t="$DIR/time-$k.txt"
    cpu=$(awk -v u="$(field "$t" "User time")" -v s="$(field "$t" "System time")" 'BEGIN {printf "%.1f", u + s}')
    printf "%-8s %10.1f %10s %12.0f %14.0f\n" "shard $k" "$(wall_s "$t")" "$cpu" "$(($(field "$t" "Maximum resident") / 1024))" \
        "$(awk -v b="$(stat -c %s "$DIR/part-$k.json")" 'BEGIN {print b / 1000}')"
done
t="$DIR/time-merge.txt"
cpu=$(awk -v u="$(field "$t" "User time")" -v s="$(field "$t" "System time")" 'BEGIN {printf "%.1f", u + s}')
printf "%-8s %10.1f %10s %12.0f %14s\n" merge "$(wall_s "$t")" "$cpu" "$(($(field "$t" "Maximum resident") / 1024))" -
echo "all $SHARDS shards, $PARALLEL at a time: $shards_wall s wall"
grep -m1 -E "gestures" "$DIR/merge.out" || true
head -5 "$DIR/merge.out"

# The unsharded run on the same files and options: its report.json must be the merged one's,
# byte for byte.
if [[ "$WHOLE" == 0 ]]; then
    [[ "${KEEP:-}" == 1 ]] || rm -rf "$DIR"/part-*.json "$DIR/report"
    exit 0
fi
/usr/bin/time -v -o "$DIR/time-whole.txt" "$BIN" analyze "${traces[@]}" --out "$DIR/whole" --name bench \
    --resamples "$RESAMPLES" --jobs 2 >"$DIR/whole.out" 2>"$DIR/whole.err"
t="$DIR/time-whole.txt"
cpu=$(awk -v u="$(field "$t" "User time")" -v s="$(field "$t" "System time")" 'BEGIN {printf "%.1f", u + s}')
printf "%-8s %10.1f %10s %12.0f %14s\n" unsharded "$(wall_s "$t")" "$cpu" "$(($(field "$t" "Maximum resident") / 1024))" -
if cmp -s "$DIR/whole/bench/report.json" "$DIR/report/bench/report.json"; then
    echo "merged report.json == unsharded report.json: yes"
else
    echo "merged report.json == unsharded report.json: NO"
fi
[[ "${KEEP:-}" == 1 ]] || rm -rf "$DIR"/part-*.json "$DIR/report" "$DIR/whole"
