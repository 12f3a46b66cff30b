"""Elementwise kernels: math functions, integer and bit arithmetic, random
numbers, inline assembly, control flow (early returns, loops, noinline
calls, asserts), hints.
"""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def dropout(x_ptr, y_ptr, n, p, seed, BLOCK: tl.constexpr):
    # Dropout with Philox random numbers: keep x / (1 - p) where rand > p.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    keep = tl.rand(seed, offs) > p
    tl.store(y_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=mask)


@triton.jit
def hinted_elementwise(x_ptr, y_ptr, lo, hi, n, BLOCK: tl.constexpr):
    # Compiler hints and less common elementwise ops: tl.multiple_of,
    # tl.max_contiguous, tl.assume, cache modifiers (.cg load, .cs store),
    # tl.fma, tl.clamp, tl.umulhi on a hash of the index, tl.cdiv.
    tl.assume(n > 0)
    start = tl.multiple_of(tl.program_id(0) * BLOCK, BLOCK)
    offs = tl.max_contiguous(start + tl.arange(0, BLOCK), BLOCK)
    ok = offs < n
    x = tl.load(x_ptr + offs, mask=ok, other=0.0, cache_modifier=".cg")
    hashed = tl.umulhi(offs.to(tl.uint32), 2654435761)
    jitter = (hashed % 17).to(tl.float32) * (1.0 / tl.cdiv(n, BLOCK))
    y = tl.clamp(tl.fma(x, 1.5, jitter), lo, hi)
    tl.store(y_ptr + offs, y, mask=ok, cache_modifier=".cs")


@triton.jit
def swiglu(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    # c = silu(a) * b in bf16, computed in fp32.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(c_ptr + offs, (a * tl.sigmoid(a) * b).to(tl.bfloat16), mask=mask)


@triton.jit
def flag_branch(x_ptr, flag_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # A branch on a value read from memory: y = 2x where *flag > 0, else x - 1;
    # program 0 also counts itself in flag[1].
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if tl.load(flag_ptr) > 0:
        y = x * 2
    else:
        y = x - 1
    tl.store(y_ptr + offs, y, mask=mask)
    if tl.program_id(0) == 0:
        tl.atomic_add(flag_ptr + 1, 1)


@triton.jit
def murmur_hash(x_ptr, y_ptr, n, seed, BLOCK: tl.constexpr):
    # MurmurHash3's 32-bit mix of each int32 key, in uint32 arithmetic.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    k = tl.load(x_ptr + offs, mask=offs < n).to(tl.uint32, bitcast=True)
    k = k * 0xCC9E2D51
    k = (k << 15) | (k >> 17)
    k = k * 0x1B873593
    h = seed.to(tl.uint32) ^ k
    h = (h << 13) | (h >> 19)
    h = h * 5 + 0xE6546B64
    h ^= 4
    h ^= h >> 16
    h = h * 0x85EBCA6B
    h ^= h >> 13
    h = h * 0xC2B2AE35
    h ^= h >> 16
    tl.store(y_ptr + offs, h.to(tl.int32, bitcast=True), mask=offs < n)


@triton.jit
def unrolled_axpy(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    # a * x + y over a grid-stride loop unrolled by tl.range, with tl.assume
    # on the size.
    tl.assume(n > 0)
    start = tl.program_id(0) * BLOCK
    step = tl.num_programs(0) * BLOCK
    for off in tl.range(start, n, step, loop_unroll_factor=4):
        offs = off + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, a * x + y, mask=mask)


@triton.jit
def nan_to_num(x_ptr, y_ptr, bad_ptr, n, BLOCK: tl.constexpr):
    # NaN to 0 and infinities to the largest finite fp16; where they were,
    # as a bool tensor.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    bad = (x != x) | (tl.abs(x) == float("inf"))
    y = tl.where(x != x, 0.0, tl.clamp(x, -65504.0, 65504.0))
    tl.store(y_ptr + offs, y, mask=mask)
    tl.store(bad_ptr + offs, bad, mask=mask)


@triton.jit
def fused_adam(p_ptr, g_ptr, m_ptr, v_ptr, n, lr, beta1, beta2, eps, bias1, bias2,
               BLOCK: tl.constexpr):
    # One Adam step over fp32 parameters, gradients and moments, in place;
    # bias1/bias2 are the step's corrections 1 - beta^t.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask)
    g = tl.load(g_ptr + offs, mask=mask)
    m = tl.load(m_ptr + offs, mask=mask)
    v = tl.load(v_ptr + offs, mask=mask)
    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g
    m_hat = m / bias1
    v_hat = v / bias2
    p = p - lr * m_hat / (tl.sqrt(v_hat) + eps)
    tl.store(p_ptr + offs, p, mask=mask)
    tl.store(m_ptr + offs, m, mask=mask)
    tl.store(v_ptr + offs, v, mask=mask)


@triton.jit
def gumbel_sample(logits_ptr, out_ptr, V, seed, BLOCK: tl.constexpr):
    # Sampling a token per row: argmax of logits + Gumbel noise from
    # tl.rand, over the vocabulary in blocks.
    row = tl.program_id(0)
    best = tl.full((), float("-inf"), tl.float32)
    best_i = tl.full((), 0, tl.int32)
    for start in range(0, V, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(logits_ptr + row * V + cols, mask=cols < V, other=float("-inf"))
        u = tl.rand(seed, row * V + cols)
        score = x - tl.log(-tl.log(u + 1e-20) + 1e-20)
        score = tl.where(cols < V, score, float("-inf"))
        i = tl.argmax(score, 0)
        s = tl.max(score, 0)
        take = s > best
        best_i = tl.where(take, start + i, best_i)
        best = tl.where(take, s, best)
    tl.store(out_ptr + row, best_i)


@triton.jit
def gelu_early_return(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # GELU (tanh form, as x * sigmoid(2z)) over fp32 with 64-bit offsets; the
    # grid has spare programs, which return at once (an early `return`).
    start = tl.program_id(0).to(tl.int64) * BLOCK
    if start >= n:
        return
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    z = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    tl.store(y_ptr + offs, x * tl.sigmoid(2.0 * z), mask=mask)


@triton.jit(noinline=True)
def _swish_block(src_ptr, dst_ptr, start, n, alpha, BLOCK: tl.constexpr):
    # A device function kept out of line (a noinline function takes scalars
    # only, so its tensors are made inside): dst = src * sigmoid(alpha * src)
    # over one block; returns the block's sum of dst.
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(src_ptr + offs, mask=mask, other=0.0)
    y = x * tl.sigmoid(alpha * x)
    tl.store(dst_ptr + offs, y, mask=mask)
    return tl.sum(y, axis=0)


@triton.jit
def noinline_calls(x_ptr, g_ptr, y_ptr, z_ptr, sums_ptr, alpha, n, BLOCK: tl.constexpr):
    # swish of two fp32 tensors by one noinline device function called twice
    # (tt.call of a private function, not inlined), and each program's sum of
    # both blocks from the scalars it returns.
    start = tl.program_id(0) * BLOCK
    sx = _swish_block(x_ptr, y_ptr, start, n, alpha, BLOCK)
    sg = _swish_block(g_ptr, z_ptr, start, n, alpha, BLOCK)
    tl.store(sums_ptr + tl.program_id(0), sx + sg)


@triton.jit
def byte_avg_asm(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    # Byte-wise rounded-up average of two uint8 tensors, ceil((a + b) / 2),
    # by inline PTX on four bytes packed in a 32-bit register (pack=4):
    # (a | b) - (((a ^ b) >> 1) & 0x7F7F7F7F), no borrow across bytes.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    c = tl.inline_asm_elementwise(
        """
        {
            .reg .b32 t0, t1;
            or.b32 t0, $1, $2;
            xor.b32 t1, $1, $2;
            shr.u32 t1, t1, 1;
            and.b32 t1, t1, 0x7F7F7F7F;
            sub.u32 $0, t0, t1;
        }
        """,
        "=r,r,r", [a, b], dtype=tl.uint8, is_pure=True, pack=4)
    tl.store(c_ptr + offs, c, mask=mask)


@triton.jit
def bit_counts(x_ptr, pop_ptr, clz_ptr, n, BLOCK: tl.constexpr):
    # Population count and count of leading zeros of int32 values, by
    # libdevice's popc and clz.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(pop_ptr + offs, libdevice.popc(x), mask=mask)
    tl.store(clz_ptr + offs, libdevice.clz(x), mask=mask)


@triton.jit
def newton_sqrt(x_ptr, y_ptr, n, tol, BLOCK: tl.constexpr):
    # Square roots of positive fp32 values by Newton's step y = (y + x / y) / 2
    # from above (y = max(x, 1)), in a while loop that runs until the
    # block's largest relative step is at most tol, 60 steps at most.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.maximum(x, 1.0)
    err = tl.full((BLOCK,), 1.0, tl.float32)
    steps = tl.full((), 0, tl.int32)
    while (tl.max(err, axis=0) > tol) & (steps < 60):
        y_new = 0.5 * (y + x / y)
        err = tl.abs(y_new - y) / y_new
        y = y_new
        steps += 1
    tl.store(y_ptr + offs, y, mask=mask)


@triton.jit
def bias_add_3d(x_ptr, bias_ptr, y_ptr, H, S, D: tl.constexpr, BS: tl.constexpr):
    # y[b, h, s, :] = x[b, h, s, :] + bias[h, :] over [B, H, S, D] fp32 on a
    # 3-D grid: axis 0 the batch, axis 1 the head, axis 2 blocks of
    # positions walked grid-stride (tl.program_id(2), tl.num_programs(2)).
    b = tl.program_id(0)
    h = tl.program_id(1)
    base = (b * H + h).to(tl.int64) * S * D
    d = tl.arange(0, D)
    bias = tl.load(bias_ptr + h * D + d)
    for s0 in range(tl.program_id(2) * BS, S, tl.num_programs(2) * BS):
        rs = s0 + tl.arange(0, BS)
        offs = base + rs[:, None] * D + d[None, :]
        x = tl.load(x_ptr + offs, mask=(rs < S)[:, None], other=0.0)
        tl.store(y_ptr + offs, x + bias[None, :], mask=(rs < S)[:, None])


@triton.jit
def ieee_div_sqrt(x_ptr, y_ptr, q_ptr, r_ptr, f_ptr, s_ptr, n, BLOCK: tl.constexpr):
    # Correctly rounded division and square root, and the default (faster)
    # ones Triton emits for `/` and tl.sqrt.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    tl.store(q_ptr + offs, tl.div_rn(x, y), mask=mask)
    tl.store(r_ptr + offs, tl.sqrt_rn(tl.abs(x)), mask=mask)
    tl.store(f_ptr + offs, x / y, mask=mask)
    tl.store(s_ptr + offs, tl.sqrt(tl.abs(y)), mask=mask)


@triton.jit
def float_funcs(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Rounding and transcendental functions of tl.math and libdevice, summed
    # with weights so that each one shows in the result.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.5)
    r = tl.floor(x) + 2.0 * tl.ceil(x * 0.3) + tl.sin(x) + tl.cos(2.0 * x)
    r += tl.log2(tl.abs(x) + 1.0) + tl.exp2(x * 0.25) + tl.erf(x) + libdevice.tanh(x)
    r += libdevice.pow(tl.abs(x) + 0.5, 1.7) + tl.fma(x, x, -1.0) + tl.rsqrt(tl.abs(x) + 1.0)
    r += libdevice.log1p(tl.abs(x)) + libdevice.trunc(x * 3.0) + libdevice.round(x * 2.0)
    tl.store(out_ptr + offs, r, mask=mask)


@triton.jit
def nan_minmax(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # tl.maximum/minimum/clamp with and without NaN propagation; NaN results
    # are stored as -1000 so that they compare as numbers.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    a = tl.maximum(x, y)
    b = tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL)
    c = tl.clamp(x, -1.0, 1.0, propagate_nan=tl.PropagateNan.ALL)
    d = tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL) - tl.minimum(x, y)
    tl.store(out_ptr + offs, tl.where(a != a, -1000.0, a), mask=mask)
    tl.store(out_ptr + n + offs, tl.where(b != b, -1000.0, b), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.where(c != c, -1000.0, c), mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.where(d != d, -1000.0, d), mask=mask)


@triton.jit
def uint_arith(x_ptr, y_ptr, out_ptr, f_ptr, n, BLOCK: tl.constexpr):
    # uint32 division, remainder, shift, high product and conversions to and
    # from float; int64 products and signed division of negative numbers.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    xs = tl.load(x_ptr + offs, mask=mask, other=1)
    ys = tl.load(y_ptr + offs, mask=mask, other=1)
    x = xs.to(tl.uint32, bitcast=True)
    y = ys.to(tl.uint32, bitcast=True) | 1
    h = (x // y) ^ (x % y) + (x >> 7) + tl.umulhi(x, y)
    w = xs.to(tl.int64) * 3000000007 // (ys.to(tl.int64) | 1)
    s = xs // ((ys >> 20) | 1) + xs % 1000
    tl.store(out_ptr + offs, h.to(tl.int32, bitcast=True), mask=mask)
    tl.store(out_ptr + n + offs, (w ^ (w >> 32)).to(tl.int32), mask=mask)
    tl.store(out_ptr + 2 * n + offs, s, mask=mask)
    f = x.to(tl.float32)
    tl.store(f_ptr + offs, f - (f * 0.37).to(tl.uint32).to(tl.float32), mask=mask)


@triton.jit
def poly_unrolled(x_ptr, coef_ptr, y_ptr, n, DEG: tl.constexpr, BLOCK: tl.constexpr):
    # Horner's rule over DEG scalar coefficients by tl.static_range, then a
    # damping loop the compiler is asked to unroll by two.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    acc = tl.zeros_like(x)
    for i in tl.static_range(DEG):
        acc = acc * x + tl.load(coef_ptr + i)
    for j in tl.range(0, 5, loop_unroll_factor=2):
        acc = acc * 0.5 + j
    tl.store(y_ptr + offs, acc, mask=mask)


@triton.jit
def scalar_control(mode_ptr, x_ptr, y_ptr, tot_ptr, n, BLOCK: tl.constexpr):
    # A scalar load picks one of four bodies; a scalar scale; program 0 alone
    # stores its block's absolute sum plus the scale.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    mode = tl.load(mode_ptr + pid % 4)
    if mode == 0:
        y = x + 1.0
    elif mode == 1:
        y = x * x
    elif mode == 2:
        y = -x
    else:
        y = tl.where(x > 0, x, 0.0)
    scale = tl.load(mode_ptr + 4).to(tl.float32)
    tl.store(y_ptr + offs, y * scale, mask=mask)
    if pid == 0:
        tl.store(tot_ptr, tl.sum(tl.abs(x), axis=0) + scale)


@triton.jit
def asm_pair(x_ptr, y_ptr, lo_ptr, hi_ptr, n, BLOCK: tl.constexpr):
    # One inline PTX statement with two results: the low and high words of
    # a 32x32-bit unsigned product.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    y = tl.load(y_ptr + offs, mask=mask, other=0)
    lo, hi = tl.inline_asm_elementwise(
        "mul.lo.u32 $0, $2, $3;\n\tmul.hi.u32 $1, $2, $3;", "=r,=r,r,r", [x, y],
        dtype=(tl.int32, tl.int32), is_pure=True, pack=1)
    tl.store(lo_ptr + offs, lo, mask=mask)
    tl.store(hi_ptr + offs, hi, mask=mask)


@triton.jit
def _huber(x, delta):
    # A scalar body with a branch, for tl.map_elementwise.
    if x < 0:
        x = -x
    if x < delta:
        r = 0.5 * x * x
    else:
        r = delta * (x - 0.5 * delta)
    return r


@triton.jit
def huber_map(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    d = tl.full((BLOCK,), 1.0, tl.float32)
    tl.store(y_ptr + offs, tl.map_elementwise(_huber, x, d), mask=mask)


@triton.jit(debug=True)
def asserted_scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # A device assertion (kept: debug) that never fails on the harness's data.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.device_assert(x >= 0, "negative input")
    tl.store(y_ptr + offs, tl.sqrt(x) * 2.0, mask=mask)


@triton.jit
def random_streams(seed, z_ptr, u_ptr, r_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    z = tl.randn(seed, offs)
    u = tl.rand(seed + 1, offs)
    r0, r1, r2, r3 = tl.randint4x(seed + 2, offs)
    tl.store(z_ptr + offs, z, mask=mask)
    tl.store(u_ptr + offs, u, mask=mask)
    tl.store(r_ptr + offs, (r0 ^ r1 ^ r2 ^ r3).to(tl.int32, bitcast=True), mask=mask)


@triton.jit
def collatz_steps(x_ptr, steps_ptr, n, BLOCK: tl.constexpr):
    # A while loop whose trip count is the block's longest Collatz chain.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(x_ptr + offs, mask=mask, other=1)
    steps = tl.zeros([BLOCK], tl.int32)
    active = v > 1
    while tl.max(active.to(tl.int32), 0) > 0:
        v = tl.where(active, tl.where((v % 2) == 0, v // 2, 3 * v + 1), v)
        steps += active.to(tl.int32)
        active = v > 1
    tl.store(steps_ptr + offs, steps, mask=mask)


@triton.jit
def bit_tricks(x_ptr, i_ptr, f_ptr, h_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    i = x.to(tl.int32, bitcast=True)
    e = (i >> 23) & 0xFF
    mant = i & 0x7FFFFF
    flipped = (i ^ -2147483648).to(tl.float32, bitcast=True)
    hz = x.to(tl.float16, fp_downcast_rounding="rtz")
    hb = hz.to(tl.int16, bitcast=True).to(tl.int32)
    ub = (e + mant).to(tl.uint8)
    tl.store(i_ptr + offs, e * 100000 + (hb & 0x3FF) + ub.to(tl.int32), mask=mask)
    tl.store(f_ptr + offs, flipped + mant.to(tl.float32), mask=mask)
    tl.store(h_ptr + offs, hz, mask=mask)


@triton.jit
def gelu_tanh_bwd(x_ptr, dy_ptr, dx_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(dy_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    k0 = 0.7978845608028654
    inner = k0 * (x + 0.044715 * x * x * x)
    t = 2.0 * tl.sigmoid(2.0 * inner) - 1.0
    dinner = k0 * (1.0 + 3.0 * 0.044715 * x * x)
    grad = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * dinner
    tl.store(dx_ptr + offs, (dy * grad).to(tl.bfloat16), mask=mask)


@triton.jit
def grid_stride_gelu(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # A fixed number of programs walks the vector, tl.num_programs apart.
    step = tl.num_programs(0) * BLOCK
    for start in range(tl.program_id(0) * BLOCK, n, step):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        y = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
        tl.store(y_ptr + offs, y.to(tl.bfloat16), mask=mask)
