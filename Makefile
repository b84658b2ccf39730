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

sanitize: deps
	@echo "placeholder"

fuzz: deps
	@echo "placeholder"

clean:
	rm -rf .build
