#!/usr/bin/env python3
"""The dot sweep: tl.dot in the forms real kernels use, beyond the corpus's
fp16 matmuls (other input types and accumulators, input precisions, a K-major
B, an epilogue, small tiles that take mma v2, a 3-D dot), each compiled by our
tools from Triton 3.6's TTIR of it and run next to Triton's own compile by
utils/gpu/harness.py (cases named sweep_*).

  dot_sweep.py list          name, warps and stages of each case (prepare.sh)
  dot_sweep.py list-ttgir    the same of the cases also built from 3.6's TTGIR
  dot_sweep.py dump OUT [GLOB...]
                             on the GPU machine: Triton 3.6's TTIR of each case
                             (OUT/NAME.ttir; .ttgir, .llir and .ptx beside it),
                             or of the cases whose names match a GLOB

The harness imports cases() from here. Only this file knows the configurations.
"""
import fnmatch
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sweep_wide  # noqa: E402
import sweep_wide2  # noqa: E402
import sweep_wide3  # noqa: E402
import sweep_wide4  # noqa: E402
import sweep_wide5  # noqa: E402
import sweep_wide6  # noqa: E402
import sweep_wide7  # noqa: E402
import sweep_wide8  # noqa: E402
import sweep_wide9  # noqa: E402
import sweep_wide10  # noqa: E402

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


# Whole kernels (around dots, and others real code has): name -> (kernel in
# kernels.py, constexprs, warps, stages, timed size, ragged size); their
# arguments, grid, reference and work in kernel_args.
KERNELS = {
    "sweep_persistent": ("matmul_persistent",
                         {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8, "NUM_SMS": 132}, 8, 3,
                         4096, 1008),
    "sweep_splitk": ("matmul_splitk", {"BM": 128, "BN": 128, "BK": 64, "SPLIT_K": 4}, 4, 3,
                     4096, 1008),
    "sweep_attention_causal": ("attention_fwd", {"BLOCK_M": 128, "BLOCK_N": 64,
                                                 "HEAD_DIM": 128, "CAUSAL": True}, 8, 3, 4096,
                               1008),
    "sweep_w8a16": ("matmul_w8a16", {"BM": 128, "BN": 128, "BK": 64}, 4, 3, 4096, 1008),
    "sweep_grouped": ("grouped_matmul", {"BM": 128, "BN": 128, "BK": 64, "GROUPS": 4}, 4, 3,
                      4096, 1008),
    "sweep_fp8_out": ("matmul_fp8_out", {"BM": 128, "BN": 128, "BK": 128}, 8, 3, 4096, 1024),
    "sweep_dropout": ("dropout", {"BLOCK": 1024}, 4, 3, 1 << 26, 100016),
    "sweep_sort": ("sort_rows", {"N": 256}, 4, 3, 1 << 16, 64),
    "sweep_locked_sum": ("locked_accumulate", {"BLOCK": 4096}, 4, 3, 1 << 22, 100016),
    "sweep_mlp2": ("mlp2", {"BM": 128, "D": 64, "H": 128}, 4, 3, 1 << 20, 1008),
    "sweep_rope": ("rope", {"D": 128}, 4, 3, 1 << 17, 48),
    "sweep_scan_argmax": ("scan_argmax", {"N": 256, "ROWS": 16}, 4, 3, 1 << 15, 64),
    "sweep_attn_bwd_dkdv": ("attention_bwd_dkdv", {"BLOCK_M": 32, "BLOCK_N": 128,
                                                   "HEAD_DIM": 64}, 4, 3, 4096, 1008),
    "sweep_attn_bwd_dq": ("attention_bwd_dq", {"BLOCK_M": 128, "BLOCK_N": 32, "HEAD_DIM": 64},
                          4, 3, 4096, 1008),
    "sweep_mxfp4_w": ("matmul_mx", {"A_FMT": "bf16", "B_FMT": "e2m1", "BM": 128, "BN": 128,
                                    "BK": 64}, 4, 3, 4096, 1008),
    "sweep_mxfp8": ("matmul_mx", {"A_FMT": "e4m3", "B_FMT": "e4m3", "BM": 128, "BN": 128,
                                  "BK": 64}, 4, 3, 4096, 1008),
    "sweep_softmax_loop": ("softmax_rows", {"BLOCK": 1024, "STAGES": 4}, 4, 3, 1 << 15, 1000),
    "sweep_ln_bwd": ("layer_norm_bwd_dx", {"GROUPS": 32, "BLOCK": 1024}, 8, 3, 1 << 14, 1000),
    "sweep_blockptr_gelu": ("matmul_blockptr_gelu", {"BM": 128, "BN": 128, "BK": 64,
                                                     "GROUP": 8}, 8, 3, 4096, 1000),
    "sweep_row_max_index": ("row_max_index", {"BLOCK": 1024}, 4, 3, 1 << 15, 1000),
    "sweep_searchsorted": ("searchsorted", {"BLOCK": 256}, 4, 3, 1 << 22, 1000),
    "sweep_small_dot": ("small_dot_shapes", {"BLOCK": 16}, 2, 3, 1 << 16, 16),
    "sweep_tuple_reduce_scan": ("tuple_reduce_scan", {"N": 512, "POSITIVE_ONLY": True}, 4, 3,
                                1 << 14, 16),
    "sweep_tma_persistent": ("matmul_tma_persistent", {"BM": 128, "BN": 256, "BK": 64,
                                                       "GROUP_M": 8, "NUM_SMS": 132}, 8, 3,
                             4096, 1008),
    "sweep_attention_desc": ("attention_fwd_desc", {"BLOCK_M": 128, "BLOCK_N": 64,
                                                    "HEAD_DIM": 64}, 4, 3, 4096, 1008),
    "sweep_hinted": ("hinted_elementwise", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000),
}


# The wide sweeps' library-style kernels: each sweep module (cases) with the
# module of its kernels.
WIDE = ((sweep_wide, "kernels_wide"), (sweep_wide2, "kernels_wide2"),
        (sweep_wide3, "kernels_wide3"), (sweep_wide4, "kernels_wide4"),
        (sweep_wide5, "kernels_wide5"), (sweep_wide6, "kernels_wide6"),
        (sweep_wide7, "kernels_wide7"), (sweep_wide8, "kernels_wide8"),
        (sweep_wide9, "kernels_wide9"), (sweep_wide10, "kernels_wide10"))
for _sweep, _ in WIDE:
    KERNELS.update({name: spec[:6] for name, spec in _sweep.KERNELS.items()})


# Cases again at other warp counts and stages (their own TTIR dumps, the
# same arguments): name -> (case, warps, stages). 16 warps put two
# warpgroups along N in attention's second dot.
VARIANTS = {
    "sweep_attn_stages_w16": ("sweep_attn_stages", 16, 3),
    "sweep_attention_desc_w16": ("sweep_attention_desc", 16, 3),
    "sweep_moe_w16": ("sweep_moe", 16, 4),
    # Other warp counts and stage counts than the cases' own (one warp: no
    # warpgroup, so mma v2 on sm_90; five stages; two).
    "sweep_w8a16_w1s1": ("sweep_w8a16", 1, 1),
    "sweep_int8_scaled_w1s2": ("sweep_int8_scaled", 1, 2),
    "sweep_gated_mlp_w8s4": ("sweep_gated_mlp", 8, 4),
    "sweep_fp8_blockscale_w4s2": ("sweep_fp8_blockscale", 4, 2),
    "sweep_splitk_w8s4": ("sweep_splitk", 8, 4),
    "sweep_fp64_mm_w8s2": ("sweep_fp64_mm", 8, 2),
    "sweep_attn_stages_w8s2": ("sweep_attn_stages", 8, 2),
    "sweep_attn_bwd_dq_w8s2": ("sweep_attn_bwd_dq", 8, 2),
    "sweep_mlp2_w8s2": ("sweep_mlp2", 8, 2),
    "sweep_w4a16_w8s2": ("sweep_w4a16", 8, 2),
    "sweep_attention_desc_w8s2": ("sweep_attention_desc", 8, 2),
    "sweep_grouped_desc_w4s2": ("sweep_grouped_desc", 4, 2),
    "sweep_tma_persistent_w4s4": ("sweep_tma_persistent", 4, 4),
    "sweep_persistent_w4s2": ("sweep_persistent", 4, 2),
    "sweep2_lora_w4s4": ("sweep2_lora", 4, 4),
    "sweep2_bf16x3_w4s2": ("sweep2_bf16x3", 4, 2),
    "sweep2_causal_conv1d_w8s1": ("sweep2_causal_conv1d", 8, 1),
    "sweep2_top_p_w2s1": ("sweep2_top_p", 2, 1),
}
for _name, (_base, _warps, _stages) in VARIANTS.items():
    KERNELS[_name] = KERNELS[_base][:2] + (_warps, _stages) + KERNELS[_base][4:]


# Cases also compiled from Triton 3.6's own TTGIR (test/passes/Pipelines/
# Inputs/triton-3.6/NAME.ttgir) through our make_llir alone.
TTGIR_CASES = ("sweep_small_dot", "sweep3_reduce_3d", "sweep_paged_decode", "sweep_persistent",
               "sweep_tma_persistent", "sweep_softmax_loop", "sweep3_gather_2d",
               "sweep3_huber_map", "sweep_sort", "sweep3_splitk_desc",
               # The dot kernels still behind Triton: is the gap in our TTGIR or our lowering?
               "sweep2_a_kmajor", "sweep_mlp2", "sweep_attn_stages_w16",
               "sweep_attention_desc_w16", "sweep2_bf16x6", "sweep_group_norm",
               # 3.6 splits this register-A wgmma into four K = 16 wgmmas; ours does not.
               "sweep8_int8_act")


def base_case(name):
    """The case whose kernel and arguments a VARIANTS case takes."""
    return VARIANTS[name][0] if name in VARIANTS else name


def wide_sweep(name):
    """(sweep module, kernel module name) of a wide sweep's case, else (None, None)."""
    name = base_case(name)
    return next(((sweep, module) for sweep, module in WIDE if name in sweep.KERNELS),
                (None, None))


def kernel_fn(kernels, name):
    """The @triton.jit function of a KERNELS case."""
    sweep, module = wide_sweep(name)
    if sweep:
        import importlib
        return getattr(importlib.import_module(module), KERNELS[name][0])
    return getattr(kernels, KERNELS[name][0])


def layer_norm_bwd_args(torch, c, size, dev):
    """layer_norm_bwd_dx's arguments: SIZE rows of 1000 fp32 columns, the
    forward's mean and 1/std per row, and zeroed locks; the reference is dx
    and each group's sums of dy * xhat and dy, in float64."""
    cols, groups = 1000, c["GROUPS"]
    x = torch.randn(size, cols, device=dev)
    dy = torch.randn(size, cols, device=dev)
    w = torch.rand(cols, device=dev) + 0.5
    mean = x.double().mean(1).float() if dev != "meta" else torch.empty(size, device=dev)
    rstd = (1 / (x.double().var(1, unbiased=False) + 1e-5).sqrt()).float() \
        if dev != "meta" else torch.empty(size, device=dev)
    dx = torch.full_like(x, float("nan"))
    dw = torch.full((groups, cols), float("nan"), device=dev)
    db = torch.full((groups, cols), float("nan"), device=dev)
    lock = torch.zeros(2 * groups, device=dev, dtype=torch.int32)

    def ref():
        xhat = (x.double() - mean.double()[:, None]) * rstd.double()[:, None]
        wdy = w.double() * dy.double()
        c1 = (xhat * wdy).mean(1, keepdim=True)
        c2 = wdy.mean(1, keepdim=True)
        want_dx = (wdy - (xhat * c1 + c2)) * rstd.double()[:, None]
        group = torch.arange(size, device=dev) % groups
        want_dw = torch.zeros(groups, cols, device=dev, dtype=torch.float64)
        want_db = torch.zeros(groups, cols, device=dev, dtype=torch.float64)
        want_dw.index_add_(0, group, dy.double() * xhat)
        want_db.index_add_(0, group, dy.double())
        return [want_dx, want_dw, want_db]
    return ([dx, dy, dw, db, x, w, mean, rstd, lock, cols], [dx, dw, db], ref, (size,),
            4 * size * cols * 3, "GB/s")


FP4_VALUES = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]


def mx_args(torch, c, size, dev):
    """matmul_mx's arguments: A bf16 or e4m3 with scales, B e2m1 (random
    bytes, two values each) or e4m3 with scales, E8M0 scale bytes near 127;
    the reference decodes them in float64."""
    cdiv = lambda a, b: -(-a // b)  # noqa: E731
    m = n = size
    k = max(64, size // 64 * 64)  # a multiple of BK
    fp4 = c["B_FMT"] == "e2m1"

    def scales(rows):
        return torch.randint(120, 135, (rows, k // 32), device=dev, dtype=torch.uint8)
    if c["A_FMT"] == "bf16":
        a, a_s = torch.randn(m, k, device=dev).to(torch.bfloat16), None
    else:
        a, a_s = torch.randn(m, k, device=dev).to(torch.float8_e4m3fn), scales(m)
    if fp4:
        b = torch.randint(0, 256, (k // 2, n), device=dev, dtype=torch.uint8)
    else:
        b = torch.randn(k, n, device=dev).to(torch.float8_e4m3fn)
    b_s = scales(n)
    out = torch.full((m, n), float("nan"), device=dev, dtype=torch.bfloat16)

    def factor(s):  # [rows, k / 32] -> [rows, k]
        return torch.exp2(s.double() - 127).repeat_interleave(32, dim=1)

    def ref():
        av = a.double() if a_s is None else a.double() * factor(a_s)
        if fp4:
            table = torch.tensor(FP4_VALUES, device=dev, dtype=torch.float64)
            low, high = table[(b & 15).long()], table[(b >> 4).long()]
            bv = torch.stack([low, high], dim=1).reshape(k, n)
        else:
            bv = b.double()
        return [av @ (bv * factor(b_s).t())]
    args = [a, a_s if a_s is not None else a, b, b_s, out, m, n, k]
    return args, [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s"


def attention_bwd_args(torch, name, c, size, dev):
    """The backward kernels' arguments: fp16 q, k, v and the output gradient
    dO of 16 heads (2 at small sizes), d = HEAD_DIM, scale 1/8, with the
    forward's base-2 log-sum-exp per query row and delta = rowsum(O * dO),
    both from float64; the reference gradients in float64."""
    cdiv = lambda a, b: -(-a // b)  # noqa: E731
    heads, d, scale = (16 if size > 2048 else 2), c["HEAD_DIM"], 0.125
    q, k, v, do = (torch.randn(heads, size, d, device=dev).half() for _ in range(4))
    lse = torch.empty(heads, size, device=dev)
    delta = torch.empty(heads, size, device=dev)
    if dev != "meta":
        s = (q.double() @ k.double().transpose(1, 2)) * scale
        p = torch.softmax(s, -1)
        lse.copy_(torch.logsumexp(s, -1) * 1.4426950408889634)
        delta.copy_((p @ v.double() * do.double()).sum(-1))

    def grads():
        dp = do.double() @ v.double().transpose(1, 2)
        ds = p * (dp - (p * dp).sum(-1, keepdim=True))
        return ds, p
    common = [q, k, v, do, lse, delta]
    shape = [scale, size, size * d, d]
    flops = 2 * heads * size * size * d
    if name == "sweep_attn_bwd_dkdv":
        dk, dv = torch.full_like(k, float("nan")), torch.full_like(v, float("nan"))

        def ref():
            ds, pp = grads()
            return [ds.transpose(1, 2) @ q.double() * scale, pp.transpose(1, 2) @ do.double()]
        return (common + [dk, dv] + shape, [dk, dv], ref, (cdiv(size, c["BLOCK_N"]), heads),
                4 * flops, "TFLOP/s")
    dq = torch.full_like(q, float("nan"))

    def ref():
        return [grads()[0] @ k.double() * scale]
    return (common + [dq] + shape, [dq], ref, (cdiv(size, c["BLOCK_M"]), heads), 3 * flops,
            "TFLOP/s")


def attention_inputs(torch, c, size, dev, causal):
    """Flash attention's fp16 q, k, v (16 heads, 2 at small sizes, of `size`
    rows and d = HEAD_DIM), a poisoned output, and the float64 reference
    softmax(q k^T / 8) v, keys after the query masked when causal."""
    heads, d = (16 if size > 2048 else 2), c["HEAD_DIM"]
    q, k, v = (torch.randn(heads, size, d, device=dev).to(torch.float16) for _ in range(3))
    o = torch.full_like(q, float("nan"))

    def ref():
        s = (q.double() @ k.double().transpose(1, 2)) * 0.125
        if causal:
            s = s.masked_fill(torch.ones(size, size, device=dev, dtype=torch.bool).triu(1),
                              float("-inf"))
        return [torch.softmax(s, -1) @ v.double()]
    return heads, d, q, k, v, o, ref


def kernel_args(torch, name, size, dev, kernels=None):
    """Triton's call arguments of a KERNELS case at SIZE: (args, outputs,
    reference, grid, work, unit), work in flops or bytes. A reference that
    needs the same random numbers or roundings runs Triton's own compile
    (KERNELS given)."""
    name = base_case(name)
    sweep = wide_sweep(name)[0]
    if sweep:
        return sweep.kernel_args(torch, name, size, dev, kernels)
    spec = KERNELS[name]
    c = spec[1]
    cdiv = lambda a, b: -(-a // b)  # noqa: E731
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    if name in ("sweep_persistent", "sweep_splitk"):
        a, b = randn(size, size), randn(size, size)
        if name == "sweep_persistent":
            out = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)
            return ([a, b, out, size, size, size], [out], lambda: [a.double() @ b.double()],
                    (c["NUM_SMS"],), 2 * size ** 3, "TFLOP/s")
        out = torch.zeros(size, size, device=dev, dtype=torch.float32)
        # b is stored [N, K]: C = A @ b^T.
        return ([a, b, out, size, size, size], [out], lambda: [a.double() @ b.double().T],
                (cdiv(size, c["BM"]), cdiv(size, c["BN"]), c["SPLIT_K"]), 2 * size ** 3, "TFLOP/s")
    if name == "sweep_attention_causal":
        heads, d, q, k, v, o, ref = attention_inputs(torch, c, size, dev, causal=True)
        # Half the score matrix is masked: count the half that is computed.
        return ([q, k, v, o, 0.125, size, size * d, d], [o], ref,
                (cdiv(size, c["BLOCK_M"]), heads), 2 * heads * size * size * d, "TFLOP/s")
    if name == "sweep_w8a16":
        a = randn(size, size)
        b = torch.randint(-128, 128, (size, size), device=dev, dtype=torch.int8)
        scale = (torch.rand(size, device=dev) / 64).to(torch.float16)
        out = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)
        return ([a, b, scale, out, size, size, size], [out],
                lambda: [(a.double() @ b.double()) * scale.double()[None, :]],
                (cdiv(size, c["BM"]), cdiv(size, c["BN"])), 2 * size ** 3, "TFLOP/s")
    if name == "sweep_grouped":
        sizes = [size, size // 2, size // 4 // 16 * 16, size // 2]
        mats = [(randn(n, n), randn(n, n), torch.full((n, n), float("nan"), device=dev,
                                                      dtype=torch.float16)) for n in sizes]
        ptrs = [torch.tensor([m[i].data_ptr() if dev != "meta" else 0 for m in mats], device=dev,
                             dtype=torch.int64) for i in range(3)]
        tiles = [cdiv(n, c["BM"]) * cdiv(n, c["BN"]) for n in sizes]
        before = torch.tensor([sum(tiles[:i]) for i in range(len(sizes))], device=dev,
                              dtype=torch.int32)
        sizes_t = torch.tensor(sizes, device=dev, dtype=torch.int32)
        # The launches hold their arguments; the matrices go with the pointers.
        ptrs[0].matrices = mats
        return (ptrs + [sizes_t, before], [m[2] for m in mats], lambda: [m[0].double() @ m[1].double() for m in mats],
                (sum(tiles),), sum(2 * n ** 3 for n in sizes), "TFLOP/s")
    if name == "sweep_fp8_out":
        a = randn(size, size, dtype=torch.float8_e4m3fn)
        bt = randn(size, size, dtype=torch.float8_e4m3fn)
        out = torch.zeros(size, size, device=dev, dtype=torch.float8_e4m3fn)
        grid = (size // c["BM"], size // c["BN"])

        def ref():  # Triton's own result: the same fp8 roundings
            want = torch.zeros_like(out)
            getattr(kernels, spec[0])[grid](a, bt, want, 0.05, size, size, size, **c,
                                             num_warps=spec[2], num_stages=spec[3])
            return [want]
        return [a, bt, out, 0.05, size, size, size], [out], ref, grid, 2 * size ** 3, "TFLOP/s"
    if name == "sweep_dropout":
        x = torch.randn(size, device=dev)
        y = torch.full_like(x, float("nan"))
        grid = (cdiv(size, c["BLOCK"]),)

        def ref():  # Triton's own result: the same Philox numbers
            want = torch.full_like(x, float("nan"))
            getattr(kernels, spec[0])[grid](x, want, size, 0.25, 123, **c, num_warps=spec[2])
            return [want]
        return [x, y, size, 0.25, 123], [y], ref, grid, 8 * size, "GB/s"
    if name == "sweep_sort":
        x = torch.randn(size, c["N"], device=dev)
        y = torch.full_like(x, float("nan"))
        return ([x, y], [y], lambda: [torch.sort(x.double(), dim=1).values], (size,),
                8 * size * c["N"], "GB/s")
    if name == "sweep_mlp2":
        d, h = c["D"], c["H"]
        x, w1, w2 = randn(size, d), randn(d, h) / 8, randn(h, d) / 8
        y = torch.full((size, d), float("nan"), device=dev, dtype=torch.float16)

        def ref():  # the hidden layer rounded to fp16, as the kernel does
            hidden = torch.relu(x.float() @ w1.float()).half().double()
            return [hidden @ w2.double()]
        return ([x, w1, w2, y, size], [y], ref, (cdiv(size, c["BM"]),), 2 * size * 2 * d * h,
                "TFLOP/s")
    if name == "sweep_rope":
        d = c["D"]
        x = torch.randn(size, d, device=dev)
        angle = torch.rand(size, d // 2, device=dev) * 6.28
        cos, sin = torch.cos(angle), torch.sin(angle)
        y = torch.full_like(x, float("nan"))

        def ref():
            x0, x1 = x.double()[:, 0::2], x.double()[:, 1::2]
            out = torch.empty_like(x, dtype=torch.float64)
            out[:, 0::2] = x0 * cos.double() - x1 * sin.double()
            out[:, 1::2] = x0 * sin.double() + x1 * cos.double()
            return [out]
        return [x, cos, sin, y], [y], ref, (size,), 4 * size * d * 3, "GB/s"
    if name == "sweep_softmax_loop":
        cols = 1000  # not a multiple of the block: masked
        x = torch.randn(size, cols, device=dev)
        y = torch.full_like(x, float("nan"))
        return ([y, x, size, cols], [y], lambda: [torch.softmax(x.double(), 1)], (528,),
                2 * 4 * size * cols, "GB/s")
    if name == "sweep_blockptr_gelu":
        a, b = randn(size, size), randn(size, size) / 16
        out = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)

        def ref():
            y = a.double() @ b.double()
            return [0.5 * y * (1 + torch.erf(y / 2 ** 0.5))]
        return ([a, b, out, size, size, size], [out], ref,
                (cdiv(size, c["BM"]), cdiv(size, c["BN"])), 2 * size ** 3, "TFLOP/s")
    if name == "sweep_row_max_index":
        cols = 1000
        x = torch.randn(size, cols, device=dev)
        value = torch.full((size,), float("nan"), device=dev)
        index = torch.full((size,), -1, device=dev, dtype=torch.int32)
        return ([x, value, index, cols], [value, index],
                lambda: [x.double().max(1).values, x.argmax(1).int()], (size,), 4 * size * cols,
                "GB/s")
    if name == "sweep_searchsorted":
        table = torch.sort(torch.randn(1 << 16, device=dev)).values
        q = torch.randn(size, device=dev)
        out = torch.full((size,), -1, device=dev, dtype=torch.int32)
        return ([table, table.numel(), q, out, size], [out],
                lambda: [torch.searchsorted(table, q).int()], (cdiv(size, c["BLOCK"]),),
                8 * size, "GB/s")
    if name == "sweep_small_dot":
        blk = c["BLOCK"]
        a, b = randn(size, blk, blk), randn(size, blk, blk)
        out = torch.full((size, blk, blk), float("nan"), device=dev, dtype=torch.float32)

        def ref():
            prod = torch.flip(a.double() @ b.double(), [1])
            pairs = prod.reshape(size, blk, blk // 2, 2)
            return [torch.stack([pairs[..., 1], pairs[..., 0]], -1).reshape(size, blk, blk)]
        return [a, b, out], [out], ref, (size,), 2 * size * blk ** 3, "TFLOP/s"
    if name == "sweep_tuple_reduce_scan":
        n = c["N"]
        x = torch.randn(size, n, device=dev)
        low = torch.full((size,), float("nan"), device=dev)
        where = torch.full((size,), -1, device=dev, dtype=torch.int32)
        mean = torch.full_like(x, float("nan"))

        def ref():
            keep = (x > 0).double()
            running = torch.cumsum(x.double() * keep, 1) / torch.cumsum(keep, 1).clamp(min=1)
            return [x.double().min(1).values, x.argmin(1).int(), running]
        return ([x, low, where, mean], [low, where, mean], ref, (size,), 4 * size * n * 2,
                "GB/s")
    if name == "sweep_tma_persistent":
        a, b = randn(size, size), randn(size, size)
        out = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)
        return ([a, b, out, size, size, size], [out], lambda: [a.double() @ b.double()],
                (c["NUM_SMS"],), 2 * size ** 3, "TFLOP/s")
    if name == "sweep_attention_desc":
        heads, d, q, k, v, o, ref = attention_inputs(torch, c, size, dev, causal=False)
        return ([q, k, v, o, 0.125, size], [o], ref, (cdiv(size, c["BLOCK_M"]), heads),
                4 * heads * size * size * d, "TFLOP/s")
    if name == "sweep_hinted":
        x = torch.randn(size, device=dev)
        y = torch.full_like(x, float("nan"))

        def ref():
            offs = torch.arange(size, device=dev, dtype=torch.int64)
            hashed = (offs * 2654435761) >> 32
            jitter = (hashed % 17).double() * (1.0 / cdiv(size, c["BLOCK"]))
            return [torch.clamp(x.double() * 1.5 + jitter, -1.0, 2.0)]
        return [x, y, -1.0, 2.0, size], [y], ref, (cdiv(size, c["BLOCK"]),), 8 * size, "GB/s"
    if name == "sweep_ln_bwd":
        return layer_norm_bwd_args(torch, c, size, dev)
    if name in ("sweep_mxfp4_w", "sweep_mxfp8"):
        return mx_args(torch, c, size, dev)
    if name in ("sweep_attn_bwd_dkdv", "sweep_attn_bwd_dq"):
        return attention_bwd_args(torch, name, c, size, dev)
    if name == "sweep_scan_argmax":
        n = c["N"]
        x = torch.randn(size, n, device=dev)
        cum = torch.full_like(x, float("nan"))
        idx = torch.full((size,), -1, device=dev, dtype=torch.int32)
        return ([x, cum, idx], [cum, idx],
                lambda: [torch.cumsum(x.double(), 1), torch.argmax(x, 1).int()],
                (cdiv(size, c["ROWS"]),), 4 * size * n * 2, "GB/s")
    x = torch.randn(size, device=dev)
    out = torch.zeros(1, device=dev)
    lock = torch.zeros(1, device=dev, dtype=torch.int32)
    return ([x, out, lock, size], [out], lambda: [x.double().sum().reshape(1)],
            (cdiv(size, c["BLOCK"]),), 4 * size, "GB/s")


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
        # (Shapes only: meta tensors.)
        args = kernel_args(torch, name, 16 if name not in ("sweep_sort", "sweep_rope") else 2,
                           "meta")[0]
        drop = [i for i, v in enumerate(args) if isinstance(v, int) and v == 1]
        probe = kernel_args(torch, name, size, "meta")
        exact = name in ("sweep_sort",)
        sweep = wide_sweep(name)[0]
        case = Case(name, kernel_fn(kernels, name), constexprs, warps, probe[3],
                    lambda: kernel_args(torch, name, size, dev, kernels)[:3], probe[4],
                    unit=probe[5], drop=drop,
                    tol=sweep.KERNELS[base_case(name)][6] if sweep else 0 if exact
                    else 1e-2 if probe[5] == "TFLOP/s" else 1e-5)
        case.stages = stages
        return case
    for name, spec in KERNELS.items():
        timed.append(whole(name, spec[4]))
        ragged[name] = whole(name, spec[5])
    return timed, ragged


def listing():
    for name, spec in MATMULS.items():
        print(name, spec[10], spec[11])
    for name, spec in BMMS.items():
        print(name, spec[4], spec[5])
    for name, spec in KERNELS.items():
        print(name, spec[2], spec[3])


def dump(out, patterns=()):
    import torch
    import triton
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import kernels
    # Descriptors made in a kernel need global scratch at launch.
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8,
                                                                 device="cuda"))
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
        jobs.append((name, kernel_fn(kernels, name), (1,), kernel_args(torch, name, 256, "cuda")[0],
                     constexprs, warps, stages))
    for name, kernel, grid, args, constexprs, warps, stages in jobs:
        if patterns and not any(fnmatch.fnmatch(name, p) for p in patterns):
            continue
        try:
            compiled = kernel[grid](*args, **constexprs, num_warps=warps, num_stages=stages)
        except Exception as e:  # one config Triton rejects must not stop the others
            print(name, "TRITON FAILED", type(e).__name__, str(e)[-600:])
            continue
        for stage in ("ttir", "ttgir", "llir", "ptx"):
            with open(os.path.join(out, f"{name}.{stage}"), "w") as f:
                f.write(compiled.asm[stage])
        print(name, "num_warps", warps, "stages", stages, "shared", compiled.metadata.shared)


if __name__ == "__main__":
    if sys.argv[1:2] == ["list"]:
        listing()
    elif sys.argv[1:2] == ["list-ttgir"]:
        for name in TTGIR_CASES:
            print(name, KERNELS[name][2], KERNELS[name][3])
    elif sys.argv[1:2] == ["dump"] and len(sys.argv) >= 3:
        dump(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
