"""The cases of kernels/elementwise.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


def args_dropout(torch, dev, size, c, kern):
    x = torch.randn(size, device=dev)
    y = torch.full_like(x, float("nan"))
    grid = (cdiv(size, c["BLOCK"]),)

    def ref():  # Triton's own result: the same Philox numbers
        want = torch.full_like(x, float("nan"))
        kern.fn[grid](x, want, size, 0.25, 123, **c, num_warps=kern.warps)
        return [want]
    return [x, y, size, 0.25, 123], [y], ref, grid, 8 * size


def args_hinted(torch, dev, size, c, kern):
    x = torch.randn(size, device=dev)
    y = torch.full_like(x, float("nan"))

    def ref():
        offs = torch.arange(size, device=dev, dtype=torch.int64)
        hashed = (offs * 2654435761) >> 32
        jitter = (hashed % 17).double() * (1.0 / cdiv(size, c["BLOCK"]))
        return [torch.clamp(x.double() * 1.5 + jitter, -1.0, 2.0)]
    return [x, y, -1.0, 2.0, size], [y], ref, (cdiv(size, c["BLOCK"]),), 8 * size


def args_swiglu(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    a, b = (torch.randn(size, device=dev).to(torch.bfloat16) for _ in range(2))
    out = nan(size, dtype=torch.bfloat16)
    return ([a, b, out, size], [out],
            lambda: [torch.nn.functional.silu(a.double()) * b.double()],
            (cdiv(size, c["BLOCK"]),), 6 * size)


def args_flag_branch(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    x = torch.randn(size, device=dev)
    flag = torch.tensor([1, 0], device=dev, dtype=torch.int32)
    y = nan(size)
    return ([x, flag, y, size], [y], lambda: [x.double() * 2], (cdiv(size, c["BLOCK"]),),
            8 * size)


def args_murmur(torch, dev, size, c, kern):
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
    return [x, y, size, 1234], [y], ref, (cdiv(size, c["BLOCK"]),), 8 * size


def args_unrolled(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x, y = randn(size), randn(size)
    out = nan(size)
    return ([x, y, out, 1.5, size], [out], lambda: [1.5 * x.double() + y.double()],
            (min(cdiv(size, c["BLOCK"]), 132 * 8),), 12 * size)


def args_nan_to_num(torch, dev, size, c, kern):
    real = dev != "meta"
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x = randn(size).half()
    if real:
        x[::97] = float("nan")
        x[::89] = float("inf")
        x[::83] = float("-inf")
    y = nan(size, dtype=torch.float16)
    bad = torch.zeros(size, device=dev, dtype=torch.bool)
    return ([x, y, bad, size], [y, bad],
            lambda: [torch.nan_to_num(x.double(), nan=0.0, posinf=65504.0, neginf=-65504.0),
                     ~torch.isfinite(x)], (cdiv(size, c["BLOCK"]),), 5 * size)


def args_fused_adam(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
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
            (cdiv(size, c["BLOCK"]),), 7 * 4 * size)


def args_gumbel(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    vocab = 32000
    logits = randn(size, vocab)
    out = torch.full((size,), -1, device=dev, dtype=torch.int32)

    def ref():  # Triton's own result: the same Philox numbers
        want = torch.full((size,), -1, device=dev, dtype=torch.int32)
        kern.fn[(size,)](logits, want, vocab, 7, **c, num_warps=8)
        return [want]
    return [logits, out, vocab, 7], [out], ref, (size,), 4 * size * vocab


def args_early_return(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    x = randn(size) * 3
    y = nan(size)

    def ref():
        xd = x.double()
        return [0.5 * xd * (1 + torch.tanh(0.7978845608028654 * (xd + 0.044715 * xd ** 3)))]
    # Four spare programs, which return at once.
    return [x, y, size], [y], ref, (cdiv(size, c["BLOCK"]) + 4,), 8 * size


def args_noinline(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    x, g = randn(size), randn(size)
    y, z = nan(size), nan(size)
    blocks = cdiv(size, c["BLOCK"])
    sums = nan(blocks)

    def ref():
        swish = lambda v: v * torch.sigmoid(1.702 * v)  # noqa: E731
        sx, sg = swish(x.double()), swish(g.double())
        both = torch.nn.functional.pad(sx + sg, (0, blocks * c["BLOCK"] - size))
        return [sx, sg, both.reshape(blocks, -1).sum(1)]
    return ([x, g, y, z, sums, 1.702, size], [y, z, sums], ref, (blocks,), 16 * size)


def args_byte_avg_asm(torch, dev, size, c, kern):
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    a = torch.randint(0, 256, (size,), device=dev, dtype=torch.uint8)
    b = torch.randint(0, 256, (size,), device=dev, dtype=torch.uint8)
    out = torch.zeros(size, device=dev, dtype=torch.uint8)
    return ([a, b, out, size], [out], lambda: [(a.int() + b.int() + 1) >> 1], blocks,
            3 * size)


def args_bit_counts(torch, dev, size, c, kern):
    real = dev != "meta"
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
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
    return [x, pop, clz, size], [pop, clz], ref, blocks, 12 * size


def args_newton_sqrt(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.rand(size, device=dev) * 100 + 0.01
    y = nan(size)
    return [x, y, size, 1e-6], [y], lambda: [x.double().sqrt()], blocks, 8 * size


def args_grid_3d(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    batch, heads, d = 4, 16, c["D"]
    x, bias = randn(batch, heads, size, d), randn(heads, d)
    y = nan(batch, heads, size, d)
    return ([x, bias, y, heads, size], [y],
            lambda: [x.double() + bias.double()[None, :, None, :]], (batch, heads, 16),
            2 * 4 * batch * heads * size * d)


def args_ieee_div_sqrt(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.randn(size, device=dev) * 100
    y = (torch.rand(size, device=dev) + 0.05) * torch.where(torch.randn(size, device=dev) < 0, -1.0, 1.0)
    outs = [nan(size) for _ in range(4)]
    return ([x, y, *outs, size], outs, triton_ref([x, y, *outs, size], outs, blocks),
            blocks, 6 * 4 * size)


def args_float_funcs(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.randn(size, device=dev) * 4
    y = nan(size)
    return [x, y, size], [y], triton_ref([x, y, size], [y], blocks), blocks, 8 * size


def args_nan_minmax(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x, y = torch.randn(size, device=dev) * 2, torch.randn(size, device=dev) * 2
    if dev != "meta":
        x[::7] = float("nan")
        y[::5] = float("nan")
    out = nan(4 * size)
    args = [x, y, out, size]
    return args, [out], triton_ref(args, [out], blocks), blocks, 24 * size


def args_uint_arith(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
    y = torch.randint(-2 ** 31, 2 ** 31 - 1, (size,), device=dev, dtype=torch.int32)
    out = torch.zeros(3 * size, device=dev, dtype=torch.int32)
    f = nan(size)
    args = [x, y, out, f, size]
    return args, [out, f], triton_ref(args, [out, f], blocks), blocks, 24 * size


def args_poly_unroll(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
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
    return [x, coef, y, size], [y], ref, blocks, 8 * size


def args_scalar_control(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    modes = torch.tensor([0, 1, 2, 3, 3], device=dev, dtype=torch.int32)
    x = randn(size)
    y, tot = nan(size), nan(1)

    def ref():
        xd = x.double()
        mode = (torch.arange(size, device=dev) // c["BLOCK"]) % 4
        y = torch.where(mode == 0, xd + 1, torch.where(mode == 1, xd * xd, torch.where(
            mode == 2, -xd, xd.clamp(min=0))))
        return [3 * y, xd[:c["BLOCK"]].abs().sum().reshape(1) + 3]
    return [modes, x, y, tot, size], [y, tot], ref, blocks, 8 * size


def args_asm_pair(torch, dev, size, c, kern):
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
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
    return [x, y, lo, hi, size], [lo, hi], ref, blocks, 16 * size


def args_huber_map(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x = randn(size) * 2
    y = nan(size)

    def ref():
        a = x.double().abs()
        return [torch.where(a < 1, 0.5 * a * a, a - 0.5)]
    return [x, y, size], [y], ref, blocks, 8 * size


def args_assert(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.rand(size, device=dev) * 10
    y = nan(size)
    return [x, y, size], [y], lambda: [x.double().sqrt() * 2], blocks, 8 * size


def args_random(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    z, u, r = nan(size), nan(size), torch.full((size,), -1, device=dev, dtype=torch.int32)
    args = [1234, z, u, r, size]
    return args, [z, u, r], triton_ref(args, [z, u, r], blocks), blocks, 12 * size


def args_collatz(torch, dev, size, c, kern):
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.randint(1, 10000, (size,), device=dev, dtype=torch.int32)
    steps = torch.full((size,), -1, device=dev, dtype=torch.int32)

    def ref():
        v, count = x.long().clone(), torch.zeros_like(x, dtype=torch.int64)
        while (v > 1).any():
            active = v > 1
            v = torch.where(active, torch.where(v % 2 == 0, v // 2, 3 * v + 1), v)
            count += active.long()
        return [count]
    return [x, steps, size], [steps], ref, blocks, 8 * size


def args_bit_tricks(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.randn(size, device=dev) * 1000
    i = torch.full((size,), -1, device=dev, dtype=torch.int32)
    f, h = nan(size), nan(size, dtype=torch.float16)
    args = [x, i, f, h, size]
    return args, [i, f, h], triton_ref(args, [i, f, h], blocks), blocks, 14 * size


def args_gelu_bwd(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    x = torch.randn(size, device=dev).half()
    dy = torch.randn(size, device=dev).half()
    dx = nan(size, dtype=torch.bfloat16)

    def ref():
        xd = x.double()
        k0 = 0.7978845608028654
        t = torch.tanh(k0 * (xd + 0.044715 * xd ** 3))
        grad = 0.5 * (1 + t) + 0.5 * xd * (1 - t * t) * k0 * (1 + 3 * 0.044715 * xd * xd)
        return [dy.double() * grad]
    return [x, dy, dx, size], [dx], ref, (cdiv(size, c["BLOCK"]),), 6 * size


def args_grid_stride(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    x = torch.randn(size, device=dev).to(torch.bfloat16)
    y = nan(size, dtype=torch.bfloat16)
    grid = (min(cdiv(size, c["BLOCK"]), 132 * 8),)
    return [x, y, size], [y], triton_ref([x, y, size], [y], grid), grid, 4 * size


CASES = [
    Case("dropout", "elementwise.dropout", args_dropout, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100016, tol=1e-05, metric="GB/s",
         tags=("triton-reference",)),
    Case("hinted", "elementwise.hinted_elementwise", args_hinted, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s"),
    Case("swiglu", "elementwise.swiglu", args_swiglu, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16")),
    Case("flag_branch", "elementwise.flag_branch", args_flag_branch, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("atomic",)),
    Case("murmur", "elementwise.murmur_hash", args_murmur, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s"),
    Case("unrolled", "elementwise.unrolled_axpy", args_unrolled, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-06, metric="GB/s"),
    Case("nan_to_num", "elementwise.nan_to_num", args_nan_to_num, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("fp16",)),
    Case("fused_adam", "elementwise.fused_adam", args_fused_adam, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s"),
    Case("gumbel", "elementwise.gumbel_sample", args_gumbel, {"BLOCK": 2048},
         warps=8, stages=3, size=2048, ragged=64, tol=0, metric="GB/s",
         tags=("triton-reference",)),
    Case("early_return", "elementwise.gelu_early_return", args_early_return, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s"),
    Case("noinline", "elementwise.noinline_calls", args_noinline, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s"),
    Case("byte_avg_asm", "elementwise.byte_avg_asm", args_byte_avg_asm, {"BLOCK": 2048},
         warps=4, stages=3, size=268435456, ragged=100000, tol=0, metric="GB/s",
         tags=("int8",)),
    Case("bit_counts", "elementwise.bit_counts", args_bit_counts, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s"),
    Case("newton_sqrt", "elementwise.newton_sqrt", args_newton_sqrt, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s"),
    Case("grid_3d", "elementwise.bias_add_3d", args_grid_3d, {"D": 128, "BS": 64},
         warps=4, stages=3, size=16384, ragged=1008, tol=1e-06, metric="GB/s"),
    Case("ieee_div_sqrt", "elementwise.ieee_div_sqrt", args_ieee_div_sqrt, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("triton-reference",)),
    Case("float_funcs", "elementwise.float_funcs", args_float_funcs, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-06, metric="GB/s",
         tags=("triton-reference",)),
    Case("nan_minmax", "elementwise.nan_minmax", args_nan_minmax, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("triton-reference",)),
    Case("uint_arith", "elementwise.uint_arith", args_uint_arith, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("triton-reference",)),
    Case("poly_unroll", "elementwise.poly_unrolled", args_poly_unroll, {"DEG": 7, "BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s"),
    Case("scalar_control", "elementwise.scalar_control", args_scalar_control, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s"),
    Case("asm_pair", "elementwise.asm_pair", args_asm_pair, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s"),
    Case("huber_map", "elementwise.huber_map", args_huber_map, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-06, metric="GB/s"),
    Case("assert", "elementwise.asserted_scale", args_assert, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-06, metric="GB/s"),
    Case("random", "elementwise.random_streams", args_random, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=1e-05, metric="GB/s",
         tags=("triton-reference",)),
    Case("collatz", "elementwise.collatz_steps", args_collatz, {"BLOCK": 1024},
         warps=4, stages=3, size=4194304, ragged=100000, tol=0, metric="GB/s"),
    Case("bit_tricks", "elementwise.bit_tricks", args_bit_tricks, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("fp16", "triton-reference")),
    Case("gelu_bwd", "elementwise.gelu_tanh_bwd", args_gelu_bwd, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16")),
    Case("grid_stride", "elementwise.grid_stride_gelu", args_grid_stride, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0.001, metric="GB/s",
         tags=("fp16", "bf16", "triton-reference")),
]
