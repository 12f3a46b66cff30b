"""The sixth wide sweep's kernels (sweep_wide6.py): a matmul ordered by
tl.swizzle2d, causal attention on fp32 inputs through tf32 dots, a GEMM
with 16 output columns, an int8 GEMM with an int32 bias, a tile centred on
its two-level sum under a scalar condition, a flattened tile sorted, a 3x3
unfold with run-time division, two loops pipelined differently in one
kernel, and an embedding bag over CSR offsets."""
import triton
import triton.language as tl


@triton.jit
def matmul_swizzle2d(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr, GROUP: tl.constexpr):
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    pid_m, pid_n = tl.swizzle2d(tl.program_id(0), tl.program_id(1), num_m, num_n, GROUP)
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
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def attention_tf32_causal(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len, BLOCK: tl.constexpr,
                          D: tl.constexpr):
    # Causal attention with fp32 q, k, v: both dots in tf32.
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * seq_len * D
    offs_m = start_m * BLOCK + tl.arange(0, BLOCK)
    d = tl.arange(0, D)
    q = tl.load(q_ptr + base + offs_m[:, None] * D + d[None, :], mask=offs_m[:, None] < seq_len,
                other=0.0)
    m_i = tl.full([BLOCK], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK], tl.float32)
    acc = tl.zeros([BLOCK, D], tl.float32)
    for start_n in range(0, (start_m + 1) * BLOCK, BLOCK):
        offs_n = start_n + tl.arange(0, BLOCK)
        k = tl.load(k_ptr + base + offs_n[:, None] * D + d[None, :],
                    mask=offs_n[:, None] < seq_len, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="tf32") * sm_scale
        s = tl.where((offs_m[:, None] >= offs_n[None, :]) & (offs_n[None, :] < seq_len), s,
                     float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + base + offs_n[:, None] * D + d[None, :],
                    mask=offs_n[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p, v, input_precision="tf32")
        m_i = m_new
    tl.store(o_ptr + base + offs_m[:, None] * D + d[None, :], acc / l_i[:, None],
             mask=offs_m[:, None] < seq_len)


@triton.jit
def skinny_gemm(a_ptr, b_ptr, c_ptr, M, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # C[M, BN] = A[M, K] @ B[K, BN]: 16 output columns.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * BN + rn[None, :],
                    mask=(k0 + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc, mask=rm[:, None] < M)


@triton.jit
def int8_gemm_bias(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.int32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc + bias[None, :],
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def centred_tiles(x_ptr, y_ptr, total_ptr, R: tl.constexpr, C: tl.constexpr):
    # Each [R, C] tile minus its mean (a sum of row sums), odd tiles negated.
    pid = tl.program_id(0)
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    offs = pid * R * C + r[:, None] * C + c[None, :]
    x = tl.load(x_ptr + offs)
    x = tl.where(pid % 2 == 0, x, -x)
    total = tl.sum(tl.sum(x, 1), 0)
    tl.store(total_ptr + pid, total)
    tl.store(y_ptr + offs, x - total / (R * C))


@triton.jit
def sort_flat(x_ptr, y_ptr, R: tl.constexpr, C: tl.constexpr):
    # A [R, C] tile flattened and sorted, largest first.
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    base = tl.program_id(0) * R * C
    x = tl.load(x_ptr + base + r[:, None] * C + c[None, :])
    flat = tl.sort(tl.reshape(x, (R * C,)), descending=True)
    tl.store(y_ptr + base + tl.arange(0, R * C), flat)


@triton.jit
def unfold_3x3(x_ptr, cols_ptr, H, W, BLOCK: tl.constexpr):
    # cols[p, t] = x[h + t // 3 - 1, w + t % 3 - 1] for p = h * W + w, zero
    # outside; a row of 16 slots per position, the last 7 left alone.
    p = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    t = tl.arange(0, 16)
    h = p // W
    w = p % W
    hh = h[:, None] + t[None, :] // 3 - 1
    ww = w[:, None] + t[None, :] % 3 - 1
    inside = (hh >= 0) & (hh < H) & (ww >= 0) & (ww < W) & (p[:, None] < H * W)
    v = tl.load(x_ptr + hh * W + ww, mask=inside & (t[None, :] < 9), other=0.0)
    tl.store(cols_ptr + p[:, None] * 16 + t[None, :], v,
             mask=(p[:, None] < H * W) & (t[None, :] < 9))


@triton.jit
def two_loops(a_ptr, b_ptr, z_ptr, out_ptr, M, K, NZ, BM: tl.constexpr, BN: tl.constexpr,
              BK: tl.constexpr, BZ: tl.constexpr):
    # out[m] = sum_n (A @ B)[m, n] + sum_j z[m, j]: a dot loop pipelined in
    # two stages, then a reduction loop left alone.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in tl.range(0, K, BK, num_stages=2):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * BN + rn[None, :],
                    mask=(k0 + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    total = tl.sum(acc, 1)
    rz = tl.arange(0, BZ)
    for j0 in tl.range(0, NZ, BZ, num_stages=1):
        z = tl.load(z_ptr + rm[:, None] * NZ + (j0 + rz)[None, :],
                    mask=(rm[:, None] < M) & ((j0 + rz)[None, :] < NZ), other=0.0)
        total += tl.sum(z, 1)
    tl.store(out_ptr + rm, total, mask=rm < M)


@triton.jit
def embedding_bag(emb_ptr, idx_ptr, off_ptr, w_ptr, out_ptr, D: tl.constexpr):
    # out[b] = sum of w[i] * emb[idx[i]] over i in bag b's CSR range.
    bag = tl.program_id(0)
    d = tl.arange(0, D)
    start = tl.load(off_ptr + bag)
    end = tl.load(off_ptr + bag + 1)
    acc = tl.zeros([D], tl.float32)
    for i in range(start, end):
        row = tl.load(idx_ptr + i).to(tl.int64)
        acc += tl.load(emb_ptr + row * D + d).to(tl.float32) * tl.load(w_ptr + i)
    tl.store(out_ptr + bag * D + d, acc)
