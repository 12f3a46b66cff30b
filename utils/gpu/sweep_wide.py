"""The wide sweep: kernels_wide.py's library-style kernels as harness cases.
dot_sweep.py merges KERNELS into its own and asks kernel_args for their
arguments, so `dot_sweep.py list|dump` and the harness treat them alike.

name -> (kernel in kernels_wide.py, constexprs, warps, stages, timed size,
ragged size, tolerance of the relative error). Triton's TTIR is dumped at
size 256 and specialized on it: an integer argument that follows the size
is a multiple of 16 at every size used (the ragged ones too), as it is there.
"""

KERNELS = {
    "sweep_rms_norm": ("rms_norm", {"BLOCK": 4096}, 8, 3, 1 << 15, 1000, 1e-3),
    "sweep_cross_entropy": ("cross_entropy", {"BLOCK": 4096}, 8, 3, 4096, 100, 1e-5),
    "sweep_swiglu": ("swiglu", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-2),
    "sweep_embedding": ("embedding", {"D": 512, "BLOCK_T": 16}, 4, 3, 1 << 16, 1008, 0),
    "sweep_histogram": ("histogram", {"NBINS": 256, "BLOCK": 1024}, 4, 3, 1 << 24, 100000, 0),
    "sweep_w4a16": ("matmul_w4a16", {"BM": 128, "BN": 128, "BK": 64}, 4, 3, 4096, 1008, 1e-2),
    "sweep_softmax_bwd": ("softmax_bwd", {"BLOCK": 1024}, 4, 3, 1 << 15, 1000, 1e-5),
    "sweep_transpose": ("transpose", {"BM": 64, "BN": 64}, 4, 3, 8192, 1008, 0),
    "sweep_sort_desc": ("sort_desc_fp16", {"N": 128}, 4, 3, 1 << 16, 64, 0),
    "sweep_reverse_cumsum": ("reverse_cumsum", {"N": 256, "ROWS": 8}, 4, 3, 1 << 15, 1008,
                             1e-5),
    "sweep_gather": ("gather_rows", {"N": 256}, 4, 3, 1 << 15, 64, 0),
    "sweep_column_sums": ("column_sums", {"BM": 64, "BN": 128}, 4, 3, 8192, 1008, 1e-5),
    "sweep_quant_fp8": ("quant_fp8_rows", {"BLOCK": 4096}, 8, 3, 1 << 15, 1000, 0),
    "sweep_conv2d": ("conv2d_nhwc", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 64, 16, 1e-2),
    "sweep_add_layer_norm": ("add_layer_norm", {"BLOCK": 4096}, 8, 3, 1 << 15, 1000, 1e-2),
    "sweep_gemv": ("gemv", {"BN": 64, "BK": 128}, 4, 3, 16384, 1008, 1e-3),
    "sweep_flag_branch": ("flag_branch", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep_spmv": ("spmv_csr", {"BLOCK": 64}, 4, 3, 1 << 17, 1000, 1e-5),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them; a reference needing Triton's roundings
    runs Triton's own compile (KERNELS given)."""
    kernel, c, warps = KERNELS[name][0], KERNELS[name][1], KERNELS[name][2]
    cdiv = lambda a, b: -(-a // b)  # noqa: E731
    real = dev != "meta"

    def nan(*shape, dtype=torch.float32):
        return torch.full(shape, float("nan"), device=dev, dtype=dtype)
    if name == "sweep_rms_norm":
        cols = 4000  # not the block: masked
        x, w = torch.randn(size, cols, device=dev).half(), torch.rand(cols, device=dev).half()
        y, rstd = nan(size, cols, dtype=torch.float16), nan(size)

        def ref():
            r = 1 / (x.double().pow(2).mean(1) + 1e-6).sqrt()
            return [x.double() * r[:, None] * w.double(), r]
        return [x, w, y, rstd, cols, 1e-6], [y, rstd], ref, (size,), 4 * size * cols, "GB/s"
    if name == "sweep_cross_entropy":
        vocab = 32000
        logits = torch.randn(size, vocab, device=dev) * 3
        labels = torch.randint(0, vocab, (size,), device=dev)
        labels[::7] = -100
        loss = nan(size)

        def ref():
            lse = torch.logsumexp(logits.double(), 1)
            picked = logits.double().gather(1, labels.clamp(min=0)[:, None])[:, 0]
            return [torch.where(labels == -100, 0.0, lse - picked)]
        return [logits, labels, loss, vocab], [loss], ref, (size,), 4 * size * vocab, "GB/s"
    if name == "sweep_swiglu":
        a, b = (torch.randn(size, device=dev).to(torch.bfloat16) for _ in range(2))
        out = nan(size, dtype=torch.bfloat16)
        return ([a, b, out, size], [out],
                lambda: [torch.nn.functional.silu(a.double()) * b.double()],
                (cdiv(size, c["BLOCK"]),), 6 * size, "GB/s")
    if name == "sweep_embedding":
        d, rows = c["D"], 50000
        table = torch.randn(rows, d, device=dev).half()
        ids = torch.randint(0, rows, (size,), device=dev)
        out = nan(size, d, dtype=torch.float16)
        return ([ids, table, out, size], [out], lambda: [table[ids].double()],
                (cdiv(size, c["BLOCK_T"]),), 2 * 2 * size * d, "GB/s")
    if name == "sweep_histogram":
        x = torch.randn(size, device=dev)
        bins = torch.zeros(c["NBINS"], device=dev, dtype=torch.int32)

        def ref():  # the kernel's fp32 bin arithmetic: (x + 2) rounded, times 64 exact
            b = ((x + 2.0) * (c["NBINS"] / 4.0)).long()
            inside = (x >= -2.0) & (x < 2.0)
            return [torch.bincount(b[inside], minlength=c["NBINS"]).int()]
        return ([x, bins, size, -2.0, 2.0], [bins], ref, (cdiv(size, c["BLOCK"]),), 4 * size,
                "GB/s")
    if name == "sweep_w4a16":
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
                2 * m * n * k, "TFLOP/s")
    if name == "sweep_softmax_bwd":
        cols = 1000
        y = torch.softmax(torch.randn(size, cols, device=dev), 1)
        dy = torch.randn(size, cols, device=dev)
        dx = nan(size, cols)

        def ref():
            return [y.double() * (dy.double() - (dy.double() * y.double()).sum(1, keepdim=True))]
        return [dy, y, dx, cols], [dx], ref, (size,), 3 * 4 * size * cols, "GB/s"
    if name == "sweep_transpose":
        m, n = size, size + 48
        x = torch.randn(m, n, device=dev).half()
        y = nan(n, m, dtype=torch.float16)
        return ([x, y, m, n], [y], lambda: [x.double().t()], (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
                2 * 2 * m * n, "GB/s")
    if name == "sweep_sort_desc":
        x = torch.randn(size, c["N"], device=dev).half()
        y = nan(size, c["N"], dtype=torch.float16)
        return ([x, y], [y], lambda: [torch.sort(x.double(), 1, descending=True).values],
                (size,), 2 * 2 * size * c["N"], "GB/s")
    if name == "sweep_reverse_cumsum":
        x = torch.randn(size, c["N"], device=dev)
        y = nan(size, c["N"])
        return ([x, y, size], [y], lambda: [x.double().flip(1).cumsum(1).flip(1)],
                (cdiv(size, c["ROWS"]),), 2 * 4 * size * c["N"], "GB/s")
    if name == "sweep_gather":
        x = torch.randn(size, c["N"], device=dev)
        idx = torch.argsort(torch.rand(size, c["N"], device=dev), 1).int()
        y = nan(size, c["N"])
        return ([x, idx, y], [y], lambda: [x.double().gather(1, idx.long())], (size,),
                3 * 4 * size * c["N"], "GB/s")
    if name == "sweep_column_sums":
        m, n = size, 4096 + 32
        x = torch.randn(m, n, device=dev)
        out = nan(n)
        return ([x, out, m, n], [out], lambda: [x.double().sum(0)], (cdiv(n, c["BN"]),),
                4 * m * n, "GB/s")
    if name == "sweep_quant_fp8":
        cols = 4000
        x = torch.randn(size, cols, device=dev).half()
        q = torch.zeros(size, cols, device=dev, dtype=torch.float8_e4m3fn)
        scale = nan(size)

        def ref():  # Triton's own result: the same fp8 roundings
            import kernels_wide
            want_q, want_s = torch.zeros_like(q), nan(size)
            getattr(kernels_wide, kernel)[(size,)](x, want_q, want_s, cols, **c, num_warps=warps)
            return [want_q, want_s]
        return [x, q, scale, cols], [q, scale], ref, (size,), 3 * size * cols, "GB/s"
    if name == "sweep_conv2d":
        nb, hw, ch, k = size, 56, 64, 128
        x = torch.randn(nb, hw, hw, ch, device=dev).half()
        w = (torch.randn(3, 3, ch, k, device=dev) / 8).half()
        y = nan(nb, hw, hw, k, dtype=torch.float16)

        def ref():
            out = torch.nn.functional.conv2d(x.double().permute(0, 3, 1, 2),
                                             w.double().permute(3, 2, 0, 1), padding=1)
            return [out.permute(0, 2, 3, 1)]
        return ([x, w, y, nb, hw, hw, ch, k], [y], ref,
                (cdiv(nb * hw * hw, c["BM"]), cdiv(k, c["BN"])), 2 * nb * hw * hw * 9 * ch * k,
                "TFLOP/s")
    if name == "sweep_add_layer_norm":
        cols = 4000
        x, res = (torch.randn(size, cols, device=dev).to(torch.bfloat16) for _ in range(2))
        w, b = torch.rand(cols, device=dev) + 0.5, torch.randn(cols, device=dev)
        y, res_out = nan(size, cols, dtype=torch.bfloat16), nan(size, cols, dtype=torch.bfloat16)

        def ref():
            h = (x.float() + res.float()).double()
            hn = (h - h.mean(1, keepdim=True)) / (h.var(1, unbiased=False, keepdim=True)
                                                  + 1e-5).sqrt()
            return [hn * w.double() + b.double(), h]
        return ([x, res, w, b, y, res_out, cols, 1e-5], [y, res_out], ref, (size,),
                4 * 2 * size * cols, "GB/s")
    if name == "sweep_gemv":
        n, k = size, 4096 + 64
        w = torch.randn(n, k, device=dev).half()
        x = torch.randn(k, device=dev).half()
        y = nan(n, dtype=torch.float16)
        return [w, x, y, n, k], [y], lambda: [w.double() @ x.double()], (cdiv(n, c["BN"]),), \
            2 * n * k, "GB/s"
    if name == "sweep_flag_branch":
        x = torch.randn(size, device=dev)
        flag = torch.tensor([1, 0], device=dev, dtype=torch.int32)
        y = nan(size)
        return ([x, flag, y, size], [y], lambda: [x.double() * 2], (cdiv(size, c["BLOCK"]),),
                8 * size, "GB/s")
    if name == "sweep_spmv":
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
        return [rowptr, cols, vals, x, y], [y], ref, (rows,), 12 * nnz, "GB/s"
    raise KeyError(name)
