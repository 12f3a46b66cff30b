"""The third wide sweep's kernels (utils/gpu/sweep_wide3.py): constructs the
first two sweeps leave alone. Concatenation, interleaving and permutes;
IEEE division and square root next to the default ones; NaN-propagating
min/max; a split-K matmul reducing through a tensor descriptor; float and
integer atomics mixed, with their old values used; unsigned and 64-bit
integer arithmetic; block pointers with boundary checks; unrolled loops;
backward loops; scalar control flow; 2-D gathers; 3-D reductions; inline
asm with two results; map_elementwise; device asserts; fp8 round trips;
offsets past 2^31; an addmm accumulator loaded from memory; scans along
the slow axis; fp64 transcendental functions."""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def cat_interleave(x_ptr, y_ptr, sum_ptr, inter_ptr, perm_ptr, N: tl.constexpr):
    # One block of N ints of x and y per program: the squares' sum of their
    # concatenation (its order is the compiler's: only reduced), x and y
    # interleaved, and x as [2, N/8, 4] permuted to [4, 2, N/8].
    pid = tl.program_id(0)
    offs = pid * N + tl.arange(0, N)
    a = tl.load(x_ptr + offs)
    b = tl.load(y_ptr + offs)
    c = tl.cat(a, b, can_reorder=True)
    tl.store(sum_ptr + pid, tl.sum(c * c, axis=0))
    tl.store(inter_ptr + 2 * pid * N + tl.arange(0, 2 * N), tl.interleave(a, b))
    p = tl.permute(tl.reshape(a, (2, N // 8, 4)), (2, 0, 1))
    i = (tl.arange(0, 4)[:, None, None] * (N // 4) + tl.arange(0, 2)[None, :, None] * (N // 8) +
         tl.arange(0, N // 8)[None, None, :])
    tl.store(perm_ptr + pid * N + i, p)


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
def matmul_splitk_desc(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr, SPLIT: tl.constexpr):
    # Split-K matmul whose partial tiles are added into fp32 C through the
    # descriptor's atomic add (a TMA reduction); K's tiles are shared out
    # whole, the last split's tail padded by the descriptor.
    pid_m, pid_n, pid_k = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    span = tl.cdiv(tl.cdiv(K, BK), SPLIT) * BK
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(pid_k * span, tl.minimum((pid_k + 1) * span, K), BK):
        a = a_d.load([pid_m * BM, k])
        b = b_d.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_d.atomic_add([pid_m * BM, pid_n * BN], acc)


@triton.jit
def atomics_mix(x_ptr, fmax_ptr, fmin_ptr, imax_ptr, cnt_ptr, swap_ptr, old_ptr, n,
                BLOCK: tl.constexpr, BINS: tl.constexpr):
    # Float max/min atomics over negative and positive values into BINS
    # bins, an int max with release semantics, a ticket counter whose old
    # values are summed into a second counter by one scalar atomic, and an
    # exchange whose old values are stored.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    bins = offs % BINS
    tl.atomic_max(fmax_ptr + bins, x, mask=mask)
    tl.atomic_min(fmin_ptr + bins, x, mask=mask, sem="relaxed")
    tl.atomic_max(imax_ptr + bins, (x * 1000.0).to(tl.int32), mask=mask, sem="release")
    ticket = tl.atomic_add(cnt_ptr + tl.zeros_like(offs), 1, mask=mask)
    tl.atomic_add(cnt_ptr + 1, tl.sum(tl.where(mask, ticket, 0), axis=0))
    old = tl.atomic_xchg(swap_ptr + offs, x, mask=mask)
    tl.store(old_ptr + offs, old, mask=mask)


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
def block_ptr_rows(x_ptr, sum_ptr, cnt_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    # Row sums of an [M, N] fp16 matrix through block pointers advanced along
    # the rows, both edges checked (zero padding), and a count of in-bounds
    # elements from NaN padding; results stored through a 1-D block pointer.
    pid = tl.program_id(0)
    p = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride, 1), offsets=(pid * BM, 0),
                          block_shape=(BM, BN), order=(1, 0))
    acc = tl.zeros((BM,), dtype=tl.float32)
    cnt = tl.zeros((BM,), dtype=tl.int32)
    for _ in range(0, N, BN):
        x = tl.load(p, boundary_check=(0, 1), padding_option="zero")
        acc += tl.sum(x.to(tl.float32), axis=1)
        v = tl.load(p, boundary_check=(0, 1), padding_option="nan")
        cnt += tl.sum(tl.where(v == v, 1, 0), axis=1)
        p = tl.advance(p, (0, BN))
    o = tl.make_block_ptr(sum_ptr, shape=(M,), strides=(1,), offsets=(pid * BM,),
                          block_shape=(BM,), order=(0,))
    tl.store(o, acc, boundary_check=(0,))
    c = tl.make_block_ptr(cnt_ptr, shape=(M,), strides=(1,), offsets=(pid * BM,),
                          block_shape=(BM,), order=(0,))
    tl.store(c, cnt, boundary_check=(0,))


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
def backward_blocks(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    # Suffix sums of each row, block by block from the last block down (a
    # loop of negative step), a reversed scan in each block plus the carry.
    row = tl.program_id(0)
    carry = 0.0
    nblocks = tl.cdiv(N, BLOCK)
    for b in range(nblocks - 1, -1, -1):
        cols = b * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
        s = tl.cumsum(x, axis=0, reverse=True) + carry
        tl.store(y_ptr + row * N + cols, s, mask=cols < N)
        carry += tl.sum(x, axis=0)


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
def gather_2d(src_ptr, idx_ptr, out0_ptr, out1_ptr, R: tl.constexpr, C: tl.constexpr):
    # An [R, C] tile gathered along each axis by an index tile: out0[i, j] =
    # src[idx[i, j], j], out1[i, j] = src[i, idx[i, j] % C].
    t = tl.program_id(0)
    offs = t * R * C + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    src = tl.load(src_ptr + offs)
    idx = tl.load(idx_ptr + offs)
    tl.store(out0_ptr + offs, tl.gather(src, idx, axis=0))
    tl.store(out1_ptr + offs, tl.gather(src, idx % C, axis=1))


@triton.jit
def reduce_3d(x_ptr, q_ptr, s0_ptr, c_ptr, s2_ptr, mx_ptr, A: tl.constexpr, B: tl.constexpr,
              C: tl.constexpr):
    # An [A, B, C] fp32 tile and an int8 one: the sum over the first axis,
    # centring by the max over the middle axis (keep_dims), an int8 sum in
    # int32 over the last, and the max over all of it.
    t = tl.program_id(0)
    i = (tl.arange(0, A)[:, None, None] * (B * C) + tl.arange(0, B)[None, :, None] * C +
         tl.arange(0, C)[None, None, :])
    x = tl.load(x_ptr + t * A * B * C + i)
    q = tl.load(q_ptr + t * A * B * C + i)
    s0 = tl.sum(x, axis=0)
    tl.store(s0_ptr + t * B * C + tl.arange(0, B)[:, None] * C + tl.arange(0, C)[None, :], s0)
    tl.store(c_ptr + t * A * B * C + i, x - tl.max(x, axis=1, keep_dims=True))
    s2 = tl.sum(q, axis=2, dtype=tl.int32)
    tl.store(s2_ptr + t * A * B + tl.arange(0, A)[:, None] * B + tl.arange(0, B)[None, :], s2)
    tl.store(mx_ptr + t, tl.max(x))


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
def fp8_roundtrip(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # fp32 through e4m3 and e5m2 and back, bf16 through e5m2, fp16 through
    # e4m3, fp64 to bf16: the sum of the round trips' errors, weighted.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a = x.to(tl.float8e4nv).to(tl.float32)
    b = x.to(tl.float8e5).to(tl.float32)
    c = x.to(tl.bfloat16).to(tl.float8e5).to(tl.float32)
    d = x.to(tl.float16).to(tl.float8e4nv).to(tl.float16).to(tl.float32)
    e = (x.to(tl.float64) * 1.0000001).to(tl.bfloat16).to(tl.float32)
    tl.store(out_ptr + offs, a, mask=mask)
    tl.store(out_ptr + n + offs, b + 3.0 * c, mask=mask)
    tl.store(out_ptr + 2 * n + offs, d - e, mask=mask)


@triton.jit
def copy_int64(x_ptr, y_ptr, n_blocks, BLOCK: tl.constexpr):
    # A byte copy (plus one) over more than 2^31 bytes: 64-bit offsets.
    for b in range(tl.program_id(0), n_blocks, tl.num_programs(0)):
        offs = b.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
        tl.store(y_ptr + offs, tl.load(x_ptr + offs) + 1)


@triton.jit
def addmm(c_ptr, a_ptr, b_ptr, out_ptr, M, N, K, beta, BM: tl.constexpr, BN: tl.constexpr,
          BK: tl.constexpr):
    # out = beta * C + A @ B with the accumulator started from C (loaded),
    # not from zeros.
    pid_m, pid_n = tl.program_id(0), tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    cmask = (rm[:, None] < M) & (rn[None, :] < N)
    acc = tl.load(c_ptr + rm[:, None] * N + rn[None, :], mask=cmask, other=0.0)
    acc = acc.to(tl.float32) * beta
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=cmask)


@triton.jit
def _mul_add(a0, b0, a1, b1):
    # The composition of affine maps x -> b + a * x, first then second.
    return a0 * a1, b0 * a1 + b1


@triton.jit
def column_scans(x_ptr, a_ptr, cs_ptr, lin_ptr, M, N: tl.constexpr, BM: tl.constexpr):
    # Scans down the columns of a [BM, N] tile (the slow axis): a cumulative
    # sum, and a first-order linear recurrence by a two-value associative scan
    # run in reverse.
    pid = tl.program_id(0)
    rows = pid * BM + tl.arange(0, BM)
    offs = rows[:, None] * N + tl.arange(0, N)[None, :]
    mask = rows[:, None] < M
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a = tl.load(a_ptr + offs, mask=mask, other=1.0)
    tl.store(cs_ptr + offs, tl.cumsum(x, axis=0), mask=mask)
    _, lin = tl.associative_scan((a, x), 0, _mul_add, reverse=True)
    tl.store(lin_ptr + offs, lin, mask=mask)


@triton.jit
def logsumexp_fp64(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # A row's log-sum-exp in float64 (libdevice's double exp and log), with
    # a running max over column blocks.
    row = tl.program_id(0)
    m = tl.full((BLOCK,), -1e300, tl.float64)
    s = tl.zeros((BLOCK,), tl.float64)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=-1e300)
        m_new = tl.maximum(m, x)
        s = s * tl.exp(m - m_new) + tl.exp(x - m_new)
        m = m_new
    top = tl.max(m, axis=0)
    tl.store(out_ptr + row, top + tl.log(tl.sum(s * tl.exp(m - top), axis=0)))


@triton.jit
def grouped_gemm_tutorial(group_a_ptrs, group_b_ptrs, group_c_ptrs, group_gemm_sizes, g_lds,
                          group_size, NUM_SM: tl.constexpr, BM: tl.constexpr,
                          BN: tl.constexpr, BK: tl.constexpr):
    # Triton's grouped GEMM tutorial: NUM_SM programs walk the tiles of every
    # problem in turn (a while loop per group); each problem's pointers,
    # sizes and leading dimensions are loaded; the K loop's loads are
    # unmasked, their pointers hinted 16-aligned.
    tile_idx = tl.program_id(0)
    last_problem_end = 0
    for g in range(group_size):
        gm = tl.load(group_gemm_sizes + g * 3)
        gn = tl.load(group_gemm_sizes + g * 3 + 1)
        gk = tl.load(group_gemm_sizes + g * 3 + 2)
        num_m_tiles = tl.cdiv(gm, BM)
        num_n_tiles = tl.cdiv(gn, BN)
        num_tiles = num_m_tiles * num_n_tiles
        while tile_idx >= last_problem_end and tile_idx < last_problem_end + num_tiles:
            k = gk
            lda = tl.load(g_lds + g * 3)
            ldb = tl.load(g_lds + g * 3 + 1)
            ldc = tl.load(g_lds + g * 3 + 2)
            a_ptr = tl.load(group_a_ptrs + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(group_b_ptrs + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(group_c_ptrs + g).to(tl.pointer_type(tl.float16))
            tile_idx_in_gemm = tile_idx - last_problem_end
            tile_m_idx = tile_idx_in_gemm // num_n_tiles
            tile_n_idx = tile_idx_in_gemm % num_n_tiles
            offs_am = tile_m_idx * BM + tl.arange(0, BM)
            offs_bn = tile_n_idx * BN + tl.arange(0, BN)
            offs_k = tl.arange(0, BK)
            a_ptrs = a_ptr + offs_am[:, None] * lda + offs_k[None, :]
            b_ptrs = b_ptr + offs_k[:, None] * ldb + offs_bn[None, :]
            accumulator = tl.zeros((BM, BN), dtype=tl.float32)
            for kk in range(0, tl.cdiv(k, BK)):
                tl.multiple_of(a_ptrs, [16, 16])
                tl.multiple_of(b_ptrs, [16, 16])
                a = tl.load(a_ptrs)
                b = tl.load(b_ptrs)
                accumulator += tl.dot(a, b)
                a_ptrs += BK
                b_ptrs += BK * ldb
            c = accumulator.to(tl.float16)
            offs_cm = tile_m_idx * BM + tl.arange(0, BM)
            offs_cn = tile_n_idx * BN + tl.arange(0, BN)
            c_ptrs = c_ptr + ldc * offs_cm[:, None] + offs_cn[None, :]
            tl.store(c_ptrs, c)
            tile_idx += NUM_SM
        last_problem_end = last_problem_end + num_tiles
