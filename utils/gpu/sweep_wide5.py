"""The fifth wide sweep: kernels_wide5.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments). name -> (kernel in kernels_wide5.py, constexprs, warps, stages,
timed size, ragged size, tolerance of the relative error; 0: exact). The
fused RMS norm's int8 rounding is checked against Triton's own compile of
it; the others against PyTorch in float64."""
from sweep_common import cdiv, nan_maker, triton_reference  # noqa: E402


KERNELS = {
    "sweep5_ln_dwdb": ("layer_norm_dwdb", {"BLOCK_M": 32, "BLOCK_N": 128}, 4, 3, 8192, 1008,
                       1e-5),
    "sweep5_flash_decode": ("flash_decode_split", {"CHUNK": 512, "BLOCK_N": 64, "D": 128}, 4, 3,
                            32768, 1008, 1e-5),
    "sweep5_rmsnorm_int8": ("rms_norm_residual_int8", {"BLOCK": 4096}, 8, 3, 16384, 100, 0),
    "sweep5_hist2d": ("histogram_2d", {"BINS": 64, "BLOCK": 1024}, 4, 3, 1 << 24, 100000, 0),
    "sweep5_batched_gemv": ("batched_gemv_3d", {"BB": 4, "BLOCK_N": 32, "BLOCK_K": 64}, 4, 3,
                            4096, 100, 1e-5),
    "sweep5_dwconv1d": ("depthwise_conv1d", {"TAPS": 7, "BLOCK_L": 64, "BLOCK_C": 64}, 4, 3,
                        65536, 1008, 1e-3),
    "sweep5_segscan": ("segmented_scan", {"BLOCK": 1024}, 4, 3, 1 << 14, 100, 1e-5),
    "sweep5_matmul_t": ("matmul_store_transposed", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096,
                        1008, 1e-2),
    "sweep5_attention_wide_v": ("attention_wide_v", {"BLOCK_M": 128, "BLOCK_N": 64, "DK": 64,
                                                     "DV": 128}, 8, 3, 4096, 1008, 1e-2),
    "sweep5_argmax_middle": ("argmax_middle", {"A": 4, "B": 64, "C": 32}, 4, 3, 1 << 14, 100, 0),
    "sweep5_mean_pool": ("masked_mean_pool", {"BLOCK_L": 32, "BLOCK_D": 128}, 4, 3, 2048, 100,
                         1e-5),
    "sweep5_gelu_bwd": ("gelu_tanh_bwd", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-2),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c, warps = KERNELS[name][1], KERNELS[name][2]
    nan = nan_maker(torch, dev)
    triton_ref = triton_reference("kernels_wide5", KERNELS[name][0], c, warps)
    if name in ("sweep5_ln_dwdb", "sweep5_flash_decode", "sweep5_rmsnorm_int8",
                "sweep5_mean_pool"):
        return row_args(torch, name, size, dev, c, nan, cdiv, triton_ref)
    if name in ("sweep5_matmul_t", "sweep5_attention_wide_v", "sweep5_batched_gemv"):
        return dot_args(torch, name, size, dev, c, nan, cdiv)
    return elementwise_args(torch, name, size, dev, c, nan, cdiv)


def row_args(torch, name, size, dev, c, nan, cdiv, triton_ref):
    """Row-wise kernels, as kernel_args."""
    if name == "sweep5_ln_dwdb":
        m, n, rows = size, 4096, 256
        dy, xhat = (torch.randn(m, n, device=dev).half() for _ in range(2))
        parts = cdiv(m, rows)
        dw, db = nan(parts, n), nan(parts, n)

        def ref():
            pad = parts * rows - m
            grow = lambda t: torch.nn.functional.pad(t.double(), (0, 0, 0, pad))  # noqa: E731
            return [(grow(dy) * grow(xhat)).view(parts, rows, n).sum(1),
                    grow(dy).view(parts, rows, n).sum(1)]
        return ([dy, xhat, dw, db, m, n, rows], [dw, db], ref,
                (parts, cdiv(n, c["BLOCK_N"])), 4 * m * n, "GB/s")
    if name == "sweep5_flash_decode":
        heads, d, seq, chunk = 32, c["D"], size, c["CHUNK"]
        splits = cdiv(seq, chunk)
        q = torch.randn(heads, d, device=dev).half()
        k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(2))
        m, l, acc = nan(heads * splits), nan(heads * splits), nan(heads * splits, d)
        scale = d ** -0.5

        def ref():
            pad = splits * chunk - seq
            s = (k.double() @ q.double()[:, :, None])[..., 0] * scale
            s = torch.nn.functional.pad(s, (0, pad), value=float("-inf")).view(heads, splits,
                                                                                chunk)
            vv = torch.nn.functional.pad(v.double(), (0, 0, 0, pad)).view(heads, splits, chunk, d)
            mx = s.max(2).values
            p = torch.exp(s - mx[..., None])
            return [mx.flatten(), p.sum(2).flatten(),
                    (p[..., None] * vv).sum(2).reshape(heads * splits, d)]
        return ([q, k, v, m, l, acc, seq, scale], [m, l, acc], ref, (heads, splits),
                4 * heads * seq * d, "GB/s")
    if name == "sweep5_rmsnorm_int8":
        m, n = size, 4000
        x, r = (torch.randn(m, n, device=dev).half() for _ in range(2))
        w = (torch.rand(n, device=dev) + 0.5).half()
        s = nan(m, n, dtype=torch.float16)
        q = torch.zeros(m, n, device=dev, dtype=torch.int8)
        scale = nan(m)
        args = [x, r, w, s, q, scale, n, 1e-6]
        return (args, [s, q, scale], triton_ref(args, [s, q, scale], (m,)), (m,), 7 * m * n,
                "GB/s")
    b, length, d = size, 512, 1024  # sweep5_mean_pool
    x = torch.randn(b, length, d, device=dev).half()
    lengths = torch.randint(1, length + 1, (b,), device=dev, dtype=torch.int32)
    y = nan(b, d)

    def ref():
        keep = torch.arange(length, device=dev)[None, :] < lengths[:, None]
        return [(x.double() * keep[..., None]).sum(1) / lengths[:, None].double()]
    return ([x, lengths, y, length, d], [y], ref, (b, cdiv(d, c["BLOCK_D"])),
            2 * b * length * d // 2, "GB/s")


def dot_args(torch, name, size, dev, c, nan, cdiv):
    """The matmul, the attention and the batched GEMV, as kernel_args."""
    if name == "sweep5_matmul_t":
        m = n = k = size
        a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
        bias = torch.randn(n, device=dev).half()
        ct = nan(n, m, dtype=torch.float16)
        return ([a, b, ct, bias, m, n, k], [ct],
                lambda: [torch.relu(a.double() @ b.double() + bias.double()).T],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    if name == "sweep5_attention_wide_v":
        heads, dk, dv, seq = 16, c["DK"], c["DV"], size
        q, k = (torch.randn(heads, seq, dk, device=dev).half() for _ in range(2))
        v = torch.randn(heads, seq, dv, device=dev).half()
        o = nan(heads, seq, dv, dtype=torch.float16)
        scale = dk ** -0.5

        def ref():
            p = torch.softmax(q.double() @ k.double().transpose(1, 2) * scale, -1)
            return [p @ v.double()]
        return ([q, k, v, o, scale, seq], [o], ref, (cdiv(seq, c["BLOCK_M"]), heads),
                2 * heads * seq * seq * (dk + dv), "TFLOP/s")
    b, n, k = size, 200, 200  # sweep5_batched_gemv
    a = torch.randn(b, n, k, device=dev).half()
    x = torch.randn(b, k, device=dev).half()
    y = nan(b, n)
    return ([a, x, y, n, k], [y], lambda: [(a.double() @ x.double()[..., None])[..., 0]],
            (cdiv(b, c["BB"]), cdiv(n, c["BLOCK_N"])), 2 * b * n * k, "GB/s")


def elementwise_args(torch, name, size, dev, c, nan, cdiv):
    """The rest, as kernel_args."""
    if name == "sweep5_hist2d":
        bins = c["BINS"]
        x, y = torch.rand(size, device=dev), torch.rand(size, device=dev)
        hist = torch.zeros(bins * bins, device=dev, dtype=torch.int32)

        def ref():
            bx = (x * bins).int().clamp(0, bins - 1)
            by = (y * bins).int().clamp(0, bins - 1)
            return [torch.bincount((by * bins + bx).long(), minlength=bins * bins)]
        return [x, y, hist, size], [hist], ref, (cdiv(size, c["BLOCK"]),), 8 * size, "GB/s"
    if name == "sweep5_dwconv1d":
        length, ch, taps = size, 1024, c["TAPS"]
        x = torch.randn(length, ch, device=dev).half()
        w = torch.randn(taps, ch, device=dev).half()
        y = nan(length, ch, dtype=torch.float16)

        def ref():
            xp = torch.nn.functional.pad(x.double(), (0, 0, taps // 2, taps // 2))
            return [sum(xp[t:t + length] * w[t].double() for t in range(taps))]
        return ([x, w, y, length, ch], [y], ref,
                (cdiv(length, c["BLOCK_L"]), cdiv(ch, c["BLOCK_C"])), 4 * length * ch, "GB/s")
    if name == "sweep5_segscan":
        block = c["BLOCK"]
        x = torch.randn(size * block, device=dev)
        flags = (torch.rand(size * block, device=dev) < 0.05).to(torch.int8)
        y = nan(size * block)

        def ref():
            xs = x.double().view(size, block)
            starts = flags.view(size, block).bool().clone()
            starts[:, 0] = True
            idx = torch.arange(block, device=dev).expand(size, block)
            first = torch.cummax(torch.where(starts, idx, torch.zeros_like(idx)), 1).values
            total = xs.cumsum(1)
            before = torch.where(first > 0, total.gather(1, (first - 1).clamp(min=0)),
                                 torch.zeros_like(total))
            return [(total - before).flatten()]
        return [x, flags, y], [y], ref, (size,), 9 * size * block, "GB/s"
    if name == "sweep5_argmax_middle":
        a, b, cc = c["A"], c["B"], c["C"]
        x = torch.randn(size, a, b, cc, device=dev)
        idx = torch.full((size, a, cc), -1, device=dev, dtype=torch.int32)
        mx = nan(size, a, cc)

        def ref():
            best = x.max(2)
            return [best.indices, best.values]
        return [x, idx, mx], [idx, mx], ref, (size,), 4 * size * a * b * cc, "GB/s"
    x = torch.randn(size, device=dev).half()  # sweep5_gelu_bwd
    dy = torch.randn(size, device=dev).half()
    dx = nan(size, dtype=torch.bfloat16)

    def ref():
        xd = x.double()
        k0 = 0.7978845608028654
        t = torch.tanh(k0 * (xd + 0.044715 * xd ** 3))
        grad = 0.5 * (1 + t) + 0.5 * xd * (1 - t * t) * k0 * (1 + 3 * 0.044715 * xd * xd)
        return [dy.double() * grad]
    return [x, dy, dx, size], [dx], ref, (cdiv(size, c["BLOCK"]),), 6 * size, "GB/s"
