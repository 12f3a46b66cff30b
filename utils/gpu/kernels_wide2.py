"""The second wide sweep's kernels (utils/gpu/sweep_wide2.py): more of the
kinds of Triton kernel real libraries ship (an online softmax, nucleus
filtering, int8 and NF4 quantization, a Mamba-style convolution, pooling,
LoRA, split-precision and mixed fp8 dots, jagged segments, inline PTX,
libdevice bit counts, warp specialization), each built on a construct the
first sweep (kernels_wide.py) and kernels.py do not use. Run by
utils/gpu/harness.py as sweep2_* cases, each checked against PyTorch or
Triton's own compile."""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def online_softmax(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    # Softmax of a bf16 row longer than the block, in two passes: the first
    # keeps a running max and a rescaled sum per lane over the column blocks
    # (lanes folded together at the end), the second writes exp(x - m) / s.
    row = tl.program_id(0).to(tl.int64)
    x_ptr += row * N
    y_ptr += row * N
    m = tl.full((BLOCK,), -1e30, tl.float32)
    s = tl.zeros((BLOCK,), tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=float("-inf")).to(tl.float32)
        m_new = tl.maximum(m, x)
        s = s * tl.exp(m - m_new) + tl.exp(x - m_new)
        m = m_new
    row_max = tl.max(m, axis=0)
    inv = 1.0 / tl.sum(s * tl.exp(m - row_max), axis=0)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=float("-inf")).to(tl.float32)
        tl.store(y_ptr + cols, (tl.exp(x - row_max) * inv).to(tl.bfloat16), mask=cols < N)


@triton.jit
def top_p_mask(p_ptr, out_ptr, top_p, N: tl.constexpr):
    # Nucleus (top-p) filtering of a row of N fp32 probabilities: sorted in
    # descending order, a value is kept while the sum of those before it is
    # below top_p; the sorted row is stored, the dropped values zeroed.
    row = tl.program_id(0)
    cols = tl.arange(0, N)
    p = tl.load(p_ptr + row * N + cols)
    srt = tl.sort(p, descending=True)
    before = tl.cumsum(srt, axis=0) - srt
    tl.store(out_ptr + row * N + cols, tl.where(before < top_p, srt, 0.0))


@triton.jit
def quant_int8_rows(x_ptr, q_ptr, scale_ptr, N, BLOCK: tl.constexpr):
    # Per-token int8 quantization of bf16 rows: scale = absmax / 127,
    # q = rint(x / scale) by libdevice, stored as int8 with the row's scale.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    scale = tl.maximum(tl.max(tl.abs(x), axis=0), 1e-8) / 127.0
    q = libdevice.rint(x / scale)
    tl.store(q_ptr + row * N + cols, q.to(tl.int8), mask=mask)
    tl.store(scale_ptr + row, scale)


@triton.jit
def absmax_atomic(x_ptr, amax_ptr, n, BLOCK: tl.constexpr):
    # The absolute maximum of an fp16 tensor (an fp8 scaling pre-pass): each
    # program reduces its block and folds it into *amax by an fp32
    # tl.atomic_max.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)
    tl.atomic_max(amax_ptr, tl.max(tl.abs(x), axis=0), sem="relaxed")


@triton.jit
def causal_conv1d(x_ptr, w_ptr, b_ptr, y_ptr, D, T, WIDTH: tl.constexpr, BD: tl.constexpr,
                  BT: tl.constexpr):
    # Mamba's causal depthwise conv1d with SiLU on x [batch, dim, time] fp16:
    # y[b, d, t] = silu(bias[d] + sum_k w[d, k] * x[b, d, t - WIDTH + 1 + k]),
    # WIDTH shifted loads (tl.static_range) masked before the sequence start.
    rt = tl.program_id(0) * BT + tl.arange(0, BT)
    rd = tl.program_id(1) * BD + tl.arange(0, BD)
    base = tl.program_id(2).to(tl.int64) * D * T
    d_ok = rd < D
    bias = tl.load(b_ptr + rd, mask=d_ok, other=0.0).to(tl.float32)
    acc = tl.zeros((BD, BT), tl.float32) + bias[:, None]
    for k in tl.static_range(WIDTH):
        t = rt - (WIDTH - 1) + k
        w = tl.load(w_ptr + rd * WIDTH + k, mask=d_ok, other=0.0).to(tl.float32)
        x = tl.load(x_ptr + base + rd[:, None] * T + t[None, :],
                    mask=d_ok[:, None] & (t[None, :] >= 0) & (rt[None, :] < T), other=0.0)
        acc += w[:, None] * x.to(tl.float32)
    y = acc * tl.sigmoid(acc)
    tl.store(y_ptr + base + rd[:, None] * T + rt[None, :], y.to(tl.float16),
             mask=d_ok[:, None] & (rt[None, :] < T))


@triton.jit
def max_pool_3x3s2(x_ptr, y_ptr, H, W, OH, OW, BLOCK: tl.constexpr):
    # 2-D max pooling, 3x3 window, stride 2, padding 1, on NCHW fp16: one
    # program per (plane, block of output pixels), the window's nine taps
    # unrolled by tl.static_range, out-of-image taps read as -inf.
    plane = tl.program_id(0).to(tl.int64)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    valid = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    src = x_ptr + plane * H * W
    acc = tl.full((BLOCK,), float("-inf"), tl.float16)
    for kh in tl.static_range(3):
        for kw in tl.static_range(3):
            ih = oh * 2 - 1 + kh
            iw = ow * 2 - 1 + kw
            ok = valid & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            acc = tl.maximum(acc, tl.load(src + ih * W + iw, mask=ok, other=float("-inf")))
    tl.store(y_ptr + plane * OH * OW + offs, acc, mask=valid)


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
def matmul_a_kmajor(at_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                    BK: tl.constexpr):
    # fp16 C = A @ B with A given K-major as At [K, M] (a backward pass's
    # X^T @ dY): each A tile is loaded [BK, BM] and transposed by tl.trans.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        at = tl.load(at_ptr + kk[:, None] * M + rm[None, :],
                     mask=(kk[:, None] < K) & (rm[None, :] < M), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(tl.trans(at), b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_fp8_mixed(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    # Mixed fp8: e4m3 A [M, K] times e5m2 B given K-major [N, K] (as for
    # activations times gradients), fp32 accumulation, fp16 out.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rn[:, None] * K + kk[None, :],
                    mask=(rn[:, None] < N) & (kk[None, :] < K), other=0.0)
        acc = tl.dot(a, tl.trans(b), acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_acc16_promote(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                         BK: tl.constexpr, PROMOTE: tl.constexpr):
    # fp16 dots accumulated in fp16 (out_dtype=tl.float16) over PROMOTE K
    # blocks, each partial sum then added into an fp32 accumulator (the
    # periodic promotion of fp8 GEMMs' fast accumulation), fp16 out.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK * PROMOTE):
        part = tl.zeros((BM, BN), dtype=tl.float16)
        for i in tl.static_range(PROMOTE):
            kk = k0 + i * BK + rk
            a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                        mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                        mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
            part = tl.dot(a, b, part, out_dtype=tl.float16)
        acc += part.to(tl.float32)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_f32_split(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr, PRECISION: tl.constexpr):
    # fp32 C = A @ B at about fp32 precision on bf16 tensor cores:
    # input_precision "bf16x3" (each operand split into two bf16 parts, three
    # dots) or "bf16x6" (three parts, six dots).
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def lora_matmul(x_ptr, w_ptr, la_ptr, lb_ptr, out_ptr, M, N, K, scaling, BM: tl.constexpr,
                BN: tl.constexpr, BK: tl.constexpr, R: tl.constexpr):
    # A LoRA layer: out = x @ W + scaling * (x @ A) @ B for fp16 x [M, K],
    # W [K, N], A [K, R], B [R, N], rank R = 16: x @ A (a dot of N = R) rides
    # the main K loop on the same x tile, then one dot of K = R.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    rr = tl.arange(0, R)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    xa = tl.zeros((BM, R), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        x = tl.load(x_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        la = tl.load(la_ptr + kk[:, None] * R + rr[None, :], mask=kk[:, None] < K, other=0.0)
        acc = tl.dot(x, w, acc)
        xa = tl.dot(x, la, xa)
    lb = tl.load(lb_ptr + rr[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
    acc = tl.dot((xa * scaling).to(tl.float16), lb, acc)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def nf4_dequant(packed_ptr, absmax_ptr, lut_ptr, out_ptr, n_bytes, QBLOCK: tl.constexpr,
                BLOCK: tl.constexpr):
    # bitsandbytes-style NF4 dequantization: each byte holds two 4-bit codes
    # (high nibble first), each decoded by a 16-entry fp32 table loaded by
    # index and scaled by its QBLOCK-element block's absmax; the two values
    # interleaved into fp16 out.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_bytes
    byte = tl.load(packed_ptr + offs, mask=mask, other=0)
    hi = tl.load(lut_ptr + (byte >> 4).to(tl.int32))
    lo = tl.load(lut_ptr + (byte & 0xF).to(tl.int32))
    scale = tl.load(absmax_ptr + offs // (QBLOCK // 2), mask=mask, other=0.0)
    vals = tl.interleave(hi * scale, lo * scale).to(tl.float16)
    outs = tl.program_id(0) * (2 * BLOCK) + tl.arange(0, 2 * BLOCK)
    tl.store(out_ptr + outs, vals, mask=outs < 2 * n_bytes)


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
def kl_div_rows(t_ptr, s_ptr, logq_ptr, kl_ptr, N, BLOCK: tl.constexpr):
    # Distillation loss per row: KL(p || q) for p = softmax(teacher) and
    # q = softmax(student), both fp16 logits cast to fp32; the student's
    # log-softmax is stored back as fp16.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    t = tl.load(t_ptr + row * N + cols, mask=mask, other=float("-inf")).to(tl.float32)
    s = tl.load(s_ptr + row * N + cols, mask=mask, other=float("-inf")).to(tl.float32)
    t_shift = t - tl.max(t, axis=0)
    s_shift = s - tl.max(s, axis=0)
    logp = t_shift - tl.log(tl.sum(tl.exp(t_shift), axis=0))
    logq = s_shift - tl.log(tl.sum(tl.exp(s_shift), axis=0))
    kl = tl.sum(tl.where(mask, tl.exp(logp) * (logp - logq), 0.0), axis=0)
    tl.store(logq_ptr + row * N + cols, logq.to(tl.float16), mask=mask)
    tl.store(kl_ptr + row, kl)


@triton.jit
def reverse_cumprod(x_ptr, y_ptr, n_rows, N: tl.constexpr, ROWS: tl.constexpr):
    # Suffix products along rows (discount factors of returns to go): ROWS
    # rows of N fp32 per program, tl.cumprod(reverse=True).
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    c = tl.arange(0, N)
    mask = (r < n_rows)[:, None]
    x = tl.load(x_ptr + r[:, None] * N + c[None, :], mask=mask, other=1.0)
    tl.store(y_ptr + r[:, None] * N + c[None, :], tl.cumprod(x, axis=1, reverse=True), mask=mask)


@triton.jit
def desc3d_scale(x_ptr, s_ptr, y_ptr, B, M, N, BB: tl.constexpr, BM: tl.constexpr,
                 BN: tl.constexpr):
    # A per-matrix scale of a batch x [B, M, N] fp16 through rank-3 tensor
    # descriptors made in the kernel whose blocks [BB, BM, BN] span several
    # matrices (BB > 1): y[b] = x[b] * s[b], edges clipped by TMA.
    x_d = tl.make_tensor_descriptor(x_ptr, shape=[B, M, N], strides=[M * N, N, 1],
                                    block_shape=[BB, BM, BN])
    y_d = tl.make_tensor_descriptor(y_ptr, shape=[B, M, N], strides=[M * N, N, 1],
                                    block_shape=[BB, BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    ob = tl.program_id(2) * BB
    rb = ob + tl.arange(0, BB)
    s = tl.load(s_ptr + rb, mask=rb < B, other=0.0)
    x = x_d.load([ob, om, on])
    y_d.store([ob, om, on], (x.to(tl.float32) * s[:, None, None]).to(tl.float16))


@triton.jit
def jagged_mean(values_ptr, offsets_ptr, out_ptr, D, BL: tl.constexpr, BD: tl.constexpr):
    # The mean of each variable-length segment of a jagged [total, D] fp32
    # tensor (segment i is rows offsets[i] .. offsets[i + 1]), one (segment,
    # column block) per program: a loop over the segment's rows with bounds
    # read from memory, 2-D loads summed over axis 0; empty segments give 0.
    seg = tl.program_id(0)
    rd = tl.program_id(1) * BD + tl.arange(0, BD)
    start = tl.load(offsets_ptr + seg)
    end = tl.load(offsets_ptr + seg + 1)
    acc = tl.zeros((BD,), tl.float32)
    for r0 in range(start, end, BL):
        rows = r0 + tl.arange(0, BL)
        x = tl.load(values_ptr + rows[:, None] * D + rd[None, :],
                    mask=(rows[:, None] < end) & (rd[None, :] < D), other=0.0)
        acc += tl.sum(x, axis=0)
    mean = acc / tl.maximum(end - start, 1).to(tl.float32)
    tl.store(out_ptr + seg * D + rd, mean, mask=rd < D)


@triton.jit
def _argmax_first(v1, i1, v2, i2):
    take = (v2 > v1) | ((v2 == v1) & (i2 < i1))
    return tl.where(take, v2, v1), tl.where(take, i2, i1)


@triton.jit
def _max_of(a, b):
    return tl.maximum(a, b)


@triton.jit
def argmax_suffix_max(x_ptr, val_ptr, idx_ptr, smax_ptr, N: tl.constexpr, ROWS: tl.constexpr):
    # Per row of a ROWS x N int32 block: the max and its first index by
    # tl.reduce over (value, index) along axis 1 (ties to the lower index),
    # and the suffix max by tl.associative_scan(reverse=True).
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    c = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + c[None, :])
    idx = tl.zeros((ROWS, N), tl.int32) + c[None, :]
    value, index = tl.reduce((x, idx), 1, _argmax_first)
    tl.store(val_ptr + r, value)
    tl.store(idx_ptr + r, index)
    tl.store(smax_ptr + r[:, None] * N + c[None, :],
             tl.associative_scan(x, 1, _max_of, reverse=True))


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
def scatter_add_bf16(src_ptr, idx_ptr, out_ptr, n, D: tl.constexpr, BLOCK_T: tl.constexpr):
    # index_add_ of bf16 rows: out[idx[t]] += src[t] for int32 indices, by
    # bf16 atomics (sm_90's atom.add.bf16) in the default acq_rel order.
    t = tl.program_id(0) * BLOCK_T + tl.arange(0, BLOCK_T)
    ok = t < n
    rows = tl.load(idx_ptr + t, mask=ok, other=0)
    d = tl.arange(0, D)
    src = tl.load(src_ptr + t[:, None] * D + d[None, :], mask=ok[:, None], other=0.0)
    tl.atomic_add(out_ptr + rows[:, None] * D + d[None, :], src, mask=ok[:, None])


@triton.jit
def int8_gemm_requant(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K, mult, BM: tl.constexpr,
                      BN: tl.constexpr, BK: tl.constexpr, SHIFT: tl.constexpr):
    # int8 A [M, K] times int8 B [K, N], int32 accumulation, then integer
    # requantization as gemmlowp does: (acc + bias[n]) * mult, rounded right
    # by SHIFT bits in int64, clamped to int8.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0)
    scaled = (acc + bias[None, :]).to(tl.int64) * mult
    q = (scaled + (1 << (SHIFT - 1))) >> SHIFT  # SHIFT <= 31: the half is an int32 constant
    q = tl.minimum(tl.maximum(q, -128), 127)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], q.to(tl.int8),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


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
def matmul_desc_ws(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    # fp16 C = A @ B with B given K-major [N, K], through tensor descriptors
    # made in the kernel, the K loop a tl.range with warp_specialize=True
    # (TMA producer and MMA consumer warps), as Triton's tutorial 09.
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=True):
        a = a_d.load([om, k * BK])
        b = b_d.load([on, k * BK])
        acc = tl.dot(a, b.T, acc)
    c_d.store([om, on], acc.to(tl.float16))
