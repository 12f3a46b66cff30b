"""The fourth wide sweep's kernels (sweep_wide4.py): kinds of Triton code
the earlier sweeps left out. Random streams, a data-dependent while loop,
integer reductions of 8-, 16- and 64-bit values, a selective (linear
recurrence) scan over a 2-D block, a block-sparse matmul through a lookup
table, multi-row bf16 softmax with keep_dims, a 3-D permute, bit tricks
through bitcasts and round-toward-zero, tiny batched dots on two warps,
attention with ALiBi and a sliding window, an int4 GEMV and a cumulative sum
as a dot with a triangular matrix made in registers."""
import triton
import triton.language as tl


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
def _mul(a, b):
    return a * b


@triton.jit
def int_reductions(x64_ptr, x8_ptr, x16_ptr, out_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, N)
    a = tl.load(x64_ptr + row * N + cols)
    b = tl.load(x8_ptr + row * N + cols)
    c = tl.load(x16_ptr + row * N + cols)
    o = out_ptr + row * 8
    tl.store(o + 0, tl.xor_sum(a, 0))
    tl.store(o + 1, tl.reduce((a & 7) | 1, 0, _mul))
    tl.store(o + 2, tl.max(b, 0).to(tl.int64))
    tl.store(o + 3, tl.min(b, 0).to(tl.int64))
    tl.store(o + 4, tl.sum(b.to(tl.int32), 0).to(tl.int64))
    tl.store(o + 5, tl.min(c, 0).to(tl.int64))
    tl.store(o + 6, tl.argmax(c, 0).to(tl.int64))
    tl.store(o + 7, tl.sum(c, 0).to(tl.int64))


@triton.jit
def _ssm_combine(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def selective_scan(a_ptr, b_ptr, h_ptr, T: tl.constexpr, D: tl.constexpr):
    # h[t] = a[t] * h[t - 1] + b[t] along the time axis of a [D, T] block.
    d = tl.arange(0, D)
    t = tl.arange(0, T)
    offs = tl.program_id(0) * D * T + d[:, None] * T + t[None, :]
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    _, h = tl.associative_scan((a, b), 1, _ssm_combine)
    tl.store(h_ptr + offs, h)


@triton.jit
def blocksparse_mm(a_ptr, b_ptr, c_ptr, lut_ptr, cnt_ptr, M, N, K, MAX_BLOCKS,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # C = A @ B where each row block of A has nonzero K blocks only where its
    # row of the lookup table says (cnt_ptr: how many).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    count = tl.load(cnt_ptr + pid_m)
    acc = tl.zeros([BM, BN], tl.float32)
    for i in range(0, count):
        kb = tl.load(lut_ptr + pid_m * MAX_BLOCKS + i)
        ks = kb * BK + offs_k
        a = tl.load(a_ptr + offs_m[:, None] * K + ks[None, :],
                    mask=(offs_m[:, None] < M) & (ks[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * N + offs_n[None, :],
                    mask=(ks[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc.to(tl.float16),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def softmax_rows_bf16(x_ptr, y_ptr, M, N, ROWS: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask,
                other=float("-inf")).to(tl.float32)
    m = tl.max(x, 1, keep_dims=True)
    e = tl.exp2((x - m) * 1.4426950408889634)
    s = tl.sum(e, 1, keep_dims=True)
    tl.store(y_ptr + rows[:, None] * N + cols[None, :], (e / s).to(tl.bfloat16), mask=mask)


@triton.jit
def permute3d(x_ptr, y_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    # One [A, B, C] block to [C, A, B].
    a = tl.arange(0, A)
    b = tl.arange(0, B)
    c = tl.arange(0, C)
    base = tl.program_id(0) * A * B * C
    x = tl.load(x_ptr + base + a[:, None, None] * B * C + b[None, :, None] * C
                + c[None, None, :])
    y = tl.permute(x, (2, 0, 1))
    tl.store(y_ptr + base + c[:, None, None] * A * B + a[None, :, None] * B + b[None, None, :],
             y)


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
def tiny_bmm(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
             BK: tl.constexpr):
    # One small [M, K] @ [K, N] product per program, K in steps of BK.
    batch = tl.program_id(0)
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, BK)
    acc = tl.zeros([M, N], tl.float32)
    for k0 in tl.range(0, K, BK):
        a = tl.load(a_ptr + batch * M * K + m[:, None] * K + (k0 + k)[None, :])
        b = tl.load(b_ptr + batch * K * N + (k0 + k)[:, None] * N + n[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + batch * M * N + m[:, None] * N + n[None, :], acc)


@triton.jit
def attention_alibi_window(q_ptr, k_ptr, v_ptr, o_ptr, slope_ptr, sm_scale, seq_len,
                           WINDOW: tl.constexpr, BLOCK_M: tl.constexpr,
                           BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    # Causal attention over the last WINDOW keys with an ALiBi bias
    # (-slope * distance); q, k, v, o are [heads, seq_len, HEAD_DIM].
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    base = head.to(tl.int64) * seq_len * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)
    slope = tl.load(slope_ptr + head) * 1.4426950408889634
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    lo = tl.maximum(start_m * BLOCK_M - WINDOW, 0) // BLOCK_N * BLOCK_N
    hi = tl.minimum((start_m + 1) * BLOCK_M, seq_len)
    for start_n in range(lo, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + offs_n[None, :] * HEAD_DIM + offs_d[:, None],
                    mask=offs_n[None, :] < seq_len, other=0.0)
        dist = offs_m[:, None] - offs_n[None, :]
        qk = tl.dot(q, k) * qk_scale - slope * dist.to(tl.float32)
        keep = (dist >= 0) & (dist < WINDOW) & (offs_n[None, :] < seq_len)
        qk = tl.where(keep, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        # A row with no key yet keeps a finite maximum.
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
        p = tl.math.exp2(qk - m_safe[:, None])
        alpha = tl.math.exp2(m_i - m_safe)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + base + offs_n[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=offs_n[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc.to(tl.float16),
             mask=offs_m[:, None] < seq_len)


@triton.jit
def int4_gemv(w_ptr, x_ptr, scale_ptr, y_ptr, N, K, BLOCK_N: tl.constexpr,
              BLOCK_K: tl.constexpr):
    # y = (W @ x) * scale, W's int4 values (biased by 8) packed two to a
    # byte, the low nibble first along K.
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    half = tl.arange(0, BLOCK_K // 2)
    acc = tl.zeros([BLOCK_N], tl.float32)
    for k0 in range(0, K, BLOCK_K):
        packed = tl.load(w_ptr + rows[:, None] * (K // 2) + (k0 // 2 + half)[None, :],
                         mask=rows[:, None] < N, other=0)
        lo = (packed & 0xF).to(tl.int8) - 8
        hi = (packed >> 4).to(tl.int8) - 8
        w = tl.reshape(tl.join(lo, hi), (BLOCK_N, BLOCK_K))
        x = tl.load(x_ptr + k0 + tl.arange(0, BLOCK_K))
        acc += tl.sum(w.to(tl.float32) * x.to(tl.float32)[None, :], 1)
    s = tl.load(scale_ptr + rows, mask=rows < N, other=0.0)
    tl.store(y_ptr + rows, (acc * s).to(tl.float16), mask=rows < N)


@triton.jit
def tril_dot_cumsum(x_ptr, y_ptr, T: tl.constexpr, D: tl.constexpr):
    # A chunk's cumulative sum along T as a dot with a lower-triangular
    # matrix of ones made in registers.
    t = tl.arange(0, T)
    d = tl.arange(0, D)
    offs = tl.program_id(0) * T * D + t[:, None] * D + d[None, :]
    x = tl.load(x_ptr + offs)
    tril = (t[:, None] >= t[None, :]).to(tl.float16)
    tl.store(y_ptr + offs, tl.dot(tril, x))
