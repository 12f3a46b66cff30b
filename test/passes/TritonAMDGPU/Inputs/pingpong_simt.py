"""Runs 8-warp stream-pipelined matmuls through -tritonamdgpu-block-pingpong
(3.6's two-cluster schedule for a 256x128x64 f16 tile, four clusters for
256x256x64), lowered for gfx942 and gfx90a, on the CPU (test/scripts/
simt_sim.py: threads in lockstep, the upper half of the warps one barrier
interval behind the lower half after amdg.cond_barrier, shared memory
race-checked in both timelines), and compares C with what the interpreter
(triton-run) computes for the kernel before pipelining. Prints one line per
case, then a count.

Usage: pingpong_simt.py TRITON_OPT TRITON_RUN SCRIPTS_DIR
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

OPT, RUN, SCRIPTS = sys.argv[1:4]
sys.path.insert(0, SCRIPTS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simt_sim  # noqa: E402
from matmul_simt import interpret_mm, lower_for_simulator, run_cases  # noqa: E402

TMP = tempfile.mkdtemp()
WARPS = 8


def kernel(M, N, arch):
    """C[MxN] (f32) = A[MxK] * B[KxN] (f16, row-major), one program, a loop
    over K in steps of 64; 8 warps, 16x16x16 MFMAs with kWidth 4."""
    version = 3 if arch == "gfx942" else 2
    tA = f"tensor<{M}x64x!tt.ptr<f16>, #bA>"
    tB = f"tensor<64x{N}x!tt.ptr<f16>, #bB>"
    acc = f"tensor<{M}x{N}xf32, #mma>"
    dA = f"tensor<{M}x64xf16, #ttg.dot_op<{{opIdx = 0, parent = #mma, kWidth = 4}}>>"
    dB = f"tensor<64x{N}xf16, #ttg.dot_op<{{opIdx = 1, parent = #mma, kWidth = 4}}>>"
    return f"""
#bA = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}}>
#bB = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [{64 * 8 // N}, {N // 8}], warpsPerCTA = [8, 1], order = [1, 0]}}>
#mma = #ttg.amd_mfma<{{version = {version}, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {WARPS} : i32, ttg.target = "hip:{arch}", "ttg.threads-per-warp" = 64 : i32}} {{
  tt.func public @mm(%pa: !tt.ptr<f16> {{tt.divisibility = 16 : i32}}, %pb: !tt.ptr<f16> {{tt.divisibility = 16 : i32}}, %pc: !tt.ptr<f32> {{tt.divisibility = 16 : i32}}, %K: i32 {{tt.divisibility = 16 : i32}}) {{
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : {acc}
    %ai = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, #ttg.slice<{{dim = 1, parent = #bA}}>>
    %aie = tt.expand_dims %ai {{axis = 1 : i32}} : tensor<{M}xi32, #ttg.slice<{{dim = 1, parent = #bA}}>> -> tensor<{M}x1xi32, #bA>
    %Ks = tt.splat %K : i32 -> tensor<{M}x1xi32, #bA>
    %arow = arith.muli %aie, %Ks : tensor<{M}x1xi32, #bA>
    %aj = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 0, parent = #bA}}>>
    %aje = tt.expand_dims %aj {{axis = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 0, parent = #bA}}>> -> tensor<1x64xi32, #bA>
    %arowb = tt.broadcast %arow : tensor<{M}x1xi32, #bA> -> tensor<{M}x64xi32, #bA>
    %acolb = tt.broadcast %aje : tensor<1x64xi32, #bA> -> tensor<{M}x64xi32, #bA>
    %aoff = arith.addi %arowb, %acolb : tensor<{M}x64xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> {tA}
    %aptr0 = tt.addptr %pas, %aoff : {tA}, tensor<{M}x64xi32, #bA>
    %bi = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #bB}}>>
    %bie = tt.expand_dims %bi {{axis = 1 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #bB}}>> -> tensor<64x1xi32, #bB>
    %cNB = arith.constant dense<{N}> : tensor<64x1xi32, #bB>
    %brow = arith.muli %bie, %cNB : tensor<64x1xi32, #bB>
    %bj = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, #ttg.slice<{{dim = 0, parent = #bB}}>>
    %bje = tt.expand_dims %bj {{axis = 0 : i32}} : tensor<{N}xi32, #ttg.slice<{{dim = 0, parent = #bB}}>> -> tensor<1x{N}xi32, #bB>
    %browb = tt.broadcast %brow : tensor<64x1xi32, #bB> -> tensor<64x{N}xi32, #bB>
    %bcolb = tt.broadcast %bje : tensor<1x{N}xi32, #bB> -> tensor<64x{N}xi32, #bB>
    %boff = arith.addi %browb, %bcolb : tensor<64x{N}xi32, #bB>
    %pbs = tt.splat %pb : !tt.ptr<f16> -> {tB}
    %bptr0 = tt.addptr %pbs, %boff : {tB}, tensor<64x{N}xi32, #bB>
    %astep = arith.constant dense<64> : tensor<{M}x64xi32, #bA>
    %bstep = arith.constant dense<{64 * N}> : tensor<64x{N}xi32, #bB>
    %res:3 = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %acc0, %ap = %aptr0, %bp = %bptr0) -> ({acc}, {tA}, {tB}) : i32 {{
      %a = tt.load %ap : {tA}
      %b = tt.load %bp : {tB}
      %ad = ttg.convert_layout %a : tensor<{M}x64xf16, #bA> -> {dA}
      %bd = ttg.convert_layout %b : tensor<64x{N}xf16, #bB> -> {dB}
      %d = tt.dot %ad, %bd, %acc : {dA} * {dB} -> {acc}
      %ap1 = tt.addptr %ap, %astep : {tA}, tensor<{M}x64xi32, #bA>
      %bp1 = tt.addptr %bp, %bstep : {tB}, tensor<64x{N}xi32, #bB>
      scf.yield %d, %ap1, %bp1 : {acc}, {tA}, {tB}
    }}
    %ci = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, #ttg.slice<{{dim = 1, parent = #mma}}>>
    %cie = tt.expand_dims %ci {{axis = 1 : i32}} : tensor<{M}xi32, #ttg.slice<{{dim = 1, parent = #mma}}>> -> tensor<{M}x1xi32, #mma>
    %cNC = arith.constant dense<{N}> : tensor<{M}x1xi32, #mma>
    %crow = arith.muli %cie, %cNC : tensor<{M}x1xi32, #mma>
    %cj = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, #ttg.slice<{{dim = 0, parent = #mma}}>>
    %cje = tt.expand_dims %cj {{axis = 0 : i32}} : tensor<{N}xi32, #ttg.slice<{{dim = 0, parent = #mma}}>> -> tensor<1x{N}xi32, #mma>
    %crowb = tt.broadcast %crow : tensor<{M}x1xi32, #mma> -> tensor<{M}x{N}xi32, #mma>
    %ccolb = tt.broadcast %cje : tensor<1x{N}xi32, #mma> -> tensor<{M}x{N}xi32, #mma>
    %coff = arith.addi %crowb, %ccolb : tensor<{M}x{N}xi32, #mma>
    %pcs = tt.splat %pc : !tt.ptr<f32> -> tensor<{M}x{N}x!tt.ptr<f32>, #mma>
    %cptr = tt.addptr %pcs, %coff : tensor<{M}x{N}x!tt.ptr<f32>, #mma>, tensor<{M}x{N}xi32, #mma>
    tt.store %cptr, %res#0 : tensor<{M}x{N}x!tt.ptr<f32>, #mma>
    tt.return
  }}
}}
"""


def lowered(path, arch, clusters):
    # make_ttgir's order: the stream pipeliner (2 stages), then
    # reorder-instructions and block-pingpong.
    ttgir = subprocess.run([OPT, path, "-tritonamdgpu-schedule-loops=num_stages=2",
                            "-tritonamdgpu-pipeline", "-canonicalize",
                            "-tritonamdgpu-reorder-instructions",
                            "-tritonamdgpu-block-pingpong=num-stages=2"],
                           capture_output=True, text=True, check=True).stdout
    if ttgir.count("amdg.cond_barrier") != 2:
        raise RuntimeError("block-pingpong did not schedule the loop")
    loop = ttgir[ttgir.index("scf.for"):]
    loop = loop[:loop.index("scf.yield")]
    if loop.count("tt.dot") != clusters or loop.count("ttg.memdesc_subslice") != 2 * clusters:
        raise RuntimeError(f"expected the dot in {clusters} slices")
    return lower_for_simulator(OPT, ttgir, arch)


def run_case(arch, M, N, K):
    path = os.path.join(TMP, f"mm_{arch}_{M}x{N}.mlir")
    open(path, "w").write(kernel(M, N, arch))
    text, shared = lowered(path, arch, 2 if N == 128 else 4)
    rng = np.random.default_rng(M + N + K)
    # Small integers: every sum is exact in f32, in any order.
    a = rng.integers(-4, 5, (M, max(K, 1))).astype(np.float16)
    b = rng.integers(-4, 5, (max(K, 1), N)).astype(np.float16)
    c = np.full((M, N), 7.0, dtype=np.float32)
    outs, races = simt_sim.run(text, "mm", [a, b, c, K], WARPS * 64, shared, warp_size=64)
    want = interpret_mm(RUN, path, TMP, a, b, (M, N), K)
    return np.array_equal(outs[2], want) and not races, races


cases = [(arch, M, N, K) for arch in ("gfx942", "gfx90a")
         for M, N in ((256, 128), (256, 256)) for K in (128, 64)]
run_cases(cases, lambda arch, M, N, K: (f"{arch} {M}x{N}x64 {'two' if N == 128 else 'four'} "
                                        f"clusters K={K}"), run_case)
