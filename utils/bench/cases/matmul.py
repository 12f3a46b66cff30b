"""The cases of kernels/matmul.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, for_sm80, nan_maker  # noqa: F401


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
    return args, [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k


FP4_VALUES = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]


def grouped_args(torch, size, dev, c, nan):
    """The grouped GEMM tutorial's problems, as kernel_args: four square
    fp16 problems of SIZE, SIZE/2, SIZE/4 and SIZE/2 (the tutorial's loads
    are unmasked: every size a multiple of the 128 x 128 x 32 tile)."""
    sizes = [size, size // 2, size // 4, size // 2]
    mats = [(torch.randn(n, n, device=dev).half(), torch.randn(n, n, device=dev).half(),
             nan(n, n, dtype=torch.float16)) for n in sizes]
    ptrs = [torch.tensor([m[i].data_ptr() if dev != "meta" else 0 for m in mats], device=dev,
                         dtype=torch.int64) for i in range(3)]
    ptrs[0].matrices = mats  # the launches hold their arguments; the matrices go with them
    gemm_sizes = torch.tensor([[n, n, n] for n in sizes], device=dev, dtype=torch.int32)
    lds = torch.tensor([[n, n, n] for n in sizes], device=dev, dtype=torch.int32)
    return (ptrs + [gemm_sizes, lds, len(sizes)], [m[2] for m in mats],
            lambda: [m[0].double() @ m[1].double() for m in mats], (c["NUM_SM"],),
            sum(2 * n ** 3 for n in sizes))


def args_persistent(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    a, b = randn(size, size), randn(size, size)
    out = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)
    return ([a, b, out, size, size, size], [out], lambda: [a.double() @ b.double()],
            (c["NUM_SMS"],), 2 * size ** 3)


def args_splitk(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    a, b = randn(size, size), randn(size, size)
    out = torch.zeros(size, size, device=dev, dtype=torch.float32)
    # b is stored [N, K]: C = A @ b^T.
    return ([a, b, out, size, size, size], [out], lambda: [a.double() @ b.double().T],
            (cdiv(size, c["BM"]), cdiv(size, c["BN"]), c["SPLIT_K"]), 2 * size ** 3)


def args_w8a16(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    a = randn(size, size)
    b = torch.randint(-128, 128, (size, size), device=dev, dtype=torch.int8)
    scale = (torch.rand(size, device=dev) / 64).to(torch.float16)
    out = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)
    return ([a, b, scale, out, size, size, size], [out],
            lambda: [(a.double() @ b.double()) * scale.double()[None, :]],
            (cdiv(size, c["BM"]), cdiv(size, c["BN"])), 2 * size ** 3)


def args_grouped(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
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
            (sum(tiles),), sum(2 * n ** 3 for n in sizes))


def args_fp8_out(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    a = randn(size, size, dtype=torch.float8_e4m3fn)
    bt = randn(size, size, dtype=torch.float8_e4m3fn)
    out = torch.zeros(size, size, device=dev, dtype=torch.float8_e4m3fn)
    grid = (size // c["BM"], size // c["BN"])

    def ref():  # Triton's own result: the same fp8 roundings
        want = torch.zeros_like(out)
        kern.fn[grid](a, bt, want, 0.05, size, size, size, **c,
                                         num_warps=kern.warps, num_stages=kern.stages)
        return [want]
    return [a, bt, out, 0.05, size, size, size], [out], ref, grid, 2 * size ** 3


def args_mlp2(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    d, h = c["D"], c["H"]
    x, w1, w2 = randn(size, d), randn(d, h) / 8, randn(h, d) / 8
    y = torch.full((size, d), float("nan"), device=dev, dtype=torch.float16)

    def ref():  # the hidden layer rounded to fp16, as the kernel does
        hidden = torch.relu(x.float() @ w1.float()).half().double()
        return [hidden @ w2.double()]
    return ([x, w1, w2, y, size], [y], ref, (cdiv(size, c["BM"]),), 2 * size * 2 * d * h)


def args_mx(torch, dev, size, c, kern):
    return mx_args(torch, c, size, dev)


def args_blockptr_gelu(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    a, b = randn(size, size), randn(size, size) / 16
    out = torch.full((size, size), float("nan"), device=dev, dtype=torch.float16)

    def ref():
        y = a.double() @ b.double()
        return [0.5 * y * (1 + torch.erf(y / 2 ** 0.5))]
    return ([a, b, out, size, size, size], [out], ref,
            (cdiv(size, c["BM"]), cdiv(size, c["BN"])), 2 * size ** 3)


def args_small_dot(torch, dev, size, c, kern):
    randn = lambda *shape, dtype=torch.float16: torch.randn(*shape, device=dev).to(dtype)  # noqa: E731
    blk = c["BLOCK"]
    a, b = randn(size, blk, blk), randn(size, blk, blk)
    out = torch.full((size, blk, blk), float("nan"), device=dev, dtype=torch.float32)

    def ref():
        prod = torch.flip(a.double() @ b.double(), [1])
        pairs = prod.reshape(size, blk, blk // 2, 2)
        return [torch.stack([pairs[..., 1], pairs[..., 0]], -1).reshape(size, blk, blk)]
    return [a, b, out], [out], ref, (size,), 2 * size * blk ** 3


def args_w4a16(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    a = torch.randn(m, k, device=dev).half()
    packed = torch.randint(0, 256, (k // 2, n), device=dev, dtype=torch.uint8)
    scale = (torch.rand(n, device=dev) / 16 + 0.01).half()
    out = nan(m, n, dtype=torch.float16)

    def ref():
        low, high = (packed & 15).double() - 8, (packed >> 4).double() - 8
        b = torch.stack([low, high], 1).reshape(k, n) * scale.double()[None, :]
        return [a.double() @ b]
    return ([a, packed, scale, out, m, n, k], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
            2 * m * n * k)


def args_gemv(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    n, k = size, 4096 + 64
    w = torch.randn(n, k, device=dev).half()
    x = torch.randn(k, device=dev).half()
    y = nan(n, dtype=torch.float16)
    return [w, x, y, n, k], [y], lambda: [w.double() @ x.double()], (cdiv(n, c["BN"]),), \
        2 * n * k


def args_moe(torch, dev, size, c, kern):
    real = dev != "meta"
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    tokens, experts, top_k, k, n, bm = size, 8, c["TOP_K"], 1024, 1024, c["BM"]
    a = randn(tokens, k).half()
    w = (randn(experts, k, n) / 16).half()
    choice = torch.stack([torch.randperm(experts, device=dev)[:top_k] for _ in range(tokens)]) \
        if real else torch.zeros(tokens, top_k, device=dev, dtype=torch.int64)
    flat = choice.reshape(-1)
    order = torch.argsort(flat, stable=True)
    counts = torch.bincount(flat, minlength=experts) if real else \
        torch.zeros(experts, device=dev, dtype=torch.int64)
    blocks = [cdiv(int(cnt), bm) for cnt in counts] if real else []
    # The grid does not depend on the draw (the runner also builds the
    # arguments on meta tensors, which have none): as many blocks as any draw
    # can need, the rest all padding.
    grid_m = tokens * top_k // bm + experts
    sorted_ids = torch.full((grid_m * bm,), tokens * top_k, device=dev, dtype=torch.int32)
    expert_ids = torch.zeros(grid_m, device=dev, dtype=torch.int32)
    if real:
        start = at = 0
        for e, cnt in enumerate(counts.tolist()):
            sorted_ids[at:at + cnt] = order[start:start + cnt].int()
            expert_ids[at // bm:at // bm + blocks[e]] = e
            start += cnt
            at += blocks[e] * bm
    out = nan(tokens * top_k, n, dtype=torch.float16)

    def ref():
        rows = a.double().repeat_interleave(top_k, 0)
        return [torch.bmm(rows[:, None, :], w.double()[flat])[:, 0, :]]
    return ([a, w, out, sorted_ids, expert_ids, tokens * top_k, n, k], [out], ref,
            (grid_m, cdiv(n, c["BN"])), 2 * tokens * top_k * n * k)


def args_int8_scaled(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    a = torch.randint(-128, 128, (m, k), device=dev, dtype=torch.int8)
    bt = torch.randint(-128, 128, (n, k), device=dev, dtype=torch.int8)
    sa, sb = torch.rand(m, device=dev) / 100, torch.rand(n, device=dev) / 100
    out = nan(m, n, dtype=torch.bfloat16)
    return ([a, bt, sa, sb, out, m, n, k], [out],
            lambda: [(a.double() @ bt.double().t()) * sa.double()[:, None] * sb.double()[None, :]],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_fp64_mm(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    m = n = k = size
    a, b = randn(m, k).double(), randn(k, n).double()
    out = nan(m, n, dtype=torch.float64)
    return ([a, b, out, m, n, k], [out], lambda: [a @ b],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_gated_mlp(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    m = n = k = size
    x, w1, w3 = randn(m, k).half(), (randn(k, n) / 16).half(), (randn(k, n) / 16).half()
    out = nan(m, n, dtype=torch.float16)

    def ref():
        g = x.double() @ w1.double()
        return [g * torch.sigmoid(g) * (x.double() @ w3.double())]
    return ([x, w1, w3, out, m, n, k], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
            2 * 2 * m * n * k)


def args_int4_join(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    m = n = k = size
    a = randn(m, k).half()
    packed = torch.randint(0, 256, (k // 2, n), device=dev, dtype=torch.uint8)
    out = nan(m, n, dtype=torch.float16)

    def ref():
        low, high = (packed & 15).double() - 8, (packed >> 4).double() - 8
        return [a.double() @ torch.stack([low, high], 1).reshape(k, n) / 1]
    return ([a, packed, out, m, n, k], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
            2 * m * n * k)


def args_fp8_blockscale(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    m = n = k = size
    a = randn(m, k).to(torch.float8_e4m3fn)
    bt = randn(n, k).to(torch.float8_e4m3fn)
    a_s = torch.rand(m, k // 128, device=dev) + 0.5
    b_s = torch.rand(n // 128, k // 128, device=dev) + 0.5
    out = nan(m, n, dtype=torch.bfloat16)

    def ref():
        av = a.double() * a_s.double().repeat_interleave(128, 1)
        bv = bt.double() * b_s.double().repeat_interleave(128, 0).repeat_interleave(128, 1)
        return [av @ bv.t()]
    return ([a, bt, a_s, b_s, out, m, n, k], [out], ref,
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_a_kmajor(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    m = n = k = size
    at, b = randn(k, m).half(), randn(k, n).half()
    out = nan(m, n, dtype=torch.float16)
    return ([at, b, out, m, n, k], [out], lambda: [at.double().t() @ b.double()],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_fp8_mixed(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    m = n = k = size
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    a = randn(m, k).to(torch.float8_e4m3fn)
    bt = randn(n, k).to(torch.float8_e5m2)
    out = nan(m, n, dtype=torch.float16)
    return ([a, bt, out, m, n, k], [out], lambda: [a.double() @ bt.double().t()], grid,
            2 * m * n * k)


def args_acc16_promote(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    m = n = k = size
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    a, b = randn(m, k).half(), randn(k, n).half()
    out = nan(m, n, dtype=torch.float16)
    return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()], grid,
            2 * m * n * k)


def args_f32_split(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    m = n = k = size
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    a, b = randn(m, k), randn(k, n)
    out = nan(m, n)
    return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()], grid,
            2 * m * n * k)


def args_lora(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    m = n = k = size
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    r = c["R"]
    x, w = randn(m, k).half(), (randn(k, n) / 16).half()
    la, lb = (randn(k, r) / 16).half(), (randn(r, n) / 4).half()
    out = nan(m, n, dtype=torch.float16)

    def ref():  # x @ A rounded to fp16 after the scaling, as the kernel does
        xa = (x.double() @ la.double() * 0.5).half().double()
        return [x.double() @ w.double() + xa @ lb.double()]
    return ([x, w, la, lb, out, m, n, k, 0.5], [out], ref, grid,
            2 * m * n * k + 2 * m * k * r + 2 * m * r * n)


def args_int8_requant(torch, dev, size, c, kern):
    m = n = k = size
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    a = torch.randint(-128, 128, (m, k), device=dev, dtype=torch.int8)
    b = torch.randint(-128, 128, (k, n), device=dev, dtype=torch.int8)
    bias = torch.randint(-50000, 50000, (n,), device=dev, dtype=torch.int32)
    out = torch.zeros(m, n, device=dev, dtype=torch.int8)
    # mult / 2^SHIFT ~ 1.4e-4: results of about 50 at K = 4096, 25 at 1008.
    mult, shift = 307329, c["SHIFT"]

    def ref():  # exact: the int32 sums are below 2^53
        acc = (a.double() @ b.double()).long() + bias.long()[None, :]
        q = (acc * mult + (1 << (shift - 1))) >> shift
        return [q.clamp(-128, 127).to(torch.int8)]
    return ([a, b, bias, out, m, n, k, mult], [out], ref, grid, 2 * m * n * k)


def args_addmm(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    cin = torch.randn(m, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    return ([cin, a, b, out, m, n, k, 0.5], [out],
            lambda: [0.5 * cin.double() + a.double() @ b.double()], grid, 2 * m * n * k)


def args_grouped_tutorial(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    return grouped_args(torch, size, dev, c, nan)


def args_blocksparse(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
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
            lambda: [a.double() @ b.double()], (rows, cdiv(n, c["BN"])), work)


def args_tiny_bmm(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    mm, nn, kk = c["M"], c["N"], c["K"]
    a = torch.randn(size, mm, kk, device=dev).half()
    b = torch.randn(size, kk, nn, device=dev).half()
    out = nan(size, mm, nn)
    return ([a, b, out], [out], lambda: [a.double() @ b.double()], (size,),
            2 * size * mm * nn * kk)


def args_int4_gemv(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
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
            n * k // 2 + 2 * k + 6 * n)


def args_tril_cumsum(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    t, d = c["T"], c["D"]
    x = torch.randn(size, t, d, device=dev).half()
    y = nan(size, t, d)
    return ([x, y], [y], lambda: [x.double().cumsum(1)], (size,), 2 * size * t * t * d)


def args_batched_gemv(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    b, n, k = size, 200, 200
    a = torch.randn(b, n, k, device=dev).half()
    x = torch.randn(b, k, device=dev).half()
    y = nan(b, n)
    return ([a, x, y, n, k], [y], lambda: [(a.double() @ x.double()[..., None])[..., 0]],
            (cdiv(b, c["BB"]), cdiv(n, c["BLOCK_N"])), 2 * b * n * k)


def args_matmul_t(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
    bias = torch.randn(n, device=dev).half()
    ct = nan(n, m, dtype=torch.float16)
    return ([a, b, ct, bias, m, n, k], [ct],
            lambda: [torch.relu(a.double() @ b.double() + bias.double()).T],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_swizzle(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_skinny(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, k, n = size, 4096, c["BN"]
    a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
    out = nan(m, n)
    return ([a, b, out, m, k], [out], lambda: [a.double() @ b.double()],
            (cdiv(m, c["BM"]),), 2 * m * n * k)


def args_int8_bias(torch, dev, size, c, kern):
    m = n = k = size
    a = torch.randint(-128, 128, (m, k), device=dev, dtype=torch.int8)
    b = torch.randint(-128, 128, (k, n), device=dev, dtype=torch.int8)
    bias = torch.randint(-2 ** 20, 2 ** 20, (n,), device=dev, dtype=torch.int32)
    out = torch.full((m, n), -1, device=dev, dtype=torch.int32)
    # float64 products and sums of int8 are exact here (|sum| < 2^53).
    return ([a, b, bias, out, m, n, k], [out],
            lambda: [a.double() @ b.double() + bias.double()],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_linear_silu(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    x = torch.randn(m, k, device=dev).to(torch.bfloat16)
    w = (torch.randn(n, k, device=dev) / 16).to(torch.bfloat16)
    bias = torch.randn(n, device=dev)
    y = nan(m, n, dtype=torch.bfloat16)

    def ref():
        z = x.double() @ w.double().T + bias.double()
        return [z * torch.sigmoid(z)]
    return ([x, w, bias, y, m, n, k, k, k, n], [y], ref,
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_linear_ce(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, vocab, d = size, 32016, c["D"]
    x = (torch.randn(m, d, device=dev) / 4).half()
    w = (torch.randn(vocab, d, device=dev) / 4).half()
    target = torch.randint(0, vocab, (m,), device=dev, dtype=torch.int64)
    loss = nan(m)

    def ref():
        logits = x.double() @ w.double().T
        return [torch.logsumexp(logits, 1) - logits.gather(1, target[:, None])[:, 0]]
    return ([x, w, target, loss, m, vocab], [loss], ref, (cdiv(m, c["BM"]),),
            2 * m * vocab * d)


def args_wide_n(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    a = torch.randn(m, k, device=dev).to(torch.bfloat16)
    b = torch.randn(k, n, device=dev).to(torch.bfloat16)
    out = nan(m, n)
    return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()],
            (cdiv(m, c["BM"]) * cdiv(n, c["BN"]),), 2 * m * n * k)


def args_int8_act(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = k = size
    a = torch.randint(-128, 128, (m, k), device=dev, dtype=torch.int8)
    scale = torch.rand(m, device=dev) / 64
    b = torch.randn(k, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    return ([a, scale, b, out, m, n, k], [out],
            lambda: [(a.double() * scale.double()[:, None]) @ b.double()],
            (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k)


def args_bmm_z(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    batch, m = 8, size
    a = torch.randn(batch, m, m, device=dev).to(torch.bfloat16)
    b = torch.randn(batch, m, m, device=dev).to(torch.bfloat16)
    out = nan(batch, m, m, dtype=torch.bfloat16)
    return ([a, b, out, m, m, m, m * m, m * m, m * m], [out],
            lambda: [a.double() @ b.double()],
            (cdiv(m, c["BM"]), cdiv(m, c["BN"]), batch), 2 * batch * m ** 3)


def args_while_dot(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = size
    kk = size
    a = torch.randn(m, kk, device=dev).half()
    b = torch.randn(kk, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    k_len = torch.tensor([kk], device=dev, dtype=torch.int32)
    return ([a, b, out, k_len, m, n], [out], lambda: [a.double() @ b.double()], grid,
            2 * m * n * kk)


def args_tile_stats(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = size
    kk = cdiv(size, c["BK"]) * c["BK"]
    a = torch.randn(m, kk, device=dev).half()
    b = torch.randn(kk, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
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
            2 * m * n * kk)


def args_block_sparse(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = size
    kk = cdiv(size, c["BK"]) * c["BK"]
    a = torch.randn(m, kk, device=dev).half()
    b = torch.randn(kk, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    live = (torch.rand(cdiv(m, c["BM"]), kk // c["BK"], device=dev) < 0.5).to(torch.int32)

    def ref():
        cols = live.repeat_interleave(c["BM"], 0)[:m].repeat_interleave(c["BK"], 1)
        return [(a.double() * cols.double()) @ b.double()]
    return ([a, b, out, live, m, n, kk], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
            2 * m * n * kk)


def args_expert_dots(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, d, e = size, c["D"], c["E"]
    x = torch.randn(m, d, device=dev).half()
    w = (torch.randn(e, d, d, device=dev) / 8).half()
    gate = torch.rand(m, e, device=dev)
    y = nan(m, d, dtype=torch.float16)

    def ref():
        return [sum(gate[:, i:i + 1].double() * (x.double() @ w[i].double())
                    for i in range(e))]
    return [x, w, gate, y, m], [y], ref, (cdiv(m, c["BM"]),), 2 * m * d * d * e


def args_int8_decode(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, n, kk = 7, size, cdiv(size, c["BK"]) * c["BK"]
    x = torch.randint(-128, 128, (m, kk), device=dev, dtype=torch.int8)
    w = torch.randint(-128, 128, (kk, n), device=dev, dtype=torch.int8)
    scale = torch.rand(n, device=dev) / 1000
    y = nan(m, n)

    def ref():
        return [(x.double() @ w.double()) * scale.double()]
    return [x, w, scale, y, m, n, kk], [y], ref, (cdiv(n, c["BN"]),), n * kk


def args_relu_e5m2(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m = n = size
    kk = cdiv(size, c["BK"]) * c["BK"]
    a = torch.randn(m, kk, device=dev).to(torch.bfloat16)
    b = torch.randn(kk, n, device=dev).to(torch.bfloat16)
    out = nan(m, n, dtype=torch.float8_e5m2)

    def ref():
        prod = (a.double() @ b.double()).clamp(min=0) * 0.0625
        return [prod.float().to(torch.float8_e5m2)]
    return ([a, b, out, m, n, kk], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
            2 * m * n * kk)


CASES = [
    Case("persistent", "matmul.matmul_persistent", args_persistent,
         {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8, "NUM_SMS": 132},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("splitk", "matmul.matmul_splitk", args_splitk,
         {"BM": 128, "BN": 128, "BK": 64, "SPLIT_K": 4},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot", "atomic")),
    Case("w8a16", "matmul.matmul_w8a16", args_w8a16, {"BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "int8", "dot")),
    Case("grouped", "matmul.grouped_matmul", args_grouped,
         {"BM": 128, "BN": 128, "BK": 64, "GROUPS": 4},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("fp8_out", "matmul.matmul_fp8_out", args_fp8_out, {"BM": 128, "BN": 128, "BK": 128},
         warps=8, stages=3, size=4096, ragged=1024, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "fp8", "dot", "triton-reference")),
    Case("mlp2", "matmul.mlp2", args_mlp2, {"BM": 128, "D": 64, "H": 128},
         warps=4, stages=3, size=1048576, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("mxfp4_w", "matmul.matmul_mx", args_mx,
         {"A_FMT": "bf16", "B_FMT": "e2m1", "BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "bf16", "fp8", "int8", "dot")),
    Case("mxfp8", "matmul.matmul_mx", args_mx,
         {"A_FMT": "e4m3", "B_FMT": "e4m3", "BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "bf16", "fp8", "int8", "dot")),
    Case("blockptr_gelu", "matmul.matmul_blockptr_gelu", args_blockptr_gelu,
         {"BM": 128, "BN": 128, "BK": 64, "GROUP": 8},
         warps=8, stages=3, size=4096, ragged=1000, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("small_dot", "matmul.small_dot_shapes", args_small_dot, {"BLOCK": 16},
         warps=2, stages=3, size=65536, ragged=16, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("w4a16", "matmul.matmul_w4a16", args_w4a16, {"BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "int8", "dot")),
    Case("gemv", "matmul.gemv", args_gemv, {"BN": 64, "BK": 128},
         warps=4, stages=3, size=16384, ragged=1008, tol=0.001, metric="GB/s",
         tags=("fp16",)),
    Case("moe", "matmul.moe_matmul", args_moe, {"TOP_K": 2, "BM": 64, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=496, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("int8_scaled", "matmul.int8_scaled_mm", args_int8_scaled,
         {"BM": 128, "BN": 128, "BK": 128},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TOP/s",
         tags=("fp16", "bf16", "int8", "dot")),
    Case("fp64_mm", "matmul.matmul_fp64", args_fp64_mm, {"BM": 64, "BN": 64, "BK": 16},
         warps=4, stages=3, size=2048, ragged=496, tol=1e-12, metric="TFLOP/s",
         tags=("dot",)),
    Case("gated_mlp", "matmul.gated_mlp", args_gated_mlp, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("int4_join", "matmul.matmul_int4_join", args_int4_join, {"BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1024, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "int8", "dot")),
    Case("fp8_blockscale", "matmul.fp8_block_scaled_mm", args_fp8_blockscale,
         {"BM": 128, "BN": 128, "BK": 128},
         warps=8, stages=3, size=4096, ragged=1024, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "bf16", "fp8", "dot")),
    Case("a_kmajor", "matmul.matmul_a_kmajor", args_a_kmajor, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("fp8_mixed", "matmul.matmul_fp8_mixed", args_fp8_mixed, {"BM": 128, "BN": 256, "BK": 128},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "fp8", "dot")),
    Case("acc16_promote", "matmul.matmul_acc16_promote", args_acc16_promote,
         {"BM": 128, "BN": 128, "BK": 64, "PROMOTE": 2},
         warps=4, stages=2, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("bf16x3", "matmul.matmul_f32_split", args_f32_split,
         {"BM": 128, "BN": 128, "BK": 32, "PRECISION": "bf16x3"},
         warps=8, stages=3, size=4096, ragged=1008, tol=3e-05, metric="TFLOP/s",
         tags=("dot",)),
    Case("bf16x6", "matmul.matmul_f32_split", args_f32_split,
         {"BM": 128, "BN": 128, "BK": 32, "PRECISION": "bf16x6"},
         warps=8, stages=3, size=4096, ragged=1008, tol=1e-06, metric="TFLOP/s",
         tags=("dot",)),
    Case("lora", "matmul.lora_matmul", args_lora, {"BM": 128, "BN": 128, "BK": 64, "R": 16},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("int8_requant", "matmul.int8_gemm_requant", args_int8_requant,
         {"BM": 128, "BN": 128, "BK": 128, "SHIFT": 31},
         warps=8, stages=3, size=4096, ragged=1008, tol=0, metric="TOP/s",
         tags=("int8", "dot")),
    Case("addmm", "matmul.addmm", args_addmm, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("grouped_tutorial", "matmul.grouped_gemm_tutorial", args_grouped_tutorial,
         {"NUM_SM": 132, "BM": 128, "BN": 128, "BK": 32},
         warps=4, stages=3, size=4096, ragged=1024, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("blocksparse", "matmul.blocksparse_mm", args_blocksparse, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("tiny_bmm", "matmul.tiny_bmm", args_tiny_bmm, {"M": 32, "N": 32, "K": 64, "BK": 16},
         warps=2, stages=3, size=65536, ragged=100, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("int4_gemv", "matmul.int4_gemv", args_int4_gemv, {"BLOCK_N": 64, "BLOCK_K": 128},
         warps=4, stages=3, size=16384, ragged=1008, tol=0.002, metric="GB/s",
         tags=("fp16", "int8")),
    Case("tril_cumsum", "matmul.tril_dot_cumsum", args_tril_cumsum, {"T": 64, "D": 64},
         warps=4, stages=3, size=16384, ragged=100, tol=0.001, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("batched_gemv", "matmul.batched_gemv_3d", args_batched_gemv,
         {"BB": 4, "BLOCK_N": 32, "BLOCK_K": 64},
         warps=4, stages=3, size=4096, ragged=100, tol=1e-05, metric="GB/s",
         tags=("fp16",)),
    Case("matmul_t", "matmul.matmul_store_transposed", args_matmul_t,
         {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("swizzle", "matmul.matmul_swizzle2d", args_swizzle,
         {"BM": 128, "BN": 128, "BK": 64, "GROUP": 8},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("skinny", "matmul.skinny_gemm", args_skinny, {"BM": 128, "BN": 16, "BK": 64},
         warps=4, stages=3, size=65536, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("int8_bias", "matmul.int8_gemm_bias", args_int8_bias, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0, metric="TOP/s",
         tags=("int8", "dot")),
    Case("linear_silu", "matmul.linear_silu", args_linear_silu, {"BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=4, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "bf16", "dot")),
    Case("linear_ce", "matmul.linear_cross_entropy", args_linear_ce,
         {"BM": 64, "BV": 128, "D": 128},
         warps=4, stages=3, size=16384, ragged=1008, tol=0.0001, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("wide_n", "matmul.matmul_wide_n", args_wide_n,
         {"BM": 64, "BN": 256, "BK": 64, "GROUP_M": 8},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "bf16", "dot")),
    Case("int8_act", "matmul.int8_act_matmul", args_int8_act, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "int8", "dot")),
    Case("bmm_z", "matmul.bmm_grid_z", args_bmm_z, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=2048, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "bf16", "dot")),
    Case("while_dot", "matmul.matmul_while", args_while_dot, {"BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("tile_stats", "matmul.matmul_tile_stats", args_tile_stats,
         {"BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("block_sparse", "matmul.masked_block_matmul", args_block_sparse,
         {"BM": 128, "BN": 128, "BK": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("expert_dots", "matmul.unrolled_expert_dots", args_expert_dots,
         {"D": 64, "E": 4, "BM": 64},
         warps=4, stages=3, size=65536, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("int8_decode", "matmul.int8_decode_gemm", args_int8_decode, {"BN": 64, "BK": 128},
         warps=4, stages=3, size=8192, ragged=1008, tol=1e-06, metric="GB/s",
         tags=("int8", "dot")),
    Case("relu_e5m2", "matmul.matmul_relu_e5m2", args_relu_e5m2, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "bf16", "fp8", "dot")),
]


# tl.dot in the forms real kernels use, through one kernel (matmul_any):
# name -> (A, B, output, accumulator, input precision, max_num_imprecise_acc,
# epilogue, BM, BN, BK, warps, stages, B K-major, timed size, tolerance).
MATMULS = {
    "matmul_bf16": ("bfloat16", "bfloat16", "bfloat16", "float32", None, None, None,
                    128, 128, 64, 4, 3, False, 4096, 1e-2),
    "matmul_fp16_bt": ("float16", "float16", "float16", "float32", None, None, None,
                       128, 128, 64, 4, 4, True, 4096, 1e-2),
    "matmul_fp16_acc16": ("float16", "float16", "float16", "float16", None, None, None,
                          128, 128, 64, 4, 3, False, 4096, 2e-2),
    "matmul_fp16_epilogue": ("float16", "float16", "float16", "float32", None, None,
                             "bias_leaky", 128, 256, 64, 8, 3, False, 4096, 1e-2),
    "matmul_fp8e4_bt": ("float8_e4m3fn", "float8_e4m3fn", "float16", "float32", None, None,
                        None, 128, 256, 128, 8, 3, True, 4096, 1e-2),
    "matmul_fp8e5": ("float8_e5m2", "float8_e5m2", "float16", "float32", None, None, None,
                     128, 128, 128, 4, 3, False, 4096, 1e-2),
    "matmul_fp8e4_imprecise": ("float8_e4m3fn", "float8_e4m3fn", "float16", "float32", None,
                               32, None, 128, 128, 128, 4, 3, True, 4096, 1e-2),
    "matmul_int8_bt": ("int8", "int8", "int32", "int32", None, None, None,
                       128, 128, 128, 8, 3, True, 4096, 0),
    "matmul_int8": ("int8", "int8", "int32", "int32", None, None, None,
                    128, 128, 64, 4, 3, False, 4096, 0),
    "matmul_tf32": ("float32", "float32", "float32", "float32", "tf32", None, None,
                    128, 128, 32, 4, 3, False, 4096, 3e-3),
    "matmul_tf32x3": ("float32", "float32", "float32", "float32", "tf32x3", None, None,
                      64, 64, 32, 4, 3, False, 2048, 1e-5),
    "matmul_ieee": ("float32", "float32", "float32", "float32", "ieee", None, None,
                    64, 64, 16, 4, 2, False, 1024, 1e-5),
    "matmul_fp16_m32": ("float16", "float16", "float16", "float32", None, None, None,
                        32, 64, 64, 4, 3, False, 4096, 1e-2),
    # 8-bit operands in both orders of B at one configuration (issue 30): wgmma
    # reads them K-major only, so row-major B is transposed on its way there.
    "int8_matmul_rowmajor_b_4096": ("int8", "int8", "int32", "int32", None, None, None,
                                    128, 256, 128, 8, 3, False, 4096, 0),
    "int8_matmul_kmajor_b_4096": ("int8", "int8", "int32", "int32", None, None, None,
                                  128, 256, 128, 8, 3, True, 4096, 0),
    "fp8_matmul_rowmajor_b_4096": ("float8_e4m3fn", "float8_e4m3fn", "float16", "float32", None,
                                   None, None, 128, 256, 128, 8, 3, False, 4096, 1e-2),
    "fp8_matmul_kmajor_b_4096": ("float8_e4m3fn", "float8_e4m3fn", "float16", "float32", None,
                                 None, None, 128, 256, 128, 8, 3, True, 4096, 1e-2),
}


def vendor_int_mm(kmajor):
    """torch._int_mm (cuBLASLt) on matmul_any's A and the K x N view of its B
    (stored N x K when KMAJOR)."""
    def vendor(torch, args):
        a, b_store = args[0], args[1]
        b = b_store.t() if kmajor else b_store
        return "torch._int_mm", lambda: torch._int_mm(a, b)
    return vendor


def vendor_scaled_mm(torch, args):
    """torch._scaled_mm (cuBLASLt fp8, unit scales, fp16 out) on matmul_any's
    A and B stored N x K (cuBLASLt takes fp8 B column-major only)."""
    a, b_store = args[0], args[1]
    one = torch.ones((), device=a.device, dtype=torch.float32)
    return "torch._scaled_mm", lambda: torch._scaled_mm(a, b_store.t(), scale_a=one, scale_b=one,
                                                        out_dtype=torch.float16)


# The vendor op timed beside a MATMULS case (none where the vendor has no
# kernel for the layout: cuBLASLt's fp8 wants B column-major).
MATMUL_VENDORS = {
    "int8_matmul_rowmajor_b_4096": vendor_int_mm(kmajor=False),
    "int8_matmul_kmajor_b_4096": vendor_int_mm(kmajor=True),
    "fp8_matmul_kmajor_b_4096": vendor_scaled_mm,
}


def args_matmul_any(a_type, b_type, out_type, epilogue, kmajor):
    """matmul_any's arguments at SIZE^3: random inputs of the given types (B
    stored [N, K] when KMAJOR), a poisoned output, a bias; the reference in float64."""
    def build(torch, dev, size, c, kern):
        m = n = k = size

        def draw(dtype, shape):
            if dtype == "int8":
                return torch.randint(-128, 128, shape, device=dev, dtype=torch.int8)
            return torch.randn(shape, device=dev).to(getattr(torch, dtype))
        a = draw(a_type, (m, k))
        b_store = draw(b_type, (n, k) if kmajor else (k, n))
        b = b_store.t() if kmajor else b_store
        bias = torch.randn(n, device=dev, dtype=torch.float16)
        out = torch.zeros((m, n), device=dev, dtype=getattr(torch, out_type))
        out.fill_(float("nan") if out.is_floating_point() else -12345)

        def ref():
            want = a.double() @ b.double()
            if epilogue == "bias_leaky":
                want = want + bias.double()[None, :]
                want = torch.where(want >= 0, want, 0.01 * want)
            return [want]
        args = [a, b_store, out, bias, m, n, k, a.stride(0), a.stride(1), b.stride(0),
                b.stride(1), out.stride(0), out.stride(1)]
        return (args, [out], ref, (cdiv(m, c["BM"]) * cdiv(n, c["BN"]),), 2 * m * n * k)
    return build


class Dtype:
    """A tl dtype named in constexprs, resolved when Triton is there (the
    registry is read without it by `list` and `prepare`)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"tl.{self.name}"

    def resolve(self):
        import triton.language as tl
        return getattr(tl, self.name)


def args_bmm(torch, dev, size, c, kern):
    batches = 64 if size >= 1024 else 5
    a = torch.randn(batches, size, size, device=dev, dtype=torch.float16)
    b = torch.randn(batches, size, size, device=dev, dtype=torch.float16)
    out = torch.full((batches, size, size), float("nan"), device=dev, dtype=torch.float16)
    grid = (cdiv(size, c["BM"]), cdiv(size, c["BN"]), cdiv(batches, c["BB"]))
    return ([a, b, out, batches, size, size, size], [out], lambda: [a.double() @ b.double()],
            grid, 2 * batches * size ** 3)


for _name, (_a, _b, _o, _acc, _prec, _imp, _epi, _bm, _bn, _bk, _warps, _stages, _kmajor, _size,
            _tol) in MATMULS.items():
    CASES.append(Case(
        _name, "matmul.matmul_any", args_matmul_any(_a, _b, _o, _epi, _kmajor),
        {"BM": _bm, "BN": _bn, "BK": _bk, "GROUP_M": 8, "ACC": Dtype(_acc), "PRECISION": _prec,
         "MAX_IMPRECISE": _imp, "EPILOGUE": _epi},
        warps=_warps, stages=_stages, size=_size, ragged=1008 if _size > 1024 else 496, tol=_tol,
        metric="TOP/s" if _a == "int8" else "TFLOP/s", tags=(_a, "dot"),
        vendor=MATMUL_VENDORS.get(_name)))
# Issue 30's int8 products on sm_80 (mma.sync m16n8k32, B row-major transposed
# on its way to K-major fragments), run through PTX JIT for correctness.
CASES += [for_sm80(c) for c in CASES
          if c.name in ("int8_matmul_rowmajor_b_4096", "int8_matmul_kmajor_b_4096")]
CASES.append(Case("bmm_3d", "matmul.bmm_3d", args_bmm, {"BB": 2, "BM": 64, "BN": 64, "BK": 32},
                  warps=4, stages=3, size=1024, ragged=496, tol=1e-2, metric="TFLOP/s",
                  tags=("fp16", "dot")))


# Issue 29's square matmuls, fp16 and bf16 at 4096^3 and 8192^3, each side at
# its best of a few of the usual Hopper configurations (BM x BN x BK, warps,
# stages), beside torch.matmul (cuBLAS).
MATMUL_GRID = ((128, 128, 64, 4, 3), (128, 256, 64, 8, 3), (128, 128, 64, 8, 4),
               (256, 128, 64, 8, 3))


def vendor_matmul(torch, args):
    """torch.matmul (cuBLAS) on matmul_any's A and B."""
    a, b = args[0], args[1]
    return "torch.matmul", lambda: torch.matmul(a, b)


def matmul_square_case(dtype, size):
    short = {"float16": "fp16", "bfloat16": "bf16"}[dtype]

    def at(bm, bn, bk, warps, stages):
        return {"constexprs": {"BM": bm, "BN": bn, "BK": bk, "GROUP_M": 8, "ACC": Dtype("float32"),
                               "PRECISION": None, "MAX_IMPRECISE": None, "EPILOGUE": None},
                "warps": warps, "stages": stages,
                "ir": f"matmul_{short}_m{bm}n{bn}k{bk}w{warps}s{stages}"}
    first, *others = MATMUL_GRID
    return Case(f"matmul_{short}_{size}", "matmul.matmul_any",
                args_matmul_any(dtype, dtype, dtype, None, False), size=size, ragged=1008,
                tol=1e-2, metric="TFLOP/s", tags=(dtype, "dot", "issue29"), vendor=vendor_matmul,
                configs=tuple((f"m{bm}n{bn}k{bk}w{w}s{s}", at(bm, bn, bk, w, s))
                              for bm, bn, bk, w, s in others),
                **at(*first))


CASES += [matmul_square_case(dtype, size) for dtype in ("float16", "bfloat16")
          for size in (4096, 8192)]
