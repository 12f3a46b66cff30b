"""The ninth wide sweep: kernels_wide9.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments). name -> (kernel in kernels_wide9.py, constexprs, warps, stages,
timed size, ragged size, tolerance of the relative error; 0: exact). All are
checked against PyTorch (float64 for the dots) or NumPy."""
import random

from sweep_common import cdiv, nan_maker  # noqa: E402


KERNELS = {
    "sweep9_atomics64": ("atomics_wide", {"BLOCK": 1024, "BINS": 256}, 4, 3, 1 << 22, 100000, 0),
    "sweep9_varlen_attn": ("varlen_attention", {"H": 16, "BM": 128, "BN": 64, "D": 64}, 4, 3,
                           2048, 1000, 1e-2),
    "sweep9_while_dot": ("matmul_while", {"BM": 128, "BN": 128, "BK": 64}, 4, 3, 4096, 1008,
                         1e-2),
    "sweep9_tile_stats": ("matmul_tile_stats", {"BM": 128, "BN": 128, "BK": 64}, 4, 3, 4096,
                          1008, 1e-2),
    "sweep9_u8_image": ("rgb_to_gray_u8", {"BLOCK": 1024}, 4, 3, 1 << 24, 100000, 0),
    "sweep9_kv_cache": ("kv_cache_write", {"H": 8, "D": 128, "BLOCK_SIZE": 16}, 4, 3, 1 << 16,
                        1000, 0),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c = KERNELS[name][1]
    nan = nan_maker(torch, dev)
    if name in ("sweep9_varlen_attn", "sweep9_while_dot", "sweep9_tile_stats"):
        return dot_args(torch, name, size, dev, c, nan)
    return other_args(torch, name, size, dev, c, nan)


def dot_args(torch, name, size, dev, c, nan):
    """The kernels with dots, as kernel_args."""
    if name == "sweep9_varlen_attn":
        heads, d = c["H"], c["D"]
        rng = random.Random(size)
        # Sixteen sequences around SIZE tokens, one of a single token and one
        # of 17 among them.
        lens = [1, 17] + [rng.randint(size // 2, size * 3 // 2) for _ in range(14)]
        cu = [0]
        for n in lens:
            cu.append(cu[-1] + n)
        total = cu[-1]
        q, k, v = (torch.randn(total, heads, d, device=dev).half() for _ in range(3))
        o = nan(total, heads, d, dtype=torch.float16)
        cu_t = torch.tensor(cu, device=dev, dtype=torch.int32)
        scale = d ** -0.5

        def ref():
            outs = []
            for b, e in zip(cu[:-1], cu[1:]):
                qs, ks, vs = (t[b:e].double().transpose(0, 1) for t in (q, k, v))
                s = qs @ ks.transpose(1, 2) * scale
                causal = torch.ones(e - b, e - b, device=dev, dtype=torch.bool).tril()
                p = torch.softmax(s.masked_fill(~causal, float("-inf")), -1)
                outs.append((p @ vs).transpose(0, 1))
            return [torch.cat(outs)]
        grid = (cdiv(max(lens), c["BM"]), heads, len(lens))
        return ([q, k, v, o, cu_t, scale], [o], ref, grid,
                sum(2 * heads * d * n * n for n in lens), "TFLOP/s")
    m = n = size
    kk = size if name == "sweep9_while_dot" else cdiv(size, c["BK"]) * c["BK"]
    a = torch.randn(m, kk, device=dev).half()
    b = torch.randn(kk, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    if name == "sweep9_while_dot":
        k_len = torch.tensor([kk], device=dev, dtype=torch.int32)
        return ([a, b, out, k_len, m, n], [out], lambda: [a.double() @ b.double()], grid,
                2 * m * n * kk, "TFLOP/s")
    rowmax = nan(grid[1], m)
    colsum = nan(grid[0], n)

    def ref():
        prod = a.double() @ b.double()
        wide = torch.full((m, grid[1] * c["BN"]), float("-inf"), device=dev, dtype=torch.float64)
        wide[:, :n] = prod
        tall = torch.zeros(grid[0] * c["BM"], n, device=dev, dtype=torch.float64)
        tall[:m] = prod
        return [prod, wide.view(m, grid[1], c["BN"]).amax(2).t(),
                tall.view(grid[0], c["BM"], n).sum(1)]
    return ([a, b, out, rowmax, colsum, m, n, kk], [out, rowmax, colsum], ref, grid,
            2 * m * n * kk, "TFLOP/s")


def other_args(torch, name, size, dev, c, nan):
    """The kernels without dots, as kernel_args."""
    if name == "sweep9_atomics64":
        return atomics_args(torch, size, dev, c)
    if name == "sweep9_u8_image":
        src = torch.randint(0, 256, (size * 3,), device=dev, dtype=torch.uint8)
        gray = torch.full((size,), 7, device=dev, dtype=torch.uint8)
        stretch = torch.full((size,), 7, device=dev, dtype=torch.uint8)
        hist = torch.zeros(256, device=dev, dtype=torch.int32)

        def ref():
            rgb = src.view(-1, 3).long()
            luma = (rgb * torch.tensor([77, 150, 29], device=dev)).sum(1)
            g = ((luma + 128) >> 8).clamp(max=255)
            s = torch.div((g - 16) * 15, 14, rounding_mode="trunc").clamp(0, 255)
            return [g, s, torch.bincount(g, minlength=256)]
        return ([src, gray, stretch, hist, size], [gray, stretch, hist], ref,
                (cdiv(size, c["BLOCK"]),), 5 * size, "GB/s")
    # sweep9_kv_cache
    heads, d, bs = c["H"], c["D"], c["BLOCK_SIZE"]
    blocks = cdiv(size, bs) + 8
    key = torch.randn(size, heads, d, device=dev).half()
    value = torch.randn(size, heads, d, device=dev).half()
    slots = torch.randperm(blocks * bs, device=dev)[:size]
    slots[::7] = -1  # padding tokens
    kcache = torch.zeros(blocks, heads, bs, d, device=dev, dtype=torch.float8_e4m3fn)
    vcache = torch.zeros(blocks, heads, d, bs, device=dev, dtype=torch.float16)
    k_scale = torch.tensor([1 / 32], device=dev)  # a power of two: 1 / scale is exact

    def ref():
        kc, vc = torch.zeros_like(kcache), torch.zeros_like(vcache)
        live = slots >= 0
        s = slots[live]
        kc[s // bs, :, s % bs, :] = (key[live].float() * 32).to(torch.float8_e4m3fn)
        vc[s // bs, :, :, s % bs] = value[live]
        return [kc.float(), vc]
    return ([key, value, kcache, vcache, slots, k_scale], [kcache, vcache], ref, (size,),
            size * heads * d * 7, "GB/s")


def atomics_args(torch, size, dev, c):
    """sweep9_atomics64's arguments; its reference folds each bin in NumPy."""
    import numpy as np
    bins, progs = c["BINS"], cdiv(size, c["BLOCK"])
    x = torch.randint(-(1 << 20), 1 << 20, (size,), device=dev, dtype=torch.int32)
    sums = torch.zeros(bins, device=dev, dtype=torch.float64)
    mx = torch.full((bins,), -(1 << 62), device=dev, dtype=torch.int64)
    mn = torch.full((bins,), 1 << 62, device=dev, dtype=torch.int64)
    bits = torch.zeros(2 * bins, device=dev, dtype=torch.int32)
    andm = torch.full((bins,), -1, device=dev, dtype=torch.int64)
    cas = torch.arange(progs, device=dev, dtype=torch.int64)
    old = torch.full((progs,), -5, device=dev, dtype=torch.int64)

    def ref():
        xs = x.cpu().numpy().astype(np.int64)
        pad = cdiv(size, bins) * bins - size

        def fold(values, identity, op):
            grid = np.concatenate([values, np.full(pad, identity, np.int64)]).reshape(-1, bins)
            return op.reduce(grid, axis=0)
        big = xs * 1000003
        one = np.int64(1)
        orb = fold((one << (xs & 31)).astype(np.int32).astype(np.int64), 0, np.bitwise_or)
        xor = fold(xs, 0, np.bitwise_xor)
        andb = fold(~np.left_shift(one, xs & 63), -1, np.bitwise_and)
        t = lambda a: torch.from_numpy(np.asarray(a)).to(dev)  # noqa: E731
        ids = np.arange(progs, dtype=np.int64)
        return [t(fold(xs, 0, np.add).astype(np.float64)),
                t(np.maximum(fold(big, -(1 << 62), np.maximum), -(1 << 62))),
                t(np.minimum(fold(big, 1 << 62, np.minimum), 1 << 62)),
                t(np.concatenate([orb, xor]).astype(np.int32)), t(andb), t(ids * 7 + 1), t(ids)]
    return ([x, sums, mx, mn, bits, andm, cas, old, size],
            [sums, mx, mn, bits, andm, cas, old], ref, (progs,), 4 * size, "GB/s")
