# gesturetune: the two set-up commands are `make run` (the sample) and `make check` (every test).
SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
APT_GET ?= apt-get
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What building needs (`make run`): the C libraries (CSV, GSL, and zlib and libzstd for
# compressed traces).
APT_PACKAGES := libcsv-dev libgsl-dev zlib1g-dev libzstd-dev
# What the tests need besides (`make check`): chromium, chromium-driver, selenium: the web
# recorder's test; kotlin: compiling the Android recorder; the Python packages: the notebook,
# JUnit and report checks; dask: the tested sharding recipe (recipes/dask_shards.py); nodejs
# (and npm, Debian's own package when nodejs does not bring it): the JavaScript runtime's tests.
APT_TEST_PACKAGES := $(APT_PACKAGES) chromium chromium-driver kotlin nodejs
PY_PACKAGES := nbformat nbclient nbconvert ipykernel ipywidgets pandas matplotlib junitparser xmlschema selenium dask

.PHONY: runtimes check-runtimes run check deps test-deps pydeps build release install uninstall static dist check-plugin check-static lint format test test-e2e sanitize fuzz fuzz-build fuzz-check bench clean bench-deps

## run: install what is missing, build, analyse the shipped sample.
run: release
	.build/release/gesturetune analyze traces/swipe.csv

## check: install what is missing, check the formatting, build, run the whole test suite, the
## end-to-end tests once more against the static release binary, the sanitizers and the
## deterministic fuzz step.
check: test-deps pydeps
	$(MAKE) lint
	$(SWIFT) build
	GESTURETUNE_REQUIRE_TOOLCHAINS=1 $(SWIFT) test --parallel
	$(MAKE) check-runtimes
	$(MAKE) check-static
	$(MAKE) sanitize
	$(MAKE) fuzz-check

deps: APT_WANTED = $(APT_PACKAGES)
test-deps: APT_WANTED = $(APT_TEST_PACKAGES)
## deps, test-deps: the Debian packages that are missing, installed with apt-get. Without
## apt-get (another distribution, macOS) nothing is installed: when the libcsv, GSL, zlib and
## zstd headers are found the build goes on; when not, the target names what to install and stops (exit 2)
## before anything is built.
BUILD_HEADERS := '\#include <csv.h>\n\#include <gsl/gsl_version.h>\n\#include <zlib.h>\n\#include <zstd.h>\n'
HEADER_CHECK := printf $(BUILD_HEADERS) | $${CC:-cc} -E -x c - -o /dev/null 2>/dev/null || \
  printf $(BUILD_HEADERS) | clang -E -x c - -o /dev/null 2>/dev/null
deps test-deps:
	@if ! command -v $(APT_GET) >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then \
	  if $(HEADER_CHECK); then \
	    echo "make $@: no apt-get; the libcsv, GSL, zlib and zstd headers are there, nothing installed"; \
	    [ "$@" = deps ] || echo "make $@: without apt-get, install these yourself for every test to run: $(filter-out $(APT_PACKAGES),$(APT_WANTED))"; \
	    exit 0; \
	  fi; \
	  echo "make $@: apt-get not found and a libcsv, GSL, zlib or zstd header (csv.h, gsl/gsl_version.h, zlib.h, zstd.h) is missing." >&2; \
	  echo "  On Debian or Ubuntu the packages are: $(APT_WANTED)" >&2; \
	  echo "  Elsewhere, install the libcsv, GSL, zlib and zstd development files with your package manager" >&2; \
	  echo "  (for example Fedora: dnf install libcsv-devel gsl-devel zlib-devel libzstd-devel; macOS: brew install libcsv gsl zstd)," >&2; \
	  echo "  then run 'make $(or $(filter-out deps test-deps,$(MAKECMDGOALS)),run)' again." >&2; \
	  exit 2; \
	fi; \
	missing=""; for p in $(APT_WANTED); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) $(APT_GET) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq $$missing; \
	fi; \
	if [ "$@" = test-deps ] && ! command -v npm >/dev/null 2>&1; then \
	  echo "installing npm"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq npm; \
	fi

pydeps:
	@$(PYTHON) -c "import nbformat, nbclient, nbconvert, ipykernel, ipywidgets, pandas, matplotlib, junitparser, xmlschema, selenium, dask" 2>/dev/null || \
	  $(PYTHON) -m pip install -q $(PY_PACKAGES)

# bench/small_studies.py's peers (scikit-learn); not needed by the tests.
bench-deps:
	@$(PYTHON) -c "import sklearn, numpy" 2>/dev/null || $(PYTHON) -m pip install -q scikit-learn numpy

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## install: the release binary to $(PREFIX)/bin/gesturetune (PREFIX defaults to ~/.local;
## `make install PREFIX=/usr/local` as root for every user). uninstall removes it.
PREFIX ?= $(HOME)/.local
install: release
	install -d "$(PREFIX)/bin"
	install -m 755 .build/release/gesturetune "$(PREFIX)/bin/gesturetune"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; \
	  *) echo "$(PREFIX)/bin is not on PATH: add 'export PATH=\"$(PREFIX)/bin:\$$PATH\"' to your shell's profile" ;; esac

uninstall:
	rm -f "$(PREFIX)/bin/gesturetune"

test: test-deps pydeps
	$(SWIFT) test --parallel

## static: a release binary with the Swift runtime and Foundation linked in
## (.build/static/release/gesturetune): it starts faster and runs where no Swift toolchain is
## installed (libgsl, libcsv and libc stay shared). Its own scratch folder, so `make release`
## and this do not rebuild each other's modules.
STATIC_BIN := $(CURDIR)/.build/static/release/gesturetune
static: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static --product gesturetune

## dist: the archive an app's CI downloads, dist/gesturetune-VERSION-linux-ARCH.tar.gz (the
## static binary, README.md, docs/dist.md: what the target machine needs and the licences), and
## its SHA-256 beside it. The target needs libc, libstdc++ and the four libraries' runtime
## packages (Debian: libgsl27 libcsv3 zlib1g libzstd1); no Swift toolchain.
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/GestureAnalysis/GestureTune.swift)
DIST_NAME := gesturetune-$(VERSION)-linux-$(shell uname -m)
dist: static
	rm -rf dist/$(DIST_NAME) dist/$(DIST_NAME).tar.gz dist/$(DIST_NAME).tar.gz.sha256
	mkdir -p dist/$(DIST_NAME)
	cp $(STATIC_BIN) README.md docs/dist.md dist/$(DIST_NAME)/
	strip dist/$(DIST_NAME)/gesturetune 2>/dev/null || true
	tar -C dist --owner=0 --group=0 -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME)
	rm -rf dist/$(DIST_NAME)
	cd dist && sha256sum $(DIST_NAME).tar.gz > $(DIST_NAME).tar.gz.sha256
	@ls -l dist/$(DIST_NAME).tar.gz

## check-plugin: the SwiftPM command plugin from an app's package (Tests/Fixtures/PluginApp,
## depending on this checkout by path): it builds the tool from source, a few minutes, so it is
## its own target.
check-plugin: deps
	.ci/plugin-check

## runtimes: the Kotlin and JavaScript runtimes' generated tables and the conformance cases,
## written from the Swift runtime and engine (after changing a decision, a default or a family).
runtimes:
	$(SWIFT) run RuntimeCodegen .

## check-runtimes: the JavaScript runtime's tests (node --test) and its npm tarball, the Kotlin
## runtime's (kotlinc, the JVM), and an app package importing GestureTuneRuntime by path; each
## reads runtimes/conformance/cases.json. A missing toolchain fails here: test-deps installs them.
check-runtimes: test-deps
	cd runtimes/web && node --test test/
	.ci/runtime-web-pack
	runtimes/android/run-tests.sh
	.ci/runtime-app

## check-static: the end-to-end suite once against the static binary (GESTURETUNE_BIN), then
## the archive unpacked and run with an empty environment (.ci/dist-check).
check-static: static test-deps pydeps
	$(SWIFT) build --build-tests
	GESTURETUNE_BIN=$(STATIC_BIN) $(SWIFT) test --skip-build --filter EndToEndTests
	$(MAKE) dist
	.ci/dist-check dist/$(DIST_NAME).tar.gz

## lint: `swift format lint --strict` with the root .swift-format over the package's Swift
## sources (the Swift templates included), the fuzz target's and the bench tools'; the test
## fixtures and the generated EmbeddedTemplates.swift are left out. A template whose `{{name}}`
## placeholders stand where code goes opens with `// swift-format-ignore-file` (TemplateEmbedder
## leaves that line out of the binary), so `swift format -i -r Sources` is safe too.
LINT_FILES = $(shell find Sources Tests fuzz/Sources bench/Sources Plugins -name '*.swift' \
  -not -path '*/Fixtures/*' -not -name EmbeddedTemplates.swift | sort) \
  Package.swift fuzz/Package.swift bench/Package.swift
lint:
	@echo "swift format lint --strict: $(words $(LINT_FILES)) files"
	@$(SWIFT) format lint --strict --parallel $(LINT_FILES)

## format: rewrites the same files in place (the placeholder-bearing templates skip themselves).
format:
	@echo "swift format --in-place: $(words $(LINT_FILES)) files"
	@$(SWIFT) format format --in-place --parallel $(LINT_FILES)

## sanitize: the whole test suite under AddressSanitizer (+ LeakSanitizer), the batch, shard and analyze tests under
## ThreadSanitizer, each in its own scratch folder. Linked with lld (ld.gold links these too, but
## warns about every ASan symbol; it crashes on -sanitize=fuzzer). The built binary the end-to-end
## tests run is the sanitized one (GESTURETUNE_BIN). fuzz/lsan.supp silences the toolchain's own
## leaks (Foundation.Process, XCTest). SWIFT_BACKTRACE=enable=no: on a crash of a sanitized binary
## the runtime's backtracer trips ASan and hangs holding the tests' pipes; see docs/robustness.md.
SAN_LD := -Xswiftc -use-ld=lld
SAN_ENV = LSAN_OPTIONS=suppressions=$(CURDIR)/fuzz/lsan.supp:print_suppressions=0 \
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 SWIFT_BACKTRACE=enable=no
sanitize: test-deps pydeps
	$(SWIFT) build --scratch-path .build/asan --sanitize=address $(SAN_LD) --build-tests
	$(SAN_ENV) GESTURETUNE_BIN=$(CURDIR)/.build/asan/debug/gesturetune \
	  $(SWIFT) test --scratch-path .build/asan --sanitize=address $(SAN_LD) --skip-build
	$(SWIFT) build --scratch-path .build/tsan --sanitize=thread $(SAN_LD) --build-tests
	$(SAN_ENV) GESTURETUNE_BIN=$(CURDIR)/.build/tsan/debug/gesturetune \
	  $(SWIFT) test --scratch-path .build/tsan --sanitize=thread $(SAN_LD) --skip-build --filter 'Batch|Shard|Parallel|Robustness|Analyze'

FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 20000
FUZZ_FLAGS ?=
FUZZ_BIN := fuzz/.build/debug/trace-fuzz
FUZZ_ENV = LSAN_OPTIONS=suppressions=$(CURDIR)/fuzz/lsan.supp:print_suppressions=0 SWIFT_BACKTRACE=enable=no \
  SWIFT_DETERMINISTIC_HASHING=1
FUZZ_OPTS := -timeout=10 -rss_limit_mb=2048 -max_len=8192 -dict=fuzz/trace.dict
## The libFuzzer target over the reader and physics (docs/robustness.md, "Fuzzing"), built with
## -sanitize=fuzzer,address. SWIFT_BACKTRACE=enable=no: on a trap, ASan must report, not the
## Swift backtracer (which trips ASan itself). SWIFT_DETERMINISTIC_HASHING=1: Set and
## Dictionary iterate in the same order in every process, so coverage (and with it the inputs
## a fixed-seed run tries) does not depend on a per-process random hash seed.
fuzz-build: deps
	cd fuzz && $(SWIFT) build -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

## fuzz-check (what `make check` runs): deterministic. Replays every committed seed and every
## file of the malformed corpus once, then runs FUZZ_RUNS inputs with a fixed seed from the
## committed seeds only, into a scratch corpus that is removed afterwards: the same inputs on
## every machine and every run. A crash, leak, timeout or broken promise fails it.
fuzz-check: fuzz-build
	mkdir -p fuzz/out
	$(FUZZ_ENV) $(FUZZ_BIN) $(FUZZ_OPTS) fuzz/seeds/* Tests/RobustnessTests/Malformed/*
	scratch=$$(mktemp -d) && trap 'rm -rf "$$scratch"' EXIT && \
	$(FUZZ_ENV) $(FUZZ_BIN) $(FUZZ_OPTS) -seed=1 -runs=$(FUZZ_RUNS) -print_final_stats=1 \
	  -artifact_prefix=fuzz/out/ "$$scratch" fuzz/seeds

## fuzz: exploratory, for FUZZ_SECONDS (default 60): the grown corpus goes to fuzz/out/corpus
## (ignored by git), crashes to fuzz/out/crash-*; add findings to fuzz/seeds. Leaks and
## crashes fail the run.
fuzz: fuzz-build
	mkdir -p fuzz/out/corpus
	$(FUZZ_ENV) $(FUZZ_BIN) $(FUZZ_OPTS) -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=fuzz/out/ $(FUZZ_FLAGS) fuzz/out/corpus fuzz/seeds Tests/RobustnessTests/Malformed

clean:
	rm -rf .build
