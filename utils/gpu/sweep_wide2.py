"""The second wide sweep: kernels_wide2.py's library-style kernels as harness
cases, in sweep_wide.py's form. dot_sweep.py merges KERNELS into its own and
asks kernel_args for their arguments, so `dot_sweep.py list|dump` and the
harness treat them alike.

name -> (kernel in kernels_wide2.py, constexprs, warps, stages, timed size,
ragged size, tolerance of the relative error; 0: exact). Triton's TTIR is
dumped at size 256 and specialized on it: an integer argument that follows
the size is a multiple of 16 at every size used (the ragged ones too), or at
none of them, and none is 1 at any size (16, the harness's probe, included).
"""
from sweep_common import cdiv, nan_maker  # noqa: E402


KERNELS = {
    "sweep2_online_softmax": ("online_softmax", {"BLOCK": 2048}, 8, 3, 4096, 100, 1e-2),
    "sweep2_top_p": ("top_p_mask", {"N": 1024}, 8, 3, 1 << 16, 50, 0),
    "sweep2_quant_int8": ("quant_int8_rows", {"BLOCK": 4096}, 8, 3, 1 << 16, 1000, 0),
    "sweep2_absmax": ("absmax_atomic", {"BLOCK": 2048}, 4, 3, 1 << 28, 100000, 0),
    "sweep2_causal_conv1d": ("causal_conv1d", {"WIDTH": 4, "BD": 64, "BT": 128}, 4, 3, 1 << 15,
                             1008, 1e-2),
    "sweep2_maxpool": ("max_pool_3x3s2", {"BLOCK": 1024}, 4, 3, 512, 3, 0),
    "sweep2_early_return": ("gelu_early_return", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-5),
    "sweep2_noinline": ("noinline_calls", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-5),
    "sweep2_a_kmajor": ("matmul_a_kmajor", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008,
                        1e-2),
    "sweep2_fp8_mixed": ("matmul_fp8_mixed", {"BM": 128, "BN": 256, "BK": 128}, 8, 3, 4096,
                         1008, 1e-2),
    "sweep2_acc16_promote": ("matmul_acc16_promote", {"BM": 128, "BN": 128, "BK": 64,
                                                      "PROMOTE": 2}, 4, 2, 4096, 1008, 1e-2),
    "sweep2_bf16x3": ("matmul_f32_split", {"BM": 128, "BN": 128, "BK": 32,
                                           "PRECISION": "bf16x3"}, 8, 3, 4096, 1008, 3e-5),
    "sweep2_bf16x6": ("matmul_f32_split", {"BM": 128, "BN": 128, "BK": 32,
                                           "PRECISION": "bf16x6"}, 8, 3, 4096, 1008, 1e-6),
    "sweep2_lora": ("lora_matmul", {"BM": 128, "BN": 128, "BK": 64, "R": 16}, 8, 3, 4096, 1008,
                    1e-2),
    "sweep2_nf4": ("nf4_dequant", {"QBLOCK": 64, "BLOCK": 1024}, 4, 3, 1 << 27, 100000, 1e-3),
    "sweep2_byte_avg_asm": ("byte_avg_asm", {"BLOCK": 2048}, 4, 3, 1 << 28, 100000, 0),
    "sweep2_bit_counts": ("bit_counts", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep2_kl_div": ("kl_div_rows", {"BLOCK": 4096}, 8, 3, 1 << 15, 1000, 2e-3),
    "sweep2_reverse_cumprod": ("reverse_cumprod", {"N": 256, "ROWS": 32}, 4, 3, 1 << 18, 1008,
                               1e-5),
    "sweep2_desc_3d": ("desc3d_scale", {"BB": 2, "BM": 64, "BN": 64}, 4, 3, 4096, 1008, 1e-3),
    "sweep2_jagged_mean": ("jagged_mean", {"BL": 64, "BD": 128}, 4, 3, 1 << 13, 1000, 1e-5),
    "sweep2_argmax_suffix": ("argmax_suffix_max", {"N": 256, "ROWS": 16}, 4, 3, 1 << 18, 48, 0),
    "sweep2_newton_sqrt": ("newton_sqrt", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-5),
    "sweep2_scatter_bf16": ("scatter_add_bf16", {"D": 128, "BLOCK_T": 32}, 4, 3, 1 << 19, 1008,
                            1e-2),
    "sweep2_int8_requant": ("int8_gemm_requant", {"BM": 128, "BN": 128, "BK": 128, "SHIFT": 31},
                            8, 3, 4096, 1008, 0),
    "sweep2_grid_3d": ("bias_add_3d", {"D": 128, "BS": 64}, 4, 3, 1 << 14, 1008, 1e-6),
    "sweep2_ws_desc": ("matmul_desc_ws", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008,
                       1e-2),
}

# bf16x3 and bf16x6 come out at about 4e-6 and 4e-8 (an emulation in float64
# of their bf16 parts at K = 1008): their tolerances tell one from the other.

# bitsandbytes' NF4 code book.
NF4 = [-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
       -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
       0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
       0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0]


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them; a reference needing Triton's roundings
    runs Triton's own compile."""
    c, warps = KERNELS[name][1], KERNELS[name][2]
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    if name == "sweep2_online_softmax":
        cols = 32000  # not a multiple of the block: the last block masked
        x = (randn(size, cols) * 2).to(torch.bfloat16)
        y = nan(size, cols, dtype=torch.bfloat16)
        return ([x, y, cols], [y], lambda: [torch.softmax(x.double(), 1)], (size,),
                3 * 2 * size * cols, "GB/s")
    if name == "sweep2_top_p":
        n = c["N"]
        # Multiples of 2^-20 summing to about 1: every partial sum is exact in
        # fp32 whatever the order, so the kept set is exact too.
        p = torch.randint(0, 2048, (size, n), device=dev).float() * 2.0 ** -20
        out = nan(size, n)

        def ref():
            top = torch.tensor(0.9, dtype=torch.float32).item()  # the fp32 argument
            srt = torch.sort(p.double(), 1, descending=True).values
            return [torch.where(srt.cumsum(1) - srt < top, srt, 0.0)]
        return [p, out, 0.9], [out], ref, (size,), 2 * 4 * size * n, "GB/s"
    if name == "sweep2_quant_int8":
        cols = 4000
        x = randn(size, cols).to(torch.bfloat16)
        q = torch.zeros(size, cols, device=dev, dtype=torch.int8)
        scale = nan(size)

        def ref():  # Triton's own result: its fp32 division's roundings
            import kernels_wide2
            want_q, want_s = torch.zeros_like(q), nan(size)
            kernels_wide2.quant_int8_rows[(size,)](x, want_q, want_s, cols, **c, num_warps=warps)
            return [want_q, want_s]
        return [x, q, scale, cols], [q, scale], ref, (size,), 3 * size * cols, "GB/s"
    if name == "sweep2_absmax":
        x = (randn(size) * 3).half()
        amax = torch.zeros(1, device=dev)
        return ([x, amax, size], [amax], lambda: [x.double().abs().max().reshape(1)],
                (cdiv(size, c["BLOCK"]),), 2 * size, "GB/s")
    if name == "sweep2_causal_conv1d":
        batch, dim, width = (4 if size > 1000 else 2), 2000, c["WIDTH"]
        x = randn(batch, dim, size).half()
        w = (randn(dim, width) / 2).half()
        b = randn(dim).half()
        y = nan(batch, dim, size, dtype=torch.float16)

        def ref():
            out = b.double()[None, :, None].repeat(batch, 1, size)
            for k in range(width):
                shift = width - 1 - k
                out[..., shift:] += w.double()[None, :, k, None] * x.double()[..., :size - shift]
            return [out * torch.sigmoid(out)]
        return ([x, w, b, y, dim, size], [y], ref,
                (cdiv(size, c["BT"]), cdiv(dim, c["BD"]), batch), 2 * 2 * batch * dim * size,
                "GB/s")
    if name == "sweep2_maxpool":
        batch, ch, hw = size, 64, 112
        ohw = (hw - 1) // 2 + 1  # 56
        x = randn(batch, ch, hw, hw).half()
        y = nan(batch, ch, ohw, ohw, dtype=torch.float16)
        return ([x, y, hw, hw, ohw, ohw], [y],
                lambda: [torch.nn.functional.max_pool2d(x.double(), 3, 2, 1)],
                (batch * ch, cdiv(ohw * ohw, c["BLOCK"])), 2 * batch * ch * (hw * hw + ohw * ohw),
                "GB/s")
    if name == "sweep2_early_return":
        x = randn(size) * 3
        y = nan(size)

        def ref():
            xd = x.double()
            return [0.5 * xd * (1 + torch.tanh(0.7978845608028654 * (xd + 0.044715 * xd ** 3)))]
        # Four spare programs, which return at once.
        return [x, y, size], [y], ref, (cdiv(size, c["BLOCK"]) + 4,), 8 * size, "GB/s"
    if name == "sweep2_noinline":
        x, g = randn(size), randn(size)
        y, z = nan(size), nan(size)
        blocks = cdiv(size, c["BLOCK"])
        sums = nan(blocks)

        def ref():
            swish = lambda v: v * torch.sigmoid(1.702 * v)  # noqa: E731
            sx, sg = swish(x.double()), swish(g.double())
            both = torch.nn.functional.pad(sx + sg, (0, blocks * c["BLOCK"] - size))
            return [sx, sg, both.reshape(blocks, -1).sum(1)]
        return ([x, g, y, z, sums, 1.702, size], [y, z, sums], ref, (blocks,), 16 * size,
                "GB/s")
    if name == "sweep2_a_kmajor":
        m = n = k = size
        at, b = randn(k, m).half(), randn(k, n).half()
        out = nan(m, n, dtype=torch.float16)
        return ([at, b, out, m, n, k], [out], lambda: [at.double().t() @ b.double()],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    return matmul_args(torch, name, size, dev, c, nan, cdiv)


def matmul_args(torch, name, size, dev, c, nan, cdiv):
    """The matmuls (mixed fp8, fp16 accumulation, bf16x3/x6, LoRA, int8
    requantization, warp specialization), as kernel_args."""
    if "BK" not in c:
        return elementwise_args(torch, name, size, dev, c, nan, cdiv)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    m = n = k = size
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    if name == "sweep2_fp8_mixed":
        a = randn(m, k).to(torch.float8_e4m3fn)
        bt = randn(n, k).to(torch.float8_e5m2)
        out = nan(m, n, dtype=torch.float16)
        return ([a, bt, out, m, n, k], [out], lambda: [a.double() @ bt.double().t()], grid,
                2 * m * n * k, "TFLOP/s")
    if name == "sweep2_acc16_promote":
        a, b = randn(m, k).half(), randn(k, n).half()
        out = nan(m, n, dtype=torch.float16)
        return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()], grid,
                2 * m * n * k, "TFLOP/s")
    if name in ("sweep2_bf16x3", "sweep2_bf16x6"):
        a, b = randn(m, k), randn(k, n)
        out = nan(m, n)
        return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()], grid,
                2 * m * n * k, "TFLOP/s")
    if name == "sweep2_lora":
        r = c["R"]
        x, w = randn(m, k).half(), (randn(k, n) / 16).half()
        la, lb = (randn(k, r) / 16).half(), (randn(r, n) / 4).half()
        out = nan(m, n, dtype=torch.float16)

        def ref():  # x @ A rounded to fp16 after the scaling, as the kernel does
            xa = (x.double() @ la.double() * 0.5).half().double()
            return [x.double() @ w.double() + xa @ lb.double()]
        return ([x, w, la, lb, out, m, n, k, 0.5], [out], ref, grid,
                2 * m * n * k + 2 * m * k * r + 2 * m * r * n, "TFLOP/s")
    if name == "sweep2_int8_requant":
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
        return ([a, b, bias, out, m, n, k, mult], [out], ref, grid, 2 * m * n * k, "TFLOP/s")
    if name == "sweep2_ws_desc":
        a, bt = randn(m, k).half(), randn(n, k).half()
        out = nan(m, n, dtype=torch.float16)
        return ([a, bt, out, m, n, k], [out], lambda: [a.double() @ bt.double().t()], grid,
                2 * m * n * k, "TFLOP/s")
    raise KeyError(name)


def elementwise_args(torch, name, size, dev, c, nan, cdiv):
    """NF4, inline PTX, bit counts, KL divergence, Newton's square root, a
    3-D grid, as kernel_args."""
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    if name == "sweep2_nf4":
        q = c["QBLOCK"]
        packed = torch.randint(0, 256, (size,), device=dev, dtype=torch.uint8)
        absmax = torch.rand(cdiv(2 * size, q), device=dev) + 0.5
        lut = torch.tensor(NF4, device=dev, dtype=torch.float32)
        out = nan(2 * size, dtype=torch.float16)

        def ref():
            table = lut.double()
            vals = torch.stack([table[(packed >> 4).long()], table[(packed & 15).long()]], 1)
            return [vals.reshape(-1) * absmax.double().repeat_interleave(q)[:2 * size]]
        return [packed, absmax, lut, out, size], [out], ref, blocks, 5 * size, "GB/s"
    if name == "sweep2_byte_avg_asm":
        a = torch.randint(0, 256, (size,), device=dev, dtype=torch.uint8)
        b = torch.randint(0, 256, (size,), device=dev, dtype=torch.uint8)
        out = torch.zeros(size, device=dev, dtype=torch.uint8)
        return ([a, b, out, size], [out], lambda: [(a.int() + b.int() + 1) >> 1], blocks,
                3 * size, "GB/s")
    if name == "sweep2_bit_counts":
        x = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
        if real:
            x[::1000] = 0
            x[1::1000] = -1
        pop = torch.full((size,), -1, device=dev, dtype=torch.int32)
        clz = torch.full((size,), -1, device=dev, dtype=torch.int32)

        def ref():
            v = x.long() & 0xFFFFFFFF
            count, length = torch.zeros_like(v), torch.zeros_like(v)
            for i in range(32):
                count += (v >> i) & 1
                length += (v >= (1 << i)).long()
            return [count.int(), (32 - length).int()]
        return [x, pop, clz, size], [pop, clz], ref, blocks, 12 * size, "GB/s"
    if name == "sweep2_kl_div":
        cols = 4000
        t, s = (randn(size, cols) * 2).half(), (randn(size, cols) * 2).half()
        logq, kl = nan(size, cols, dtype=torch.float16), nan(size)

        def ref():
            lp = torch.log_softmax(t.double(), 1)
            lq = torch.log_softmax(s.double(), 1)
            return [lq, (lp.exp() * (lp - lq)).sum(1)]
        return [t, s, logq, kl, cols], [logq, kl], ref, (size,), 3 * 2 * size * cols, "GB/s"
    if name == "sweep2_newton_sqrt":
        x = torch.rand(size, device=dev) * 100 + 0.01
        y = nan(size)
        return [x, y, size, 1e-6], [y], lambda: [x.double().sqrt()], blocks, 8 * size, "GB/s"
    if name == "sweep2_grid_3d":
        batch, heads, d = 4, 16, c["D"]
        x, bias = randn(batch, heads, size, d), randn(heads, d)
        y = nan(batch, heads, size, d)
        return ([x, bias, y, heads, size], [y],
                lambda: [x.double() + bias.double()[None, :, None, :]], (batch, heads, 16),
                2 * 4 * batch * heads * size * d, "GB/s")
    return row_args(torch, name, size, dev, c, nan, cdiv)


def row_args(torch, name, size, dev, c, nan, cdiv):
    """Scans and reductions along rows, a rank-3 descriptor, jagged
    segments, a bf16 scatter-add, as kernel_args."""
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    if name == "sweep2_reverse_cumprod":
        n = c["N"]
        x = torch.rand(size, n, device=dev) * 0.1 + 0.95
        y = nan(size, n)
        return ([x, y, size], [y], lambda: [x.double().flip(1).cumprod(1).flip(1)],
                (cdiv(size, c["ROWS"]),), 2 * 4 * size * n, "GB/s")
    if name == "sweep2_desc_3d":
        # A batch never a multiple of 16 (nor of the block's 2): the last
        # block of matrices is clipped; 264 columns, rows of 528 bytes.
        bsz, m, n = size + 3, 200, 264
        x = randn(bsz, m, n).half()
        s = torch.rand(bsz, device=dev) + 0.5
        y = nan(bsz, m, n, dtype=torch.float16)
        return ([x, s, y, bsz, m, n], [y], lambda: [x.double() * s.double()[:, None, None]],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"]), cdiv(bsz, c["BB"])), 2 * 2 * bsz * m * n,
                "GB/s")
    if name == "sweep2_jagged_mean":
        d = 200
        lengths = torch.randint(0, 201, (size,), device=dev)
        offsets = torch.zeros(size + 1, device=dev, dtype=torch.int32)
        if real:
            offsets[1:] = torch.cumsum(lengths, 0)
        total = int(offsets[-1]) if real else size * 100
        values = randn(total, d)
        out = nan(size, d)

        def ref():
            seg = torch.repeat_interleave(torch.arange(size, device=dev), lengths)
            sums = torch.zeros(size, d, device=dev, dtype=torch.float64)
            sums.index_add_(0, seg, values.double())
            return [sums / lengths.clamp(min=1).double()[:, None]]
        # The work is the expected one (lengths average 100): fixed before the draw.
        return ([values, offsets, out, d], [out], ref, (size, cdiv(d, c["BD"])),
                4 * size * 100 * d, "GB/s")
    if name == "sweep2_argmax_suffix":
        n = c["N"]
        x = torch.randint(0, 64, (size, n), device=dev, dtype=torch.int32)  # many ties
        val = torch.full((size,), -1, device=dev, dtype=torch.int32)
        idx = torch.full((size,), -1, device=dev, dtype=torch.int32)
        smax = torch.full((size, n), -1, device=dev, dtype=torch.int32)

        def ref():
            top = x.max(1).values
            cols = torch.arange(n, device=dev, dtype=torch.int32).expand(size, n)
            first = torch.where(x == top[:, None], cols, n).min(1).values
            return [top, first, x.flip(1).cummax(1).values.flip(1)]
        return ([x, val, idx, smax], [val, idx, smax], ref, (size // c["ROWS"],),
                2 * 4 * size * n, "GB/s")
    if name == "sweep2_scatter_bf16":
        d, rows = c["D"], 50000
        src = randn(size, d).to(torch.bfloat16)
        idx = torch.randint(0, rows, (size,), device=dev, dtype=torch.int32)
        out = torch.zeros(rows, d, device=dev, dtype=torch.bfloat16)

        def ref():
            want = torch.zeros(rows, d, device=dev, dtype=torch.float64)
            want.index_add_(0, idx.long(), src.double())
            return [want]
        return ([src, idx, out, size], [out], ref, (cdiv(size, c["BLOCK_T"]),), 3 * 2 * size * d,
                "GB/s")
    raise KeyError(name)
