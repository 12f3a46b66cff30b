# Thin entry points. Each target installs what is missing, configures and
# builds first, so both work on a fresh Debian 12 machine and are idempotent.
BUILD_DIR ?= build
NINJA ?= ninja
JOBS ?= $(shell nproc)

.PHONY: all deps configure build demo check install clean sanitize-deps check-sanitize fuzz static-tools

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

# Fully static triton-compile, triton-opt and triton-translate for machines
# without LLVM 22 (the GPU machine), from this build's objects:
# $(BUILD_DIR)/bin-static/ and, stripped and packed,
# $(BUILD_DIR)/triton-tools-static.tar.xz (docs/CompileSpeed.md).
static-tools: configure
	$(NINJA) -C $(BUILD_DIR) -j $(JOBS) static-tools

install: build
	cmake --install $(BUILD_DIR) --prefix $(or $(PREFIX),$(BUILD_DIR)/install)

clean:
	rm -rf $(BUILD_DIR)

# The sanitizer build (docs/Reliability.md): ASan + UBSan with clang-22 in its
# own folder, asserts on. Its code also carries libFuzzer's coverage
# (fuzzer-no-link), so the fuzz targets of fuzz/ link against the same
# libraries instead of a third build.
SANITIZE_DIR ?= build-sanitize
SANITIZE_FLAGS = -fsanitize=address,undefined -fsanitize=fuzzer-no-link -fno-omit-frame-pointer
SANITIZE_SUPP = $(CURDIR)/fuzz/suppressions
SANITIZE_ENV = ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:allow_user_poisoning=0:suppressions=$(SANITIZE_SUPP)/asan.supp \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$(SANITIZE_SUPP)/ubsan.supp \
  LSAN_OPTIONS=suppressions=$(SANITIZE_SUPP)/lsan.supp
FUZZ_SECONDS ?= 60
# Programs link the shared ASan runtime (with UBSan's and the coverage
# callbacks in it): the Python tests preload it into the uninstrumented
# python3 to load our module, and the tools they start inherit LD_PRELOAD; a
# program with the static runtime would refuse that second copy.
SANITIZE_RT_DIR = $(dir $(shell clang++-22 -print-file-name=libclang_rt.asan-x86_64.so 2>/dev/null))

sanitize-deps:
	@bash utils/install-deps.sh --sanitize

$(SANITIZE_DIR)/build.ninja: | sanitize-deps
	cmake -S . -B $(SANITIZE_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  "-DCMAKE_C_FLAGS=$(SANITIZE_FLAGS)" "-DCMAKE_CXX_FLAGS=$(SANITIZE_FLAGS)" \
	  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
	  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
	  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined -shared-libsan -Wl,-rpath,$(SANITIZE_RT_DIR)" \
	  -DTRITON_FUZZ=ON

check-sanitize: $(SANITIZE_DIR)/build.ninja
	$(NINJA) -C $(SANITIZE_DIR) -j $(JOBS)
	env $(SANITIZE_ENV) bash utils/run-tests.sh $(SANITIZE_DIR)/test

fuzz: $(SANITIZE_DIR)/build.ninja
	$(NINJA) -C $(SANITIZE_DIR) -j $(JOBS) fuzz-targets
	env $(SANITIZE_ENV) bash fuzz/run.sh $(SANITIZE_DIR) $(FUZZ_SECONDS)
