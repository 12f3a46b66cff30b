"""The wide sweep's kernels (utils/gpu/sweep_wide.py): the kinds of Triton
kernel real libraries ship (normalizations, losses, activations, gathers,
histograms, quantized and implicit-GEMM matmuls, sparse rows), written here
to find what our compiler does not yet take. Run by utils/gpu/harness.py as
sweep_* cases, each checked against PyTorch or Triton's own compile."""
import triton
import triton.language as tl


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
