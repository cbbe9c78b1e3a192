# Azar — build, run and test. `make run` starts the engine speaking UCI on
# stdin/stdout; `make test` is what CI runs (.ci/run).
GO   ?= go
EXE  ?= azar
# Packages that start goroutines are tested under the race detector.
RACE_PKGS ?= ./protocol/... ./search/... ./bench/...

.PHONY: build run test bench fuzz clean

build:
	@$(GO) build -o $(EXE) ./cmd/azar

run: build
	@./$(EXE)

test:
	@echo "gofmt check"; out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -race $(RACE_PKGS)

bench: build
	./$(EXE) bench

clean:
	rm -f $(EXE)
