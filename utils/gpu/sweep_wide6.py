"""The sixth wide sweep: kernels_wide6.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments). name -> (kernel in kernels_wide6.py, constexprs, warps, stages,
timed size, ragged size, tolerance of the relative error; 0: exact). All
are checked against PyTorch (float64 where it computes)."""
from sweep_common import cdiv, nan_maker  # noqa: E402


KERNELS = {
    "sweep6_swizzle": ("matmul_swizzle2d", {"BM": 128, "BN": 128, "BK": 64, "GROUP": 8}, 8, 3,
                       4096, 1008, 1e-2),
    "sweep6_attn_tf32": ("attention_tf32_causal", {"BLOCK": 64, "D": 64}, 4, 3, 2048, 1008,
                         5e-3),
    "sweep6_skinny": ("skinny_gemm", {"BM": 128, "BN": 16, "BK": 64}, 4, 3, 65536, 1008, 1e-2),
    "sweep6_int8_bias": ("int8_gemm_bias", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008, 0),
    "sweep6_centred": ("centred_tiles", {"R": 64, "C": 64}, 4, 3, 1 << 14, 100, 1e-5),
    "sweep6_sort_flat": ("sort_flat", {"R": 16, "C": 64}, 4, 3, 1 << 14, 100, 0),
    "sweep6_unfold": ("unfold_3x3", {"BLOCK": 128}, 4, 3, 2048, 112, 0),
    "sweep6_two_loops": ("two_loops", {"BM": 64, "BN": 16, "BK": 64, "BZ": 128}, 4, 3, 65536,
                         1008, 1e-4),
    "sweep6_embedding_bag": ("embedding_bag", {"D": 128}, 4, 3, 1 << 15, 100, 1e-5),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c = KERNELS[name][1]
    nan = nan_maker(torch, dev)
    if name in ("sweep6_swizzle", "sweep6_attn_tf32", "sweep6_skinny", "sweep6_int8_bias",
                "sweep6_two_loops"):
        return dot_args(torch, name, size, dev, c, nan, cdiv)
    return other_args(torch, name, size, dev, c, nan, cdiv)


def dot_args(torch, name, size, dev, c, nan, cdiv):
    """The kernels with dots, as kernel_args."""
    if name == "sweep6_swizzle":
        m = n = k = size
        a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
        out = nan(m, n, dtype=torch.float16)
        return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    if name == "sweep6_attn_tf32":
        heads, d, seq = 16, c["D"], size
        q, k, v = (torch.randn(heads, seq, d, device=dev) for _ in range(3))
        o = nan(heads, seq, d)
        scale = d ** -0.5

        def ref():
            s = q.double() @ k.double().transpose(1, 2) * scale
            causal = torch.ones(seq, seq, device=dev, dtype=torch.bool).tril()
            return [torch.softmax(s.masked_fill(~causal, float("-inf")), -1) @ v.double()]
        return ([q, k, v, o, scale, seq], [o], ref, (cdiv(seq, c["BLOCK"]), heads),
                2 * heads * seq * seq * d, "TFLOP/s")
    if name == "sweep6_skinny":
        m, k, n = size, 4096, c["BN"]
        a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
        out = nan(m, n)
        return ([a, b, out, m, k], [out], lambda: [a.double() @ b.double()],
                (cdiv(m, c["BM"]),), 2 * m * n * k, "TFLOP/s")
    if name == "sweep6_int8_bias":
        m = n = k = size
        a = torch.randint(-128, 128, (m, k), device=dev, dtype=torch.int8)
        b = torch.randint(-128, 128, (k, n), device=dev, dtype=torch.int8)
        bias = torch.randint(-2 ** 20, 2 ** 20, (n,), device=dev, dtype=torch.int32)
        out = torch.full((m, n), -1, device=dev, dtype=torch.int32)
        # float64 products and sums of int8 are exact here (|sum| < 2^53).
        return ([a, b, bias, out, m, n, k], [out],
                lambda: [a.double() @ b.double() + bias.double()],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    m, k, nz = size, 1024, 1000  # sweep6_two_loops
    a = torch.randn(m, k, device=dev).half()
    b = torch.randn(k, c["BN"], device=dev).half()
    z = torch.randn(m, nz, device=dev)
    out = nan(m)
    return ([a, b, z, out, m, k, nz], [out],
            lambda: [(a.double() @ b.double()).sum(1) + z.double().sum(1)],
            (cdiv(m, c["BM"]),), 2 * m * k + 4 * m * nz, "GB/s")


def other_args(torch, name, size, dev, c, nan, cdiv):
    """The kernels without dots, as kernel_args."""
    if name == "sweep6_centred":
        r, cc = c["R"], c["C"]
        x = torch.randn(size, r, cc, device=dev)
        y, total = nan(size, r, cc), nan(size)

        def ref():
            sign = torch.where(torch.arange(size, device=dev) % 2 == 0, 1.0, -1.0).double()
            xs = x.double() * sign[:, None, None]
            tot = xs.sum((1, 2))
            return [xs - tot[:, None, None] / (r * cc), tot]
        return [x, y, total], [y, total], ref, (size,), 8 * size * r * cc, "GB/s"
    if name == "sweep6_sort_flat":
        r, cc = c["R"], c["C"]
        x = torch.randint(-2 ** 31, 2 ** 31 - 1, (size, r, cc), device=dev, dtype=torch.int32)
        y = torch.zeros(size, r * cc, device=dev, dtype=torch.int32)
        return ([x, y], [y], lambda: [x.view(size, -1).sort(1, descending=True).values],
                (size,), 8 * size * r * cc, "GB/s")
    if name == "sweep6_unfold":
        h = w = size
        x = torch.randn(h, w, device=dev)
        cols = torch.zeros(h * w, 16, device=dev)

        def ref():
            xp = torch.nn.functional.pad(x.double(), (1, 1, 1, 1))
            out = torch.zeros(h * w, 16, device=dev, dtype=torch.float64)
            for t in range(9):
                out[:, t] = xp[t // 3:t // 3 + h, t % 3:t % 3 + w].flatten()
            return [out]
        return ([x, cols, h, w], [cols], ref, (cdiv(h * w, c["BLOCK"]),), 40 * h * w, "GB/s")
    bags, vocab, d = size, 100000, c["D"]  # sweep6_embedding_bag
    emb = torch.randn(vocab, d, device=dev).half()
    lengths = torch.randint(0, 41, (bags,), device=dev)
    offsets = torch.zeros(bags + 1, device=dev, dtype=torch.int32)
    offsets[1:] = lengths.cumsum(0)
    total = int(offsets[-1]) if dev != "meta" else bags * 20
    idx = torch.randint(0, vocab, (total,), device=dev, dtype=torch.int32)
    weights = torch.rand(total, device=dev)
    out = nan(bags, d)

    def ref():
        owner = torch.repeat_interleave(torch.arange(bags, device=dev), lengths)
        rows = emb[idx.long()].double() * weights.double()[:, None]
        return [torch.zeros(bags, d, device=dev, dtype=torch.float64).index_add_(0, owner, rows)]
    return ([emb, idx, offsets, weights, out], [out], ref, (bags,), 2 * total * d, "GB/s")
