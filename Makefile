# Azar — build, run and test. `make run` starts the engine speaking UCI on
# stdin/stdout; `make serve` starts the browser app; `make test` is what CI
# runs (.ci/run).
GO   ?= go
EXE  ?= azar
# OpenBench builds with `make -j EXE=<name> CC=<compiler>` (docs/strength.md,
# "OpenBench"); its CC names the Go toolchain it found, which cgo must not
# take for a C compiler.
unexport CC CXX
# Packages that start goroutines are tested again under the race detector,
# in -short mode (the long search and match tests already ran above);
# search/chance is left out: its only goroutine is the game-search core's
# cancel watcher, raced in search/core and search/four, and its expectimax
# tests take minutes under the race detector.
RACE_PKGS ?= ./protocol/... ./search ./search/core ./search/four ./search/hidden ./bench/... ./app/engine ./app/games ./app/server ./eval/nnue/train

.PHONY: build run serve test bench fuzz clean

# EVALFILE=<path> (OpenBench's network tests) builds that network in
# place of the built-in one: it is copied over eval/nnue/nets/default.nnue
# first (a build checkout's copy; `git checkout eval/nnue/nets` undoes it).
build:
ifneq ($(EVALFILE),)
	cp $(EVALFILE) eval/nnue/nets/default.nnue
endif
	@$(GO) build -o $(EXE) ./cmd/azar

run: build
	@./$(EXE)

# The browser app on http://127.0.0.1:8080/ (docs/app.md); ARGS passes
# flags, e.g. make serve ARGS="-addr 127.0.0.1:9000 -data /tmp/azar".
serve: build
	@./$(EXE) serve $(ARGS)

# scripts/install-test-tools.sh installs PolyGlot, which the books tests
# compare the book builder with (AZAR_NO_POLYGLOT=1 skips both).
# scripts/install-browser.sh installs Debian's chromium for the browser
# tests of app/e2e. -timeout 20m: go test's default of 10 minutes a
# package is close to app/e2e's 410 s alone and 540-560 s beside the rest
# on two cores; past it the whole run panics instead of reporting.
test:
	@scripts/install-test-tools.sh
	@scripts/install-browser.sh
	@echo "gofmt check"; out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -timeout 20m ./...
	GOEXPERIMENT=simd $(GO) vet ./eval/nnue
	GOEXPERIMENT=simd $(GO) test ./eval/nnue
	$(GO) test -race -short $(RACE_PKGS)

bench: build
	./$(EXE) bench

clean:
	rm -f $(EXE)
