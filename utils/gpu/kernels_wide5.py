"""The fifth wide sweep's kernels (sweep_wide5.py): layer-norm weight
gradients as partial column sums over row tiles, flash decoding's split-KV
partials, a fused residual RMS norm with int8 quantization, a 2-D
histogram by atomics, batched GEMVs as 3-D reductions, a depthwise
convolution over shifted loads, a segmented scan, a matmul stored
transposed, attention whose value head is twice the key head, an argmax
over a 3-D tile's middle axis, a masked mean over variable lengths and the
tanh-GELU backward."""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def layer_norm_dwdb(dy_ptr, xhat_ptr, dw_ptr, db_ptr, M, N, ROWS_PER_PROG,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Partial sums of dy * xhat and dy over ROWS_PER_PROG rows, one row of
    # partials per program.
    pid = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    dw = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    db = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    start = pid * ROWS_PER_PROG
    for r in range(start, start + ROWS_PER_PROG, BLOCK_M):
        rows = r + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dy = tl.load(dy_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        xhat = tl.load(xhat_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        dw += dy * xhat
        db += dy
    tl.store(dw_ptr + pid * N + cols, tl.sum(dw, 0), mask=cols < N)
    tl.store(db_ptr + pid * N + cols, tl.sum(db, 0), mask=cols < N)


@triton.jit
def flash_decode_split(q_ptr, k_ptr, v_ptr, m_ptr, l_ptr, acc_ptr, seq_len, sm_scale,
                       CHUNK: tl.constexpr, BLOCK_N: tl.constexpr, D: tl.constexpr):
    # One query row per head against one CHUNK of the keys: the chunk's
    # running max, sum and unnormalized output (flash decoding's first pass).
    head = tl.program_id(0)
    split = tl.program_id(1)
    splits = tl.num_programs(1)
    d = tl.arange(0, D)
    q = tl.load(q_ptr + head * D + d).to(tl.float32)
    m_i = tl.full([], float("-inf"), tl.float32)
    l_i = tl.full([], 0.0, tl.float32)
    acc = tl.zeros([D], tl.float32)
    base = head.to(tl.int64) * seq_len * D
    for start in range(split * CHUNK, (split + 1) * CHUNK, BLOCK_N):
        n = start + tl.arange(0, BLOCK_N)
        valid = n < seq_len
        k = tl.load(k_ptr + base + n[:, None] * D + d[None, :], mask=valid[:, None], other=0.0)
        s = tl.sum(k.to(tl.float32) * q[None, :], 1) * sm_scale
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 0))
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
        p = tl.exp(s - m_safe)
        alpha = tl.exp(m_i - m_safe)
        v = tl.load(v_ptr + base + n[:, None] * D + d[None, :], mask=valid[:, None], other=0.0)
        acc = acc * alpha + tl.sum(p[:, None] * v.to(tl.float32), 0)
        l_i = l_i * alpha + tl.sum(p, 0)
        m_i = m_new
    out = head * splits + split
    tl.store(m_ptr + out, m_i)
    tl.store(l_ptr + out, l_i)
    tl.store(acc_ptr + out * D + d, acc)


@triton.jit
def rms_norm_residual_int8(x_ptr, res_ptr, w_ptr, sum_ptr, q_ptr, scale_ptr, N, eps,
                           BLOCK: tl.constexpr):
    # s = x + residual (written back), y = rms_norm(s) * w, quantized to
    # int8 with a per-row absmax scale.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    r = tl.load(res_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    s = x + r
    tl.store(sum_ptr + row * N + cols, s.to(tl.float16), mask=mask)
    rstd = 1.0 / tl.sqrt(tl.sum(s * s, 0) / N + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    y = s * rstd * w
    scale = tl.maximum(tl.max(tl.abs(y), 0), 1e-8) / 127.0
    q = libdevice.rint(y / scale)
    tl.store(q_ptr + row * N + cols, q.to(tl.int8), mask=mask)
    tl.store(scale_ptr + row, scale)


@triton.jit
def histogram_2d(x_ptr, y_ptr, hist_ptr, n, BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    bx = tl.minimum(tl.maximum((x * BINS).to(tl.int32), 0), BINS - 1)
    by = tl.minimum(tl.maximum((y * BINS).to(tl.int32), 0), BINS - 1)
    tl.atomic_add(hist_ptr + by * BINS + bx, 1, mask=mask)


@triton.jit
def batched_gemv_3d(a_ptr, x_ptr, y_ptr, N, K, BB: tl.constexpr, BLOCK_N: tl.constexpr,
                    BLOCK_K: tl.constexpr):
    # y[b] = A[b] @ x[b] for BB matrices at a time, as a 3-D multiply and a
    # reduction over the last axis.
    bs = tl.program_id(0) * BB + tl.arange(0, BB)
    ns = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros([BB, BLOCK_N], tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + bs[:, None, None] * N * K + ns[None, :, None] * K + ks[None, None, :],
                    mask=(ns[None, :, None] < N) & (ks[None, None, :] < K), other=0.0)
        x = tl.load(x_ptr + bs[:, None] * K + ks[None, :], mask=ks[None, :] < K, other=0.0)
        acc += tl.sum(a.to(tl.float32) * x.to(tl.float32)[:, None, :], 2)
    tl.store(y_ptr + bs[:, None] * N + ns[None, :], acc, mask=ns[None, :] < N)


@triton.jit
def depthwise_conv1d(x_ptr, w_ptr, y_ptr, L, C, TAPS: tl.constexpr, BLOCK_L: tl.constexpr,
                     BLOCK_C: tl.constexpr):
    # y[l, c] = sum_t x[l + t - TAPS // 2, c] * w[t, c], zero-padded, for
    # [L, C] channels-last x.
    ls = tl.program_id(0) * BLOCK_L + tl.arange(0, BLOCK_L)
    cs = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    acc = tl.zeros([BLOCK_L, BLOCK_C], tl.float32)
    for t in tl.static_range(TAPS):
        src = ls + t - TAPS // 2
        ok = (src >= 0) & (src < L)
        x = tl.load(x_ptr + src[:, None] * C + cs[None, :], mask=ok[:, None] & (cs[None, :] < C),
                    other=0.0)
        w = tl.load(w_ptr + t * C + cs, mask=cs < C, other=0.0)
        acc += x.to(tl.float32) * w.to(tl.float32)[None, :]
    tl.store(y_ptr + ls[:, None] * C + cs[None, :], acc.to(tl.float16),
             mask=(ls[:, None] < L) & (cs[None, :] < C))


@triton.jit
def _segmented_add(v1, f1, v2, f2):
    # A segment starts where the flag is set: the sum restarts there.
    return tl.where(f2 != 0, v2, v1 + v2), f1 | f2


@triton.jit
def segmented_scan(x_ptr, flag_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    f = tl.load(flag_ptr + offs).to(tl.int32)
    y, _ = tl.associative_scan((x, f), 0, _segmented_add)
    tl.store(y_ptr + offs, y)


@triton.jit
def matmul_store_transposed(a_ptr, b_ptr, ct_ptr, bias_ptr, M, N, K, BM: tl.constexpr,
                            BN: tl.constexpr, BK: tl.constexpr):
    # C^T = relu(A @ B + bias)^T, written as an [N, M] matrix.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0)
    c = tl.maximum(acc + bias[None, :].to(tl.float32), 0.0)
    tl.store(ct_ptr + rn[None, :] * M + rm[:, None], c.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def attention_wide_v(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr, DK: tl.constexpr, DV: tl.constexpr):
    # Non-causal attention whose value head (DV) is twice the key head (DK).
    start_m = tl.program_id(0)
    head = tl.program_id(1).to(tl.int64)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dk = tl.arange(0, DK)
    dv = tl.arange(0, DV)
    q = tl.load(q_ptr + head * seq_len * DK + offs_m[:, None] * DK + dk[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, DV], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    for start_n in range(0, seq_len, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + head * seq_len * DK + offs_n[:, None] * DK + dk[None, :],
                    mask=offs_n[:, None] < seq_len, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * qk_scale
        qk = tl.where(offs_n[None, :] < seq_len, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + head * seq_len * DV + offs_n[:, None] * DV + dv[None, :],
                    mask=offs_n[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(o_ptr + head * seq_len * DV + offs_m[:, None] * DV + dv[None, :],
             (acc / l_i[:, None]).to(tl.float16), mask=offs_m[:, None] < seq_len)


@triton.jit
def argmax_middle(x_ptr, idx_ptr, max_ptr, A: tl.constexpr, B: tl.constexpr,
                  C: tl.constexpr):
    # Over each [A, B, C] block: the index and value of the largest element
    # along B.
    a = tl.arange(0, A)
    b = tl.arange(0, B)
    c = tl.arange(0, C)
    base = tl.program_id(0) * A * B * C
    x = tl.load(x_ptr + base + a[:, None, None] * B * C + b[None, :, None] * C + c[None, None, :])
    value, index = tl.max(x, 1, return_indices=True)
    out = tl.program_id(0) * A * C + a[:, None] * C + c[None, :]
    tl.store(idx_ptr + out, index)
    tl.store(max_ptr + out, value)


@triton.jit
def masked_mean_pool(x_ptr, len_ptr, y_ptr, L, D, BLOCK_L: tl.constexpr, BLOCK_D: tl.constexpr):
    # y[b] = mean of x[b, :len[b]] over [B, L, D] x, D split over programs.
    b = tl.program_id(0)
    ds = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    length = tl.load(len_ptr + b)
    acc = tl.zeros([BLOCK_D], tl.float32)
    for l0 in range(0, length, BLOCK_L):
        ls = l0 + tl.arange(0, BLOCK_L)
        x = tl.load(x_ptr + b.to(tl.int64) * L * D + ls[:, None] * D + ds[None, :],
                    mask=(ls[:, None] < length) & (ds[None, :] < D), other=0.0)
        acc += tl.sum(x.to(tl.float32), 0)
    tl.store(y_ptr + b * D + ds, acc / tl.maximum(length, 1).to(tl.float32), mask=ds < D)


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
