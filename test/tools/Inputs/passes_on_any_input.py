"""Runs each TTGIR-level pass on every corpus TTIR and TTGIR file, inputs it
was not written for included (TTIR without layouts, AMD TTGIR through NVIDIA
passes and back), and reports any run that crashes instead of succeeding or
failing with a diagnostic. Prints "N runs, M crashes".

Usage: passes_on_any_input.py TRITON_OPT CORPUS_DIR [--captured]
(--captured: also the TTIR of every captured case under test/Inputs)
"""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import inputs  # noqa: E402

OPT, CORPUS = sys.argv[1:3]
CAPTURED = "--captured" in sys.argv[3:]
PASSES = [
    "-tritongpu-coalesce", "-tritongpu-remove-layout-conversions",
    "-tritongpu-F32DotTC=emu-tf32=true", "-tritongpu-optimize-thread-locality",
    "-tritongpu-accelerate-matmul", "-tritongpu-optimize-dot-operands",
    "--pass-pipeline=builtin.module(tritongpu-assign-latencies,tritongpu-schedule-loops,"
    "tritongpu-pipeline)",
    "-tritongpu-prefetch", "-tritongpu-coalesce-async-copy", "-tritongpu-reduce-data-duplication",
    "-tritongpu-reorder-instructions", "-triton-nvidia-gpu-fence-insertion",
    "-triton-nvidia-optimize-descriptor-encoding", "-triton-nvidia-tma-lowering",
    "--pass-pipeline=builtin.module(triton-nvidia-optimize-descriptor-encoding,"
    "triton-nvidia-tma-lowering,tritongpu-global-scratch-memory-allocation)",
    "-tritonamdgpu-accelerate-matmul=gfx-arch=gfx942", "-tritonamdgpu-optimize-epilogue",
    "-tritonamdgpu-canonicalize-pointers", "-tritonamdgpu-convert-buffer-ops=gfx-arch=gfx942",
]
files = sorted(glob.glob(CORPUS + "/*/*.ttir") + glob.glob(CORPUS + "/*/*.ttgir"))
if CAPTURED:
    files += [case.ttir for case in inputs.cases() if case.ttir]
runs = crashes = 0
for path in files:
    for flag in PASSES:
        runs += 1
        result = subprocess.run([OPT, path, flag, "-o", "/dev/null"], capture_output=True)
        if result.returncode not in (0, 1):
            crashes += 1
            print(f"CRASH ({result.returncode}) {flag} {path}")
print(f"{runs} runs, {crashes} crashes")
