# gesturetune: the two set-up commands are `make run` (the sample) and `make check` (every test).
SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libcsv-dev libgsl-dev
PY_PACKAGES := nbformat nbclient ipykernel pandas matplotlib junitparser xmlschema

.PHONY: run check deps pydeps build release test test-e2e sanitize fuzz bench clean

## run: install what is missing, build, analyse the shipped sample.
run: release
	.build/release/gesturetune analyze traces/swipe.csv

## check: install what is missing, build, run the whole test suite.
check: deps pydeps
	$(SWIFT) build
	$(SWIFT) test --parallel
	$(MAKE) sanitize
	$(MAKE) fuzz FUZZ_SECONDS=60

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

pydeps:
	@$(PYTHON) -c "import nbformat, nbclient, ipykernel, pandas, matplotlib, junitparser, xmlschema" 2>/dev/null || \
	  $(PYTHON) -m pip install -q $(PY_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps pydeps
	$(SWIFT) test --parallel

## sanitize: the test suite under AddressSanitizer, the batch tests under ThreadSanitizer.
sanitize: deps pydeps
	$(SWIFT) build --scratch-path .build/asan --sanitize=address
	GESTURETUNE_BIN=$(CURDIR)/.build/asan/debug/gesturetune $(SWIFT) test --scratch-path .build/asan --sanitize=address
	$(SWIFT) build --scratch-path .build/tsan --sanitize=thread
	GESTURETUNE_BIN=$(CURDIR)/.build/tsan/debug/gesturetune $(SWIFT) test --scratch-path .build/tsan --sanitize=thread --filter 'Batch|Shard|Parallel'

FUZZ_SECONDS ?= 60
## fuzz: the libFuzzer target over the reader and physics, for FUZZ_SECONDS (default 60).
fuzz: deps
	cd fuzz && $(SWIFT) build -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
	mkdir -p fuzz/out/corpus
	fuzz/.build/debug/trace-fuzz -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	  -dict=fuzz/trace.dict -artifact_prefix=fuzz/out/ fuzz/out/corpus fuzz/seeds

clean:
	rm -rf .build
