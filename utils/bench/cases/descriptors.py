"""The cases of kernels/descriptors.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from cases.attention import attention_inputs
from cases.matmul import args_persistent
from registry import Case, cdiv, nan_maker, variant  # noqa: F401


def args_attention_desc(torch, dev, size, c, kern):
    heads, d, q, k, v, o, ref = attention_inputs(torch, c, size, dev, causal=False)
    return ([q, k, v, o, 0.125, size], [o], ref, (cdiv(size, c["BLOCK_M"]), heads),
            4 * heads * size * size * d)


def args_grouped_desc(torch, dev, size, c, kern):
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    sizes = [size, size // 2, size // 4, size // 2]
    mats = [(randn(n, n).half(), randn(n, n).half(),
             torch.full((n, n), float("nan"), device=dev, dtype=torch.float16))
            for n in sizes]
    ptrs = [torch.tensor([m[i].data_ptr() if real else 0 for m in mats], device=dev,
                         dtype=torch.int64) for i in range(3)]
    tiles = [cdiv(n, c["BM"]) * cdiv(n, c["BN"]) for n in sizes]
    before = torch.tensor([sum(tiles[:i]) for i in range(len(sizes))], device=dev,
                          dtype=torch.int32)
    sizes_t = torch.tensor(sizes, device=dev, dtype=torch.int32)
    ptrs[0].matrices = mats
    return (ptrs + [sizes_t, before], [m[2] for m in mats],
            lambda: [m[0].double() @ m[1].double() for m in mats], (sum(tiles),),
            sum(2 * n ** 3 for n in sizes))


def args_desc_3d(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    # A batch never a multiple of 16 (nor of the block's 2): the last
    # block of matrices is clipped; 264 columns, rows of 528 bytes.
    bsz, m, n = size + 3, 200, 264
    x = randn(bsz, m, n).half()
    s = torch.rand(bsz, device=dev) + 0.5
    y = nan(bsz, m, n, dtype=torch.float16)
    return ([x, s, y, bsz, m, n], [y], lambda: [x.double() * s.double()[:, None, None]],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"]), cdiv(bsz, c["BB"])), 2 * 2 * bsz * m * n)


def args_ws_desc(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    m = n = k = size
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    a, bt = randn(m, k).half(), randn(n, k).half()
    out = nan(m, n, dtype=torch.float16)
    return ([a, bt, out, m, n, k], [out], lambda: [a.double() @ bt.double().t()], grid,
            2 * m * n * k)


def args_splitk_desc(torch, dev, size, c, kern):
    m = n = k = size
    a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    out = torch.zeros(m, n, device=dev)
    return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()],
            grid + (c["SPLIT"],), 2 * m * n * k)


def args_desc_noinline(torch, dev, size, c, kern):
    from launch import Desc
    m = n = size
    x = torch.randn(m, n, device=dev, dtype=torch.float16)
    y = torch.full_like(x, float("nan"))
    return ([Desc(x, [c["BM"], c["BN"]]), y, m, n], [y], lambda: [2 * x.double()],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * 2 * m * n)


CASES = [
    Case("tma_persistent", "descriptors.matmul_tma_persistent", args_persistent,
         {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8, "NUM_SMS": 132},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot", "tma")),
    Case("attention_desc", "descriptors.attention_fwd_desc", args_attention_desc,
         {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("dot", "tma")),
    Case("grouped_desc", "descriptors.grouped_matmul_desc", args_grouped_desc,
         {"GROUPS": 4, "BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1024, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot", "tma")),
    Case("desc_3d", "descriptors.desc3d_scale", args_desc_3d, {"BB": 2, "BM": 64, "BN": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.001, metric="GB/s",
         tags=("fp16", "tma")),
    Case("ws_desc", "descriptors.matmul_desc_ws", args_ws_desc, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot", "tma")),
    Case("splitk_desc", "descriptors.matmul_splitk_desc", args_splitk_desc,
         {"BM": 128, "BN": 128, "BK": 64, "SPLIT": 4},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot", "atomic", "tma")),
    # Descriptors passed to noinline device functions (our TTIR written by
    # hand in 3.6's form, test/Inputs/desc_noinline/; Triton compiles the
    # Python function).
    Case("desc_noinline", "descriptors.desc_noinline", args_desc_noinline,
         {"BM": 64, "BN": 64}, warps=4, size=8192, ragged=1008, tol=1e-6,
         tags=("fp16", "tma", "noinline")),
]

# The same TTIR at 4 warps, where Triton 3.6's sm_90 make_ttgir warp-specializes
# the loop (a TMA producer warp group beside 4 consumer warps): ours against
# Triton's warp-specialized compile (issue 29).
CASES.append(variant(next(c for c in CASES if c.name == "ws_desc"), "ws_desc_w4", warps=4,
                     ir="ws_desc", tags=("fp16", "dot", "tma", "issue29")))
