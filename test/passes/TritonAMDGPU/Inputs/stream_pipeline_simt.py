"""Runs the stream-pipelined matmul (Inputs/stream-matmul-loop.mlir through
-tritonamdgpu-schedule-loops and -tritonamdgpu-pipeline) lowered for gfx942
and gfx90a on the CPU (test/scripts/simt_sim.py: every thread in lockstep,
shared memory race-checked, MFMA from the CDNA3 ISA's fragments) and compares
C with what the interpreter (triton-run) computes for the kernel before
pipelining. Cases: 2 and 3 stages, LDS written from registers or (gfx942)
copied directly, K giving several iterations, fewer iterations than stages,
and none. Prints one line per case, then a count.

Usage: stream_pipeline_simt.py TRITON_OPT TRITON_RUN SCRIPTS_DIR INPUT [--direct | --itt]
(--direct: the gfx942 direct-to-LDS cases instead, their sources coalesced by
-tritonamdgpu-coalesce-async-copy as make_ttgir would. --itt: after
pipelining, -tritonamdgpu-in-thread-transpose and the layout clean-up, as
make_ttgir on gfx942; INPUT steps K by 64, which it needs, and the pass must
have transposed an operand into an #ttg.amd_rotating_shared buffer.)
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

OPT, RUN, SCRIPTS, INPUT = sys.argv[1:5]
DIRECT = "--direct" in sys.argv[5:]
ITT = "--itt" in sys.argv[5:]
sys.path.insert(0, SCRIPTS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simt_sim  # noqa: E402
from matmul_simt import interpret_mm, lower_for_simulator, run_cases  # noqa: E402

TMP = tempfile.mkdtemp()


def source(arch):
    text = open(INPUT).read()
    if arch == "gfx90a":
        text = text.replace('"hip:gfx942"', '"hip:gfx90a"').replace("version = 3", "version = 2")
    path = os.path.join(TMP, f"mm_{arch}.mlir")
    open(path, "w").write(text)
    return path


def lowered(path, arch, stages, direct):
    pipeline = "-tritonamdgpu-pipeline" + ("=use_async_copy=1" if direct else "")
    # As make_ttgir with async copies: their sources coalesced for LDS-DMA.
    coalesce = ["-tritonamdgpu-coalesce-async-copy"] if direct else []
    transpose = (["-tritonamdgpu-in-thread-transpose", "-tritongpu-remove-layout-conversions"]
                 if ITT else [])
    ttgir = subprocess.run([OPT, path, f"-tritonamdgpu-schedule-loops=num_stages={stages}",
                            pipeline, *coalesce, "-canonicalize", *transpose],
                           capture_output=True, text=True, check=True).stdout
    copy = "ttg.async_copy_global_to_local" if direct else "ttg.local_store"
    if copy not in ttgir or "scf.for" not in ttgir:
        raise RuntimeError(f"the loop was not pipelined with {copy}")
    if ITT and ("amdg.in_thread_transpose" not in ttgir or "amd_rotating_shared" not in ttgir):
        raise RuntimeError("no operand was transposed in registers")
    return lower_for_simulator(OPT, ttgir, arch)


def run_case(arch, stages, direct, K):
    path = source(arch)
    text, shared = lowered(path, arch, stages, direct)
    rng = np.random.default_rng(stages * 1000 + K + direct)
    # Small integers: every sum is exact in f32, in any order.
    a = rng.integers(-4, 5, (64, max(K, 1))).astype(np.float16)
    b = rng.integers(-4, 5, (max(K, 1), 64)).astype(np.float16)
    c = np.full((64, 64), 7.0, dtype=np.float32)
    outs, races = simt_sim.run(text, "mm", [a, b, c, K], 256, shared, warp_size=64)
    want = interpret_mm(RUN, path, TMP, a, b, (64, 64), K)
    return np.array_equal(outs[2], want) and not races, races


cases = [(arch, stages, DIRECT, K) for arch in (("gfx942",) if DIRECT else ("gfx942", "gfx90a"))
         for stages in (2, 3) for K in ((192, 64, 0) if ITT else (96, 32, 0))]
run_cases(cases, lambda arch, stages, direct, K: (
    f"{arch} stages={stages} {'direct-to-LDS' if direct else 'via registers'}"
    f"{' in-thread transpose' if ITT else ''} K={K}"), run_case)
