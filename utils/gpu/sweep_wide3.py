"""The third wide sweep: kernels_wide3.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments). name -> (kernel in kernels_wide3.py, constexprs, warps,
stages, timed size, ragged size, tolerance of the relative error; 0:
exact). Where the meaning is Triton's own rounding (its default division,
fp8 saturation, unsigned conversions), the reference is Triton's compile
of the same kernel on the same inputs."""
from sweep_common import cdiv, nan_maker, triton_reference  # noqa: E402


KERNELS = {
    "sweep3_cat_interleave": ("cat_interleave", {"N": 1024}, 4, 3, 1 << 14, 100, 0),
    "sweep3_ieee_div_sqrt": ("ieee_div_sqrt", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep3_float_funcs": ("float_funcs", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-6),
    "sweep3_nan_minmax": ("nan_minmax", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep3_splitk_desc": ("matmul_splitk_desc", {"BM": 128, "BN": 128, "BK": 64, "SPLIT": 4},
                           8, 3, 4096, 1008, 1e-2),
    "sweep3_atomics": ("atomics_mix", {"BLOCK": 1024, "BINS": 256}, 4, 3, 1 << 22, 100000, 0),
    "sweep3_uint_arith": ("uint_arith", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep3_block_ptr_rows": ("block_ptr_rows", {"BM": 64, "BN": 128}, 4, 3, 1 << 16, 1008,
                              1e-5),
    "sweep3_poly_unroll": ("poly_unrolled", {"DEG": 7, "BLOCK": 1024}, 4, 3, 1 << 26, 100000,
                           1e-5),
    "sweep3_backward_blocks": ("backward_blocks", {"BLOCK": 1024}, 4, 3, 1 << 14, 100, 1e-5),
    "sweep3_scalar_control": ("scalar_control", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-5),
    "sweep3_gather_2d": ("gather_2d", {"R": 64, "C": 32}, 4, 3, 1 << 16, 100, 0),
    "sweep3_reduce_3d": ("reduce_3d", {"A": 4, "B": 8, "C": 32}, 4, 3, 1 << 16, 100, 1e-5),
    "sweep3_asm_pair": ("asm_pair", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep3_huber_map": ("huber_map", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-6),
    "sweep3_assert": ("asserted_scale", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-6),
    "sweep3_fp8_roundtrip": ("fp8_roundtrip", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 0),
    "sweep3_copy_int64": ("copy_int64", {"BLOCK": 4096}, 4, 3, (1 << 19) + 4096, 1008, 0),
    "sweep3_addmm": ("addmm", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008, 1e-2),
    "sweep3_column_scans": ("column_scans", {"N": 64, "BM": 128}, 4, 3, 1 << 18, 1008, 1e-5),
    "sweep3_logsumexp_fp64": ("logsumexp_fp64", {"BLOCK": 1024}, 4, 3, 1 << 14, 100, 1e-12),
    # Triton's grouped GEMM tutorial at its first configuration (128 x 128 x
    # 32, 4 warps, 132 programs here: the H200's multiprocessors).
    "sweep3_grouped_tutorial": ("grouped_gemm_tutorial", {"NUM_SM": 132, "BM": 128, "BN": 128,
                                                          "BK": 32}, 4, 3, 4096, 1024, 1e-2),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c, warps = KERNELS[name][1], KERNELS[name][2]
    nan = nan_maker(torch, dev)
    triton_ref = triton_reference("kernels_wide3", KERNELS[name][0], c, warps)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    if name == "sweep3_ieee_div_sqrt":
        x = torch.randn(size, device=dev) * 100
        y = (torch.rand(size, device=dev) + 0.05) * torch.where(torch.randn(size, device=dev) < 0, -1.0, 1.0)
        outs = [nan(size) for _ in range(4)]
        return ([x, y, *outs, size], outs, triton_ref([x, y, *outs, size], outs, blocks),
                blocks, 6 * 4 * size, "GB/s")
    if name in ("sweep3_float_funcs", "sweep3_uint_arith", "sweep3_fp8_roundtrip",
                "sweep3_nan_minmax"):
        return own_ref_args(torch, name, size, dev, nan, blocks, triton_ref)
    if name == "sweep3_grouped_tutorial":
        return grouped_args(torch, size, dev, c, nan)
    if name in ("sweep3_splitk_desc", "sweep3_addmm"):
        return matmul_args(torch, name, size, dev, c, nan, cdiv)
    return other_args(torch, name, size, dev, c, nan, cdiv, blocks)


def own_ref_args(torch, name, size, dev, nan, blocks, triton_ref):
    """The kernels checked against Triton's own compile, as kernel_args."""
    if name == "sweep3_float_funcs":
        x = torch.randn(size, device=dev) * 4
        y = nan(size)
        return [x, y, size], [y], triton_ref([x, y, size], [y], blocks), blocks, 8 * size, "GB/s"
    if name == "sweep3_uint_arith":
        x = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
        y = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
        out = torch.zeros(3 * size, device=dev, dtype=torch.int32)
        f = nan(size)
        args = [x, y, out, f, size]
        return args, [out, f], triton_ref(args, [out, f], blocks), blocks, 24 * size, "GB/s"
    if name == "sweep3_fp8_roundtrip":
        x = torch.randn(size, device=dev) * 30
        out = nan(3 * size)
        args = [x, out, size]
        return args, [out], triton_ref(args, [out], blocks), blocks, 16 * size, "GB/s"
    if name == "sweep3_nan_minmax":
        x, y = torch.randn(size, device=dev) * 2, torch.randn(size, device=dev) * 2
        if dev != "meta":
            x[::7] = float("nan")
            y[::5] = float("nan")
        out = nan(4 * size)
        args = [x, y, out, size]
        return args, [out], triton_ref(args, [out], blocks), blocks, 24 * size, "GB/s"
    raise KeyError(name)


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
            sum(2 * n ** 3 for n in sizes), "TFLOP/s")


def matmul_args(torch, name, size, dev, c, nan, cdiv):
    """The split-K matmul through a descriptor's atomic add and addmm, as kernel_args."""
    m = n = k = size
    a, b = torch.randn(m, k, device=dev).half(), torch.randn(k, n, device=dev).half()
    grid = (cdiv(m, c["BM"]), cdiv(n, c["BN"]))
    if name == "sweep3_splitk_desc":
        out = torch.zeros(m, n, device=dev)  # added into
        return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()],
                grid + (c["SPLIT"],), 2 * m * n * k, "TFLOP/s")
    cin = torch.randn(m, n, device=dev).half()
    out = nan(m, n, dtype=torch.float16)
    return ([cin, a, b, out, m, n, k, 0.5], [out],
            lambda: [0.5 * cin.double() + a.double() @ b.double()], grid, 2 * m * n * k,
            "TFLOP/s")


def other_args(torch, name, size, dev, c, nan, cdiv, blocks):
    """The kernels checked against PyTorch, as kernel_args."""
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    if name == "sweep3_cat_interleave":
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
        return ([x, y, sums, inter, perm], [sums, inter, perm], ref, (size,), 6 * 4 * size * n,
                "GB/s")
    if name == "sweep3_atomics":
        bins = c["BINS"]
        x = randn(size) * 100
        fmax, fmin = torch.full((bins,), -1e30, device=dev), torch.full((bins,), 1e30, device=dev)
        imax = torch.full((bins,), -2 ** 31, device=dev, dtype=torch.int32)
        cnt = torch.zeros(2, device=dev, dtype=torch.int32)
        swap = randn(size)
        old = nan(size)
        start = swap.clone()

        def ref():
            pad = cdiv(size, bins) * bins - size
            grid = torch.nn.functional.pad(x, (0, pad), value=float("nan")).reshape(-1, bins)
            total = (size * (size - 1) // 2) % 2 ** 32
            total = total - 2 ** 32 if total >= 2 ** 31 else total
            ints = torch.nn.functional.pad((x * 1000.0).int(), (0, pad), value=-2 ** 31)
            return [grid.nan_to_num(-1e30).max(0).values, grid.nan_to_num(1e30).min(0).values,
                    ints.reshape(-1, bins).max(0).values,
                    torch.tensor([size, total], device=dev, dtype=torch.int32), x, start]
        return ([x, fmax, fmin, imax, cnt, swap, old, size], [fmax, fmin, imax, cnt, swap, old],
                ref, blocks, 16 * size, "GB/s")
    if name == "sweep3_block_ptr_rows":
        cols = 3000
        x = randn(size, cols).half()
        sums, cnt = nan(size), torch.full((size,), -1, device=dev, dtype=torch.int32)
        return ([x, sums, cnt, size, cols, cols], [sums, cnt],
                lambda: [x.double().sum(1), torch.full((size,), cols, device=dev)],
                (cdiv(size, c["BM"]),), 2 * size * cols, "GB/s")
    if name == "sweep3_poly_unroll":
        x = torch.rand(size, device=dev) * 2 - 1
        coef = randn(7)
        y = nan(size)

        def ref():
            acc = torch.zeros_like(x, dtype=torch.float64)
            for i in range(7):
                acc = acc * x.double() + coef[i].double()
            for j in range(5):
                acc = acc * 0.5 + j
            return [acc]
        return [x, coef, y, size], [y], ref, blocks, 8 * size, "GB/s"
    if name == "sweep3_backward_blocks":
        cols = 5000
        x = randn(size, cols)
        y = nan(size, cols)
        return ([x, y, cols], [y], lambda: [x.double().flip(1).cumsum(1).flip(1)], (size,),
                8 * size * cols, "GB/s")
    if name == "sweep3_scalar_control":
        modes = torch.tensor([0, 1, 2, 3, 3], device=dev, dtype=torch.int32)
        x = randn(size)
        y, tot = nan(size), nan(1)

        def ref():
            xd = x.double()
            mode = (torch.arange(size, device=dev) // c["BLOCK"]) % 4
            y = torch.where(mode == 0, xd + 1, torch.where(mode == 1, xd * xd, torch.where(
                mode == 2, -xd, xd.clamp(min=0))))
            return [3 * y, xd[:c["BLOCK"]].abs().sum().reshape(1) + 3]
        return [modes, x, y, tot, size], [y, tot], ref, blocks, 8 * size, "GB/s"
    return tile_args(torch, name, size, dev, c, nan, cdiv, blocks)


def tile_args(torch, name, size, dev, c, nan, cdiv, blocks):
    """Gathers, 3-D reductions, scans, inline asm, map_elementwise, an
    assertion, 64-bit offsets and float64, as kernel_args."""
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    if name == "sweep3_gather_2d":
        r, cols = c["R"], c["C"]
        src = randn(size, r, cols)
        idx = torch.randint(0, r, (size, r, cols), device=dev, dtype=torch.int32)
        out0, out1 = nan(size, r, cols), nan(size, r, cols)
        return ([src, idx, out0, out1], [out0, out1],
                lambda: [src.gather(1, idx.long()), src.gather(2, idx.long() % cols)], (size,),
                4 * 4 * size * r * cols, "GB/s")
    if name == "sweep3_reduce_3d":
        a, b, cc = c["A"], c["B"], c["C"]
        x = randn(size, a, b, cc)
        q = torch.randint(-128, 128, (size, a, b, cc), device=dev, dtype=torch.int8)
        s0, cen = nan(size, b, cc), nan(size, a, b, cc)
        s2 = torch.full((size, a, b), -1, device=dev, dtype=torch.int32)
        mx = nan(size)
        return ([x, q, s0, cen, s2, mx], [s0, cen, s2, mx],
                lambda: [x.double().sum(1), x - x.amax(2, keepdim=True), q.long().sum(3),
                         x.reshape(size, -1).amax(1)], (size,), 13 * size * a * b * cc, "GB/s")
    if name == "sweep3_asm_pair":
        x = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
        y = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
        lo = torch.zeros(size, device=dev, dtype=torch.int32)
        hi = torch.zeros(size, device=dev, dtype=torch.int32)

        def ref():
            p = (x.long() & 0xFFFFFFFF) * (y.long() & 0xFFFFFFFF)  # below 2^64: wraps once
            low = p & 0xFFFFFFFF
            high = (p >> 32) & 0xFFFFFFFF
            return [torch.where(low >= 2 ** 31, low - 2 ** 32, low),
                    torch.where(high >= 2 ** 31, high - 2 ** 32, high)]
        return [x, y, lo, hi, size], [lo, hi], ref, blocks, 16 * size, "GB/s"
    if name == "sweep3_huber_map":
        x = randn(size) * 2
        y = nan(size)

        def ref():
            a = x.double().abs()
            return [torch.where(a < 1, 0.5 * a * a, a - 0.5)]
        return [x, y, size], [y], ref, blocks, 8 * size, "GB/s"
    if name == "sweep3_assert":
        x = torch.rand(size, device=dev) * 10
        y = nan(size)
        return [x, y, size], [y], lambda: [x.double().sqrt() * 2], blocks, 8 * size, "GB/s"
    if name == "sweep3_copy_int64":
        total = size * c["BLOCK"]
        x = torch.randint(0, 256, (total,), device=dev, dtype=torch.uint8)
        y = torch.zeros(total, device=dev, dtype=torch.uint8)
        # Compared as bytes: x + 1 wraps at 256, as the kernel's uint8 add.
        return [x, y, size], [y], lambda: [x + 1], (132 * 8,), 2 * total, "GB/s"
    if name == "sweep3_column_scans":
        n, bm = c["N"], c["BM"]
        x, a = randn(size, n), torch.rand(size, n, device=dev) * 0.5 + 0.5
        cs, lin = nan(size, n), nan(size, n)

        def ref():
            pad = cdiv(size, bm) * bm - size
            xt = torch.nn.functional.pad(x.double(), (0, 0, 0, pad)).reshape(-1, bm, n)
            at = torch.nn.functional.pad(a.double(), (0, 0, 0, pad), value=1.0).reshape(-1, bm, n)
            ys, y = [], torch.zeros_like(xt[:, 0])
            for r in range(bm - 1, -1, -1):
                y = y * at[:, r] + xt[:, r]
                ys.append(y)
            lin_ref = torch.stack(ys[::-1], 1).reshape(-1, n)[:size]
            return [xt.cumsum(1).reshape(-1, n)[:size], lin_ref]
        return ([x, a, cs, lin, size], [cs, lin], ref, (cdiv(size, bm),), 4 * 4 * size * n,
                "GB/s")
    if name == "sweep3_logsumexp_fp64":
        cols = 5000
        x = randn(size, cols).double() * 10
        out = nan(size, dtype=torch.float64)
        return [x, out, cols], [out], lambda: [torch.logsumexp(x, 1)], (size,), 8 * size * cols, "GB/s"
    raise KeyError(name)
