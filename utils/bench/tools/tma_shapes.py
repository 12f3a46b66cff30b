#!/usr/bin/env python3
"""TMA copies of blocks of many shapes and types, checked on the GPU.

`tma_shapes.py gen OUT` writes, per case, OUT/tma_NAME.ttir: a kernel that
copies one block of a [n]*rank tensor through two descriptors made in the
kernel (TMA load, TMA store); `run.py prepare` writes and compiles them into
OUT/tma_shapes.
`tma_shapes.py check DIR [NAME...]` (on the GPU machine) runs each compiled kernel
with n smaller than, equal to and larger than the block, and checks that
the block's in-bounds part was copied and nothing else was written (but
for TMA's 16-byte rounding of the innermost bound, see below).
"""
import os
import sys

# name: (element type, block shape)
CASES = {
    "d1_f32": ("f32", [128]),
    "d2_f16_16x16": ("f16", [16, 16]),
    "d2_f32_32x32": ("f32", [32, 32]),
    "d2_bf16_8x64": ("bf16", [8, 64]),
    "d2_f16_64x256": ("f16", [64, 256]),
    "d2_i8_32x128": ("i8", [32, 128]),
    "d2_f32_4x256": ("f32", [4, 256]),
    "d2_f16_1x64": ("f16", [1, 64]),
    "d3_f16_2x16x64": ("f16", [2, 16, 64]),
}


def ttir(name, ty, shape):
    rank = len(shape)
    block = "x".join(map(str, shape)) + "x" + ty
    dims = ", ".join(["%n"] * rank)
    strides = ", ".join([f"%s{i}" for i in range(rank - 1)] + ["%c1"])
    stride_defs = "".join(
        f"    %s{i} = arith.constant {256 ** (rank - 1 - i)} : i64\n" for i in range(rank - 1))
    zeros = ", ".join(["%c0"] * rank)
    return f"""module {{
  tt.func public @tma_{name}(%p: !tt.ptr<{ty}> {{tt.divisibility = 16 : i32}}, %q: !tt.ptr<{ty}> {{tt.divisibility = 16 : i32}}, %n: i32) {{
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i64
{stride_defs}    %d = tt.make_tensor_descriptor %p, [{dims}], [{strides}] : <{ty}>, <tensor<{block}>>
    %e = tt.make_tensor_descriptor %q, [{dims}], [{strides}] : <{ty}>, <tensor<{block}>>
    %t = tt.descriptor_load %d[{zeros}] : !tt.tensordesc<tensor<{block}>> -> tensor<{block}>
    tt.descriptor_store %e[{zeros}], %t : !tt.tensordesc<tensor<{block}>>, tensor<{block}>
    tt.return
  }}
}}
"""


def gen(out):
    os.makedirs(out, exist_ok=True)
    for name, (ty, shape) in CASES.items():
        with open(os.path.join(out, f"tma_{name}.ttir"), "w") as f:
            f.write(ttir(name, ty, shape))


def check(folder, *only):
    import json
    import cupy as cp
    import torch
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import launch as tma
    types = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
             "i8": torch.int8}
    failed = 0
    for name, (ty, shape) in CASES.items():
        if only and name not in only:
            continue
        base = os.path.join(folder, f"tma_{name}")
        if not os.path.exists(base + ".cubin"):
            print(f"{name:18} no cubin")
            failed += 1
            continue
        meta = json.load(open(base + ".json"))
        fn = cp.RawModule(path=base + ".cubin").get_function(meta["name"])
        results = []
        # The tensor is [256]*rank in memory; the descriptor's shape n cuts it.
        for n in sorted({max(1, min(shape) // 2 + 1), max(shape), 256}):
            full = [256] * len(shape)
            if ty == "i8":
                p = torch.randint(-100, 100, full, dtype=torch.int8, device="cuda")
                q = torch.full(full, 77, dtype=torch.int8, device="cuda")
            else:
                p = torch.randn(full, device="cuda").to(types[ty])
                q = torch.full(full, float("nan"), device="cuda").to(types[ty])
            expect = q.clone()
            region = tuple(slice(0, min(b, n)) for b in shape)
            expect[region] = p[region]
            # TMA (with our descriptors, the driver's and Triton's alike,
            # measured) bounds a store's innermost dimension in 16-byte
            # steps: the elements up to the next 16 bytes are written too,
            # with the load's out-of-bounds zeros.
            size = p.element_size()
            inner = min(shape[-1], -(-n * size // 16) * 16 // size)
            if inner > n:
                pad = region[:-1] + (slice(n, inner),)
                expect[pad] = 0
            scratch = torch.empty(meta["global_scratch_size"], dtype=torch.uint8, device="cuda")
            params = tma.launch_params([p, q, n, scratch], meta) + [tma.ctypes.c_uint64(0)]
            tma.launcher(fn, (1,), (32 * meta["num_warps"], 1, 1), meta["shared"], params)()
            torch.cuda.synchronize()
            same = torch.equal(q.view(torch.int8 if ty == "i8" else torch.int16 if
                                      types[ty].itemsize == 2 else torch.int32),
                               expect.view(torch.int8 if ty == "i8" else torch.int16 if
                                           types[ty].itemsize == 2 else torch.int32))
            results.append(f"n={n}:{'ok' if same else 'WRONG'}")
            failed += not same
        print(f"{name:18} {' '.join(results)}")
    print("all ok" if not failed else f"{failed} failed")


if __name__ == "__main__":
    {"gen": gen, "check": check}[sys.argv[1]](*sys.argv[2:])
