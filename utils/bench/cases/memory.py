"""The cases of kernels/memory.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


def args_rope(torch, dev, size, c, kern):
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
    return [x, cos, sin, y], [y], ref, (size,), 4 * size * d * 3


def args_embedding(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    d, rows = c["D"], 50000
    table = torch.randn(rows, d, device=dev).half()
    ids = torch.randint(0, rows, (size,), device=dev)
    out = nan(size, d, dtype=torch.float16)
    return ([ids, table, out, size], [out], lambda: [table[ids].double()],
            (cdiv(size, c["BLOCK_T"]),), 2 * 2 * size * d)


def args_transpose(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, n = size, size + 48
    x = torch.randn(m, n, device=dev).half()
    y = nan(n, m, dtype=torch.float16)
    return ([x, y, m, n], [y], lambda: [x.double().t()], (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
            2 * 2 * m * n)


def args_gather(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    x = torch.randn(size, c["N"], device=dev)
    idx = torch.argsort(torch.rand(size, c["N"], device=dev), 1).int()
    y = nan(size, c["N"])
    return ([x, idx, y], [y], lambda: [x.double().gather(1, idx.long())], (size,),
            3 * 4 * size * c["N"])


def args_spmv(torch, dev, size, c, kern):
    real = dev != "meta"
    nan = nan_maker(torch, dev)
    rows, cols_n = size, 1 << 16
    counts = torch.randint(0, 200, (rows,), device=dev)
    rowptr = torch.zeros(rows + 1, device=dev, dtype=torch.int32)
    if real:
        rowptr[1:] = torch.cumsum(counts, 0)
    nnz = int(rowptr[-1]) if real else rows * 100
    cols = torch.randint(0, cols_n, (nnz,), device=dev, dtype=torch.int32)
    vals = torch.randn(nnz, device=dev)
    x = torch.randn(cols_n, device=dev)
    y = nan(rows)

    def ref():
        row_of = torch.repeat_interleave(torch.arange(rows, device=dev), counts)
        out = torch.zeros(rows, device=dev, dtype=torch.float64)
        out.index_add_(0, row_of, vals.double() * x.double()[cols.long()])
        return [out]
    return [rowptr, cols, vals, x, y], [y], ref, (rows,), 12 * nnz


def args_split_heads(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    h, d = c["H"], c["D"]
    x = randn(size, h, d).half()
    y = nan(h, size, d, dtype=torch.float16)
    return ([x, y, size], [y], lambda: [x.double().permute(1, 0, 2)],
            (cdiv(size, c["BS"]),), 2 * 2 * size * h * d)


def args_cat_interleave(torch, dev, size, c, kern):
    n = c["N"]
    x = torch.randint(-100, 100, (size * n,), device=dev, dtype=torch.int32)
    y = torch.randint(-100, 100, (size * n,), device=dev, dtype=torch.int32)
    sums = torch.full((size,), -1, device=dev, dtype=torch.int32)
    inter = torch.full((2 * size * n,), -1, device=dev, dtype=torch.int32)
    perm = torch.full((size * n,), -1, device=dev, dtype=torch.int32)

    def ref():
        sq = (x.long() ** 2 + y.long() ** 2).reshape(size, n).sum(1)
        return [sq, torch.stack([x, y], 1).reshape(-1),
                x.reshape(size, 2, n // 8, 4).permute(0, 3, 1, 2).reshape(-1)]
    return ([x, y, sums, inter, perm], [sums, inter, perm], ref, (size,), 6 * 4 * size * n)


def args_block_ptr_rows(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    cols = 3000
    x = randn(size, cols).half()
    sums, cnt = nan(size), torch.full((size,), -1, device=dev, dtype=torch.int32)
    return ([x, sums, cnt, size, cols, cols], [sums, cnt],
            lambda: [x.double().sum(1), torch.full((size,), cols, device=dev)],
            (cdiv(size, c["BM"]),), 2 * size * cols)


def args_backward_blocks(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    cols = 5000
    x = randn(size, cols)
    y = nan(size, cols)
    return ([x, y, cols], [y], lambda: [x.double().flip(1).cumsum(1).flip(1)], (size,),
            8 * size * cols)


def args_gather_2d(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    r, cols = c["R"], c["C"]
    src = randn(size, r, cols)
    idx = torch.randint(0, r, (size, r, cols), device=dev, dtype=torch.int32)
    out0, out1 = nan(size, r, cols), nan(size, r, cols)
    return ([src, idx, out0, out1], [out0, out1],
            lambda: [src.gather(1, idx.long()), src.gather(2, idx.long() % cols)], (size,),
            4 * 4 * size * r * cols)


def args_copy_int64(torch, dev, size, c, kern):
    total = size * c["BLOCK"]
    x = torch.randint(0, 256, (total,), device=dev, dtype=torch.uint8)
    y = torch.zeros(total, device=dev, dtype=torch.uint8)
    # Compared as bytes: x + 1 wraps at 256, as the kernel's uint8 add.
    return [x, y, size], [y], lambda: [x + 1], (132 * 8,), 2 * total


def args_permute3d(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    aa, bb, cc = c["A"], c["B"], c["C"]
    x = torch.randn(size, aa, bb, cc, device=dev)
    y = nan(size, cc, aa, bb)
    return ([x, y], [y], lambda: [x.permute(0, 3, 1, 2)], (size,), 8 * size * aa * bb * cc)


def args_embedding_bag(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    bags, vocab, d = size, 100000, c["D"]
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
    return ([emb, idx, offsets, weights, out], [out], ref, (bags,), 2 * total * d)


def args_rope_gptj(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    tokens, h, d = size, c["H"], c["D"]
    x = torch.randn(tokens, h, d, device=dev).to(torch.bfloat16)
    angle = torch.rand(tokens, d // 2, device=dev) * 6.28
    cos, sin = angle.cos(), angle.sin()
    out = nan(tokens, h, d, dtype=torch.bfloat16)

    def ref():
        x0, x1 = x.double()[..., 0::2], x.double()[..., 1::2]
        cc, ss = cos.double()[:, None, :], sin.double()[:, None, :]
        return [torch.stack((x0 * cc - x1 * ss, x0 * ss + x1 * cc), -1).reshape(tokens, h, d)]
    return [x, cos, sin, out], [out], ref, (tokens,), 4 * tokens * h * d + 8 * tokens * d


def args_u8_image(torch, dev, size, c, kern):
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
            (cdiv(size, c["BLOCK"]),), 5 * size)


def args_kv_cache(torch, dev, size, c, kern):

    heads, d, bs = c["H"], c["D"], c["BLOCK_SIZE"]
    blocks = cdiv(size, bs) + 8
    key = torch.randn(size, heads, d, device=dev).half()
    value = torch.randn(size, heads, d, device=dev).half()
    slots = torch.randperm(blocks * bs, device=dev)[:size]
    slots[::7] = -1
    kcache = torch.zeros(blocks, heads, bs, d, device=dev, dtype=torch.float8_e4m3fn)
    vcache = torch.zeros(blocks, heads, d, bs, device=dev, dtype=torch.float16)
    k_scale = torch.tensor([1 / 32], device=dev)

    def ref():
        kc, vc = torch.zeros_like(kcache), torch.zeros_like(vcache)
        live = slots >= 0
        s = slots[live]
        kc[s // bs, :, s % bs, :] = (key[live].float() * 32).to(torch.float8_e4m3fn)
        vc[s // bs, :, :, s % bs] = value[live]
        return [kc.float(), vc]
    return ([key, value, kcache, vcache, slots, k_scale], [kcache, vcache], ref, (size,),
            size * heads * d * 7)


CASES = [
    Case("rope", "memory.rope", args_rope, {"D": 128},
         warps=4, stages=3, size=131072, ragged=48, tol=1e-05, metric="GB/s", probe=2),
    Case("embedding", "memory.embedding", args_embedding, {"D": 512, "BLOCK_T": 16},
         warps=4, stages=3, size=65536, ragged=1008, tol=0, metric="GB/s",
         tags=("fp16",)),
    Case("transpose", "memory.transpose", args_transpose, {"BM": 64, "BN": 64},
         warps=4, stages=3, size=8192, ragged=1008, tol=0, metric="GB/s",
         tags=("fp16",)),
    Case("gather", "memory.gather_rows", args_gather, {"N": 256},
         warps=4, stages=3, size=32768, ragged=64, tol=0, metric="GB/s"),
    Case("spmv", "memory.spmv_csr", args_spmv, {"BLOCK": 64},
         warps=4, stages=3, size=131072, ragged=1000, tol=1e-05, metric="GB/s"),
    Case("split_heads", "memory.split_heads", args_split_heads, {"H": 8, "D": 64, "BS": 32},
         warps=4, stages=3, size=65536, ragged=1008, tol=0, metric="GB/s",
         tags=("fp16",)),
    Case("cat_interleave", "memory.cat_interleave", args_cat_interleave, {"N": 1024},
         warps=4, stages=3, size=16384, ragged=100, tol=0, metric="GB/s"),
    Case("block_ptr_rows", "memory.block_ptr_rows", args_block_ptr_rows, {"BM": 64, "BN": 128},
         warps=4, stages=3, size=65536, ragged=1008, tol=1e-05, metric="GB/s",
         tags=("fp16",)),
    Case("backward_blocks", "memory.backward_blocks", args_backward_blocks, {"BLOCK": 1024},
         warps=4, stages=3, size=16384, ragged=100, tol=1e-05, metric="GB/s"),
    Case("gather_2d", "memory.gather_2d", args_gather_2d, {"R": 64, "C": 32},
         warps=4, stages=3, size=65536, ragged=100, tol=0, metric="GB/s"),
    Case("copy_int64", "memory.copy_int64", args_copy_int64, {"BLOCK": 4096},
         warps=4, stages=3, size=528384, ragged=1008, tol=0, metric="GB/s",
         tags=("int8",)),
    Case("permute3d", "memory.permute3d", args_permute3d, {"A": 8, "B": 16, "C": 32},
         warps=4, stages=3, size=16384, ragged=100, tol=0, metric="GB/s"),
    Case("embedding_bag", "memory.embedding_bag", args_embedding_bag, {"D": 128},
         warps=4, stages=3, size=32768, ragged=100, tol=1e-05, metric="GB/s",
         tags=("fp16",)),
    Case("rope_gptj", "memory.rope_interleaved", args_rope_gptj, {"H": 32, "D": 128},
         warps=4, stages=3, size=16384, ragged=100, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16")),
    Case("u8_image", "memory.rgb_to_gray_u8", args_u8_image, {"BLOCK": 1024},
         warps=4, stages=3, size=16777216, ragged=100000, tol=0, metric="GB/s",
         tags=("int8", "atomic")),
    Case("kv_cache", "memory.kv_cache_write", args_kv_cache, {"H": 8, "D": 128, "BLOCK_SIZE": 16},
         warps=4, stages=3, size=65536, ragged=1000, tol=0, metric="GB/s",
         tags=("fp16", "fp8")),
]
