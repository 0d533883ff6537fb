# Builds the engine the way distributed testers (OpenBench) build it:
# `make` is the release build, `make EXE=<path>` also puts the binary at <path>.
EXE ?=
CARGO ?= cargo
BIN := target/release/menagerie

.PHONY: release clean

release:
	$(CARGO) build --release
ifneq ($(EXE),)
	cp $(BIN) $(EXE)
endif

clean:
	$(CARGO) clean
