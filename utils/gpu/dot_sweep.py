#!/usr/bin/env python3
"""The dot sweep: tl.dot in the forms real kernels use, beyond the corpus's
fp16 matmuls (other input types and accumulators, input precisions, a K-major
B, an epilogue, small tiles that take mma v2, a 3-D dot), each compiled by our
tools from Triton 3.6's TTIR of it and run next to Triton's own compile by
utils/gpu/harness.py (cases named sweep_*).

  dot_sweep.py list          name, warps and stages of each case (prepare.sh)
  dot_sweep.py dump OUT      on the GPU machine: Triton 3.6's TTIR of each case
                             (OUT/NAME.ttir, .ttgir beside it)

The harness imports cases() from here. Only this file knows the configurations.
"""
import os
import sys

# name: (a type, b type, out type, accumulator, input precision,
#        max_num_imprecise_acc, epilogue, BM, BN, BK, warps, stages, B K-major,
#        timed size, tolerance)
MATMULS = {
    "sweep_bf16": ("bfloat16", "bfloat16", "bfloat16", "float32", None, None, None,
                   128, 128, 64, 4, 3, False, 4096, 1e-2),
    "sweep_fp16_bt": ("float16", "float16", "float16", "float32", None, None, None,
                      128, 128, 64, 4, 4, True, 4096, 1e-2),
    "sweep_fp16_acc16": ("float16", "float16", "float16", "float16", None, None, None,
                         128, 128, 64, 4, 3, False, 4096, 2e-2),
    "sweep_fp16_epilogue": ("float16", "float16", "float16", "float32", None, None,
                            "bias_leaky", 128, 256, 64, 8, 3, False, 4096, 1e-2),
    "sweep_fp8e4_bt": ("float8_e4m3fn", "float8_e4m3fn", "float16", "float32", None, None,
                       None, 128, 256, 128, 8, 3, True, 4096, 1e-2),
    "sweep_fp8e5": ("float8_e5m2", "float8_e5m2", "float16", "float32", None, None, None,
                    128, 128, 128, 4, 3, False, 4096, 1e-2),
    "sweep_fp8e4_imprecise": ("float8_e4m3fn", "float8_e4m3fn", "float16", "float32", None,
                              32, None, 128, 128, 128, 4, 3, True, 4096, 1e-2),
    "sweep_int8_bt": ("int8", "int8", "int32", "int32", None, None, None,
                      128, 128, 128, 8, 3, True, 4096, 0),
    "sweep_int8": ("int8", "int8", "int32", "int32", None, None, None,
                   128, 128, 64, 4, 3, False, 4096, 0),
    "sweep_tf32": ("float32", "float32", "float32", "float32", "tf32", None, None,
                   128, 128, 32, 4, 3, False, 4096, 3e-3),
    "sweep_tf32x3": ("float32", "float32", "float32", "float32", "tf32x3", None, None,
                     64, 64, 32, 4, 3, False, 2048, 1e-5),
    "sweep_ieee": ("float32", "float32", "float32", "float32", "ieee", None, None,
                   64, 64, 16, 4, 2, False, 1024, 1e-5),
    "sweep_fp16_m32": ("float16", "float16", "float16", "float32", None, None, None,
                       32, 64, 64, 4, 3, False, 4096, 1e-2),
}
# name: (BB, BM, BN, BK, warps, stages, batches and size timed)
BMMS = {"sweep_bmm_3d": (2, 64, 64, 32, 4, 3, (64, 1024))}


# Whole kernels around dots: name -> (kernel in kernels.py, constexprs, warps,
# stages, timed size, ragged size); their arguments, grid and reference below.
KERNELS = {
    "sweep_persistent": ("matmul_persistent",
                         {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8, "NUM_SMS": 132}, 8, 3,
                         4096, 1008),
    "sweep_splitk": ("matmul_splitk", {"BM": 128, "BN": 128, "BK": 64, "SPLIT_K": 4}, 4, 3,
                     4096, 1008),
    "sweep_attention_causal": ("attention_causal", {"BLOCK_M": 128, "BLOCK_N": 64,
                                                    "HEAD_DIM": 128}, 8, 3, 4096, 1008),
}


def kernel_args(torch, name, size, dev):
    """Triton's call arguments of a KERNELS case at SIZE, outputs, reference, grid, flops."""
    constexprs = KERNELS[name][1]
    if name in ("sweep_persistent", "sweep_splitk"):
        a = torch.randn(size, size, device=dev, dtype=torch.float16)
        b = torch.randn(size, size, device=dev, dtype=torch.float16)
        flops = 2 * size ** 3
        if name == "sweep_persistent":
            c = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)
            return ([a, b, c, size, size, size], [c], lambda: [a.double() @ b.double()],
                    (constexprs["NUM_SMS"],), flops)
        c = torch.zeros(size, size, device=dev, dtype=torch.float32)
        grid = (-(-size // constexprs["BM"]), -(-size // constexprs["BN"]), constexprs["SPLIT_K"])
        # b is stored [N, K]: C = A @ b^T.
        return [a, b, c, size, size, size], [c], lambda: [a.double() @ b.double().T], grid, flops
    heads, d = (16 if size > 2048 else 2), constexprs["HEAD_DIM"]
    q, k, v = (torch.randn(heads, size, d, device=dev, dtype=torch.float16) for _ in range(3))
    o = torch.full_like(q, float("nan"))

    def ref():
        s = (q.double() @ k.double().transpose(1, 2)) * 0.125
        s = s.masked_fill(torch.ones(size, size, device=dev, dtype=torch.bool).triu(1),
                          float("-inf"))
        return [torch.softmax(s, -1) @ v.double()]
    grid = (-(-size // constexprs["BLOCK_M"]), heads)
    return [q, k, v, o, 0.125, size, size * d, d], [o], ref, grid, 2 * heads * size * size * d


def matmul_args(torch, name, size, dev):
    """Triton's call arguments of a sweep matmul at SIZE^3, its outputs and reference."""
    at, bt, ot, acc, prec, imprecise, epi, bm, bn, bk, warps, stages, kmajor, _, _ = MATMULS[name]
    m = n = k = size

    def draw(dtype, shape):
        if dtype == "int8":
            return torch.randint(-128, 128, shape, device=dev, dtype=torch.int8)
        x = torch.randn(shape, device=dev)
        return x.to(getattr(torch, dtype))
    a = draw(at, (m, k))
    b_store = draw(bt, (n, k) if kmajor else (k, n))
    b = b_store.t() if kmajor else b_store
    bias = torch.randn(n, device=dev, dtype=torch.float16)
    c = torch.zeros((m, n), device=dev, dtype=getattr(torch, ot))
    if c.is_floating_point():
        c.fill_(float("nan"))
    else:
        c.fill_(-12345)

    def ref():
        out = a.double() @ b.double()
        if epi == "bias_leaky":
            out = out + bias.double()[None, :]
            out = torch.where(out >= 0, out, 0.01 * out)
        return [out]
    args = [a, b_store, c, bias, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
            c.stride(0), c.stride(1)]
    return args, [c], ref


def matmul_constexprs(name):
    import triton.language as tl
    at, bt, ot, acc, prec, imprecise, epi, bm, bn, bk, warps, stages, kmajor, _, _ = MATMULS[name]
    return {"BM": bm, "BN": bn, "BK": bk, "GROUP_M": 8, "ACC": getattr(tl, acc),
            "PRECISION": prec, "MAX_IMPRECISE": imprecise, "EPILOGUE": epi}


def bmm_args(torch, batches, size, dev):
    a = torch.randn(batches, size, size, device=dev, dtype=torch.float16)
    b = torch.randn(batches, size, size, device=dev, dtype=torch.float16)
    c = torch.full((batches, size, size), float("nan"), device=dev, dtype=torch.float16)
    return [a, b, c, batches, size, size, size], [c], lambda: [a.double() @ b.double()]


def bmm_grid(name, batches, size):
    bb, bm, bn, _, _, _, _ = BMMS[name]
    return (-(-size // bm), -(-size // bn), -(-batches // bb))


def cases(Case, torch, kernels, dev):
    """The harness's sweep cases (timed) and their ragged twins (correctness)."""
    timed, ragged = [], {}

    def matmul(name, size):
        spec = MATMULS[name]
        bm, bn, warps, stages, tol = spec[7], spec[8], spec[10], spec[11], spec[14]
        # Triton specializes integer arguments equal to 1 away; ours are launched without them.
        drop = [i for i, v in enumerate(matmul_args(torch, name, 16, "cpu")[0]) if i >= 4 and
                isinstance(v, int) and v == 1]
        grid = (-(-size // bm) * -(-size // bn),)
        case = Case(name, kernels.matmul_any, matmul_constexprs(name), warps, grid,
                    lambda: matmul_args(torch, name, size, dev), 2 * size ** 3,
                    unit="TFLOP/s", drop=drop, tol=tol)
        case.stages = stages
        return case

    def bmm(name, batches, size):
        bb, bm, bn, bk, warps, stages, _ = BMMS[name]
        case = Case(name, kernels.bmm_3d, {"BB": bb, "BM": bm, "BN": bn, "BK": bk}, warps,
                    bmm_grid(name, batches, size), lambda: bmm_args(torch, batches, size, dev),
                    2 * batches * size ** 3, unit="TFLOP/s", tol=1e-2)
        case.stages = stages
        return case
    for name, spec in MATMULS.items():
        timed.append(matmul(name, spec[13]))
        ragged[name] = matmul(name, 1008 if spec[13] > 1024 else 496)
    for name, spec in BMMS.items():
        timed.append(bmm(name, *spec[6]))
        ragged[name] = bmm(name, 5, 496)

    def whole(name, size):
        kernel, constexprs, warps, stages, _, _ = KERNELS[name]
        # Triton specializes integer arguments equal to 1 away.
        args = kernel_args(torch, name, 16, "cpu")[0]
        drop = [i for i, v in enumerate(args) if isinstance(v, int) and v == 1]
        case = Case(name, getattr(kernels, kernel), constexprs, warps,
                    kernel_args_grid(torch, name, size),
                    lambda: kernel_args(torch, name, size, dev)[:3], flops_of(torch, name, size),
                    unit="TFLOP/s", drop=drop, tol=1e-2)
        case.stages = stages
        return case
    for name, spec in KERNELS.items():
        timed.append(whole(name, spec[4]))
        ragged[name] = whole(name, spec[5])
    return timed, ragged


def kernel_args_grid(torch, name, size):
    constexprs = KERNELS[name][1]
    if name == "sweep_persistent":
        return (constexprs["NUM_SMS"],)
    if name == "sweep_splitk":
        return (-(-size // constexprs["BM"]), -(-size // constexprs["BN"]), constexprs["SPLIT_K"])
    return (-(-size // constexprs["BLOCK_M"]), 16 if size > 2048 else 2)


def flops_of(torch, name, size):
    if name == "sweep_attention_causal":
        # Half the score matrix is masked: the causal kernel does about half the work.
        return 2 * (16 if size > 2048 else 2) * size * size * KERNELS[name][1]["HEAD_DIM"]
    return 2 * size ** 3


def listing():
    for name, spec in MATMULS.items():
        print(name, spec[10], spec[11])
    for name, spec in BMMS.items():
        print(name, spec[4], spec[5])
    for name, spec in KERNELS.items():
        print(name, spec[2], spec[3])


def dump(out):
    import torch
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import kernels
    os.makedirs(out, exist_ok=True)
    jobs = []
    for name, spec in MATMULS.items():
        args = matmul_args(torch, name, 256, "cuda")[0]
        jobs.append((name, kernels.matmul_any, (1,), args, matmul_constexprs(name), spec[10],
                     spec[11]))
    for name, spec in BMMS.items():
        bb, bm, bn, bk, warps, stages, _ = spec
        jobs.append((name, kernels.bmm_3d, (1,), bmm_args(torch, 4, 256, "cuda")[0],
                     {"BB": bb, "BM": bm, "BN": bn, "BK": bk}, warps, stages))
    for name, spec in KERNELS.items():
        kernel, constexprs, warps, stages, _, _ = spec
        jobs.append((name, getattr(kernels, kernel), (1,), kernel_args(torch, name, 256, "cuda")[0],
                     constexprs, warps, stages))
    for name, kernel, grid, args, constexprs, warps, stages in jobs:
        try:
            compiled = kernel[grid](*args, **constexprs, num_warps=warps, num_stages=stages)
        except Exception as e:  # one config Triton rejects must not stop the others
            print(name, "TRITON FAILED", type(e).__name__, str(e)[-600:])
            continue
        for stage in ("ttir", "ttgir"):
            with open(os.path.join(out, f"{name}.{stage}"), "w") as f:
                f.write(compiled.asm[stage])
        print(name, "num_warps", warps, "stages", stages, "shared", compiled.metadata.shared)


if __name__ == "__main__":
    if sys.argv[1:2] == ["list"]:
        listing()
    elif sys.argv[1:2] == ["dump"] and len(sys.argv) == 3:
        dump(sys.argv[2])
    else:
        sys.exit(__doc__)
