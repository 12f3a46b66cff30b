"""The seventh wide sweep's kernels (sweep_wide7.py): fp8 attention (both
dots in e4m3, V loaded N-major), a linear layer on a [N, K] weight with
64-bit offsets, a bias and SiLU, cross-entropy over a vocabulary computed by
dots tile by tile, a one-warpgroup 64x256 bf16 matmul whose loop asks for
its own stage count, attention through block pointers, MoE's align-block-size
bookkeeping, chunked linear attention (a loop-carried state used as a dot
operand), interleaved rotary embedding by reshape/split/join, and a
grid-stride GELU loop whose step is tl.num_programs."""
import triton
import triton.language as tl


@triton.jit
def attention_fp8(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len, BM: tl.constexpr,
                  BN: tl.constexpr, D: tl.constexpr):
    # e4m3 q, k, v; P rounded to e4m3 for the second dot; fp16 output.
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * seq_len * D
    offs_m = start_m * BM + tl.arange(0, BM)
    d = tl.arange(0, D)
    q = tl.load(q_ptr + base + offs_m[:, None] * D + d[None, :], mask=offs_m[:, None] < seq_len,
                other=0.0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in range(0, seq_len, BN):
        offs_n = start_n + tl.arange(0, BN)
        kt = tl.load(k_ptr + base + offs_n[None, :] * D + d[:, None],
                     mask=offs_n[None, :] < seq_len, other=0.0)
        s = tl.dot(q, kt) * qk_scale
        s = tl.where(offs_n[None, :] < seq_len, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.math.exp2(s - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + base + offs_n[:, None] * D + d[None, :],
                    mask=offs_n[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float8e4nv), v)
        m_i = m_new
    tl.store(o_ptr + base + offs_m[:, None] * D + d[None, :], (acc / l_i[:, None]).to(tl.float16),
             mask=offs_m[:, None] < seq_len)


@triton.jit
def linear_silu(x_ptr, w_ptr, bias_ptr, y_ptr, M, N, K, stride_xm, stride_wn, stride_ym,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # y = silu(x @ w^T + bias): bf16 x [M, K], w [N, K] (nn.Linear's), fp32
    # bias, bf16 y; row offsets in 64 bits.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    x_rows = x_ptr + rm.to(tl.int64)[:, None] * stride_xm
    w_rows = w_ptr + rn.to(tl.int64)[None, :] * stride_wn
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        x = tl.load(x_rows + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_rows + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc = tl.dot(x, w, acc)
    acc += tl.load(bias_ptr + rn, mask=rn < N, other=0.0)[None, :]
    y = acc * tl.sigmoid(acc)
    tl.store(y_ptr + rm.to(tl.int64)[:, None] * stride_ym + rn[None, :], y.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def linear_cross_entropy(x_ptr, w_ptr, target_ptr, loss_ptr, M, V, BM: tl.constexpr,
                         BV: tl.constexpr, D: tl.constexpr):
    # loss[m] = logsumexp(x[m] @ w^T) - (x[m] @ w^T)[target[m]], the logits
    # made BV columns at a time and never stored; int64 targets.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    d = tl.arange(0, D)
    x = tl.load(x_ptr + rm[:, None] * D + d[None, :], mask=rm[:, None] < M, other=0.0)
    target = tl.load(target_ptr + rm, mask=rm < M, other=0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    picked = tl.zeros([BM], tl.float32)
    for v0 in range(0, V, BV):
        cols = v0 + tl.arange(0, BV)
        wt = tl.load(w_ptr + cols[None, :] * D + d[:, None], mask=cols[None, :] < V, other=0.0)
        logits = tl.dot(x, wt)
        logits = tl.where(cols[None, :] < V, logits, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(logits, 1))
        l_i = l_i * tl.exp(m_i - m_new) + tl.sum(tl.exp(logits - m_new[:, None]), 1)
        m_i = m_new
        hit = cols[None, :].to(tl.int64) == target[:, None]
        picked += tl.sum(tl.where(hit, logits, 0.0), 1)
    tl.store(loss_ptr + rm, m_i + tl.log(l_i) - picked, mask=rm < M)


@triton.jit
def matmul_wide_n(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr, GROUP_M: tl.constexpr):
    # One warpgroup on a 64x256 tile, bf16 in, fp32 out; the loop's own
    # num_stages (4) overrides the kernel's.
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = pid // (GROUP_M * num_n)
    first_m = group * GROUP_M
    size_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % size_m)
    pid_n = (pid % (GROUP_M * num_n)) // size_m
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in tl.range(0, K, BK, num_stages=4):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def attention_blockptr(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len, BM: tl.constexpr,
                       BN: tl.constexpr, D: tl.constexpr):
    # Non-causal fp16 attention through block pointers: K read transposed
    # by its order, every load bounds-checked.
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * seq_len * D
    q_blk = tl.make_block_ptr(q_ptr + base, (seq_len, D), (D, 1), (start_m * BM, 0), (BM, D),
                              (1, 0))
    kt_blk = tl.make_block_ptr(k_ptr + base, (D, seq_len), (1, D), (0, 0), (D, BN), (0, 1))
    v_blk = tl.make_block_ptr(v_ptr + base, (seq_len, D), (D, 1), (0, 0), (BN, D), (1, 0))
    q = tl.load(q_blk, boundary_check=(0,), padding_option="zero")
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in range(0, seq_len, BN):
        kt = tl.load(kt_blk, boundary_check=(1,), padding_option="zero")
        s = tl.dot(q, kt) * qk_scale
        s = tl.where((start_n + tl.arange(0, BN))[None, :] < seq_len, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.math.exp2(s - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_blk, boundary_check=(0,), padding_option="zero")
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
        kt_blk = tl.advance(kt_blk, (0, BN))
        v_blk = tl.advance(v_blk, (BN, 0))
    o_blk = tl.make_block_ptr(o_ptr + base, (seq_len, D), (D, 1), (start_m * BM, 0), (BM, D),
                              (1, 0))
    tl.store(o_blk, (acc / l_i[:, None]).to(tl.float16), boundary_check=(0,))


@triton.jit
def moe_align(ids_ptr, sorted_ptr, expert_ptr, total_ptr, numel, E: tl.constexpr,
              BS: tl.constexpr, CHUNK: tl.constexpr):
    # Program e: every expert's token count (a compare matrix summed over
    # chunks), the block-padded offsets by a cumulative sum, then expert e's
    # token indices in order at its offset, its padding slots set to numel
    # and its blocks' expert ids.
    e = tl.program_id(0)
    experts = tl.arange(0, E)
    counts = tl.zeros([E], tl.int32)
    for start in range(0, numel, CHUNK):
        offs = start + tl.arange(0, CHUNK)
        ids = tl.load(ids_ptr + offs, mask=offs < numel, other=E)
        counts += tl.sum((ids[:, None] == experts[None, :]).to(tl.int32), 0)
    padded = tl.cdiv(counts, BS) * BS
    ends = tl.cumsum(padded, 0)
    mine = experts == e
    my_start = tl.sum(tl.where(mine, ends - padded, 0), 0)
    my_count = tl.sum(tl.where(mine, counts, 0), 0)
    my_padded = tl.sum(tl.where(mine, padded, 0), 0)
    running = 0
    for start in range(0, numel, CHUNK):
        offs = start + tl.arange(0, CHUNK)
        ids = tl.load(ids_ptr + offs, mask=offs < numel, other=E)
        hit = ids == e
        pos = running + tl.cumsum(hit.to(tl.int32), 0) - 1
        tl.store(sorted_ptr + my_start + pos, offs, mask=hit)
        running += tl.sum(hit.to(tl.int32), 0)
    pad = tl.arange(0, BS)
    tl.store(sorted_ptr + my_start + my_count + pad, numel, mask=my_count + pad < my_padded)
    for blk in range(0, my_padded // BS):
        tl.store(expert_ptr + my_start // BS + blk, e)
    if e == 0:
        tl.store(total_ptr, tl.sum(padded, 0))


@triton.jit
def chunk_linear_attention(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, C: tl.constexpr,
                           D: tl.constexpr):
    # Causal linear attention chunk by chunk: o = q S + tril(q k^T) v, then
    # S += k^T v; S [D, D] in fp32, used as an fp16 dot operand.
    base = tl.program_id(0).to(tl.int64) * seq_len * D
    r = tl.arange(0, C)
    d = tl.arange(0, D)
    state = tl.zeros([D, D], tl.float32)
    for c0 in range(0, seq_len, C):
        rows = c0 + r
        off = base + rows[:, None] * D + d[None, :]
        q = tl.load(q_ptr + off)
        k = tl.load(k_ptr + off)
        v = tl.load(v_ptr + off)
        s = tl.dot(q, tl.trans(k))
        s = tl.where(r[:, None] >= r[None, :], s, 0.0)
        o = tl.dot(q, state.to(tl.float16)) + tl.dot(s.to(tl.float16), v)
        tl.store(o_ptr + off, o)
        state = tl.dot(tl.trans(k), v, state)


@triton.jit
def rope_interleaved(x_ptr, cos_ptr, sin_ptr, out_ptr, H: tl.constexpr, D: tl.constexpr):
    # GPT-J rotary embedding: pairs (2i, 2i+1) of every head of one token
    # rotated by angle i; bf16 x [T, H, D], fp32 cos/sin [T, D / 2].
    t = tl.program_id(0).to(tl.int64)
    h = tl.arange(0, H)
    d = tl.arange(0, D)
    x = tl.load(x_ptr + t * H * D + h[:, None] * D + d[None, :]).to(tl.float32)
    x0, x1 = tl.split(tl.reshape(x, [H, D // 2, 2]))
    half = tl.arange(0, D // 2)
    c = tl.load(cos_ptr + t * (D // 2) + half)[None, :]
    s = tl.load(sin_ptr + t * (D // 2) + half)[None, :]
    y = tl.reshape(tl.join(x0 * c - x1 * s, x0 * s + x1 * c), [H, D])
    tl.store(out_ptr + t * H * D + h[:, None] * D + d[None, :], y.to(tl.bfloat16))


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
