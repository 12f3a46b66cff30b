"""The wide sweep: kernels_wide.py's library-style kernels as harness cases.
dot_sweep.py merges KERNELS into its own and asks kernel_args for their
arguments, so `dot_sweep.py list|dump` and the harness treat them alike.

name -> (kernel in kernels_wide.py, constexprs, warps, stages, timed size,
ragged size, tolerance of the relative error). Triton's TTIR is dumped at
size 256 and specialized on it: an integer argument that follows the size
is a multiple of 16 at every size used (the ragged ones too), as it is there.
"""
from sweep_common import cdiv, nan_maker  # noqa: E402


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
    "sweep_paged_decode": ("paged_decode", {"HEAD_DIM": 128, "PAGE": 16, "GROUP": 16}, 4, 3,
                           4096, 512, 1e-2),
    "sweep_moe": ("moe_matmul", {"TOP_K": 2, "BM": 64, "BN": 128, "BK": 64}, 4, 3, 4096, 496,
                  1e-2),
    "sweep_layer_norm_loop": ("layer_norm_loop", {"BLOCK": 1024}, 8, 3, 1 << 13, 100, 1e-2),
    "sweep_int8_scaled": ("int8_scaled_mm", {"BM": 128, "BN": 128, "BK": 128}, 8, 3, 4096, 1008,
                          1e-2),
    "sweep_recurrence": ("linear_recurrence", {"L": 256, "ROWS": 4}, 4, 3, 1 << 15, 64, 1e-5),
    "sweep_histogram_op": ("histogram_op", {"NBINS": 64, "BLOCK": 1024}, 4, 3, 1 << 24, 100000,
                           0),
    "sweep_scatter_add": ("scatter_add_fp16", {"D": 256, "BLOCK_T": 16}, 4, 3, 1 << 16, 1008,
                          1e-2),
    "sweep_fp64_mm": ("matmul_fp64", {"BM": 64, "BN": 64, "BK": 16}, 4, 3, 2048, 496, 1e-12),
    "sweep_murmur": ("murmur_hash", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep_gated_mlp": ("gated_mlp", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008, 1e-2),
    "sweep_split_heads": ("split_heads", {"H": 8, "D": 64, "BS": 32}, 4, 3, 1 << 16, 1008, 0),
    "sweep_rms_norm_bwd": ("rms_norm_bwd", {"BLOCK": 4096}, 8, 3, 1 << 14, 1000, 1e-5),
    "sweep_attn_stages": ("attention_causal_stages", {"BLOCK_M": 128, "BLOCK_N": 64,
                                                      "HEAD_DIM": 64}, 4, 3, 4096, 512, 1e-2),
    "sweep_int4_join": ("matmul_int4_join", {"BM": 128, "BN": 128, "BK": 64}, 4, 3, 4096, 1024,
                        1e-2),
    "sweep_compact": ("compact", {"BLOCK": 1024}, 4, 3, 1 << 24, 100000, 0),
    "sweep_fp8_blockscale": ("fp8_block_scaled_mm", {"BM": 128, "BN": 128, "BK": 128}, 8, 3,
                             4096, 1024, 1e-2),
    "sweep_topk": ("topk_rows", {"N": 1024, "K": 8}, 4, 3, 1 << 14, 64, 0),
    "sweep_unrolled": ("unrolled_axpy", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-6),
    "sweep_nan_to_num": ("nan_to_num", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep_column_softmax": ("column_softmax", {"BM": 64, "BN": 128}, 4, 3, 1 << 20, 1008,
                             1e-5),
    "sweep_group_norm": ("group_norm", {"GROUP_C": 8, "BLOCK": 1024}, 4, 3, 64, 16, 1e-4),
    "sweep_fused_adam": ("fused_adam", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-5),
    "sweep_fp8_kv_decode": ("fp8_kv_decode", {"HEAD_DIM": 128, "BLOCK_N": 64, "GROUP": 16}, 4,
                            3, 8192, 1008, 1e-2),
    "sweep_argsort": ("argsort_rows", {"N": 256}, 4, 3, 1 << 15, 64, 0),
    "sweep_gumbel": ("gumbel_sample", {"BLOCK": 2048}, 8, 3, 2048, 64, 0),
    "sweep_middle_axis": ("middle_axis_sum", {"A": 8, "B": 64, "C": 32}, 4, 3, 1 << 12, 64,
                          1e-5),
    "sweep_fp8_rtz": ("to_fp8_rtz", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep_grouped_desc": ("grouped_matmul_desc", {"GROUPS": 4, "BM": 128, "BN": 128,
                                                   "BK": 64}, 8, 3, 4096, 1024, 1e-2),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them; a reference needing Triton's roundings
    runs Triton's own compile (KERNELS given)."""
    kernel, c, warps = KERNELS[name][0], KERNELS[name][1], KERNELS[name][2]
    real = dev != "meta"
    nan = nan_maker(torch, dev)
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
    return more_args(torch, name, size, dev, c, nan, cdiv)


def more_args(torch, name, size, dev, c, nan, cdiv):
    """The second batch's cases (paged decoding, MoE, ...), as kernel_args."""
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    if name == "sweep_paged_decode":
        seqs, n_kv, group, d, page = size // 64 if size > 1000 else 4, 2, c["GROUP"], \
            c["HEAD_DIM"], c["PAGE"]
        # (Never one block: Triton would specialize max_blocks == 1 away.)
        max_len = 2048 if size > 1000 else max(size, 256)
        lens = torch.randint(max_len // 2, max_len + 1, (seqs,), device=dev, dtype=torch.int32)
        max_blocks = cdiv(max_len, page)
        pages = seqs * max_blocks
        table = torch.randperm(pages, device=dev).int().reshape(seqs, max_blocks) if real else \
            torch.empty(seqs, max_blocks, device=dev, dtype=torch.int32)
        q = randn(seqs, n_kv * group, d).half()
        kc, vc = randn(pages, page, n_kv, d).half(), randn(pages, page, n_kv, d).half()
        out = nan(seqs, n_kv * group, d, dtype=torch.float16)

        def ref():
            outs = []
            for s_ in range(seqs):
                n = int(lens[s_])
                k = kc[table[s_].long()].reshape(-1, n_kv, d)[:n].double()
                v = vc[table[s_].long()].reshape(-1, n_kv, d)[:n].double()
                qs = q[s_].double().reshape(n_kv, group, d)
                sc = torch.einsum("hgd,thd->hgt", qs, k) * 0.125
                outs.append(torch.einsum("hgt,thd->hgd", torch.softmax(sc, -1), v)
                            .reshape(n_kv * group, d))
            return [torch.stack(outs)]
        # K and V read once (lengths average 3/4 of the longest; the grid
        # and the work are fixed before the draw).
        work = 2 * 2 * seqs * max_len * 3 // 4 * n_kv * d
        return ([q, kc, vc, table, lens, out, 0.125, max_blocks], [out], ref, (seqs, n_kv),
                work, "GB/s")
    if name == "sweep_moe":
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
        # The grid is fixed before the draw (the harness sizes it on meta
        # tensors): as many blocks as any draw can need, the rest all padding.
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
                (grid_m, cdiv(n, c["BN"])), 2 * tokens * top_k * n * k, "TFLOP/s")
    if name == "sweep_layer_norm_loop":
        cols = 10000
        x = randn(size, cols).half()
        w, b = torch.rand(cols, device=dev) + 0.5, randn(cols)
        y, mean, rstd = nan(size, cols, dtype=torch.float16), nan(size), nan(size)

        def ref():
            xd = x.double()
            mu = xd.mean(1, keepdim=True)
            r = 1 / (xd.var(1, unbiased=False, keepdim=True) + 1e-5).sqrt()
            return [(xd - mu) * r * w.double() + b.double(), mu[:, 0], r[:, 0]]
        return ([x, y, w, b, mean, rstd, cols, 1e-5], [y, mean, rstd], ref, (size,),
                2 * 3 * size * cols, "GB/s")
    if name == "sweep_int8_scaled":
        m = n = k = size
        a = torch.randint(-128, 128, (m, k), device=dev, dtype=torch.int8)
        bt = torch.randint(-128, 128, (n, k), device=dev, dtype=torch.int8)
        sa, sb = torch.rand(m, device=dev) / 100, torch.rand(n, device=dev) / 100
        out = nan(m, n, dtype=torch.bfloat16)
        return ([a, bt, sa, sb, out, m, n, k], [out],
                lambda: [(a.double() @ bt.double().t()) * sa.double()[:, None] * sb.double()[None, :]],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    if name == "sweep_recurrence":
        length = c["L"]
        a = torch.rand(size, length, device=dev) * 0.5 + 0.5
        b = randn(size, length)
        h = nan(size, length)

        def ref():
            out = torch.empty(size, length, device=dev, dtype=torch.float64)
            acc = torch.zeros(size, device=dev, dtype=torch.float64)
            for t in range(length):
                acc = a[:, t].double() * acc + b[:, t].double()
                out[:, t] = acc
            return [out]
        return [a, b, h], [h], ref, (size // c["ROWS"],), 3 * 4 * size * length, "GB/s"
    if name == "sweep_histogram_op":
        x = torch.randint(0, c["NBINS"], (size,), device=dev, dtype=torch.int32)
        bins = torch.zeros(c["NBINS"], device=dev, dtype=torch.int32)
        return ([x, bins, size], [bins], lambda: [torch.bincount(x, minlength=c["NBINS"]).int()],
                (cdiv(size, c["BLOCK"]),), 4 * size, "GB/s")
    if name == "sweep_scatter_add":
        d, rows = c["D"], 50000
        grad = randn(size, d).half()
        ids = torch.randint(0, rows, (size,), device=dev)
        out = torch.zeros(rows, d, device=dev, dtype=torch.float16)

        def ref():
            want = torch.zeros(rows, d, device=dev, dtype=torch.float64)
            want.index_add_(0, ids, grad.double())
            return [want]
        return ([grad, ids, out, size], [out], ref, (cdiv(size, c["BLOCK_T"]),), 2 * 3 * size * d,
                "GB/s")
    if name == "sweep_fp64_mm":
        m = n = k = size
        a, b = randn(m, k).double(), randn(k, n).double()
        out = nan(m, n, dtype=torch.float64)
        return ([a, b, out, m, n, k], [out], lambda: [a @ b],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    if name == "sweep_murmur":
        x = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
        y = torch.zeros(size, device=dev, dtype=torch.int32)

        def ref():
            m32 = 0xFFFFFFFF
            rotl = lambda v, r: ((v << r) | (v >> (32 - r))) & m32  # noqa: E731
            k = x.long() & m32
            k = (k * 0xCC9E2D51) & m32
            k = rotl(k, 15)
            k = (k * 0x1B873593) & m32
            h = 1234 ^ k
            h = rotl(h, 13)
            h = (h * 5 + 0xE6546B64) & m32
            h ^= 4
            h ^= h >> 16
            h = (h * 0x85EBCA6B) & m32
            h ^= h >> 13
            h = (h * 0xC2B2AE35) & m32
            h ^= h >> 16
            return [torch.where(h >= 2 ** 31, h - 2 ** 32, h).int()]
        return [x, y, size, 1234], [y], ref, (cdiv(size, c["BLOCK"]),), 8 * size, "GB/s"
    if name == "sweep_gated_mlp":
        m = n = k = size
        x, w1, w3 = randn(m, k).half(), (randn(k, n) / 16).half(), (randn(k, n) / 16).half()
        out = nan(m, n, dtype=torch.float16)

        def ref():
            g = x.double() @ w1.double()
            return [g * torch.sigmoid(g) * (x.double() @ w3.double())]
        return ([x, w1, w3, out, m, n, k], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
                2 * 2 * m * n * k, "TFLOP/s")
    if name == "sweep_split_heads":
        h, d = c["H"], c["D"]
        x = randn(size, h, d).half()
        y = nan(h, size, d, dtype=torch.float16)
        return ([x, y, size], [y], lambda: [x.double().permute(1, 0, 2)],
                (cdiv(size, c["BS"]),), 2 * 2 * size * h * d, "GB/s")
    if name == "sweep_rms_norm_bwd":
        cols = 4000
        dy, x = randn(size, cols), randn(size, cols)
        w = torch.rand(cols, device=dev) + 0.5
        rstd = torch.rand(size, device=dev) + 0.5
        dx = nan(size, cols)
        dw = torch.zeros(cols, device=dev)

        def ref():
            xhat = x.double() * rstd.double()[:, None]
            wdy = w.double() * dy.double()
            cc = (xhat * wdy).sum(1, keepdim=True) / cols
            return [(wdy - xhat * cc) * rstd.double()[:, None], (dy.double() * xhat).sum(0)]
        return ([dy, x, w, rstd, dx, dw, cols], [dx, dw], ref, (size,), 3 * 4 * size * cols,
                "GB/s")
    return third_args(torch, name, size, dev, c, nan, cdiv)


def third_args(torch, name, size, dev, c, nan, cdiv):
    """The third batch's cases (the attention tutorial, fp8 block scales, ...)."""
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    if name == "sweep_attn_stages":
        heads, d = (16 if size > 1000 else 2), c["HEAD_DIM"]
        q, k, v = (randn(heads, size, d).half() for _ in range(3))
        o = nan(heads, size, d, dtype=torch.float16)

        def ref():
            s_ = (q.double() @ k.double().transpose(1, 2)) * 0.125
            s_ = s_.masked_fill(torch.ones(size, size, device=dev, dtype=torch.bool).triu(1),
                                float("-inf"))
            return [torch.softmax(s_, -1) @ v.double()]
        return ([q, k, v, o, 0.125, size], [o], ref, (size // c["BLOCK_M"], heads),
                2 * heads * size * size * d, "TFLOP/s")
    if name == "sweep_int4_join":
        m = n = k = size
        a = randn(m, k).half()
        packed = torch.randint(0, 256, (k // 2, n), device=dev, dtype=torch.uint8)
        out = nan(m, n, dtype=torch.float16)

        def ref():
            low, high = (packed & 15).double() - 8, (packed >> 4).double() - 8
            return [a.double() @ torch.stack([low, high], 1).reshape(k, n) / 1]
        return ([a, packed, out, m, n, k], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
                2 * m * n * k, "TFLOP/s")
    if name == "sweep_compact":
        x = randn(size)
        blocks = cdiv(size, c["BLOCK"])
        starts = torch.zeros(blocks, device=dev, dtype=torch.int32)
        if real:
            counts = torch.nn.functional.pad((x > 0).int(), (0, blocks * c["BLOCK"] - size))
            counts = counts.reshape(blocks, -1).sum(1)
            starts[1:] = torch.cumsum(counts, 0)[:-1]
        out = torch.zeros(size, device=dev)  # the tail past the kept values stays 0

        def ref():
            want = torch.zeros(size, device=dev, dtype=torch.float64)
            kept = x[x > 0].double()
            want[:kept.numel()] = kept
            return [want]
        return [x, out, starts, size], [out], ref, (blocks,), 8 * size, "GB/s"
    if name == "sweep_fp8_blockscale":
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
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    if name == "sweep_topk":
        x = randn(size, c["N"])
        vals = nan(size, c["K"])
        idx = torch.full((size, c["K"]), -1, device=dev, dtype=torch.int32)

        def ref():
            top = torch.topk(x.double(), c["K"], dim=1)
            return [top.values, top.indices.int()]
        return [x, vals, idx], [vals, idx], ref, (size,), 4 * size * c["N"], "GB/s"
    if name == "sweep_unrolled":
        x, y = randn(size), randn(size)
        out = nan(size)
        return ([x, y, out, 1.5, size], [out], lambda: [1.5 * x.double() + y.double()],
                (min(cdiv(size, c["BLOCK"]), 132 * 8),), 12 * size, "GB/s")
    if name == "sweep_nan_to_num":
        x = randn(size).half()
        if real:
            x[::97] = float("nan")
            x[::89] = float("inf")
            x[::83] = float("-inf")
        y = nan(size, dtype=torch.float16)
        bad = torch.zeros(size, device=dev, dtype=torch.bool)
        return ([x, y, bad, size], [y, bad],
                lambda: [torch.nan_to_num(x.double(), nan=0.0, posinf=65504.0, neginf=-65504.0),
                         ~torch.isfinite(x)], (cdiv(size, c["BLOCK"]),), 5 * size, "GB/s")
    if name == "sweep_column_softmax":
        m = 50
        x = randn(m, size)
        y = nan(m, size)
        return ([x, y, m, size], [y], lambda: [torch.softmax(x.double(), 0)],
                (cdiv(size, c["BN"]),), 8 * m * size, "GB/s")
    return fourth_args(torch, name, size, dev, c, nan, cdiv)


def fourth_args(torch, name, size, dev, c, nan, cdiv):
    """The fourth batch's cases (group norm, Adam, an fp8 KV cache, ...)."""
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    if name == "sweep_group_norm":
        channels, hw, gc = 64, 3136, c["GROUP_C"]
        x = randn(size, channels, hw) * 2 + 1
        w, b = torch.rand(channels, device=dev) + 0.5, randn(channels)
        y = nan(size, channels, hw)

        def ref():
            xg = x.double().reshape(size, channels // gc, -1)
            xn = (xg - xg.mean(-1, keepdim=True)) / (xg.var(-1, unbiased=False, keepdim=True)
                                                     + 1e-5).sqrt()
            return [xn.reshape(size, channels, hw) * w.double()[None, :, None]
                    + b.double()[None, :, None]]
        return ([x, y, w, b, channels, hw, 1e-5], [y], ref, (size, channels // gc),
                2 * 4 * 2 * size * channels * hw, "GB/s")
    if name == "sweep_fused_adam":
        p, g = randn(size), randn(size)
        m, v = randn(size) * 0.1, torch.rand(size, device=dev) * 0.01
        p0, m0, v0 = p.clone(), m.clone(), v.clone()

        def ref():
            mm = 0.9 * m0.double() + 0.1 * g.double()
            vv = 0.999 * v0.double() + 0.001 * g.double() ** 2
            pp = p0.double() - 1e-3 * (mm / (1 - 0.9 ** 3)) / ((vv / (1 - 0.999 ** 3)).sqrt() + 1e-8)
            return [pp, mm, vv]
        return ([p, g, m, v, size, 1e-3, 0.9, 0.999, 1e-8, 1 - 0.9 ** 3, 1 - 0.999 ** 3], [p, m, v],
                ref,
                (cdiv(size, c["BLOCK"]),), 7 * 4 * size, "GB/s")
    if name == "sweep_fp8_kv_decode":
        n_kv, group, d = 16, c["GROUP"], c["HEAD_DIM"]
        q = randn(n_kv * group, d).half()
        k = randn(n_kv, size, d).to(torch.float8_e4m3fn)
        v = randn(n_kv, size, d).to(torch.float8_e4m3fn)
        out = nan(n_kv * group, d, dtype=torch.float16)

        def ref():
            kk = (k.float() * 0.5).half().double()
            vv = (v.float() * 0.25).half().double()
            qs = q.double().reshape(n_kv, group, d)
            sc = torch.einsum("hgd,htd->hgt", qs, kk) * 0.08838834764
            return [torch.einsum("hgt,htd->hgd", torch.softmax(sc, -1), vv).reshape(-1, d)]
        return ([q, k, v, 0.5, 0.25, out, size], [out], ref, (n_kv,), 2 * n_kv * size * d,
                "GB/s")
    if name == "sweep_argsort":
        x = randn(size, c["N"])
        idx = torch.full((size, c["N"]), -1, device=dev, dtype=torch.int32)
        return ([x, idx], [idx], lambda: [torch.sort(x, dim=1, stable=True).indices.int()], (size,),
                8 * size * c["N"], "GB/s")
    if name == "sweep_gumbel":
        vocab = 32000
        logits = randn(size, vocab)
        out = torch.full((size,), -1, device=dev, dtype=torch.int32)

        def ref():  # Triton's own result: the same Philox numbers
            import kernels_wide
            want = torch.full((size,), -1, device=dev, dtype=torch.int32)
            kernels_wide.gumbel_sample[(size,)](logits, want, vocab, 7, **c, num_warps=8)
            return [want]
        return [logits, out, vocab, 7], [out], ref, (size,), 4 * size * vocab, "GB/s"
    if name == "sweep_middle_axis":
        a, b, cc = c["A"], c["B"], c["C"]
        x = randn(size, a, b, cc)
        y = nan(size, a, cc)
        return [x, y], [y], lambda: [x.double().sum(2)], (size,), 4 * size * a * b * cc, "GB/s"
    if name == "sweep_fp8_rtz":
        x = randn(size) * 100
        y = torch.zeros(size, device=dev, dtype=torch.float8_e5m2)
        bits = torch.zeros(size, device=dev, dtype=torch.int8)

        def ref():  # Triton's own result: its rounding toward zero
            import kernels_wide
            want_y, want_bits = torch.zeros_like(y), torch.zeros_like(bits)
            kernels_wide.to_fp8_rtz[(cdiv(size, c["BLOCK"]),)](x, want_y, want_bits, size, **c)
            return [want_y, want_bits]
        return [x, y, bits, size], [y, bits], ref, (cdiv(size, c["BLOCK"]),), 6 * size, "GB/s"
    if name == "sweep_grouped_desc":
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
        ptrs[0].matrices = mats  # the launches hold the matrices with the pointers
        return (ptrs + [sizes_t, before], [m[2] for m in mats],
                lambda: [m[0].double() @ m[1].double() for m in mats], (sum(tiles),),
                sum(2 * n ** 3 for n in sizes), "TFLOP/s")
    raise KeyError(name)
