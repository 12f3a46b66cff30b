"""Lowers small kernels that move 16-bit tensors through shared memory where
the lowering uses ldmatrix (local_load of a swizzled buffer into an mma dot
operand; convert_layout from an mma accumulator to a blocked layout through
scratch: 16-byte stores, then matrix loads) or stmatrix (an mma accumulator
stored into an NVMMA buffer on sm_90), runs them on the CPU
(test/scripts/simt_sim.py, whose ldmatrix follows the PTX ISA's fragments and
reports shared-memory races) and checks that every element arrives where the
destination layout says: the kernel stores the tensor back from the
destination layout. Prints one line per case, PASS or FAIL, with the matrix
loads the lowering emitted, then a count.

Usage: ldmatrix_simt.py TRITON_OPT UTILS_DIR
"""
import re
import sys

import numpy as np

OPT = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import simt_sim  # noqa: E402
from simt_kernels import lower, offsets  # noqa: E402


def access(ptr, shape, L, ty, name, value=None):
    text = f"""    %{name}p = tt.splat %{ptr} : !tt.ptr<{ty}> -> tensor<{shape}x!tt.ptr<{ty}>, {L}>
    %{name}q = tt.addptr %{name}p, %{name}o : tensor<{shape}x!tt.ptr<{ty}>, {L}>, tensor<{shape}xi32, {L}>
"""
    if value is None:
        return text + f"    %{name} = tt.load %{name}q : tensor<{shape}x!tt.ptr<{ty}>, {L}>\n"
    return text + f"    tt.store %{name}q, {value} : tensor<{shape}x!tt.ptr<{ty}>, {L}>\n"


def kernel(case):
    M, N, ty, nw = case["M"], case["N"], case["type"], case["warps"]
    src, dst, shape = case["src"], case["dst"], f"{M}x{N}"
    body = offsets(src, M, N, "io") + access("pin", shape, src, ty, "i")
    if "shared" in case:
        enc = case["shared"]
        if case.get("buffers"):
            # A view into the second of two buffers, as pipelined loops read.
            nb = case["buffers"]
            mem = f"!ttg.memdesc<{nb}x{shape}x{ty}, {enc}, #ttg.shared_memory, mutable>"
            view = f"!ttg.memdesc<{shape}x{ty}, {enc}, #ttg.shared_memory, mutable>"
            body += f"""    %buf = ttg.local_alloc : () -> {mem}
    %one = arith.constant 1 : i32
    %s = ttg.memdesc_index %buf[%one] : {mem} -> {view}
    ttg.local_store %i, %s : tensor<{shape}x{ty}, {src}> -> {view}
    %x = ttg.local_load %s : {view} -> tensor<{shape}x{ty}, {dst}>
"""
        else:
            mem = f"!ttg.memdesc<{shape}x{ty}, {enc}, #ttg.shared_memory>"
            body += f"""    %s = ttg.local_alloc %i : (tensor<{shape}x{ty}, {src}>) -> {mem}
    %x = ttg.local_load %s : {mem} -> tensor<{shape}x{ty}, {dst}>
"""
    else:
        body += f"    %x = ttg.convert_layout %i : tensor<{shape}x{ty}, {src}> -> tensor<{shape}x{ty}, {dst}>\n"
    body += offsets(dst, M, N, "oo") + access("pout", shape, dst, ty, "o", "%x")
    header = ('module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = %d : i32, '
              'ttg.target = "cuda:%d", "ttg.threads-per-warp" = 32 : i32} {\n') % (nw, case.get("cc", 90))
    return (header + f"  tt.func public @k(%pin: !tt.ptr<{ty}>, %pout: !tt.ptr<{ty}>) {{\n" + body +
            "    tt.return\n  }\n}\n")


def run_case(name, case):
    text, shared = lower(OPT, kernel(case),
                         f"-convert-triton-gpu-to-llvm=compute-capability={case.get('cc', 90)}")
    loads = re.findall(r'"nvvm.ldmatrix".*mma_layout<(\w+)>', text)
    stores = re.findall(r'"nvvm.stmatrix"', text)
    kind = f"{len(loads)} ldmatrix" + (" .trans" if "col" in loads else "") + \
        (f", {len(stores)} stmatrix" if stores else "")
    rng = np.random.default_rng(len(name))
    M, N = case["M"], case["N"]
    if case["type"] == "f32":  # tf32 operands: 32-bit elements as two halves
        x = rng.integers(-30000, 30000, (M, N)).astype(np.float32)
    elif case["type"] == "i8":  # fp8 operands' bytes: four to a word
        x = rng.integers(-128, 128, (M, N)).astype(np.int8)
    else:
        x = rng.integers(-30000, 30000, (M, N)).astype(np.int16)  # any 16-bit pattern
    outs, races = simt_sim.run(text, "k", [x, np.zeros_like(x)], 32 * case["warps"], shared)
    want_loads = case.get("ldmatrix", True)
    ok = np.array_equal(outs[1], x) and not races and bool(loads) == want_loads and \
        (("col" in loads) == case.get("trans", False)) and \
        bool(stores) == case.get("stmatrix", False)
    print(("PASS " if ok else "FAIL ") + name + f" ({kind})" + (f" races: {races[:2]}" if races else ""))
    if not np.array_equal(outs[1], x):
        bad = np.argwhere(outs[1] != x)
        print(f"  {len(bad)} wrong, first at {tuple(bad[0])}")
    return ok


B8 = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [%d, %d], warpsPerCTA = [%d, 1], order = [1, 0]}>"
MMA2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [%d, %d], instrShape = [16, 8]}>"
MMA3 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [%d, 1], instrShape = [16, %d, 16]}>"
SW = "#ttg.swizzled_shared<{vec = 8, perPhase = %d, maxPhase = %d, order = [1, 0]}>"


def dot_op(idx, parent, k_width=2):
    return f"#ttg.dot_op<{{opIdx = {idx}, parent = {parent}, kWidth = {k_width}}}>"


CASES = {
    # The sm_80 small matmul's operands (3.6's encodings): A row-major into
    # ldmatrix, B (K x N, N contiguous) into ldmatrix.trans.
    "A f16 64x32, mma v2 [2, 2]": dict(M=64, N=32, type="f16", warps=4, cc=80, src=B8 % (8, 4, 4),
                                       shared=SW % (2, 4), dst=dot_op(0, MMA2 % (2, 2))),
    "B f16 32x64, mma v2 [2, 2]": dict(M=32, N=64, type="f16", warps=4, cc=80, src=B8 % (4, 8, 4),
                                       shared=SW % (1, 8), dst=dot_op(1, MMA2 % (2, 2)), trans=True),
    # The big one's, over 8 warps; bf16; the B buffer a view into two.
    "A bf16 128x64, mma v2 [2, 4]": dict(M=128, N=64, type="bf16", warps=8, cc=80,
                                         src=B8 % (4, 8, 8), shared=SW % (1, 8),
                                         dst=dot_op(0, MMA2 % (2, 4))),
    "B f16 64x128 view, mma v2 [2, 4]": dict(M=64, N=128, type="f16", warps=8, cc=80,
                                             src=B8 % (2, 16, 8), shared=SW % (1, 8), buffers=2,
                                             dst=dot_op(1, MMA2 % (2, 4)), trans=True),
    # wgmma's A in registers.
    "A f16 64x64, mma v3": dict(M=64, N=64, type="f16", warps=4, src=B8 % (4, 8, 4),
                                shared="#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
                                dst=dot_op(0, MMA3 % (4, 64))),
    # Unswizzled rows of 8 bytes cannot be 16-byte matrix rows: plain loads.
    "A f16 64x32, vec 4: no ldmatrix": dict(
        M=64, N=32, type="f16", warps=4, cc=80, src=B8 % (8, 4, 4), ldmatrix=False,
        shared="#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
        dst=dot_op(0, MMA2 % (2, 2))),
    # tf32 operands (32-bit elements, kWidth 1): A row-major loads as
    # matrices of 16-bit halves, a row of four elements each; B (N
    # contiguous) would need the halves transposed apart: plain loads.
    "A f32 (tf32) 32x16, mma v2 [2, 2]": dict(M=32, N=16, type="f32", warps=4, cc=80,
                                             src="#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>",
                                             shared="#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
                                             dst=dot_op(0, MMA2 % (2, 2), 1)),
    "B f32 (tf32) 16x32, mma v2 [2, 2]: no ldmatrix": dict(
        M=16, N=32, type="f32", warps=4, cc=80, ldmatrix=False,
        src="#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
        shared="#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
        dst=dot_op(1, MMA2 % (2, 2), 1)),
    # 8-bit operands (kWidth 4): a word is four bytes of a row; K = 16 is
    # half an m16n8k32 step, so the matrices past the rows repeat: two per
    # load.
    "A i8 16x16 kWidth 4, one warp (x2)": dict(M=16, N=16, type="i8", warps=1, cc=80,
                                              src="#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>",
                                              shared="#ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                                              dst=dot_op(0, MMA2 % (1, 1), 4)),
    "A i8 64x64 kWidth 4, mma v2 [2, 2]": dict(M=64, N=64, type="i8", warps=4, cc=80,
                                              src="#ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>",
                                              shared="#ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
                                              dst=dot_op(0, MMA2 % (2, 2), 4)),
    # Epilogues: the corpus matmuls' accumulators (f16) to their store layouts.
    "epilogue 128x256 mma v3 -> [1, 32] lanes": dict(M=128, N=256, type="f16", warps=8,
                                                     src=MMA3 % (8, 256), dst=B8 % (1, 32, 8)),
    "epilogue 64x64 mma v3 -> [4, 8] lanes": dict(M=64, N=64, type="f16", warps=4,
                                                  src=MMA3 % (4, 64), dst=B8 % (4, 8, 4)),
    "epilogue 64x64 mma v2 [4, 1] -> [4, 8] lanes": dict(M=64, N=64, type="bf16", warps=4, cc=80,
                                                         src=MMA2 % (4, 1), dst=B8 % (4, 8, 4)),
    # An mma accumulator stored into an NVMMA buffer (a TMA store's source)
    # as 8x8 matrices with stmatrix (sm_90), read back with plain loads;
    # on sm_80 (no stmatrix) the same with plain stores.
    "accumulator 128x256 mma v3 -> nvmma 128B (stmatrix)": dict(
        M=128, N=256, type="f16", warps=8, src=MMA3 % (8, 256), ldmatrix=False, stmatrix=True,
        shared="#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
        dst=B8 % (1, 32, 8)),
    "accumulator 64x64 mma v3 -> nvmma 64B (stmatrix)": dict(
        M=64, N=64, type="bf16", warps=4, src=MMA3 % (4, 64), ldmatrix=False, stmatrix=True,
        shared="#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>",
        dst=B8 % (4, 8, 4)),
    # 32-bit elements: a word is one element, a matrix row four of them
    # (lanes 0, 1 the columns). An mma accumulator's pairs of f32 per thread
    # do not fit: plain stores.
    "f32 64x16 blocked [8, 4] lanes -> unswizzled (stmatrix)": dict(
        M=64, N=16, type="f32", warps=4, ldmatrix=False, stmatrix=True,
        src="#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>",
        shared="#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
        dst="#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]}>"),
    "accumulator f32 64x64 mma v3 -> nvmma 128B: no stmatrix": dict(
        M=64, N=64, type="f32", warps=4, src=MMA3 % (4, 64), ldmatrix=False,
        shared="#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>",
        dst="#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"),
    # 8-bit elements: a word is four bytes of a row; one register bit left
    # for the matrix, so two matrices per store (.x2).
    "i8 64x16 blocked [2, 4] -> unswizzled (stmatrix .x2)": dict(
        M=64, N=16, type="i8", warps=4, ldmatrix=False, stmatrix=True,
        src="#ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>",
        shared="#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
        dst="#ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]}>"),
    # An 8-row accumulator over four warps of 16 rows: registers and warps
    # repeat rows; the repeated registers are not stored.
    "accumulator 8x64 mma v3, repeated rows -> unswizzled (stmatrix)": dict(
        M=8, N=64, type="f16", warps=4, src=MMA3 % (4, 32), ldmatrix=False, stmatrix=True,
        shared="#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
        dst=B8 % (8, 4, 4)),
    "accumulator 64x64 mma v2 -> swizzled, sm_80: no stmatrix": dict(
        M=64, N=64, type="f16", warps=4, cc=80, src=MMA2 % (4, 1), ldmatrix=False,
        shared=SW % (1, 8), dst=B8 % (4, 8, 4)),
    # mma v2 with warps along N: columns 8.. are another warp's, so a
    # 16-byte row of the destination is not one thread's registers; the
    # plain path stays.
    "epilogue 64x64 mma v2 [2, 2]: no ldmatrix": dict(M=64, N=64, type="bf16", warps=4, cc=80,
                                                      src=MMA2 % (2, 2), dst=B8 % (4, 8, 4),
                                                      ldmatrix=False),
}

passed = 0
for name, case in CASES.items():
    try:
        passed += run_case(name, case)
    except Exception as e:  # noqa: BLE001
        print(f"FAIL {name}: {e}")
print(f"{passed} of {len(CASES)} cases match")
