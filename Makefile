# Thin entry points. Each target installs what is missing, configures and
# builds first, so both work on a fresh Debian 12 machine and are idempotent.
BUILD_DIR ?= build
NINJA ?= ninja
JOBS ?= $(shell nproc)

.PHONY: all deps configure build demo check install clean

all: build

deps:
	@bash utils/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release

configure: $(BUILD_DIR)/build.ninja

build: configure
	$(NINJA) -C $(BUILD_DIR) -j $(JOBS)

demo: build
	@bash utils/demo.sh $(BUILD_DIR)

check: build
	@bash utils/run-tests.sh $(BUILD_DIR)/test

install: build
	cmake --install $(BUILD_DIR) --prefix $(or $(PREFIX),$(BUILD_DIR)/install)

clean:
	rm -rf $(BUILD_DIR)
