"""Atomics: histograms, scatter-adds, locks, float/integer/64-bit atomics and
compare-and-swap, MoE routing bookkeeping.
"""
import triton
import triton.language as tl


@triton.jit
def locked_accumulate(x_ptr, out_ptr, lock_ptr, n, BLOCK: tl.constexpr):
    # Every program adds its block's sum to out[0] under a spin lock
    # (atomic_cas to take it, atomic_xchg to give it back), as layer norm's
    # backward pass does for its partial weight gradients.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    part = tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), axis=0)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    tl.store(out_ptr, tl.load(out_ptr) + part)
    tl.atomic_xchg(lock_ptr, 0)


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
def scatter_add_bf16(src_ptr, idx_ptr, out_ptr, n, D: tl.constexpr, BLOCK_T: tl.constexpr):
    # index_add_ of bf16 rows: out[idx[t]] += src[t] for int32 indices, by
    # bf16 atomics (sm_90's atom.add.bf16) in the default acq_rel order.
    t = tl.program_id(0) * BLOCK_T + tl.arange(0, BLOCK_T)
    ok = t < n
    rows = tl.load(idx_ptr + t, mask=ok, other=0)
    d = tl.arange(0, D)
    src = tl.load(src_ptr + t[:, None] * D + d[None, :], mask=ok[:, None], other=0.0)
    tl.atomic_add(out_ptr + rows[:, None] * D + d[None, :], src, mask=ok[:, None])


@triton.jit
def atomics_mix(x_ptr, fmax_ptr, fmin_ptr, imax_ptr, cnt_ptr, swap_ptr, old_ptr, n,
                BLOCK: tl.constexpr, BINS: tl.constexpr):
    # Float max/min atomics over negative and positive values into BINS
    # bins, an int max with release semantics, a ticket counter whose old
    # values are summed into a second counter by one scalar atomic, and an
    # exchange whose old values are stored.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    bins = offs % BINS
    tl.atomic_max(fmax_ptr + bins, x, mask=mask)
    tl.atomic_min(fmin_ptr + bins, x, mask=mask, sem="relaxed")
    tl.atomic_max(imax_ptr + bins, (x * 1000.0).to(tl.int32), mask=mask, sem="release")
    ticket = tl.atomic_add(cnt_ptr + tl.zeros_like(offs), 1, mask=mask)
    tl.atomic_add(cnt_ptr + 1, tl.sum(tl.where(mask, ticket, 0), axis=0))
    old = tl.atomic_xchg(swap_ptr + offs, x, mask=mask)
    tl.store(old_ptr + offs, old, mask=mask)


@triton.jit
def histogram_2d(x_ptr, y_ptr, hist_ptr, n, BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    bx = tl.minimum(tl.maximum((x * BINS).to(tl.int32), 0), BINS - 1)
    by = tl.minimum(tl.maximum((y * BINS).to(tl.int32), 0), BINS - 1)
    tl.atomic_add(hist_ptr + by * BINS + bx, 1, mask=mask)


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
