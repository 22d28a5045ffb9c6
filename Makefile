# Flick: make run | make test | make bench | make flick-bench | make deps (deps-run, deps-test)
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages in two sets. Building flick and opening its window: SDL2 with SDL_image and
# SDL_ttf, libpng and libjpeg (card images), pixman (the CPU compositor), Dear ImGui (the tool UI),
# pkg-config to find them.
RUN_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libpng-dev libjpeg62-turbo-dev \
                libpixman-1-dev libimgui-dev libqrencode-dev pkg-config
# Only the tests (and the asset and screenshot scripts) use these: a private X server and real
# input (xvfb, xdotool), frame comparison (imagemagick), Chromium for the study pages, Pillow,
# jsonschema and pandas for the checks. ffmpeg is here too: the window never calls it, only
# `flick export` does (and its tests), and export names the package when it is missing; it would
# make `make run` install a large video stack for a command most runs never use.
TEST_PACKAGES := nodejs xvfb xserver-xorg-video-dummy xdotool openbox x11-utils x11-xserver-utils imagemagick ffmpeg chromium python3-venv python3-pil python3-jsonschema python3-pandas python3-websockets
# The e2e suite's one interpreter: Debian's python3 in a virtual environment the project owns,
# Debian's packages above visible, and what Debian has no package of from PyPI, pinned in
# Tests/e2e/requirements.txt (DuckDB, which runs docs/sql over a folder of logs). Made again
# whenever the requirements change; Tests/e2e/imports.py then proves it imports every module the
# scripts import, each from the standard library, Debian's packages or the environment.
E2E_PYTHON := .build/e2e-python
SWIFT_BUILD_FLAGS ?=
# Debian's Python, the one python3-pil installs Pillow into (a python3 earlier on PATH, e.g.
# pyenv's, would not see it).
PYTHON ?= $(shell [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)

.PHONY: deps deps-run deps-test e2e-python run build docs wasm wasm-bench test test-unit test-example test-wasm test-e2e fuzz soak-hour bench flick-bench assets screenshots goldens clean

# apt_install PACKAGES: idempotent, installs only what dpkg does not already have.
define apt_install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "make $@: installing$$(echo ' '$$missing)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	else echo "make $@: all Debian packages present"; fi
endef

# deps-test comes after deps-run (not beside it), so that under make -j the two never run
# apt-get at the same time.
deps: deps-run deps-test
deps-run:
	$(call apt_install,$(RUN_PACKAGES))
deps-test: deps-run
	$(call apt_install,$(TEST_PACKAGES))
	@$(MAKE) --no-print-directory e2e-python

e2e-python: $(E2E_PYTHON)/made

# --ignore-installed: a copy pip finds elsewhere on the machine (installed by hand) never stands
# in for the environment's own.
$(E2E_PYTHON)/made: Tests/e2e/requirements.txt Tests/e2e/imports.py
	rm -rf $(E2E_PYTHON)
	/usr/bin/python3 -m venv --system-site-packages $(E2E_PYTHON)
	PYTHONNOUSERSITE=1 $(E2E_PYTHON)/bin/python3 -m pip install --quiet --disable-pip-version-check \
	  --no-cache-dir --ignore-installed -r Tests/e2e/requirements.txt
	PYTHONNOUSERSITE=1 $(E2E_PYTHON)/bin/python3 Tests/e2e/imports.py
	@touch $@

# The window and the module its phone page runs (--phone runs the engine on the page).
build: deps-run wasm
	swift build -c release $(SWIFT_BUILD_FLAGS)

run: build
	.build/release/flick $(ARGS)

# The unit tests as SwiftPM runs them by default: in parallel, in one process, with no options and
# no environment of ours (docs/testing.md: a test isolates what it measures or is .serialized).
test-unit: deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(SWIFT_BUILD_FLAGS)
	$(MAKE) test-example

# The sixth interaction written outside Flick: its own package, depending on Flick by path.
test-example:
	cd Examples/CoverFlow && swift build --build-tests $(SWIFT_BUILD_FLAGS)
	cd Examples/CoverFlow && swift test --skip-build $(SWIFT_BUILD_FLAGS)

# The e2e suite drives the release binary: the one `make run` gives people.
test-e2e: deps
	swift build -c release --product flick $(SWIFT_BUILD_FLAGS)
	swift build -c release --product flick-lab $(SWIFT_BUILD_FLAGS)
	swift build -c release --product flick-bench $(SWIFT_BUILD_FLAGS)
	swift build -c release --product FlickPresentProbe $(SWIFT_BUILD_FLAGS)
	cd Examples/CoverFlow && swift build -c release --product coverflow $(SWIFT_BUILD_FLAGS)
	bash Tests/e2e/run.sh .build/release/flick

test: test-unit test-wasm test-e2e docs

# FlickEngine in WebAssembly (Embedded Swift, the toolchain's wasm-ld): the module the phone's
# page runs, and the JavaScript that loads it beside it (docs/wasm.md).
WASM_EXPORTS := flick_engine_config_set,flick_engine_text_buffer,flick_engine_config_set_text,flick_engine_create,flick_engine_input,flick_engine_frame,flick_engine_label,flick_engine_label_text,flick_engine_at_rest,flick_engine_commit,flick_engine_frames_digest,flick_engine_events_digest,flick_engine_event_count,flick_engine_card_count,flick_engine_deck_card,flick_engine_interaction
wasm: .build/wasm/flick-engine.wasm

.build/wasm/flick-engine.wasm: $(shell find Sources/FlickEngine Sources/FlickMath -name '*.swift') Wasm/Exports.swift Wasm/libc.c Wasm/build.sh Wasm/flick-engine.mjs
	bash Wasm/build.sh $@ $(WASM_EXPORTS) Wasm/Exports.swift
	cp Wasm/flick-engine.mjs .build/wasm/
	@echo "make wasm: $@ $$(wc -c < $@) bytes, $$(gzip -9 -c $@ | wc -c) gzipped"

# The engine's two targets against each other, bit for bit: FlickMath against itself (10^6
# inputs a function), random sessions through the engine (every event and render list), and the
# page's input records from JavaScript given to a native engine (docs/wasm.md). Node runs the wasm.
test-wasm: deps-test wasm
	bash Tests/wasm/math-differential.sh 1000000
	bash Tests/wasm/engine-differential.sh 1000
	bash Tests/wasm/page-records.sh .build/wasm/flick-engine.wasm 200

# The engine on a page, timed in headless Chromium at 390x844 @3x, unthrottled and with the CPU
# throttled 4x (not run in CI; docs/wasm.md has the figures); then the participant's phone page
# against the flick window (release build), thin client and --phone-engine side by side.
wasm-bench: deps-test wasm build
	$(E2E_PYTHON)/bin/python3 Tests/wasm/page-bench/page_frame_bench.py .build/wasm/flick-engine.wasm 15
	$(E2E_PYTHON)/bin/python3 Tests/wasm/page-bench/phone_page_bench.py .build/release/flick 60

# FlickEngine's API documentation and articles (DocC), to .build/docs; a warning fails it, so a
# broken symbol link in an article cannot land.
docs:
	swift package --allow-writing-to-directory .build/docs generate-documentation --target FlickEngine \
	  --output-path .build/docs --warnings-as-errors

# The benchmarks are their own package (Benchmarks/Package.swift): they build only FlickEngine,
# so no SDL and no root build are needed. BENCH_ARGS passes options, e.g. --filter "Frame fling.*".
bench:
	cd Benchmarks && swift package benchmark $(BENCH_ARGS)

# Runs the benchmarks and exits non-zero when a performance budget is missed (not run in CI).
bench-check:
	bash Benchmarks/check.sh

# The render-path benchmarks of the app (release build; not run in CI). BENCH_ARGS passes options,
# e.g. make flick-bench BENCH_ARGS="--only stall"; see .build/release/flick-bench --help.
flick-bench: deps-run
	swift build -c release $(SWIFT_BUILD_FLAGS)
	.build/release/flick-bench $(BENCH_ARGS)

# Regenerates the card images; `deps` brings the script's Pillow (python3-pil).
assets: deps
	$(PYTHON) assets/make_assets.py

# README screenshots, replayed headless from docs/sessions (the fit cards are made with Pillow).
screenshots: build deps-test
	bash docs/make_screenshots.sh .build/release/flick

# Refreshes the golden frames of the e2e suite after an intended visual change.
goldens:
	swift build --product flick $(SWIFT_BUILD_FLAGS)
	bash Tests/e2e/golden.sh .build/debug/flick /tmp/flick-goldens --update

clean:
	rm -rf .build

# Fuzzes the config, recording and log parsers (2,000 random and mutated inputs each, and 2,000
# structure-aware ones for recordings and logs: valid JSON with absurd values; not in CI).
fuzz: build
	bash Tests/fuzz.sh .build/release/flick $(FUZZ_INPUTS)

# One simulated hour of random gestures (216,000 frames): wall time and resident memory growth.
soak-hour: build
	.build/release/flick-lab soak --minutes 60

# The Debian package for people who only want to use Flick (docs/install.md): flick with the
# Swift runtime linked in, its completions, man pages and resources. It is built in its own
# scratch folder, .build-deb, since a static runtime makes different products. BUILD_LOCK=FILE
# runs each swift command under flock FILE, for a machine shared with another build. The
# keyring is what debootstrap checks the mirror's Release file with.
DEB_PACKAGES := dpkg-dev lintian debootstrap debian-archive-keyring
.PHONY: deps-deb deb test-deb
deps-deb: deps-run
	$(call apt_install,$(DEB_PACKAGES))
deb: deps-deb wasm
	bash packaging/build-deb.sh
# Installs the package in a fresh Debian 12 root (debootstrap, minbase), runs flick there
# without Swift, upgrades, removes and checks that nothing is left (Tests/deb/test-deb.sh).
test-deb: deb
	$$( [ "$$(id -u)" = 0 ] || echo sudo ) bash Tests/deb/test-deb.sh
