"""Reductions along rows, columns and middle axes of 2-D and 3-D tiles, of
float and integer values, with indices (argmax) and masks.
"""
import triton
import triton.language as tl


@triton.jit
def row_max_index(x_ptr, val_ptr, idx_ptr, n_cols, BLOCK: tl.constexpr):
    # Per row: the largest value and its index (tl.max with return_indices),
    # 64-bit row offsets.
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf"))
    value, index = tl.max(x, axis=0, return_indices=True)
    tl.store(val_ptr + row, value)
    tl.store(idx_ptr + row, index)


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
def absmax_atomic(x_ptr, amax_ptr, n, BLOCK: tl.constexpr):
    # The absolute maximum of an fp16 tensor (an fp8 scaling pre-pass): each
    # program reduces its block and folds it into *amax by an fp32
    # tl.atomic_max.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)
    tl.atomic_max(amax_ptr, tl.max(tl.abs(x), axis=0), sem="relaxed")


@triton.jit
def jagged_mean(values_ptr, offsets_ptr, out_ptr, D, BL: tl.constexpr, BD: tl.constexpr):
    # The mean of each variable-length segment of a jagged [total, D] fp32
    # tensor (segment i is rows offsets[i] .. offsets[i + 1]), one (segment,
    # column block) per program: a loop over the segment's rows with bounds
    # read from memory, 2-D loads summed over axis 0; empty segments give 0.
    seg = tl.program_id(0)
    rd = tl.program_id(1) * BD + tl.arange(0, BD)
    start = tl.load(offsets_ptr + seg)
    end = tl.load(offsets_ptr + seg + 1)
    acc = tl.zeros((BD,), tl.float32)
    for r0 in range(start, end, BL):
        rows = r0 + tl.arange(0, BL)
        x = tl.load(values_ptr + rows[:, None] * D + rd[None, :],
                    mask=(rows[:, None] < end) & (rd[None, :] < D), other=0.0)
        acc += tl.sum(x, axis=0)
    mean = acc / tl.maximum(end - start, 1).to(tl.float32)
    tl.store(out_ptr + seg * D + rd, mean, mask=rd < D)


@triton.jit
def _argmax_first(v1, i1, v2, i2):
    take = (v2 > v1) | ((v2 == v1) & (i2 < i1))
    return tl.where(take, v2, v1), tl.where(take, i2, i1)


@triton.jit
def _max_of(a, b):
    return tl.maximum(a, b)


@triton.jit
def argmax_suffix_max(x_ptr, val_ptr, idx_ptr, smax_ptr, N: tl.constexpr, ROWS: tl.constexpr):
    # Per row of a ROWS x N int32 block: the max and its first index by
    # tl.reduce over (value, index) along axis 1 (ties to the lower index),
    # and the suffix max by tl.associative_scan(reverse=True).
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    c = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + c[None, :])
    idx = tl.zeros((ROWS, N), tl.int32) + c[None, :]
    value, index = tl.reduce((x, idx), 1, _argmax_first)
    tl.store(val_ptr + r, value)
    tl.store(idx_ptr + r, index)
    tl.store(smax_ptr + r[:, None] * N + c[None, :],
             tl.associative_scan(x, 1, _max_of, reverse=True))


@triton.jit
def reduce_3d(x_ptr, q_ptr, s0_ptr, c_ptr, s2_ptr, mx_ptr, A: tl.constexpr, B: tl.constexpr,
              C: tl.constexpr):
    # An [A, B, C] fp32 tile and an int8 one: the sum over the first axis,
    # centring by the max over the middle axis (keep_dims), an int8 sum in
    # int32 over the last, and the max over all of it.
    t = tl.program_id(0)
    i = (tl.arange(0, A)[:, None, None] * (B * C) + tl.arange(0, B)[None, :, None] * C +
         tl.arange(0, C)[None, None, :])
    x = tl.load(x_ptr + t * A * B * C + i)
    q = tl.load(q_ptr + t * A * B * C + i)
    s0 = tl.sum(x, axis=0)
    tl.store(s0_ptr + t * B * C + tl.arange(0, B)[:, None] * C + tl.arange(0, C)[None, :], s0)
    tl.store(c_ptr + t * A * B * C + i, x - tl.max(x, axis=1, keep_dims=True))
    s2 = tl.sum(q, axis=2, dtype=tl.int32)
    tl.store(s2_ptr + t * A * B + tl.arange(0, A)[:, None] * B + tl.arange(0, B)[None, :], s2)
    tl.store(mx_ptr + t, tl.max(x))


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
