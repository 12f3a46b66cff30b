"""The wide sweep's kernels (utils/gpu/sweep_wide.py): the kinds of Triton
kernel real libraries ship (normalizations, losses, activations, gathers,
histograms, quantized and implicit-GEMM matmuls, sparse rows), written here
to find what our compiler does not yet take. Run by utils/gpu/harness.py as
sweep_* cases, each checked against PyTorch or Triton's own compile."""
import triton
import triton.language as tl

from kernels import find_group


@triton.jit
def rms_norm(x_ptr, w_ptr, y_ptr, rstd_ptr, N, eps, BLOCK: tl.constexpr):
    # One row per program: y = x / sqrt(mean(x^2) + eps) * w, fp16 in and out.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = tl.math.rsqrt(tl.sum(x * x, axis=0) / N + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + row * N + cols, (x * rstd * w).to(tl.float16), mask=mask)
    tl.store(rstd_ptr + row, rstd)


@triton.jit
def cross_entropy(logits_ptr, labels_ptr, loss_ptr, V, BLOCK: tl.constexpr):
    # One row of V fp32 logits per program, read in blocks with an online
    # log-sum-exp; loss = lse - logit[label], label int64 (-100: ignored).
    row = tl.program_id(0).to(tl.int64)
    base = logits_ptr + row * V
    m = tl.full((), float("-inf"), tl.float32)
    s = tl.zeros((), tl.float32)
    for start in tl.range(0, V, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(base + cols, mask=cols < V, other=float("-inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        s = s * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    label = tl.load(labels_ptr + row)
    if label == -100:
        loss = 0.0
    else:
        loss = tl.log(s) + m - tl.load(base + label)
    tl.store(loss_ptr + row, loss)


@triton.jit
def swiglu(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    # c = silu(a) * b in bf16, computed in fp32.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(c_ptr + offs, (a * tl.sigmoid(a) * b).to(tl.bfloat16), mask=mask)


@triton.jit
def embedding(ids_ptr, table_ptr, out_ptr, n_ids, D: tl.constexpr, BLOCK_T: tl.constexpr):
    # Rows of an fp16 table [*, D] gathered by int64 ids, BLOCK_T ids per program.
    t = tl.program_id(0) * BLOCK_T + tl.arange(0, BLOCK_T)
    ids = tl.load(ids_ptr + t, mask=t < n_ids, other=0)
    d = tl.arange(0, D)
    rows = tl.load(table_ptr + ids[:, None] * D + d[None, :], mask=(t < n_ids)[:, None])
    tl.store(out_ptr + t.to(tl.int64)[:, None] * D + d[None, :], rows, mask=(t < n_ids)[:, None])


@triton.jit
def histogram(x_ptr, bins_ptr, n, lo, hi, NBINS: tl.constexpr, BLOCK: tl.constexpr):
    # Counts fp32 values into NBINS equal bins over [lo, hi) with atomics;
    # values outside are not counted.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=hi)
    b = ((x - lo) * (NBINS / (hi - lo))).to(tl.int32)
    ok = (offs < n) & (x >= lo) & (x < hi)
    tl.atomic_add(bins_ptr + b, 1, mask=ok, sem="relaxed")


@triton.jit
def matmul_w4a16(a_ptr, b_ptr, scale_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    # fp16 A [M, K] times int4 B [K, N] packed two rows per byte (row 2i in
    # the low nibble of byte row i, offset 8), one fp16 scale per column.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    scale = tl.load(scale_ptr + rn, mask=rn < N, other=0.0)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        packed = tl.load(b_ptr + (kk // 2)[:, None] * N + rn[None, :],
                         mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
        q = (packed >> ((kk % 2) * 4)[:, None]) & 0xF
        b = (q.to(tl.int32) - 8).to(tl.float16) * scale[None, :]
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def softmax_bwd(dy_ptr, y_ptr, dx_ptr, N, BLOCK: tl.constexpr):
    # dx = y * (dy - sum(dy * y)) per row of fp32.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    dy = tl.load(dy_ptr + row * N + cols, mask=mask, other=0.0)
    y = tl.load(y_ptr + row * N + cols, mask=mask, other=0.0)
    tl.store(dx_ptr + row * N + cols, y * (dy - tl.sum(dy * y, axis=0)), mask=mask)


@triton.jit
def transpose(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # y [N, M] = x [M, N]^T for fp16, one BM x BN tile per program.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    tile = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N))
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(tile),
             mask=(rn[:, None] < N) & (rm[None, :] < M))


@triton.jit
def sort_desc_fp16(x_ptr, y_ptr, N: tl.constexpr):
    # Each program sorts a row of N fp16 values in descending order.
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))
    tl.store(y_ptr + row * N + tl.arange(0, N), tl.sort(x, descending=True))


@triton.jit
def reverse_cumsum(x_ptr, y_ptr, n_rows, N: tl.constexpr, ROWS: tl.constexpr):
    # Suffix sums along each row: ROWS rows of N fp32 per program.
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    c = tl.arange(0, N)
    mask = (r < n_rows)[:, None]
    x = tl.load(x_ptr + r[:, None] * N + c[None, :], mask=mask, other=0.0)
    tl.store(y_ptr + r[:, None] * N + c[None, :], tl.cumsum(x, axis=1, reverse=True), mask=mask)


@triton.jit
def gather_rows(x_ptr, idx_ptr, y_ptr, N: tl.constexpr):
    # y[r, j] = x[r, idx[r, j]]: a permutation of each row by tl.gather.
    row = tl.program_id(0)
    c = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + c)
    idx = tl.load(idx_ptr + row * N + c)
    tl.store(y_ptr + row * N + c, tl.gather(x, idx, axis=0))


@triton.jit
def column_sums(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # out[n] = sum over rows of x [M, N] fp32; each program owns BN columns
    # and walks all rows.
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), tl.float32)
    for m0 in range(0, M, BM):
        rm = m0 + tl.arange(0, BM)
        x = tl.load(x_ptr + rm[:, None] * N + rn[None, :],
                    mask=(rm[:, None] < M) & (rn[None, :] < N), other=0.0)
        acc += tl.sum(x, axis=0)
    tl.store(out_ptr + rn, acc, mask=rn < N)


@triton.jit
def quant_fp8_rows(x_ptr, q_ptr, scale_ptr, N, BLOCK: tl.constexpr):
    # Per-row fp8 e4m3 quantization of fp16 rows: scale = absmax / 448.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    scale = tl.maximum(tl.max(tl.abs(x), axis=0), 1e-12) / 448.0
    tl.store(q_ptr + row * N + cols, (x / scale).to(tl.float8e4nv), mask=mask)
    tl.store(scale_ptr + row, scale)


@triton.jit
def conv2d_nhwc(x_ptr, w_ptr, y_ptr, NB, H, W, C, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # 3x3 convolution, stride 1, padding 1, as an implicit GEMM: fp16 x
    # [NB, H, W, C], w [3, 3, C, K], y [NB, H, W, K]; rows are output pixels.
    pix = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    n = pix // (H * W)
    oh = (pix // W) % H
    ow = pix % W
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for rs in range(9):
        ih = oh + rs // 3 - 1
        iw = ow + rs % 3 - 1
        ok = (pix < NB * H * W) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
        src = ((n * H + ih) * W + iw) * C
        for c0 in range(0, C, BK):
            cc = c0 + rk
            a = tl.load(x_ptr + src[:, None] + cc[None, :], mask=ok[:, None] & (cc[None, :] < C),
                        other=0.0)
            b = tl.load(w_ptr + (rs * C + cc)[:, None] * K + rn[None, :],
                        mask=(cc[:, None] < C) & (rn[None, :] < K), other=0.0)
            acc = tl.dot(a, b, acc)
    tl.store(y_ptr + pix[:, None] * K + rn[None, :], acc.to(tl.float16),
             mask=(pix[:, None] < NB * H * W) & (rn[None, :] < K))


@triton.jit
def add_layer_norm(x_ptr, res_ptr, w_ptr, b_ptr, y_ptr, res_out_ptr, N, eps,
                   BLOCK: tl.constexpr):
    # Residual add then layer norm, one bf16 row per program; h = x + res is
    # written back for the next layer.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    h = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32) + \
        tl.load(res_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(res_out_ptr + row * N + cols, h.to(tl.bfloat16), mask=mask)
    mean = tl.sum(h, axis=0) / N
    d = tl.where(mask, h - mean, 0.0)
    rstd = 1 / tl.sqrt(tl.sum(d * d, axis=0) / N + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    tl.store(y_ptr + row * N + cols, (d * rstd * w + b).to(tl.bfloat16), mask=mask)


@triton.jit
def gemv(w_ptr, x_ptr, y_ptr, N, K, BN: tl.constexpr, BK: tl.constexpr):
    # y = W x for fp16 W [N, K] and x [K], fp32 accumulation, BN rows per program.
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        w = tl.load(w_ptr + rn[:, None] * K + rk[None, :],
                    mask=(rn[:, None] < N) & (rk[None, :] < K), other=0.0)
        x = tl.load(x_ptr + rk, mask=rk < K, other=0.0)
        acc += tl.sum(w.to(tl.float32) * x.to(tl.float32)[None, :], axis=1)
    tl.store(y_ptr + rn, acc.to(tl.float16), mask=rn < N)


@triton.jit
def flag_branch(x_ptr, flag_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # A branch on a value read from memory: y = 2x where *flag > 0, else x - 1;
    # program 0 also counts itself in flag[1].
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if tl.load(flag_ptr) > 0:
        y = x * 2
    else:
        y = x - 1
    tl.store(y_ptr + offs, y, mask=mask)
    if tl.program_id(0) == 0:
        tl.atomic_add(flag_ptr + 1, 1)


@triton.jit
def spmv_csr(rowptr_ptr, cols_ptr, vals_ptr, x_ptr, y_ptr, BLOCK: tl.constexpr):
    # y = A x for a CSR matrix, one row per program: a loop whose bounds are
    # read from memory, gathering x by the row's column indices.
    row = tl.program_id(0)
    start = tl.load(rowptr_ptr + row)
    end = tl.load(rowptr_ptr + row + 1)
    acc = tl.zeros((BLOCK,), tl.float32)
    for j in range(start, end, BLOCK):
        offs = j + tl.arange(0, BLOCK)
        mask = offs < end
        c = tl.load(cols_ptr + offs, mask=mask, other=0)
        v = tl.load(vals_ptr + offs, mask=mask, other=0.0)
        acc += v * tl.load(x_ptr + c, mask=mask, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


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
def moe_matmul(a_ptr, w_ptr, c_ptr, sorted_ids, expert_ids, num_valid, N, K, TOP_K: tl.constexpr,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A mixture-of-experts layer in the style of fused_moe: rows of
    # sorted_ids (token * TOP_K + slot, grouped by expert, padded with
    # num_valid) each take their token's row of a [T, K] times their block's
    # expert's w [E, K, N], into c [T * TOP_K, N].
    pid_m = tl.program_id(0)
    rows = tl.load(sorted_ids + pid_m * BM + tl.arange(0, BM))
    valid = rows < num_valid
    expert = tl.load(expert_ids + pid_m).to(tl.int64)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + (rows // TOP_K)[:, None] * K + rk[None, :]
    w_ptrs = w_ptr + expert * K * N + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=valid[:, None] & (rk[None, :] < K - k * BK), other=0.0)
        w = tl.load(w_ptrs, mask=(rk[:, None] < K - k * BK) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, w, acc)
        a_ptrs += BK
        w_ptrs += BK * N
    tl.store(c_ptr + rows[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=valid[:, None] & (rn[None, :] < N))


@triton.jit
def layer_norm_loop(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, N, eps,
                    BLOCK: tl.constexpr):
    # Triton's layer-norm tutorial: a row of fp16 longer than the block, read
    # three times in column loops (mean, variance, output).
    row = tl.program_id(0)
    x_ptr += row * N
    y_ptr += row * N
    acc = tl.zeros((BLOCK,), tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / N
    acc = tl.zeros((BLOCK,), tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.0)
        acc += x * x
    rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        w = tl.load(w_ptr + cols, mask=mask)
        b = tl.load(b_ptr + cols, mask=mask)
        x = tl.load(x_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + cols, ((x - mean) * rstd * w + b).to(tl.float16), mask=mask)


@triton.jit
def int8_scaled_mm(a_ptr, b_ptr, a_scale_ptr, b_scale_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                   BN: tl.constexpr, BK: tl.constexpr):
    # W8A8: int8 A [M, K] times int8 B given [N, K], int32 accumulation,
    # scaled per row of A and per column of B into bf16.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0)
        b = tl.load(b_ptr + rn[:, None] * K + kk[None, :], mask=(rn[:, None] < N) & (kk[None, :] < K),
                    other=0)
        acc = tl.dot(a, tl.trans(b), acc, out_dtype=tl.int32)
    sa = tl.load(a_scale_ptr + rm, mask=rm < M, other=0.0)
    sb = tl.load(b_scale_ptr + rn, mask=rn < N, other=0.0)
    out = acc.to(tl.float32) * sa[:, None] * sb[None, :]
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], out.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def _recurrence(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def linear_recurrence(a_ptr, b_ptr, h_ptr, L: tl.constexpr, ROWS: tl.constexpr):
    # h[t] = a[t] * h[t - 1] + b[t] along each row, by an associative scan of
    # (a, b) pairs (a selective-scan building block).
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    t = tl.arange(0, L)
    offs = r[:, None] * L + t[None, :]
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    _, h = tl.associative_scan((a, b), axis=1, combine_fn=_recurrence)
    tl.store(h_ptr + offs, h)


@triton.jit
def histogram_op(x_ptr, bins_ptr, n, NBINS: tl.constexpr, BLOCK: tl.constexpr):
    # tl.histogram of int32 values in [0, NBINS) per program, added into the
    # global counts with one vector of atomics.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    h = tl.histogram(x, NBINS)
    # The padding's zeros were counted in bin 0.
    pad = BLOCK - tl.minimum(n - tl.program_id(0) * BLOCK, BLOCK)
    h -= tl.where(tl.arange(0, NBINS) == 0, pad, 0)
    tl.atomic_add(bins_ptr + tl.arange(0, NBINS), h, sem="relaxed")


@triton.jit
def scatter_add_fp16(grad_ptr, ids_ptr, out_ptr, n_ids, D: tl.constexpr, BLOCK_T: tl.constexpr):
    # An embedding's backward: rows of fp16 gradients added into out[ids] by
    # fp16 atomics.
    t = tl.program_id(0) * BLOCK_T + tl.arange(0, BLOCK_T)
    ids = tl.load(ids_ptr + t, mask=t < n_ids, other=0)
    d = tl.arange(0, D)
    g = tl.load(grad_ptr + t[:, None] * D + d[None, :], mask=(t < n_ids)[:, None], other=0.0)
    tl.atomic_add(out_ptr + ids[:, None] * D + d[None, :], g, mask=(t < n_ids)[:, None],
                  sem="relaxed")


@triton.jit
def matmul_fp64(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # fp64 C = A @ B with tl.dot on float64.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float64)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee", out_dtype=tl.float64)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def murmur_hash(x_ptr, y_ptr, n, seed, BLOCK: tl.constexpr):
    # MurmurHash3's 32-bit mix of each int32 key, in uint32 arithmetic.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    k = tl.load(x_ptr + offs, mask=offs < n).to(tl.uint32, bitcast=True)
    k = k * 0xCC9E2D51
    k = (k << 15) | (k >> 17)
    k = k * 0x1B873593
    h = seed.to(tl.uint32) ^ k
    h = (h << 13) | (h >> 19)
    h = h * 5 + 0xE6546B64
    h ^= 4
    h ^= h >> 16
    h = h * 0x85EBCA6B
    h ^= h >> 13
    h = h * 0xC2B2AE35
    h ^= h >> 16
    tl.store(y_ptr + offs, h.to(tl.int32, bitcast=True), mask=offs < n)


@triton.jit
def gated_mlp(x_ptr, w1_ptr, w3_ptr, out_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
              BK: tl.constexpr):
    # The gate and up projections of a SwiGLU MLP in one K loop, two dots on
    # the same x tile: out = silu(x @ w1) * (x @ w3), fp16.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    gate = tl.zeros((BM, BN), dtype=tl.float32)
    up = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        x = tl.load(x_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0.0)
        w1 = tl.load(w1_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                     other=0.0)
        w3 = tl.load(w3_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                     other=0.0)
        gate = tl.dot(x, w1, gate)
        up = tl.dot(x, w3, up)
    out = gate * tl.sigmoid(gate) * up
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], out.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def split_heads(x_ptr, y_ptr, S, H: tl.constexpr, D: tl.constexpr, BS: tl.constexpr):
    # [S, H, D] -> [H, S, D] for fp16, a BS x H x D tile per program through
    # tl.permute.
    s = tl.program_id(0) * BS + tl.arange(0, BS)
    h = tl.arange(0, H)
    d = tl.arange(0, D)
    mask = (s < S)[:, None, None]
    tile = tl.load(x_ptr + (s[:, None, None] * H + h[None, :, None]) * D + d[None, None, :],
                   mask=mask)
    out = tl.permute(tile, (1, 0, 2))
    tl.store(y_ptr + (h[:, None, None] * S + s[None, :, None]) * D + d[None, None, :], out,
             mask=(s < S)[None, :, None])


@triton.jit
def rms_norm_bwd(dy_ptr, x_ptr, w_ptr, rstd_ptr, dx_ptr, dw_ptr, N, BLOCK: tl.constexpr):
    # RMS norm's backward, one fp32 row per program: dx, and dw accumulated
    # across rows by fp32 atomics.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    dy = tl.load(dy_ptr + row * N + cols, mask=mask, other=0.0)
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    rstd = tl.load(rstd_ptr + row)
    xhat = x * rstd
    wdy = w * dy
    c = tl.sum(xhat * wdy, axis=0) / N
    tl.store(dx_ptr + row * N + cols, (wdy - xhat * c) * rstd, mask=mask)
    tl.atomic_add(dw_ptr + cols, dy * xhat, mask=mask, sem="relaxed")


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
def matmul_int4_join(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    # int4 weights packed along K (byte [k, n] holds rows 2k and 2k + 1),
    # unpacked with tl.join and a reshape into the dot operand; fp16 A.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K // BK):
        rk = k * BK + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=rm[:, None] < M, other=0.0)
        pk = k * (BK // 2) + tl.arange(0, BK // 2)
        packed = tl.load(b_ptr + pk[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0)
        low = ((packed & 0xF).to(tl.int32) - 8).to(tl.float16)
        high = ((packed >> 4).to(tl.int32) - 8).to(tl.float16)
        b = tl.join(low, high).permute(0, 2, 1).reshape(BK, BN)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def compact(x_ptr, out_ptr, block_start_ptr, n, BLOCK: tl.constexpr):
    # Stream compaction: the positive values of each block, in order, from
    # the block's start in the output (an exclusive scan of the blocks'
    # counts), each at its place by tl.cumsum.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    keep = x > 0
    pos = tl.cumsum(keep.to(tl.int32), axis=0) - 1
    base = tl.load(block_start_ptr + tl.program_id(0))
    tl.store(out_ptr + base + pos, x, mask=keep)


@triton.jit
def fp8_block_scaled_mm(a_ptr, b_ptr, as_ptr, bs_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                        BN: tl.constexpr, BK: tl.constexpr):
    # DeepSeek-style fp8 GEMM: e4m3 A [M, K] with a scale per row and 128
    # columns (as [M, K / 128]), e4m3 B given [N, K] with a scale per 128 x
    # 128 block (bs [N / 128, K / 128]); each K block's dot is scaled and
    # added to the fp32 accumulator; bf16 out.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    n_blocks = K // BK
    for k in range(0, n_blocks):
        a = tl.load(a_ptr + rm[:, None] * K + (k * BK + rk)[None, :], mask=rm[:, None] < M,
                    other=0.0)
        b = tl.load(b_ptr + rn[:, None] * K + (k * BK + rk)[None, :], mask=rn[:, None] < N,
                    other=0.0)
        sa = tl.load(as_ptr + rm * n_blocks + k, mask=rm < M, other=0.0)
        sb = tl.load(bs_ptr + (tl.program_id(1) * BN // 128) * n_blocks + k)
        acc += tl.dot(a, tl.trans(b)) * sa[:, None] * sb
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def topk_rows(x_ptr, val_ptr, idx_ptr, N: tl.constexpr, K: tl.constexpr):
    # The K largest values of each row of N, largest first, by K rounds of
    # argmax, each masking out its winner.
    row = tl.program_id(0)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + cols)
    for i in tl.static_range(K):
        best = tl.argmax(x, axis=0)
        tl.store(val_ptr + row * K + i, tl.max(x, axis=0))
        tl.store(idx_ptr + row * K + i, best)
        x = tl.where(cols == best, float("-inf"), x)


@triton.jit
def unrolled_axpy(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    # a * x + y over a grid-stride loop unrolled by tl.range, with tl.assume
    # on the size.
    tl.assume(n > 0)
    start = tl.program_id(0) * BLOCK
    step = tl.num_programs(0) * BLOCK
    for off in tl.range(start, n, step, loop_unroll_factor=4):
        offs = off + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, a * x + y, mask=mask)


@triton.jit
def nan_to_num(x_ptr, y_ptr, bad_ptr, n, BLOCK: tl.constexpr):
    # NaN to 0 and infinities to the largest finite fp16; where they were,
    # as a bool tensor.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    bad = (x != x) | (tl.abs(x) == float("inf"))
    y = tl.where(x != x, 0.0, tl.clamp(x, -65504.0, 65504.0))
    tl.store(y_ptr + offs, y, mask=mask)
    tl.store(bad_ptr + offs, bad, mask=mask)


@triton.jit
def column_softmax(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Softmax down each column of x [M, N] fp32 (M <= BM): reductions along
    # axis 0 of a tile whose rows are strided.
    rm = tl.arange(0, BM)
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=float("-inf"))
    e = tl.exp(x - tl.max(x, axis=0)[None, :])
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], e / tl.sum(e, axis=0)[None, :], mask=mask)


@triton.jit
def _welford(m1, v1, n1, m2, v2, n2):
    n = n1 + n2
    w = tl.where(n == 0, 0.0, n2 / tl.where(n == 0, 1.0, n))
    d = m2 - m1
    return m1 + d * w, v1 + v2 + d * d * n1 * w, n


@triton.jit
def group_norm(x_ptr, y_ptr, w_ptr, b_ptr, C, HW, eps, GROUP_C: tl.constexpr,
               BLOCK: tl.constexpr):
    # GroupNorm on [N, C, HW] fp32: one program per (sample, group) reduces
    # GROUP_C * HW values by a Welford (mean, M2, count) tuple reduction
    # over blocks, then normalizes with per-channel affine weights.
    n = tl.program_id(0)
    g = tl.program_id(1)
    base = x_ptr + (n * C + g * GROUP_C) * HW
    size = GROUP_C * HW
    mean = tl.zeros((BLOCK,), tl.float32)
    m2 = tl.zeros((BLOCK,), tl.float32)
    count = tl.zeros((BLOCK,), tl.float32)
    for off in range(0, size, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        x = tl.load(base + idx, mask=idx < size, other=0.0)
        valid = (idx < size).to(tl.float32)
        count_new = count + valid
        d = x - mean
        mean = mean + tl.where(valid > 0, d / tl.maximum(count_new, 1.0), 0.0)
        m2 = m2 + tl.where(valid > 0, d * (x - mean), 0.0)
        count = count_new
    mean_g, m2_g, count_g = tl.reduce((mean, m2, count), 0, _welford)
    rstd = 1 / tl.sqrt(m2_g / count_g + eps)
    for off in range(0, size, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        ch = g * GROUP_C + idx // HW
        x = tl.load(base + idx, mask=idx < size, other=0.0)
        w = tl.load(w_ptr + ch, mask=idx < size, other=0.0)
        b = tl.load(b_ptr + ch, mask=idx < size, other=0.0)
        tl.store(y_ptr + (n * C + g * GROUP_C) * HW + idx, (x - mean_g) * rstd * w + b,
                 mask=idx < size)


@triton.jit
def fused_adam(p_ptr, g_ptr, m_ptr, v_ptr, n, lr, beta1, beta2, eps, bias1, bias2,
               BLOCK: tl.constexpr):
    # One Adam step over fp32 parameters, gradients and moments, in place;
    # bias1/bias2 are the step's corrections 1 - beta^t.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask)
    g = tl.load(g_ptr + offs, mask=mask)
    m = tl.load(m_ptr + offs, mask=mask)
    v = tl.load(v_ptr + offs, mask=mask)
    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g
    m_hat = m / bias1
    v_hat = v / bias2
    p = p - lr * m_hat / (tl.sqrt(v_hat) + eps)
    tl.store(p_ptr + offs, p, mask=mask)
    tl.store(m_ptr + offs, m, mask=mask)
    tl.store(v_ptr + offs, v, mask=mask)


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
def argsort_rows(x_ptr, idx_ptr, N: tl.constexpr):
    # Row argsort by sorting int64 keys: the value's order-preserving bits
    # above, the column index below.
    row = tl.program_id(0)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + cols)
    bits = x.to(tl.int32, bitcast=True)
    ordered = tl.where(bits < 0, bits ^ 0x7FFFFFFF, bits)
    key = (ordered.to(tl.int64) << 32) | cols.to(tl.int64)
    tl.store(idx_ptr + row * N + cols, (tl.sort(key) & 0xFFFFFFFF).to(tl.int32))


@triton.jit
def gumbel_sample(logits_ptr, out_ptr, V, seed, BLOCK: tl.constexpr):
    # Sampling a token per row: argmax of logits + Gumbel noise from
    # tl.rand, over the vocabulary in blocks.
    row = tl.program_id(0)
    best = tl.full((), float("-inf"), tl.float32)
    best_i = tl.full((), 0, tl.int32)
    for start in range(0, V, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(logits_ptr + row * V + cols, mask=cols < V, other=float("-inf"))
        u = tl.rand(seed, row * V + cols)
        score = x - tl.log(-tl.log(u + 1e-20) + 1e-20)
        score = tl.where(cols < V, score, float("-inf"))
        i = tl.argmax(score, 0)
        s = tl.max(score, 0)
        take = s > best
        best_i = tl.where(take, start + i, best_i)
        best = tl.where(take, s, best)
    tl.store(out_ptr + row, best_i)


@triton.jit
def middle_axis_sum(x_ptr, y_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    # Sums [A, B, C] fp32 tiles over their middle axis, one tile per program.
    base = tl.program_id(0) * A * B * C
    a = tl.arange(0, A)
    b = tl.arange(0, B)
    c = tl.arange(0, C)
    x = tl.load(x_ptr + base + (a[:, None, None] * B + b[None, :, None]) * C + c[None, None, :])
    s = tl.sum(x, axis=1)
    tl.store(y_ptr + tl.program_id(0) * A * C + a[:, None] * C + c[None, :], s)


@triton.jit
def to_fp8_rtz(x_ptr, y_ptr, bits_ptr, n, BLOCK: tl.constexpr):
    # fp32 to fp8 e5m2 rounding toward zero, and the result's bits as int8.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = x.to(tl.float8e5, fp_downcast_rounding="rtz")
    tl.store(y_ptr + offs, y, mask=mask)
    tl.store(bits_ptr + offs, y.to(tl.int8, bitcast=True), mask=mask)


@triton.jit
def grouped_matmul_desc(a_ptrs, b_ptrs, c_ptrs, sizes, tiles_before, GROUPS: tl.constexpr,
                        BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Triton's grouped-GEMM tutorial with tensor descriptors made in the
    # kernel: each program finds its group (kernels.find_group), then builds
    # descriptors for that group's square matrices and walks K through TMA.
    n, tile, a_ptr, b_ptr, c_ptr = find_group(a_ptrs, b_ptrs, c_ptrs, sizes, tiles_before,
                                              GROUPS)
    tiles_n = tl.cdiv(n, BN)
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[n, n], strides=[n, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[n, n], strides=[n, 1], block_shape=[BK, BN])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[n, n], strides=[n, 1], block_shape=[BM, BN])
    om = (tile // tiles_n) * BM
    on = (tile % tiles_n) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(n, BK)):
        acc = tl.dot(a_d.load([om, k * BK]), b_d.load([k * BK, on]), acc)
    c_d.store([om, on], acc.to(tl.float16))
