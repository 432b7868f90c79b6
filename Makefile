# Earshot — the commands the README promises. Each target installs what it needs first.
SWIFT ?= swift
EARSHOT = .build/debug/earshot
# Debug builds without debug information (`-gnone`): the tests and the CLI need none, and without it there
# is less to compile, write and link (the debug binary and test bundle were 200 MB each). The same flags for
# `build` and `test`, so neither rebuilds everything the other built. `make test SWIFT_BUILD_FLAGS=` builds
# with it again (to debug in lldb). Not `--disable-index-store`: SwiftPM finds the tests on Linux through it.
SWIFT_BUILD_FLAGS ?= -debug-info-format none

.PHONY: setup build demo test bench clean

# System packages (Debian/Ubuntu). Quiet and quick when they are already there.
setup:
	@scripts/setup.sh

build: setup
	@$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product earshot 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]|^Building for|^Build complete|^Build of product|^Compiling|^Write|^Linking|^Planning|which are unhandled; explicitly declare|/\.build/checkouts/' || true
	@test -x $(EARSHOT)

# The main job on the bundled examples: conversations on HomePod and Apple Watch, spoken (espeak-ng),
# recognised (pocketsphinx) and answered in speech; the reply WAVs go to a new folder under the system's
# temporary folder, named at the end (`earshot demo --text` plays the typed lines instead).
demo: build
	@$(EARSHOT) demo

# The unit and behaviour tests, then the example apps' conversation suites: every conversation typed (with
# what they cover of each app: phrases, values, dialogue lines, devices, outcomes), and
# those tagged `audio` spoken by espeak-ng and recognised by pocketsphinx (docs/testing.md); then the
# examples' guideline review, where a warning fails too (docs/check.md); then 12 s of mutated input for each
# reader (manifests, test files, audio, request bodies, the Swift importer: `earshot bench --only fuzz`,
# docs/limits.md), the minute the four readers had before.
# The handler and exit-status suites time how soon a handler past its limit is stopped, and the body
# deadline suite how soon a trickled request body is cut off: they run in a process of their own, so the
# speech and import suites' long decodes and parses cannot hold up the shared concurrency pool they await
# on (their limits are unchanged; under the full run a server's handler waited past a 6 s deadline).
test: setup
	@$(SWIFT) build $(SWIFT_BUILD_FLAGS) --build-tests 2>&1 | grep -E 'error|warning: ' | grep -v 'which are unhandled; explicitly declare' || true
	@$(SWIFT) test --skip-build --skip 'HandlerTests|CLIExitTests|BodyDeadlineTests'
	@$(SWIFT) test --skip-build --filter 'HandlerTests|CLIExitTests|BodyDeadlineTests'
	@$(EARSHOT) test examples --coverage
	@$(EARSHOT) test examples --audio --tag audio
	@$(EARSHOT) check --strict examples/*/
	@$(EARSHOT) bench --only fuzz --seconds 12 --runs 1000000

bench: setup
	@$(SWIFT) build -c release --product earshot 2>&1 | grep -E 'error|warning: ' | grep -v 'which are unhandled; explicitly declare' || true
	@.build/release/earshot bench

clean:
	@rm -rf .build
