"""Attention: flash-attention forward and backward, decoding (paged, split-KV,
grouped-query, fp8 KV), and variants (causal, ALiBi, sliding window, fp8,
tf32, dropout, variable length, linear attention).
"""
import triton
import triton.language as tl


@triton.jit
def attention_fwd(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len, stride_bh, stride_row,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr,
                  CAUSAL: tl.constexpr = False):
    # Flash-attention forward: q, k, v, o are [batch*heads, seq_len, HEAD_DIM]
    # with unit stride along HEAD_DIM. One program owns BLOCK_M query rows of
    # one head and streams over the keys BLOCK_N at a time with the online
    # softmax (running max m_i, running sum l_i), in base 2. CAUSAL: query row
    # i sees keys 0..i, and the key loop stops after the program's last row.
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * stride_bh
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, HEAD_DIM)
    keys = tl.arange(0, BLOCK_N)
    q = tl.load(q_ptr + base + rows[:, None] * stride_row + dims[None, :],
                mask=rows[:, None] < seq_len, other=0.0)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    hi = seq_len
    if CAUSAL:
        hi = tl.minimum((start_m + 1) * BLOCK_M, seq_len)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + keys
        kt = tl.load(k_ptr + base + cols[None, :] * stride_row + dims[:, None],
                     mask=cols[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, kt)
        visible = cols[None, :] < seq_len
        if CAUSAL:
            visible = visible & (cols[None, :] <= rows[:, None])
        qk = tl.where(visible, qk * qk_scale, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + base + cols[:, None] * stride_row + dims[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + rows[:, None] * stride_row + dims[None, :], acc.to(tl.float16),
             mask=rows[:, None] < seq_len)


@triton.jit
def attention_bwd_dkdv(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dk_ptr, dv_ptr,
                       sm_scale, seq_len, stride_bh, stride_row, BLOCK_M: tl.constexpr,
                       BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    # Flash-attention backward, key side: one program owns BLOCK_N keys of one
    # head and walks the queries BLOCK_M at a time. P^T comes back from the
    # saved base-2 log-sum-exp of each query row; dV = P^T dO and
    # dK = scale * dS^T Q with dS^T = P^T * (V dO^T - delta). q, k, v, do are
    # [batch*heads, seq_len, HEAD_DIM]; lse and delta [batch*heads, seq_len].
    bh = tl.program_id(1)
    base = bh.to(tl.int64) * stride_bh
    keys = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    dims = tl.arange(0, HEAD_DIM)
    key_ok = keys[:, None] < seq_len
    k = tl.load(k_ptr + base + keys[:, None] * stride_row + dims[None, :], mask=key_ok, other=0.0)
    v = tl.load(v_ptr + base + keys[:, None] * stride_row + dims[None, :], mask=key_ok, other=0.0)
    dk = tl.zeros([BLOCK_N, HEAD_DIM], tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    for start_m in range(0, seq_len, BLOCK_M):
        rows = start_m + tl.arange(0, BLOCK_M)
        row_ok = rows < seq_len
        qt = tl.load(q_ptr + base + rows[None, :] * stride_row + dims[:, None],
                     mask=row_ok[None, :], other=0.0)
        lse = tl.load(lse_ptr + bh * seq_len + rows, mask=row_ok, other=0.0)
        pt = tl.math.exp2(tl.dot(k, qt) * qk_scale - lse[None, :])
        pt = tl.where(row_ok[None, :], pt, 0.0)
        do = tl.load(do_ptr + base + rows[:, None] * stride_row + dims[None, :],
                     mask=row_ok[:, None], other=0.0)
        dv += tl.dot(pt.to(tl.float16), do)
        delta = tl.load(delta_ptr + bh * seq_len + rows, mask=row_ok, other=0.0)
        dst = pt * (tl.dot(v, tl.trans(do)) - delta[None, :])
        dk += tl.dot(dst.to(tl.float16), tl.trans(qt))
    out = base + keys[:, None] * stride_row + dims[None, :]
    tl.store(dk_ptr + out, (dk * sm_scale).to(tl.float16), mask=key_ok)
    tl.store(dv_ptr + out, dv.to(tl.float16), mask=key_ok)


@triton.jit
def attention_bwd_dq(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dq_ptr, sm_scale, seq_len,
                     stride_bh, stride_row, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     HEAD_DIM: tl.constexpr):
    # Flash-attention backward, query side: one program owns BLOCK_M query
    # rows of one head and walks the keys; dQ = scale * dS K with
    # dS = P * (dO V^T - delta), P from the saved base-2 log-sum-exp.
    bh = tl.program_id(1)
    base = bh.to(tl.int64) * stride_bh
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, HEAD_DIM)
    row_ok = rows < seq_len
    q = tl.load(q_ptr + base + rows[:, None] * stride_row + dims[None, :], mask=row_ok[:, None],
                other=0.0)
    do = tl.load(do_ptr + base + rows[:, None] * stride_row + dims[None, :],
                 mask=row_ok[:, None], other=0.0)
    lse = tl.load(lse_ptr + bh * seq_len + rows, mask=row_ok, other=0.0)
    delta = tl.load(delta_ptr + bh * seq_len + rows, mask=row_ok, other=0.0)
    dq = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    for start_n in range(0, seq_len, BLOCK_N):
        keys = start_n + tl.arange(0, BLOCK_N)
        key_ok = keys[None, :] < seq_len
        kt = tl.load(k_ptr + base + keys[None, :] * stride_row + dims[:, None], mask=key_ok,
                     other=0.0)
        vt = tl.load(v_ptr + base + keys[None, :] * stride_row + dims[:, None], mask=key_ok,
                     other=0.0)
        p = tl.math.exp2(tl.dot(q, kt) * qk_scale - lse[:, None])
        p = tl.where(key_ok, p, 0.0)
        ds = p * (tl.dot(do, vt) - delta[:, None])
        dq += tl.dot(ds.to(tl.float16), tl.trans(kt))
    tl.store(dq_ptr + base + rows[:, None] * stride_row + dims[None, :],
             (dq * sm_scale).to(tl.float16), mask=row_ok[:, None])


@triton.jit
def paged_decode(q_ptr, k_cache, v_cache, block_table, seq_lens, out_ptr, scale, max_blocks,
                 HEAD_DIM: tl.constexpr, PAGE: tl.constexpr, GROUP: tl.constexpr):
    # Decoding attention over a paged KV cache with grouped queries: one
    # program per (sequence, KV head) takes the GROUP query heads sharing it.
    # q [S, Hkv * GROUP, D] fp16; caches [pages, PAGE, Hkv, D]; block_table
    # [S, max_blocks] int32 page numbers; seq_lens [S].
    seq = tl.program_id(0)
    kvh = tl.program_id(1)
    n_kv = tl.num_programs(1)
    d = tl.arange(0, HEAD_DIM)
    heads = (seq * n_kv + kvh) * GROUP + tl.arange(0, GROUP)
    q = tl.load(q_ptr + heads[:, None] * HEAD_DIM + d[None, :])
    length = tl.load(seq_lens + seq)
    m = tl.full((GROUP,), float("-inf"), tl.float32)
    l = tl.zeros((GROUP,), tl.float32)
    acc = tl.zeros((GROUP, HEAD_DIM), tl.float32)
    for b in range(0, tl.cdiv(length, PAGE)):
        page = tl.load(block_table + seq * max_blocks + b).to(tl.int64)
        t = b * PAGE + tl.arange(0, PAGE)
        slot = (page * PAGE + tl.arange(0, PAGE)) * n_kv + kvh
        k = tl.load(k_cache + slot[:, None] * HEAD_DIM + d[None, :])
        v = tl.load(v_cache + slot[:, None] * HEAD_DIM + d[None, :])
        s = tl.dot(q, tl.trans(k)) * scale
        s = tl.where((t < length)[None, :], s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m - m_new)
        l = l * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m = m_new
    tl.store(out_ptr + heads[:, None] * HEAD_DIM + d[None, :], (acc / l[:, None]).to(tl.float16))


@triton.jit
def _attn_inner(acc, l_i, m_i, q, k_ptr, v_ptr, rows, lo, hi, seq_len, qk_scale,
                BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr, ON_BAND: tl.constexpr):
    dims = tl.arange(0, HEAD_DIM)
    for start_n in tl.range(lo, hi, BLOCK_N):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        cols = start_n + tl.arange(0, BLOCK_N)
        kt = tl.load(k_ptr + cols[None, :] * HEAD_DIM + dims[:, None])
        qk = tl.dot(q, kt)
        if ON_BAND:
            qk = qk * qk_scale + tl.where(rows[:, None] >= cols[None, :], 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + cols[:, None] * HEAD_DIM + dims[None, :])
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    return acc, l_i, m_i


@triton.jit
def attention_causal_stages(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                            HEAD_DIM: tl.constexpr):
    # Triton's fused-attention tutorial, causal: the key blocks wholly before
    # the query block in one loop, the diagonal band (masked) in a second;
    # [heads, seq_len, HEAD_DIM] fp16, seq_len a multiple of the blocks.
    start_m = tl.program_id(0)
    head = tl.program_id(1).to(tl.int64) * seq_len * HEAD_DIM
    q_ptr += head
    k_ptr += head
    v_ptr += head
    o_ptr += head
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + rows[:, None] * HEAD_DIM + dims[None, :])
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    acc, l_i, m_i = _attn_inner(acc, l_i, m_i, q, k_ptr, v_ptr, rows, 0, start_m * BLOCK_M,
                                seq_len, qk_scale, BLOCK_N, HEAD_DIM, False)
    acc, l_i, m_i = _attn_inner(acc, l_i, m_i, q, k_ptr, v_ptr, rows, start_m * BLOCK_M,
                                (start_m + 1) * BLOCK_M, seq_len, qk_scale, BLOCK_N, HEAD_DIM,
                                True)
    tl.store(o_ptr + rows[:, None] * HEAD_DIM + dims[None, :], (acc / l_i[:, None]).to(tl.float16))


@triton.jit
def fp8_kv_decode(q_ptr, k_ptr, v_ptr, k_scale, v_scale, out_ptr, seq_len,
                  HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr, GROUP: tl.constexpr):
    # Decoding attention over an fp8 (e4m3) KV cache with per-tensor scales:
    # GROUP query heads per KV head, the cache upcast to fp16 in the loop.
    kvh = tl.program_id(0)
    d = tl.arange(0, HEAD_DIM)
    heads = kvh * GROUP + tl.arange(0, GROUP)
    q = tl.load(q_ptr + heads[:, None] * HEAD_DIM + d[None, :])
    base = kvh.to(tl.int64) * seq_len * HEAD_DIM
    m = tl.full((GROUP,), float("-inf"), tl.float32)
    l = tl.zeros((GROUP,), tl.float32)
    acc = tl.zeros((GROUP, HEAD_DIM), tl.float32)
    for start in range(0, seq_len, BLOCK_N):
        t = start + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + t[:, None] * HEAD_DIM + d[None, :], mask=(t < seq_len)[:, None],
                    other=0.0)
        v = tl.load(v_ptr + base + t[:, None] * HEAD_DIM + d[None, :], mask=(t < seq_len)[:, None],
                    other=0.0)
        s = tl.dot(q, tl.trans((k.to(tl.float32) * k_scale).to(tl.float16))) * 0.08838834764
        s = tl.where((t < seq_len)[None, :], s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m - m_new)
        l = l * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), (v.to(tl.float32) * v_scale).to(tl.float16))
        m = m_new
    tl.store(out_ptr + heads[:, None] * HEAD_DIM + d[None, :], (acc / l[:, None]).to(tl.float16))


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


@triton.jit
def varlen_attention(q_ptr, k_ptr, v_ptr, o_ptr, cu_ptr, sm_scale, H: tl.constexpr,
                     BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    # Program (query block, head, sequence) over tokens packed [T, H, D]:
    # the sequence's bounds come from cu_seqlens, blocks past its end return
    # at once, and the causal loop stops at the block's last row.
    start_m = tl.program_id(0)
    h = tl.program_id(1)
    seq = tl.program_id(2)
    begin = tl.load(cu_ptr + seq)
    seqlen = tl.load(cu_ptr + seq + 1) - begin
    if start_m * BM >= seqlen:
        return
    rm = start_m * BM + tl.arange(0, BM)
    d = tl.arange(0, D)
    rows = (begin + rm).to(tl.int64)
    q = tl.load(q_ptr + (rows[:, None] * H + h) * D + d[None, :], mask=rm[:, None] < seqlen,
                other=0.0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    hi = tl.minimum((start_m + 1) * BM, seqlen)
    for start_n in range(0, hi, BN):
        rn = start_n + tl.arange(0, BN)
        cols = (begin + rn).to(tl.int64)
        k = tl.load(k_ptr + (cols[None, :] * H + h) * D + d[:, None], mask=rn[None, :] < seqlen,
                    other=0.0)
        s = tl.dot(q, k) * sm_scale
        s = tl.where((rm[:, None] >= rn[None, :]) & (rn[None, :] < seqlen), s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + (cols[:, None] * H + h) * D + d[None, :], mask=rn[:, None] < seqlen,
                    other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(o_ptr + (rows[:, None] * H + h) * D + d[None, :], (acc / l_i[:, None]).to(tl.float16),
             mask=rm[:, None] < seqlen)


@triton.jit
def attention_dropout(q_ptr, k_ptr, v_ptr, o_ptr, seed, seq_len, sm_scale, p_drop,
                      BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    # Non-causal attention whose probabilities are dropped with tl.rand
    # (Philox on the element's index) before P @ V, kept ones scaled by
    # 1 / (1 - p); the softmax sum is taken before dropout.
    start_m = tl.program_id(0)
    head = tl.program_id(1).to(tl.int64)
    rm = start_m * BM + tl.arange(0, BM)
    d = tl.arange(0, D)
    base = head * seq_len * D
    q = tl.load(q_ptr + base + rm[:, None] * D + d[None, :], mask=rm[:, None] < seq_len,
                other=0.0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    for start_n in range(0, seq_len, BN):
        rn = start_n + tl.arange(0, BN)
        k = tl.load(k_ptr + base + rn[None, :] * D + d[:, None], mask=rn[None, :] < seq_len,
                    other=0.0)
        s = tl.dot(q, k) * sm_scale
        s = tl.where(rn[None, :] < seq_len, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        offs = (head * seq_len + rm[:, None]) * seq_len + rn[None, :]
        keep = tl.rand(seed, offs.to(tl.int32)) >= p_drop
        p = tl.where(keep, p / (1 - p_drop), 0.0)
        v = tl.load(v_ptr + base + rn[:, None] * D + d[None, :], mask=rn[:, None] < seq_len,
                    other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(o_ptr + base + rm[:, None] * D + d[None, :], (acc / l_i[:, None]).to(tl.float16),
             mask=rm[:, None] < seq_len)
