# The main lit suite: FileCheck tests of the tools, the corpus round trips and
# the install test. The GoogleTest suite lives in unit/ with its own config.
import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TritonIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.triton_obj_root, "test")
config.excludes = ["unit", "Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shared_dir", config.triton_shared_dir))
config.substitutions.append(("%corpus", os.path.join(config.triton_shared_dir, "corpus")))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%triton_src", config.triton_src_root))
config.substitutions.append(("%triton_obj", config.triton_obj_root))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
config.substitutions.append(("%ccache", shutil.which("ccache") or ""))

llvm_config.with_system_environment(["HOME", "TMPDIR"])
llvm_config.use_default_substitutions()

# Our tools first, then LLVM 22's by full path: the unsuffixed LLVM tools on
# PATH are LLVM 14.
tool_dirs = [config.triton_tools_dir, config.llvm_tools_dir]
tools = ["triton-opt", "triton-translate", "triton-run", "triton-compile", "triton-llvm-opt", "mlir-opt",
         ToolSubst("llvm-mc", unresolved="ignore"),
         ToolSubst("ld.lld", unresolved="ignore"),
         ToolSubst("llc", unresolved="ignore")]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.triton_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# External tools. Where one is missing its tests are unsupported, unless
# TRITON_REQUIRE_TOOLS=1 (CI), where a missing tool is an error.
require_tools = os.environ.get("TRITON_REQUIRE_TOOLS") == "1"
external = {
    "ptxas": config.ptxas,
    "libdevice": config.libdevice,
    "llvm-mc": os.path.join(config.llvm_tools_dir, "llvm-mc"),
    "ld.lld": os.path.join(config.llvm_tools_dir, "ld.lld"),
    "rocm-device-libs": os.path.join(config.rocm_bitcode_dir or "", "ocml.bc"),
    "shared-corpus": os.path.join(config.triton_shared_dir, "corpus"),
}
for feature, path in external.items():
    if path and os.path.exists(path):
        config.available_features.add(feature)
    elif require_tools:
        lit_config.fatal(f"required external tool '{feature}' not found (looked at "
                         f"'{path}'); install it or unset TRITON_REQUIRE_TOOLS")
    else:
        lit_config.warning(f"'{feature}' not found at '{path}': its tests are unsupported")
# The Python module, where pybind11 was found (bindings/CMakeLists.txt).
import glob
if glob.glob(os.path.join(config.triton_obj_root, "python", "triton_ir", "_triton_ir*.so")):
    config.available_features.add("python-bindings")
if "ptxas" in config.available_features:
    config.substitutions.append(("%ptxas", config.ptxas))
    # CUDA's nvJitLink beside it (bin/../lib64), which triton-compile
    # --nvjitlink finds there; its tests are unsupported without it.
    nvjitlink = os.path.join(os.path.dirname(os.path.dirname(config.ptxas)), "lib64",
                             "libnvJitLink.so")
    if os.path.exists(nvjitlink):
        config.available_features.add("nvjitlink")
        config.substitutions.append(("%nvjitlink", nvjitlink))
# The static tools, where `make static-tools` made them (cmake/StaticTools.cmake).
if os.path.exists(os.path.join(config.triton_obj_root, "bin-static", "triton-compile-static")):
    config.available_features.add("static-tools")

# The sanitizer build (make check-sanitize, docs/Reliability.md). Programs the
# tests build out of tree (the install and C API consumers) link our
# instrumented libraries, so they get the same compiler and sanitizer flags
# (CMake takes CC, CXX, CFLAGS and CXXFLAGS from the environment at its first
# configure). The system's python3 is not instrumented: %python_ext, the
# Python that imports our native module, preloads the ASan runtime, which must
# come first in the library list, and does not look for leaks: CPython keeps
# interned objects and module state alive until exit on purpose. (%python
# itself stays plain: its scripts start our tools, whose static ASan runtime
# refuses a second, preloaded one.)
sanitizer_flags = [f for f in config.cxx_flags.split()
                   if f.startswith("-fsanitize=") or f == "-fno-omit-frame-pointer"]
python_ext = config.python_executable
if sanitizer_flags:
    for var, value in (("CC", config.c_compiler), ("CXX", config.cxx_compiler),
                       ("CFLAGS", " ".join(sanitizer_flags)),
                       ("CXXFLAGS", " ".join(sanitizer_flags))):
        config.environment[var] = value
    if any("address" in f for f in sanitizer_flags):
        import subprocess
        runtime = subprocess.run([config.cxx_compiler, "-print-file-name=libclang_rt.asan-x86_64.so"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        asan_options = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "detect_leaks=0"]))
        python_ext = f"env LD_PRELOAD={runtime} ASAN_OPTIONS={asan_options} {python_ext}"
# Before %python, which would otherwise replace its prefix.
config.substitutions.insert(0, ("%python_ext", python_ext))
