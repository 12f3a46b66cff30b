"""mma.sync (sm_80) on 16-bit operands on the CPU: one-program matmuls
written here as TTIR, compiled by make_ttir + make_ttgir for cuda:80 and the
LLVM lowering, run by test/scripts/simt_sim.py (every thread in lockstep,
mma.sync from the PTX ISA's fragments, shared-memory races reported) and
compared exactly with NumPy (small integers: every sum is exact).

- bf16: a plain bf16 x bf16 dot (operands in registers two K a register);
- mxfp4: bf16 activations times e2m1 weights with E8M0 scales
  (tt.dot_scaled, decomposed; the weights are upcast from fp4, so
  accelerate-matmul gives both operands kWidth 8: each thread holds K in
  runs of 8, which mma.sync's fragments take as a permutation of K that A
  and B share).

Usage: mma_sync_simt.py TRITON_OPT SCRIPTS_DIR [WARPS]
Prints one line per case, then a count.
"""
import re
import subprocess
import sys

import numpy as np

OPT, SCRIPTS = sys.argv[1:3]
WARPS = int(sys.argv[3]) if len(sys.argv) > 3 else 4
sys.path.insert(0, SCRIPTS)
import simt_sim  # noqa: E402

M, N = 64, 64


def ranges(name, ty, rows, cols, row_stride):
    """Pointers of a row-major [rows, cols] tile of `name`."""
    return f"""
    %{name}_r = tt.make_range {{end = {rows} : i32, start = 0 : i32}} : tensor<{rows}xi32>
    %{name}_c = tt.make_range {{end = {cols} : i32, start = 0 : i32}} : tensor<{cols}xi32>
    %{name}_r2 = tt.expand_dims %{name}_r {{axis = 1 : i32}} : tensor<{rows}xi32> -> tensor<{rows}x1xi32>
    %{name}_s = arith.constant dense<{row_stride}> : tensor<{rows}x1xi32>
    %{name}_ro = arith.muli %{name}_r2, %{name}_s : tensor<{rows}x1xi32>
    %{name}_c2 = tt.expand_dims %{name}_c {{axis = 0 : i32}} : tensor<{cols}xi32> -> tensor<1x{cols}xi32>
    %{name}_rb = tt.broadcast %{name}_ro : tensor<{rows}x1xi32> -> tensor<{rows}x{cols}xi32>
    %{name}_cb = tt.broadcast %{name}_c2 : tensor<1x{cols}xi32> -> tensor<{rows}x{cols}xi32>
    %{name}_o = arith.addi %{name}_rb, %{name}_cb : tensor<{rows}x{cols}xi32>
    %{name}_b = tt.splat %{name}_ptr : !tt.ptr<{ty}> -> tensor<{rows}x{cols}x!tt.ptr<{ty}>>
    %{name}_p = tt.addptr %{name}_b, %{name}_o : tensor<{rows}x{cols}x!tt.ptr<{ty}>>, tensor<{rows}x{cols}xi32>
"""


def kernel(case, K):
    body = ranges("a", "bf16", M, K, K) + f"    %a = tt.load %a_p : tensor<{M}x{K}x!tt.ptr<bf16>>\n"
    if case == "bf16":
        args = "%a_ptr: !tt.ptr<bf16>, %b_ptr: !tt.ptr<bf16>, %c_ptr: !tt.ptr<f32>"
        body += ranges("b", "bf16", K, N, N) + f"    %b = tt.load %b_p : tensor<{K}x{N}x!tt.ptr<bf16>>\n"
        dot = f"tt.dot %a, %b, %zero : tensor<{M}x{K}xbf16> * tensor<{K}x{N}xbf16> -> tensor<{M}x{N}xf32>"
    else:
        args = "%a_ptr: !tt.ptr<bf16>, %b_ptr: !tt.ptr<i8>, %s_ptr: !tt.ptr<i8>, %c_ptr: !tt.ptr<f32>"
        body += ranges("b", "i8", K // 2, N, N) + f"    %b = tt.load %b_p : tensor<{K // 2}x{N}x!tt.ptr<i8>>\n"
        body += ranges("s", "i8", N, K // 32, K // 32) + f"    %s = tt.load %s_p : tensor<{N}x{K // 32}x!tt.ptr<i8>>\n"
        dot = (f"tt.dot_scaled %a, %b scale %s, %zero lhs = bf16 rhs = e2m1 {{fastMath = false}} : "
               f"tensor<{M}x{K}xbf16> * tensor<{K // 2}x{N}xi8>, tensor<{N}x{K // 32}xi8> -> tensor<{M}x{N}xf32>")
    body += ranges("c", "f32", M, N, N)
    return f"""module {{
  tt.func public @k({args}) {{{body}    %zero = arith.constant dense<0.0> : tensor<{M}x{N}xf32>
    %d = {dot}
    tt.store %c_p, %d : tensor<{M}x{N}x!tt.ptr<f32>>
    tt.return
  }}
}}
"""


def lowered(text):
    ttgir = subprocess.run(
        [OPT, "-", "-triton-make-ttir=target=cuda:80",
         f"-triton-make-ttgir=target=cuda:80 num-warps={WARPS} num-stages=1"],
        input=text, capture_output=True, text=True, check=True).stdout
    kwidths = sorted(set(re.findall(r"parent = #mma, kWidth = (\d+)", ttgir)))
    r = subprocess.run([OPT, "-", "-convert-scf-to-cf", "-allocate-shared-memory",
                        "-convert-triton-gpu-to-llvm=compute-capability=80", "-canonicalize", "-cse",
                        "-convert-nv-gpu-to-llvm", "-reconcile-unrealized-casts",
                        "--mlir-print-op-generic"], input=ttgir, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0])
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1)), kwidths


# e2m1 codes of the integers it holds exactly (0, +-1, +-2, +-3, +-4, +-6).
FP4 = {0: 0, 1: 2, 2: 4, 3: 5, 4: 6, 6: 7}


def run_case(case, K):
    text, shared, kwidths = lowered(kernel(case, K))
    rng = np.random.default_rng(K)
    a = rng.integers(-3, 4, (M, K)).astype(np.float32)
    a_bits = (a.view(np.uint32) >> 16).astype(np.uint16)
    if case == "bf16":
        b = rng.integers(-3, 4, (K, N)).astype(np.float32)
        args = [a_bits.reshape(-1), (b.view(np.uint32) >> 16).astype(np.uint16).reshape(-1)]
    else:
        mags = np.array(sorted(FP4))
        b = rng.choice(mags, (K, N)) * rng.choice([-1, 1], (K, N))
        codes = np.vectorize(lambda v: FP4[abs(int(v))] | (8 if v < 0 else 0))(b).astype(np.uint8)
        packed = (codes[0::2] | (codes[1::2] << 4)).astype(np.uint8)  # low nibble first along K
        exps = rng.integers(126, 129, (N, K // 32))  # 2^-1 .. 2^1
        scale = np.repeat(2.0 ** (exps - 127), 32, axis=1).T  # [K, N]
        b = b * scale
        args = [a_bits.reshape(-1), packed.view(np.int8).reshape(-1), exps.astype(np.uint8).view(np.int8).reshape(-1)]
    c = np.full(M * N, 7, dtype=np.float32)
    outs, races = simt_sim.run(text, "k", args + [c], 32 * WARPS, shared)
    want = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32).reshape(-1)
    return np.array_equal(outs[len(args)], want) and not races, races, kwidths


cases = [(c, K) for c in ("bf16", "mxfp4") for K in (32, 64)]
passed = 0
for case, K in cases:
    try:
        ok, races, kwidths = run_case(case, K)
    except Exception as e:  # noqa: BLE001 -- a lowering or simulation error fails the case
        ok, races, kwidths = False, [str(e)], []
    passed += ok
    print(("PASS " if ok else "FAIL ") + f"{case} K={K} kWidth={','.join(kwidths)}" + ("" if ok else f": {races[:2]}"))
print(f"{passed} of {len(cases)} cases match")
