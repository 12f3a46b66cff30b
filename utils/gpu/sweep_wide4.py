"""The fourth wide sweep: kernels_wide4.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments: each is a multiple of 16 at the dump's size exactly where it is
at the timed and ragged sizes). name -> (kernel in kernels_wide4.py,
constexprs, warps, stages, timed size, ragged size, tolerance of the
relative error; 0: exact). Where the meaning is Triton's own (its random
streams, bit patterns, integer reduction types), the reference is Triton's
compile of the same kernel on the same inputs."""
from sweep_common import cdiv, nan_maker, triton_reference  # noqa: E402


KERNELS = {
    "sweep4_random": ("random_streams", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-5),
    "sweep4_collatz": ("collatz_steps", {"BLOCK": 1024}, 4, 3, 1 << 22, 100000, 0),
    "sweep4_int_reductions": ("int_reductions", {"N": 512}, 4, 3, 1 << 14, 100, 0),
    "sweep4_selective_scan": ("selective_scan", {"T": 256, "D": 16}, 4, 3, 1 << 12, 100, 1e-5),
    "sweep4_blocksparse": ("blocksparse_mm", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008,
                           1e-2),
    "sweep4_softmax_bf16": ("softmax_rows_bf16", {"ROWS": 4, "BLOCK_N": 1024}, 4, 3, 1 << 16,
                            1008, 1e-2),
    "sweep4_permute3d": ("permute3d", {"A": 8, "B": 16, "C": 32}, 4, 3, 1 << 14, 100, 0),
    "sweep4_bit_tricks": ("bit_tricks", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep4_tiny_bmm": ("tiny_bmm", {"M": 32, "N": 32, "K": 64, "BK": 16}, 2, 3, 1 << 16, 100,
                        1e-2),
    "sweep4_alibi_window": ("attention_alibi_window", {"WINDOW": 512, "BLOCK_M": 128,
                                                       "BLOCK_N": 64, "HEAD_DIM": 64},
                            4, 3, 4096, 1008, 1e-2),
    "sweep4_int4_gemv": ("int4_gemv", {"BLOCK_N": 64, "BLOCK_K": 128}, 4, 3, 16384, 1008, 2e-3),
    "sweep4_tril_cumsum": ("tril_dot_cumsum", {"T": 64, "D": 64}, 4, 3, 1 << 14, 100, 1e-3),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c, warps = KERNELS[name][1], KERNELS[name][2]
    nan = nan_maker(torch, dev)
    triton_ref = triton_reference("kernels_wide4", KERNELS[name][0], c, warps)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    if name in ("sweep4_random", "sweep4_bit_tricks", "sweep4_int_reductions"):
        return triton_ref_args(torch, name, size, dev, nan, blocks, triton_ref)
    if name in ("sweep4_blocksparse", "sweep4_alibi_window", "sweep4_tiny_bmm",
                "sweep4_tril_cumsum"):
        return dot_args(torch, name, size, dev, c, nan, cdiv)
    return other_args(torch, name, size, dev, c, nan, cdiv, blocks)


def triton_ref_args(torch, name, size, dev, nan, blocks, triton_ref):
    """The kernels checked against Triton's own compile, as kernel_args."""
    if name == "sweep4_random":
        z, u, r = nan(size), nan(size), torch.full((size,), -1, device=dev, dtype=torch.int32)
        args = [1234, z, u, r, size]
        return args, [z, u, r], triton_ref(args, [z, u, r], blocks), blocks, 12 * size, "GB/s"
    if name == "sweep4_bit_tricks":
        x = torch.randn(size, device=dev) * 1000
        i = torch.full((size,), -1, device=dev, dtype=torch.int32)
        f, h = nan(size), nan(size, dtype=torch.float16)
        args = [x, i, f, h, size]
        return args, [i, f, h], triton_ref(args, [i, f, h], blocks), blocks, 14 * size, "GB/s"
    n = 512  # sweep4_int_reductions: SIZE rows of N
    x64 = torch.randint(-2 ** 62, 2 ** 62, (size * n,), device=dev, dtype=torch.int64)
    x8 = torch.randint(0, 256, (size * n,), device=dev, dtype=torch.uint8)
    x16 = torch.randint(-2 ** 15, 2 ** 15, (size * n,), device=dev, dtype=torch.int16)
    out = torch.full((size * 8,), -1, device=dev, dtype=torch.int64)
    args = [x64, x8, x16, out]
    return args, [out], triton_ref(args, [out], (size,)), (size,), 11 * size * n, "GB/s"


def dot_args(torch, name, size, dev, c, nan, cdiv):
    """The kernels with dots, checked against PyTorch in float64, as kernel_args."""
    if name == "sweep4_blocksparse":
        m = n = k = size
        bm, bk = c["BM"], c["BK"]
        rows, kblocks = cdiv(m, bm), cdiv(k, bk)
        # About half of each row block's K blocks are kept, in increasing order.
        keep = torch.rand(rows, kblocks) < 0.5
        keep[:, 0] = True
        counts = keep.sum(1).to(torch.int32)
        # Rows of kblocks + 1: a stride of 1 at tiny sizes would be specialized away.
        lut = torch.zeros(rows, kblocks + 1, dtype=torch.int32)
        for r in range(rows):
            idx = keep[r].nonzero().flatten().to(torch.int32)
            lut[r, :idx.numel()] = idx
        dense = keep.repeat_interleave(bm, 0).repeat_interleave(bk, 1)[:m, :k].to(dev)
        a = torch.randn(m, k, device=dev).half() * dense
        b = torch.randn(k, n, device=dev).half()
        out = nan(m, n, dtype=torch.float16)
        work = 2 * bm * n * bk * int(counts.sum())
        return ([a, b, out, lut.to(dev), counts.to(dev), m, n, k, kblocks + 1], [out],
                lambda: [a.double() @ b.double()], (rows, cdiv(n, c["BN"])), work, "TFLOP/s")
    if name == "sweep4_alibi_window":
        heads, d, window, seq = 16, c["HEAD_DIM"], c["WINDOW"], size
        q, k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(3))
        slopes = 2.0 ** (-8.0 * torch.arange(1, heads + 1, device=dev) / heads)
        o = nan(heads, seq, d, dtype=torch.float16)
        sm_scale = d ** -0.5

        def ref():
            pos = torch.arange(seq, device=dev)
            dist = (pos[:, None] - pos[None, :]).double()
            s = q.double() @ k.double().transpose(1, 2) * sm_scale
            s = s - slopes.double()[:, None, None] * dist
            s = s.masked_fill(~((dist >= 0) & (dist < window)), float("-inf"))
            return [torch.softmax(s, -1) @ v.double()]
        work = 4 * heads * seq * min(window, seq) * d
        return ([q, k, v, o, slopes, sm_scale, seq], [o], ref,
                (cdiv(seq, c["BLOCK_M"]), heads), work, "TFLOP/s")
    if name == "sweep4_tiny_bmm":
        mm, nn, kk = c["M"], c["N"], c["K"]
        a = torch.randn(size, mm, kk, device=dev).half()
        b = torch.randn(size, kk, nn, device=dev).half()
        out = nan(size, mm, nn)
        return ([a, b, out], [out], lambda: [a.double() @ b.double()], (size,),
                2 * size * mm * nn * kk, "TFLOP/s")
    t, d = c["T"], c["D"]  # sweep4_tril_cumsum
    x = torch.randn(size, t, d, device=dev).half()
    y = nan(size, t, d)
    return ([x, y], [y], lambda: [x.double().cumsum(1)], (size,), 2 * size * t * t * d,
            "TFLOP/s")


def other_args(torch, name, size, dev, c, nan, cdiv, blocks):
    """The other kernels, checked against PyTorch, as kernel_args."""
    if name == "sweep4_collatz":
        x = torch.randint(1, 10000, (size,), device=dev, dtype=torch.int32)
        steps = torch.full((size,), -1, device=dev, dtype=torch.int32)

        def ref():
            v, count = x.long().clone(), torch.zeros_like(x, dtype=torch.int64)
            while (v > 1).any():
                active = v > 1
                v = torch.where(active, torch.where(v % 2 == 0, v // 2, 3 * v + 1), v)
                count += active.long()
            return [count]
        return [x, steps, size], [steps], ref, blocks, 8 * size, "GB/s"
    if name == "sweep4_selective_scan":
        t, d = c["T"], c["D"]
        a = torch.rand(size, d, t, device=dev) * 0.5 + 0.5
        b = torch.randn(size, d, t, device=dev)
        h = nan(size, d, t)

        def ref():
            out = torch.empty_like(a, dtype=torch.float64)
            state = torch.zeros(size, d, device=dev, dtype=torch.float64)
            for i in range(t):
                state = a[..., i].double() * state + b[..., i].double()
                out[..., i] = state
            return [out]
        return [a, b, h], [h], ref, (size,), 12 * size * d * t, "GB/s"
    if name == "sweep4_softmax_bf16":
        m, n = size, 1000
        x = (torch.randn(m, n, device=dev) * 4).to(torch.bfloat16)
        y = nan(m, n, dtype=torch.bfloat16)
        return ([x, y, m, n], [y], lambda: [torch.softmax(x.double(), 1)],
                (cdiv(m, c["ROWS"]),), 4 * m * n, "GB/s")
    if name == "sweep4_permute3d":
        aa, bb, cc = c["A"], c["B"], c["C"]
        x = torch.randn(size, aa, bb, cc, device=dev)
        y = nan(size, cc, aa, bb)
        return ([x, y], [y], lambda: [x.permute(0, 3, 1, 2)], (size,), 8 * size * aa * bb * cc,
                "GB/s")
    if name == "sweep4_int4_gemv":
        n, k = size, 4096
        w = torch.randint(0, 256, (n, k // 2), device=dev, dtype=torch.uint8)
        x = torch.randn(k, device=dev).half()
        scale = torch.rand(n, device=dev) * 0.01 + 0.001
        y = nan(n, dtype=torch.float16)

        def ref():
            lo, hi = (w & 15).double() - 8, (w >> 4).double() - 8
            full = torch.stack([lo, hi], 2).reshape(n, k)
            return [(full @ x.double()) * scale.double()]
        return ([w, x, scale, y, n, k], [y], ref, (cdiv(n, c["BLOCK_N"]),),
                n * k // 2 + 2 * k + 6 * n, "GB/s")
    raise KeyError(name)
