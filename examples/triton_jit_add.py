#!/usr/bin/env python3
"""An ordinary Triton 3.6 program, nothing of this project in it: a @triton.jit
vector add checked against PyTorch. Run it through the backend plugin to have
this toolchain compile it after Triton's frontend (GPU machine, Triton and
PyTorch installed; triton-compile built, static where LLVM 22 is missing):

    PYTHONPATH=bindings/python TRITON_IR_COMPILE=build/bin/triton-compile \\
        python3 -m triton_ir.triton_backend examples/triton_jit_add.py

It prints which compiler made the kernel."""

import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


def main():
    n = 98_432
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    compiled = add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    torch.testing.assert_close(out, x + y, rtol=0, atol=0)
    # Triton's own stages leave TTGIR and LLVM IR beside the cubin; through the
    # plugin, triton-compile goes from TTIR to PTX in one step.
    by = "Triton" if "ttgir" in compiled.asm else "triton_ir's triton-compile"
    print(f"add_kernel: {n} elements equal to torch's x + y; "
          f"{len(compiled.asm['cubin'])} bytes of cubin, stages {sorted(compiled.asm)}")
    print(f"compiled by: {by}")


if __name__ == "__main__":
    main()
