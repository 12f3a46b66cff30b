"""Scans, sorts and selections: cumulative sums and products, associative
scans with tuple and custom combiners, sorts, argsort, top-k, searchsorted,
stream compaction.
"""
import triton
import triton.language as tl


@triton.jit
def sort_rows(x_ptr, y_ptr, N: tl.constexpr):
    # Each program sorts one row of N fp32 values (tl.sort's bitonic network
    # of reshapes, joins and min/max).
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))
    tl.store(y_ptr + row * N + tl.arange(0, N), tl.sort(x))


@triton.jit
def scan_argmax(x_ptr, cum_ptr, idx_ptr, N: tl.constexpr, ROWS: tl.constexpr):
    # Per row of a ROWS x N block: the running sum (tl.cumsum) and the index
    # of the largest value (tl.argmax).
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    tl.store(cum_ptr + rows[:, None] * N + cols[None, :], tl.cumsum(x, axis=1))
    tl.store(idx_ptr + rows, tl.argmax(x, axis=1))


@triton.jit
def searchsorted(sorted_ptr, n_sorted, q_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # For each query, the number of sorted values below it (left insertion
    # point), by a binary search in a data-dependent while loop.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ok = offs < n
    q = tl.load(q_ptr + offs, mask=ok, other=0.0)
    lo = tl.zeros((BLOCK,), tl.int32)
    hi = tl.full((BLOCK,), 0, tl.int32) + n_sorted
    while tl.max(hi - lo, axis=0) > 0:
        active = lo < hi
        mid = (lo + hi) // 2
        v = tl.load(sorted_ptr + mid, mask=active, other=0.0)
        go_right = active & (v < q)
        lo = tl.where(go_right, mid + 1, lo)
        hi = tl.where(active & ~go_right, mid, hi)
    tl.store(out_ptr + offs, lo, mask=ok)


@triton.jit
def _argmin_combine(v1, i1, v2, i2):
    take_second = (v2 < v1) | ((v2 == v1) & (i2 < i1))
    return tl.where(take_second, v2, v1), tl.where(take_second, i2, i1)


@triton.jit
def _sum_count_combine(s1, c1, s2, c2):
    return s1 + s2, c1 + c2


@triton.jit
def tuple_reduce_scan(x_ptr, min_ptr, argmin_ptr, mean_ptr, N: tl.constexpr,
                      POSITIVE_ONLY: tl.constexpr):
    # Per row: argmin by tl.reduce over (value, index) pairs with a custom
    # combine, and the running mean of the positive values (or of all of
    # them) by tl.associative_scan over (sum, count) pairs.
    row = tl.program_id(0)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + cols)
    value, index = tl.reduce((x, cols), 0, _argmin_combine)
    tl.store(min_ptr + row, value)
    tl.store(argmin_ptr + row, index)
    if POSITIVE_ONLY:
        keep = x > 0
    else:
        keep = x == x
    s, c = tl.associative_scan((tl.where(keep, x, 0.0), keep.to(tl.int32)), 0,
                               _sum_count_combine)
    tl.store(mean_ptr + row * N + cols, s / tl.maximum(c, 1).to(tl.float32))


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
def top_p_mask(p_ptr, out_ptr, top_p, N: tl.constexpr):
    # Nucleus (top-p) filtering of a row of N fp32 probabilities: sorted in
    # descending order, a value is kept while the sum of those before it is
    # below top_p; the sorted row is stored, the dropped values zeroed.
    row = tl.program_id(0)
    cols = tl.arange(0, N)
    p = tl.load(p_ptr + row * N + cols)
    srt = tl.sort(p, descending=True)
    before = tl.cumsum(srt, axis=0) - srt
    tl.store(out_ptr + row * N + cols, tl.where(before < top_p, srt, 0.0))


@triton.jit
def reverse_cumprod(x_ptr, y_ptr, n_rows, N: tl.constexpr, ROWS: tl.constexpr):
    # Suffix products along rows (discount factors of returns to go): ROWS
    # rows of N fp32 per program, tl.cumprod(reverse=True).
    r = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    c = tl.arange(0, N)
    mask = (r < n_rows)[:, None]
    x = tl.load(x_ptr + r[:, None] * N + c[None, :], mask=mask, other=1.0)
    tl.store(y_ptr + r[:, None] * N + c[None, :], tl.cumprod(x, axis=1, reverse=True), mask=mask)


@triton.jit
def _mul_add(a0, b0, a1, b1):
    # The composition of affine maps x -> b + a * x, first then second.
    return a0 * a1, b0 * a1 + b1


@triton.jit
def column_scans(x_ptr, a_ptr, cs_ptr, lin_ptr, M, N: tl.constexpr, BM: tl.constexpr):
    # Scans down the columns of a [BM, N] tile (the slow axis): a cumulative
    # sum, and a first-order linear recurrence by a two-value associative scan
    # run in reverse.
    pid = tl.program_id(0)
    rows = pid * BM + tl.arange(0, BM)
    offs = rows[:, None] * N + tl.arange(0, N)[None, :]
    mask = rows[:, None] < M
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a = tl.load(a_ptr + offs, mask=mask, other=1.0)
    tl.store(cs_ptr + offs, tl.cumsum(x, axis=0), mask=mask)
    _, lin = tl.associative_scan((a, x), 0, _mul_add, reverse=True)
    tl.store(lin_ptr + offs, lin, mask=mask)


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
def _segmented_add(v1, f1, v2, f2):
    # A segment starts where the flag is set: the sum restarts there.
    return tl.where(f2 != 0, v2, v1 + v2), f1 | f2


@triton.jit
def segmented_scan(x_ptr, flag_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    f = tl.load(flag_ptr + offs).to(tl.int32)
    y, _ = tl.associative_scan((x, f), 0, _segmented_add)
    tl.store(y_ptr + offs, y)


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
