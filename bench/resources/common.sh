# Shared by bench/resources/*.sh: the binary, a scratch folder removed on exit, peak RSS.
# Source it; do not run it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# The binary: GESTURETUNE_BIN, else the release build, else the debug build.
if [[ -n "${GESTURETUNE_BIN:-}" ]]; then
  BIN="$GESTURETUNE_BIN"
elif [[ -x "$ROOT/.build/release/gesturetune" ]]; then
  BIN="$ROOT/.build/release/gesturetune"
elif [[ -x "$ROOT/.build/debug/gesturetune" ]]; then
  BIN="$ROOT/.build/debug/gesturetune"
else
  echo "no gesturetune binary: run 'swift build -c release' (or set GESTURETUNE_BIN)" >&2
  exit 2
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "/usr/bin/time is missing: apt-get install time" >&2
  exit 2
fi

# Big generated files go here (never into the repository); removed on exit.
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/gesturetune-resources.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT

# measure LABEL CMD...: runs CMD under /usr/bin/time -v, prints one line
# "LABEL: exit N, peak RSS M MiB, T s" and the first 3 lines of CMD's stderr; returns 0.
# The exit status is left in $STATUS, the peak RSS (MiB) in $PEAK_MB.
measure() {
  local label="$1"; shift
  local timing="$SCRATCH/time.txt" err="$SCRATCH/stderr.txt"
  set +e
  /usr/bin/time -v -o "$timing" "$@" > /dev/null 2> "$err"
  STATUS=$?
  set -e
  local kb secs
  kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$timing")
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$timing")
  # time -v reports the child's status itself when it was killed by a signal.
  if grep -q "Command terminated by signal" "$timing"; then
    STATUS=$((128 + $(awk '/Command terminated by signal/ {print $NF}' "$timing")))
  fi
  PEAK_MB=$(( (kb + 1023) / 1024 ))
  printf '%-48s exit %3d  peak RSS %5d MiB  wall %s\n' "$label:" "$STATUS" "$PEAK_MB" "$secs"
  head -n 3 "$err" | cut -c1-200 | sed 's/^/    /'
}

# check CONDITION MESSAGE: prints FAIL and remembers it when CONDITION (a test expression) is false.
FAILED=0
check() {
  if ! eval "$1"; then
    echo "  FAIL: $2"
    FAILED=1
  fi
}

finish() {
  if [[ $FAILED -ne 0 ]]; then echo "some checks failed"; exit 1; fi
  echo "all checks passed"
}
