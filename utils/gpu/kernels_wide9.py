"""The ninth wide sweep's kernels (sweep_wide9.py): 64-bit and bitwise
atomics (fp64 adds, int64 max/min, and/or/xor, an int64 compare-and-swap),
variable-length causal attention over packed sequences (cu_seqlens, an early
return, loop bounds loaded from memory), a matmul whose K loop is a while
loop over a K read from memory, a matmul storing its tile's row maxima and
column sums, uint8 image arithmetic through uint16/int16 with a histogram,
and a paged KV-cache write (int64 slot mapping, padding tokens skipped, keys
quantized to fp8, values stored transposed)."""
import triton
import triton.language as tl


@triton.jit
def atomics_wide(x_ptr, sum_ptr, max_ptr, min_ptr, bits_ptr, and_ptr, cas_ptr, old_ptr, n,
                 BLOCK: tl.constexpr, BINS: tl.constexpr):
    # Integer-valued fp64 adds (exact in any order), int64 max/min of values
    # past 32 bits, or/xor of int32 bit patterns and and of int64 masks into
    # BINS bins; each program swaps its own int64 slot once.
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    bins = offs % BINS
    tl.atomic_add(sum_ptr + bins, x.to(tl.float64), mask=mask, sem="relaxed")
    big = x.to(tl.int64) * 1000003
    tl.atomic_max(max_ptr + bins, big, mask=mask)
    tl.atomic_min(min_ptr + bins, big, mask=mask, scope="sys")
    tl.atomic_or(bits_ptr + bins, 1 << (x & 31), mask=mask, sem="relaxed")
    tl.atomic_xor(bits_ptr + BINS + bins, x, mask=mask)
    one = tl.full([BLOCK], 1, tl.int64)
    tl.atomic_and(and_ptr + bins, ~(one << (x & 63).to(tl.int64)), mask=mask, sem="acq_rel")
    slot = pid.to(tl.int64)
    old = tl.atomic_cas(cas_ptr + slot, slot, slot * 7 + 1)
    tl.store(old_ptr + slot, old)


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
def matmul_while(a_ptr, b_ptr, c_ptr, k_len_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    # C = A @ B with K read from memory and walked by a while loop (an
    # scf.while, which nothing pipelines): the dot's operands reach the
    # tensor cores without a pipelined loop around them.
    K = tl.load(k_len_ptr)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    k = 0
    while k < K:
        kk = k + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        k += BK
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_tile_stats(a_ptr, b_ptr, c_ptr, rowmax_ptr, colsum_ptr, M, N, K, BM: tl.constexpr,
                      BN: tl.constexpr, BK: tl.constexpr):
    # C = A @ B, plus each tile's row maxima (rowmax[pid_n, m]) and column
    # sums (colsum[pid_m, n]): reductions of the accumulator along both
    # of its axes.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
    live = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(rowmax_ptr + pid_n * M + rm, tl.max(tl.where(live, acc, float("-inf")), 1),
             mask=rm < M)
    tl.store(colsum_ptr + pid_m * N + rn, tl.sum(tl.where(live, acc, 0.0), 0), mask=rn < N)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=live)


@triton.jit
def rgb_to_gray_u8(src_ptr, gray_ptr, stretch_ptr, hist_ptr, npix, BLOCK: tl.constexpr):
    # Packed RGB uint8 pixels (3 bytes each, read as 4 columns of which the
    # last is masked): luma in 8.8 fixed point through uint16, a contrast
    # stretch in int16 with truncating division, and a 256-bin histogram.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    c = tl.arange(0, 4)
    mask = offs < npix
    rgb = tl.load(src_ptr + offs[:, None] * 3 + c[None, :],
                  mask=mask[:, None] & (c[None, :] < 3), other=0)
    w = tl.where(c == 0, 77, tl.where(c == 1, 150, tl.where(c == 2, 29, 0))).to(tl.uint16)
    luma = tl.sum(rgb.to(tl.uint16) * w[None, :], axis=1).to(tl.uint16)
    gray = tl.minimum((luma + 128) >> 8, 255).to(tl.uint8)
    tl.store(gray_ptr + offs, gray, mask=mask)
    s = (gray.to(tl.int16) - 16) * 15 // 14
    s = tl.minimum(tl.maximum(s, 0), 255)
    tl.store(stretch_ptr + offs, s.to(tl.uint8), mask=mask)
    bins = tl.arange(0, 256)
    tl.atomic_add(hist_ptr + bins, tl.histogram(gray.to(tl.int32), 256, mask=mask), sem="relaxed")


@triton.jit
def kv_cache_write(key_ptr, value_ptr, kcache_ptr, vcache_ptr, slot_ptr, k_scale_ptr,
                   H: tl.constexpr, D: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # One program per token: slot = slot_mapping[t] (int64; negative for
    # padding tokens, skipped); keys go to a [blocks, H, BLOCK_SIZE, D] fp8
    # cache divided by a scale, values to a [blocks, H, D, BLOCK_SIZE] fp16
    # cache (transposed, as some decoders read them).
    t = tl.program_id(0).to(tl.int64)
    slot = tl.load(slot_ptr + t)
    if slot < 0:
        return
    blk = slot // BLOCK_SIZE
    off = slot % BLOCK_SIZE
    h = tl.arange(0, H)
    d = tl.arange(0, D)
    src = t * H * D + h[:, None] * D + d[None, :]
    k = tl.load(key_ptr + src).to(tl.float32)
    v = tl.load(value_ptr + src)
    inv = 1.0 / tl.load(k_scale_ptr)
    kdst = ((blk * H + h[:, None]) * BLOCK_SIZE + off) * D + d[None, :]
    tl.store(kcache_ptr + kdst, (k * inv).to(tl.float8e4nv))
    vdst = ((blk * H + h[:, None]) * D + d[None, :]) * BLOCK_SIZE + off
    tl.store(vcache_ptr + vdst, v)
