"""The eighth wide sweep's kernels (sweep_wide8.py): dQ of attention summed
by fp32 atomics of a dot's tile, int8 activations dequantized into a wgmma's
A, a batched matmul over the grid's third axis, MoE top-2 routing (softmax,
two argmaxes, renormalization), a discounted return as a reverse tuple scan
down a 2-D tile's columns, softmax backward written in place in bf16, and
grouped-query decoding attention (four query heads of one key/value head as
a 16-row dot)."""
import triton
import triton.language as tl


@triton.jit
def dq_atomic(ds_ptr, k_ptr, dq_ptr, seq_len, BM: tl.constexpr, BN: tl.constexpr,
              D: tl.constexpr):
    # Program (m, n, head): dQ[m block] += dS[m block, n block] @ K[n block],
    # the n blocks of other programs summed by fp32 atomics of the dot's
    # tile, as split attention backward passes do.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    head = tl.program_id(2).to(tl.int64)
    d = tl.arange(0, D)
    ds = tl.load(ds_ptr + head * seq_len * seq_len + rm[:, None] * seq_len + rn[None, :],
                 mask=(rm[:, None] < seq_len) & (rn[None, :] < seq_len), other=0.0)
    k = tl.load(k_ptr + head * seq_len * D + rn[:, None] * D + d[None, :],
                mask=rn[:, None] < seq_len, other=0.0)
    dq = tl.dot(ds, k)
    tl.atomic_add(dq_ptr + head * seq_len * D + rm[:, None] * D + d[None, :], dq,
                  mask=rm[:, None] < seq_len, sem="relaxed")


@triton.jit
def int8_act_matmul(a_ptr, a_scale_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                    BN: tl.constexpr, BK: tl.constexpr):
    # C = (A_int8 * row scale) @ B: A dequantized to fp16 in registers.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    scale = tl.load(a_scale_ptr + rm, mask=rm < M, other=0.0)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot((a.to(tl.float32) * scale[:, None]).to(tl.float16), b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def bmm_grid_z(a_ptr, b_ptr, c_ptr, M, N, K, stride_ab, stride_bb, stride_cb,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # One matrix of the batch per grid z, batch strides in 64 bits; bf16.
    batch = tl.program_id(2).to(tl.int64)
    a_ptr += batch * stride_ab
    b_ptr += batch * stride_bb
    c_ptr += batch * stride_cb
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def moe_top2(logits_ptr, weight_ptr, ids_ptr, T, E: tl.constexpr, BT: tl.constexpr):
    # Per token: softmax over the experts, the two largest (the lower index
    # on ties), their weights renormalized to sum to one.
    rt = tl.program_id(0) * BT + tl.arange(0, BT)
    e = tl.arange(0, E)
    x = tl.load(logits_ptr + rt[:, None] * E + e[None, :], mask=rt[:, None] < T,
                other=0.0).to(tl.float32)
    p = tl.exp(x - tl.max(x, 1)[:, None])
    p = p / tl.sum(p, 1)[:, None]
    w1, i1 = tl.max(p, 1, return_indices=True, return_indices_tie_break_left=True)
    rest = tl.where(e[None, :] == i1[:, None], -1.0, p)
    w2, i2 = tl.max(rest, 1, return_indices=True, return_indices_tie_break_left=True)
    total = w1 + w2
    tl.store(weight_ptr + rt * 2, w1 / total, mask=rt < T)
    tl.store(weight_ptr + rt * 2 + 1, w2 / total, mask=rt < T)
    tl.store(ids_ptr + rt * 2, i1, mask=rt < T)
    tl.store(ids_ptr + rt * 2 + 1, i2, mask=rt < T)


@triton.jit
def _discount(a1, b1, a2, b2):
    # (a, b) pairs of x -> a x + b, composed.
    return a1 * a2, b1 * a2 + b2


@triton.jit
def discounted_return(r_ptr, g_ptr, gamma_ptr, B, T: tl.constexpr, BB: tl.constexpr):
    # G[t] = r[t] + gamma[t] G[t + 1] down each column (one column per
    # environment), as a reverse scan of affine maps.
    rb = tl.program_id(0) * BB + tl.arange(0, BB)
    t = tl.arange(0, T)
    mask = rb[None, :] < B
    r = tl.load(r_ptr + t[:, None] * B + rb[None, :], mask=mask, other=0.0)
    gamma = tl.load(gamma_ptr + t[:, None] * B + rb[None, :], mask=mask, other=0.0)
    _, g = tl.associative_scan((gamma, r), 0, _discount, reverse=True)
    tl.store(g_ptr + t[:, None] * B + rb[None, :], g, mask=mask)


@triton.jit
def softmax_bwd_inplace(y_ptr, dy_ptr, n_cols, BLOCK: tl.constexpr):
    # dx = y * (dy - sum(y * dy)), written over dy; bf16 rows.
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    y = tl.load(y_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(dy_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
    dx = y * (dy - tl.sum(y * dy, 0))
    tl.store(dy_ptr + row * n_cols + cols, dx.to(tl.bfloat16), mask=mask)


@triton.jit
def gqa_decode(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, ctx_len, GROUP: tl.constexpr,
               BN: tl.constexpr, D: tl.constexpr):
    # One program per (batch, key/value head): its GROUP query heads (of one
    # token each) as rows of a 16-row dot over the context, the padding
    # rows masked.
    kv = tl.program_id(0).to(tl.int64)
    rows = tl.arange(0, 16)
    d = tl.arange(0, D)
    live = rows < GROUP
    q = tl.load(q_ptr + (kv * GROUP + rows[:, None]) * D + d[None, :], mask=live[:, None],
                other=0.0)
    m_i = tl.full([16], float("-inf"), tl.float32)
    l_i = tl.zeros([16], tl.float32)
    acc = tl.zeros([16, D], tl.float32)
    kv_base = kv * ctx_len * D
    for start in range(0, ctx_len, BN):
        n = start + tl.arange(0, BN)
        k = tl.load(k_ptr + kv_base + n[None, :] * D + d[:, None], mask=n[None, :] < ctx_len,
                    other=0.0)
        s = tl.dot(q, k) * sm_scale
        s = tl.where(n[None, :] < ctx_len, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + kv_base + n[:, None] * D + d[None, :], mask=n[:, None] < ctx_len,
                    other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(o_ptr + (kv * GROUP + rows[:, None]) * D + d[None, :],
             (acc / l_i[:, None]).to(tl.float16), mask=live[:, None])
