#!/usr/bin/env bash
# Compressed inputs (issue 32, item 3): `gesturetune validate` on the same trace plain, gzip and
# zstd compressed. Target: each compressed read within 1.5x of the plain read's wall time.
#
#     bench/compressed.sh                    # build release, generate the files once, measure
#     SKIP_BUILD=1 RUNS=5 bench/compressed.sh
#
# Environment: FILE (default /tmp/gesturetune-bench-compressed.csv; FILE.gz and FILE.zst are
# written beside it), MB (100), RUNS (3: the best of them is kept), LEVEL_GZ (6), LEVEL_ZST (3),
# NICE (-20 when run as root, else unset; NICE=0 for default priority: each timed command runs
# in its own session whose scheduler autogroup gets that nice value, see bench/batch.sh).
#
# The trace comes from `gesturetune simulate`; the compressed copies from the gzip and zstd
# command-line tools (python3's gzip module when gzip is absent; the zstd figure is skipped,
# saying so, when zstd is absent). The reader decompresses as it reads (zlib, libzstd), on the
# same thread: the ratio is the decompression's cost over reading the text.
set -euo pipefail
cd "$(dirname "$0")/.."

FILE=${FILE:-/tmp/gesturetune-bench-compressed.csv}
MB=${MB:-100}
RUNS=${RUNS:-3}
LEVEL_GZ=${LEVEL_GZ:-6}
LEVEL_ZST=${LEVEL_ZST:-3}
BIN=.build/release/gesturetune
if [[ -z "${NICE+set}" && $(id -u) == 0 ]]; then NICE=-20; fi
[[ "${NICE:-}" == 0 ]] && NICE=

if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product gesturetune 2>&1 | grep -E "error|warning:|Build" | tail -3
fi

# The trace, once: `gesturetune simulate` writes about 2.86 kB a gesture.
want=$((MB * 1000000))
if [[ ! -f "$FILE" ]] || (($(stat -c %s "$FILE") < want * 9 / 10)); then
    echo "generating $FILE (~$MB MB) ..."
    "$BIN" simulate --gestures $((want / 2860)) --seed 1 --out "$FILE"
    rm -f "$FILE.gz" "$FILE.zst"
fi
if [[ ! -f "$FILE.gz" ]]; then
    echo "compressing $FILE.gz (level $LEVEL_GZ) ..."
    if command -v gzip >/dev/null; then
        gzip -"$LEVEL_GZ" -c "$FILE" >"$FILE.gz"
    else
        python3 -c 'import gzip, shutil, sys
with open(sys.argv[1], "rb") as src, gzip.open(sys.argv[1] + ".gz", "wb", int(sys.argv[2])) as dst:
    shutil.copyfileobj(src, dst, 1 << 20)' "$FILE" "$LEVEL_GZ"
    fi
fi
have_zstd=1
if ! command -v zstd >/dev/null; then
    have_zstd=0
    echo "zstd is not installed (apt-get install zstd): the .zst figure is skipped"
elif [[ ! -f "$FILE.zst" ]]; then
    echo "compressing $FILE.zst (level $LEVEL_ZST) ..."
    zstd -q -"$LEVEL_ZST" -c "$FILE" >"$FILE.zst"
fi

megabytes() { awk -v b="$(stat -c %s "$1")" 'BEGIN {printf "%.1f MB", b / 1e6}'; }
sizes="file: $FILE, $(megabytes "$FILE"); .gz $(megabytes "$FILE.gz")"
((have_zstd)) && sizes+="; .zst $(megabytes "$FILE.zst")"
echo "$sizes"
echo "cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg); best of $RUNS runs"

# The three must read the same: rows and gestures.
plain_line=$("$BIN" validate "$FILE")
for ext in gz $( ((have_zstd)) && echo zst); do
    line=$("$BIN" validate "$FILE.$ext")
    if [[ "${line#"$FILE.$ext"}" != "${plain_line#"$FILE"}" ]]; then
        echo "MISMATCH: $line vs $plain_line" >&2
        exit 1
    fi
done
echo "${plain_line#"$FILE: "} in each"

timed() {
    if [[ -n "${NICE:-}" ]]; then
        setsid -w bash -c 'echo "$0" >/proc/self/autogroup 2>/dev/null; exec /usr/bin/time -f "%e %U %S" nice -n "$0" "$@" >/dev/null' "$NICE" "$@" 2>&1 | tail -1
    else
        { /usr/bin/time -f "%e %U %S" "$@" >/dev/null; } 2>&1 | tail -1
    fi
}
if [[ -n "${NICE:-}" ]]; then
    echo "timed under: nice $NICE, own session (autogroup nice $NICE)"
else
    echo "timed under: default priority (NICE=-20 as root gives the benchmark the cores on a loaded machine)"
fi

declare -A wall cpu
names=(plain gz)
((have_zstd)) && names+=(zst)
for ((r = 1; r <= RUNS; r++)); do
    for name in "${names[@]}"; do
        path=$FILE
        [[ $name != plain ]] && path=$FILE.$name
        read -r w u s <<<"$(timed "$BIN" validate "$path")"
        c=$(awk -v u="$u" -v s="$s" 'BEGIN {printf "%.2f", u + s}')
        if [[ -z "${wall[$name]:-}" ]] || awk -v a="$w" -v b="${wall[$name]}" 'BEGIN {exit !(a < b)}'; then wall[$name]=$w; fi
        if [[ -z "${cpu[$name]:-}" ]] || awk -v a="$c" -v b="${cpu[$name]}" 'BEGIN {exit !(a < b)}'; then cpu[$name]=$c; fi
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

printf '\n%-24s %9s %13s %16s %15s\n' "validate" "wall (s)" "user+sys (s)" "x plain (wall)" "x plain (CPU)"
status=0
for name in "${names[@]}"; do
    label="plain .csv"
    [[ $name != plain ]] && label=".csv.$name"
    awk -v l="$label" -v w="${wall[$name]}" -v c="${cpu[$name]}" -v pw="${wall[plain]}" -v pc="${cpu[plain]}" \
        'BEGIN {printf "%-24s %9.2f %13.2f %16.2f %15.2f\n", l, w, c, w / pw, c / pc}'
    if [[ $name != plain ]] && ! awk -v w="${wall[$name]}" -v pw="${wall[plain]}" 'BEGIN {exit !(w <= 1.5 * pw)}'; then
        status=1
    fi
done
if ((status)); then
    echo $'\ntarget (each compressed read within 1.5x of plain, wall): MISSED'
else
    echo $'\ntarget (each compressed read within 1.5x of plain, wall): met'
fi
exit $status
