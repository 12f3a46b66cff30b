#!/usr/bin/env python3
"""Builds the vector-add kernel with triton_ir's builder (the calls Triton's
frontend makes, no IR text), runs it in the interpreter on NumPy arrays and
compiles it to a cubin with its launch metadata.

    PYTHONPATH=build/python /usr/bin/python3 examples/add_kernel_builder.py [--out DIR]

With --out, writes DIR/add_kernel.{ttir,ptx,cubin,json} (what
utils/launch-check.py runs on a GPU machine)."""

import argparse
import json
import os
import shutil

import numpy as np

import triton_ir as tir

BLOCK = 1024


def build_add_kernel(context=None):
    """out[i] = x[i] + y[i] for i < n, BLOCK elements per program."""
    b = tir.builder(context or tir.get_default_context())
    module = b.create_module()
    f32, i32 = b.get_float_ty(), b.get_int32_ty()
    f32_ptr = b.get_ptr_ty(f32, 1)
    b.set_loc("add_kernel_builder.py", 24, 0)
    fn = b.get_or_insert_function(module, "add_kernel",
                                  b.get_function_ty([f32_ptr, f32_ptr, f32_ptr, i32], []),
                                  "public", False)
    module.push_back(fn)
    entry = fn.add_entry_block()
    for i in range(4):
        fn.set_arg_attr(i, "tt.divisibility", 16)
    b.set_insertion_point_to_start(entry)
    x, y, out, n = (fn.args(i) for i in range(4))

    offsets_ty = b.get_block_ty(i32, [BLOCK])
    start = b.create_mul(b.create_get_program_id(0), b.get_int32(BLOCK))
    offsets = b.create_add(b.create_splat(offsets_ty, start),
                           b.create_make_range(offsets_ty, 0, BLOCK))
    mask = b.create_icmpSLT(offsets, b.create_splat(offsets_ty, n))

    def pointers(base):
        return b.create_addptr(b.create_splat(b.get_block_ty(f32_ptr, [BLOCK]), base), offsets)

    def load(base):
        return b.create_masked_load(pointers(base), mask, None, tir.CACHE_MODIFIER.NONE,
                                    tir.EVICTION_POLICY.NORMAL, False)

    total = b.create_fadd(load(x), load(y))
    b.create_masked_store(pointers(out), total, mask, tir.CACHE_MODIFIER.NONE,
                          tir.EVICTION_POLICY.NORMAL)
    b.ret([])
    fn.finalize()
    module.verify()
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write add_kernel.{ttir,ptx,cubin,json} here")
    args = parser.parse_args()

    module = build_add_kernel()
    print(module)

    n = 1500
    x = np.arange(2048, dtype=np.float32)
    y = np.full(2048, 0.5, dtype=np.float32)
    out = np.zeros(2048, dtype=np.float32)
    tir.run(module, ((n + BLOCK - 1) // BLOCK,), x, y, out, n)
    assert np.array_equal(out[:n], x[:n] + y[:n]) and not out[n:].any()
    print(f"interpreter: out[:{n}] == x + y, out[{n}:] untouched")

    if not shutil.which("ptxas") and not os.path.exists("/usr/local/cuda/bin/ptxas"):
        print("compile: skipped (no ptxas)")
        return
    kernel = tir.compile(module, target="cuda:90", num_warps=4)
    print(f"compile: {kernel.name}, {len(kernel.asm['cubin'])} bytes of cubin, "
          f"metadata {json.dumps({k: kernel.metadata[k] for k in ('num_warps', 'shared', 'params')})}")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        prefix = os.path.join(args.out, "add_kernel")
        with open(prefix + ".ttir", "w") as f:
            f.write(str(module))
        with open(prefix + ".ptx", "w") as f:
            f.write(kernel.asm["ptx"])
        with open(prefix + ".cubin", "wb") as f:
            f.write(kernel.asm["cubin"])
        with open(prefix + ".json", "w") as f:
            json.dump(kernel.metadata, f, indent=2)
        print(f"wrote {prefix}.{{ttir,ptx,cubin,json}}")


if __name__ == "__main__":
    main()
