#!/usr/bin/env bash
# Behaviour-preserving refactors prove it: every output of a fixed set of runs, written by one
# binary into a folder, then compared byte for byte with the same runs of another binary.
#
#     bench/identity.sh write BIN DIR     # the runs of BIN into DIR (DIR is replaced)
#     bench/identity.sh compare BIN DIR   # the runs of BIN into a scratch folder, diffed with DIR
#
# The runs: a report of each of the three samples, a 2,000-gesture `simulate` file (its report,
# `--format json`, two shards and their `merge`), `--labels implicit`, `--by`, and
# `batch --format json` over the samples. The generator line (the version) is the same for both
# binaries as long as the version is.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=$1 bin=$(realpath "$2") dir=$3

run_all() {
    local out=$1
    rm -rf "$out" && mkdir -p "$out/reports" "$out/stdout" "$out/in"
    cp traces/*.csv "$out/in/"
    "$bin" simulate --gestures 2000 --seed 7 --out "$out/in/sim2000.csv" >/dev/null
    "$bin" simulate --gestures 600 --seed 3 --people 6 --spread 0.3 --outcome ionic --retries \
        --out "$out/in/people.csv" >/dev/null
    (
        cd "$out"
        for t in swipe outcome unlabelled sim2000; do
            "$bin" analyze "in/$t.csv" --out reports --name "$t" --jobs 2 >"stdout/analyze-$t.txt" 2>&1 || echo "exit $?" >>"stdout/analyze-$t.txt"
            "$bin" analyze "in/$t.csv" --format json --no-report --jobs 1 >"stdout/json-$t.json" 2>/dev/null || echo "exit $?" >>"stdout/json-$t.json"
        done
        "$bin" analyze in/people.csv --labels implicit --map intent=meant --out reports --name implicit >stdout/implicit.txt 2>&1 || true
        "$bin" analyze in/people.csv --by person --out reports --name byperson >stdout/byperson.txt 2>&1 || true
        "$bin" analyze in/swipe.csv in/outcome.csv in/sim2000.csv --out reports --name several >stdout/several.txt 2>&1 || true
        "$bin" analyze in/swipe.csv in/outcome.csv in/sim2000.csv --shard 1/2 --partial part-1.json 2>/dev/null
        "$bin" analyze in/swipe.csv in/outcome.csv in/sim2000.csv --shard 2/2 --partial part-2.json 2>/dev/null
        "$bin" merge part-1.json part-2.json --out reports --name merged >stdout/merge.txt 2>&1 || true
        rm -f part-1.json part-2.json
        "$bin" batch in --params reports/swipe/params.json --format json >stdout/batch.json 2>/dev/null || echo "exit $?" >>stdout/batch.json
        "$bin" batch in --params ionic --format json --shard 1/2 --json batch-1.json >/dev/null 2>&1 || true
        "$bin" batch in --params ionic --format json --shard 2/2 --json batch-2.json >/dev/null 2>&1 || true
        "$bin" merge batch-1.json batch-2.json --format json >stdout/batch-merge.json 2>/dev/null || echo "exit $?" >>stdout/batch-merge.json
        rm -f batch-1.json batch-2.json
    )
    rm -rf "$out/in"
}

case $mode in
write) run_all "$dir" && echo "wrote $(find "$dir" -type f | wc -l) files to $dir" ;;
compare)
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    run_all "$scratch/now"
    if diff -r "$dir" "$scratch/now" >"$scratch/diff.txt"; then
        echo "identical: $(find "$dir" -type f | wc -l) files"
    else
        echo "DIFFERENT:"
        head -60 "$scratch/diff.txt"
        exit 1
    fi
    ;;
*) echo "usage: $0 write|compare BIN DIR" >&2 && exit 64 ;;
esac
