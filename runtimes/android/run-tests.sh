#!/usr/bin/env bash
# Compiles the runtime and its tests with kotlinc and runs them (no Gradle needed).
# Usage: runtimes/android/run-tests.sh [path/to/cases.json]   (from any directory)
# The conformance cases default to runtimes/conformance/cases.json (in the repository, written by
# `make runtimes`); a missing or unreadable file fails the run, it is never skipped.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cases="${1:-$(cd "$here/.." && pwd)/conformance/cases.json}"

for tool in kotlinc java; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run-tests.sh: '$tool' not found on PATH: install a Kotlin compiler (kotlinc) and a JDK to run the runtime's tests" >&2
        exit 2
    fi
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/gesturetune-runtime-tests.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# kotlinc prints JVM warnings on stderr even when it succeeds: keep them for a failure only.
if ! kotlinc "$here/src/main/kotlin" "$here/src/test/kotlin" -include-runtime -d "$tmp/tests.jar" 2>"$tmp/kotlinc.log"; then
    cat "$tmp/kotlinc.log" >&2
    echo "run-tests.sh: compilation failed" >&2
    exit 1
fi
grep -E '(^|: )(error|warning):' "$tmp/kotlinc.log" | grep -v 'Options -Xverify' >&2 || true

java -cp "$tmp/tests.jar" dev.gesturetune.runtime.RuntimeTestsKt "$cases"
