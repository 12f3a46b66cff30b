"""The tenth wide sweep's kernels (sweep_wide10.py): a block-sparse matmul
whose dot sits under an scf.if in the K loop (blocks skipped by a loaded
mask), an implicit-GEMM 2-D convolution with its dot in the innermost of
three nested loops, a tl.static_range-unrolled chain of dots (one per
expert slice), attention with dropout drawn by tl.rand inside the loop, a
16-row int8 dot into int32 with a per-column dequantization, and a matmul
storing ReLU of its tile as fp8 e5m2."""
import triton
import triton.language as tl


@triton.jit
def masked_block_matmul(a_ptr, b_ptr, c_ptr, live_ptr, M, N, K, BM: tl.constexpr,
                        BN: tl.constexpr, BK: tl.constexpr):
    # C = A @ B over the K blocks whose flag live[pid_m, kb] is set: the
    # dot runs under an if inside the loop.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    kblocks = K // BK
    acc = tl.zeros([BM, BN], tl.float32)
    for kb in range(0, kblocks):
        if tl.load(live_ptr + pid_m * kblocks + kb) != 0:
            k = kb * BK + rk
            a = tl.load(a_ptr + rm[:, None] * K + k[None, :], mask=rm[:, None] < M, other=0.0)
            b = tl.load(b_ptr + k[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
            acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def conv2d_implicit_gemm(x_ptr, w_ptr, y_ptr, H, W, C: tl.constexpr, KO: tl.constexpr,
                         BP: tl.constexpr, BC: tl.constexpr, R: tl.constexpr):
    # NHWC fp16 input (one image per grid row), RxR filter [R, R, C, KO],
    # stride 1, padding R // 2: output pixels as the rows of a GEMM whose
    # K runs over the filter taps (two loops) and the channel blocks (the
    # innermost loop, with the dot).
    n = tl.program_id(1)
    p = tl.program_id(0) * BP + tl.arange(0, BP)
    oh = p // W
    ow = p % W
    ko = tl.arange(0, KO)
    acc = tl.zeros([BP, KO], tl.float32)
    for r in range(0, R):
        for s in range(0, R):
            ih = oh + r - R // 2
            iw = ow + s - R // 2
            ok = (p < H * W) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            base = ((n * H + ih) * W + iw) * C
            for c0 in range(0, C, BC):
                c = c0 + tl.arange(0, BC)
                x = tl.load(x_ptr + base[:, None] + c[None, :], mask=ok[:, None], other=0.0)
                w = tl.load(w_ptr + ((r * R + s) * C + c[:, None]) * KO + ko[None, :])
                acc = tl.dot(x, w, acc)
    tl.store(y_ptr + (n * H * W + p[:, None]) * KO + ko[None, :], acc.to(tl.float16),
             mask=(p < H * W)[:, None])


@triton.jit
def unrolled_expert_dots(x_ptr, w_ptr, gate_ptr, y_ptr, M, D: tl.constexpr, E: tl.constexpr,
                         BM: tl.constexpr):
    # y = sum over E experts (a static_range, unrolled) of gate[:, e] *
    # (x @ W_e): E dots in a straight line, each scaled per row.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    d = tl.arange(0, D)
    x = tl.load(x_ptr + rm[:, None] * D + d[None, :], mask=rm[:, None] < M, other=0.0)
    acc = tl.zeros([BM, D], tl.float32)
    for e in tl.static_range(E):
        w = tl.load(w_ptr + e * D * D + d[:, None] * D + d[None, :])
        g = tl.load(gate_ptr + rm * E + e, mask=rm < M, other=0.0)
        acc += g[:, None] * tl.dot(x, w)
    tl.store(y_ptr + rm[:, None] * D + d[None, :], acc.to(tl.float16), mask=rm[:, None] < M)


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


@triton.jit
def int8_decode_gemm(x_ptr, w_ptr, scale_ptr, y_ptr, M, N, K, BN: tl.constexpr,
                     BK: tl.constexpr):
    # A few tokens (M <= 16, padded to a 16-row dot) of int8 activations
    # times int8 weights [K, N] into int32, dequantized per output column.
    rm = tl.arange(0, 16)
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([16, BN], tl.int32)
    for k0 in range(0, K, BK):
        k = k0 + rk
        x = tl.load(x_ptr + rm[:, None] * K + k[None, :], mask=rm[:, None] < M, other=0)
        w = tl.load(w_ptr + k[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0)
        acc = tl.dot(x, w, acc, out_dtype=tl.int32)
    scale = tl.load(scale_ptr + rn, mask=rn < N, other=0.0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float32) * scale[None, :],
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_relu_e5m2(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    # bf16 matmul whose epilogue stores ReLU of the tile, scaled down by 16,
    # as fp8 e5m2.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
    out = tl.maximum(acc, 0.0) * 0.0625
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], out.to(tl.float8e5),
             mask=(rm[:, None] < M) & (rn[None, :] < N))
