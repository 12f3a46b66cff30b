"""The cases of kernels/atomics.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


def atomics_args(torch, size, dev, c):
    """atomics64's arguments; its reference folds each bin in NumPy."""
    import numpy as np
    bins, progs = c["BINS"], cdiv(size, c["BLOCK"])
    x = torch.randint(-(1 << 20), 1 << 20, (size,), device=dev, dtype=torch.int32)
    sums = torch.zeros(bins, device=dev, dtype=torch.float64)
    mx = torch.full((bins,), -(1 << 62), device=dev, dtype=torch.int64)
    mn = torch.full((bins,), 1 << 62, device=dev, dtype=torch.int64)
    bits = torch.zeros(2 * bins, device=dev, dtype=torch.int32)
    andm = torch.full((bins,), -1, device=dev, dtype=torch.int64)
    cas = torch.arange(progs, device=dev, dtype=torch.int64)
    old = torch.full((progs,), -5, device=dev, dtype=torch.int64)

    def ref():
        xs = x.cpu().numpy().astype(np.int64)
        pad = cdiv(size, bins) * bins - size

        def fold(values, identity, op):
            grid = np.concatenate([values, np.full(pad, identity, np.int64)]).reshape(-1, bins)
            return op.reduce(grid, axis=0)
        big = xs * 1000003
        one = np.int64(1)
        orb = fold((one << (xs & 31)).astype(np.int32).astype(np.int64), 0, np.bitwise_or)
        xor = fold(xs, 0, np.bitwise_xor)
        andb = fold(~np.left_shift(one, xs & 63), -1, np.bitwise_and)
        t = lambda a: torch.from_numpy(np.asarray(a)).to(dev)  # noqa: E731
        ids = np.arange(progs, dtype=np.int64)
        return [t(fold(xs, 0, np.add).astype(np.float64)),
                t(np.maximum(fold(big, -(1 << 62), np.maximum), -(1 << 62))),
                t(np.minimum(fold(big, 1 << 62, np.minimum), 1 << 62)),
                t(np.concatenate([orb, xor]).astype(np.int32)), t(andb), t(ids * 7 + 1), t(ids)]
    return ([x, sums, mx, mn, bits, andm, cas, old, size],
            [sums, mx, mn, bits, andm, cas, old], ref, (progs,), 4 * size)


def args_locked_sum(torch, dev, size, c, kern):
    x = torch.randn(size, device=dev)
    out = torch.zeros(1, device=dev)
    lock = torch.zeros(1, device=dev, dtype=torch.int32)
    return ([x, out, lock, size], [out], lambda: [x.double().sum().reshape(1)],
            (cdiv(size, c["BLOCK"]),), 4 * size)


def args_histogram(torch, dev, size, c, kern):
    x = torch.randn(size, device=dev)
    bins = torch.zeros(c["NBINS"], device=dev, dtype=torch.int32)

    def ref():  # the kernel's fp32 bin arithmetic: (x + 2) rounded, times 64 exact
        b = ((x + 2.0) * (c["NBINS"] / 4.0)).long()
        inside = (x >= -2.0) & (x < 2.0)
        return [torch.bincount(b[inside], minlength=c["NBINS"]).int()]
    return ([x, bins, size, -2.0, 2.0], [bins], ref, (cdiv(size, c["BLOCK"]),), 4 * size)


def args_histogram_op(torch, dev, size, c, kern):
    x = torch.randint(0, c["NBINS"], (size,), device=dev, dtype=torch.int32)
    bins = torch.zeros(c["NBINS"], device=dev, dtype=torch.int32)
    return ([x, bins, size], [bins], lambda: [torch.bincount(x, minlength=c["NBINS"]).int()],
            (cdiv(size, c["BLOCK"]),), 4 * size)


def args_scatter_add(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    d, rows = c["D"], 50000
    grad = randn(size, d).half()
    ids = torch.randint(0, rows, (size,), device=dev)
    out = torch.zeros(rows, d, device=dev, dtype=torch.float16)

    def ref():
        want = torch.zeros(rows, d, device=dev, dtype=torch.float64)
        want.index_add_(0, ids, grad.double())
        return [want]
    return ([grad, ids, out, size], [out], ref, (cdiv(size, c["BLOCK_T"]),), 2 * 3 * size * d)


def args_scatter_bf16(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    d, rows = c["D"], 50000
    src = randn(size, d).to(torch.bfloat16)
    idx = torch.randint(0, rows, (size,), device=dev, dtype=torch.int32)
    out = torch.zeros(rows, d, device=dev, dtype=torch.bfloat16)

    def ref():
        want = torch.zeros(rows, d, device=dev, dtype=torch.float64)
        want.index_add_(0, idx.long(), src.double())
        return [want]
    return ([src, idx, out, size], [out], ref, (cdiv(size, c["BLOCK_T"]),), 3 * 2 * size * d)


def args_atomics(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    bins = c["BINS"]
    x = randn(size) * 100
    fmax, fmin = torch.full((bins,), -1e30, device=dev), torch.full((bins,), 1e30, device=dev)
    imax = torch.full((bins,), -2 ** 31, device=dev, dtype=torch.int32)
    cnt = torch.zeros(2, device=dev, dtype=torch.int32)
    swap = randn(size)
    old = nan(size)
    start = swap.clone()

    def ref():
        pad = cdiv(size, bins) * bins - size
        grid = torch.nn.functional.pad(x, (0, pad), value=float("nan")).reshape(-1, bins)
        total = (size * (size - 1) // 2) % 2 ** 32
        total = total - 2 ** 32 if total >= 2 ** 31 else total
        ints = torch.nn.functional.pad((x * 1000.0).int(), (0, pad), value=-2 ** 31)
        return [grid.nan_to_num(-1e30).max(0).values, grid.nan_to_num(1e30).min(0).values,
                ints.reshape(-1, bins).max(0).values,
                torch.tensor([size, total], device=dev, dtype=torch.int32), x, start]
    return ([x, fmax, fmin, imax, cnt, swap, old, size], [fmax, fmin, imax, cnt, swap, old],
            ref, blocks, 16 * size)


def args_hist2d(torch, dev, size, c, kern):
    bins = c["BINS"]
    x, y = torch.rand(size, device=dev), torch.rand(size, device=dev)
    hist = torch.zeros(bins * bins, device=dev, dtype=torch.int32)

    def ref():
        bx = (x * bins).int().clamp(0, bins - 1)
        by = (y * bins).int().clamp(0, bins - 1)
        return [torch.bincount((by * bins + bx).long(), minlength=bins * bins)]
    return [x, y, hist, size], [hist], ref, (cdiv(size, c["BLOCK"]),), 8 * size


def args_moe_align(torch, dev, size, c, kern):
    experts, bs, numel = c["E"], c["BS"], 2 * size
    # Skewed: low expert ids are picked more often.
    ids = (torch.rand(numel, device=dev) ** 2 * experts).to(torch.int32)
    cap = numel + experts * (bs - 1)
    sorted_ids = torch.full((cap,), -1, device=dev, dtype=torch.int32)
    expert_ids = torch.full((cdiv(cap, bs),), -1, device=dev, dtype=torch.int32)
    total = torch.full((1,), -1, device=dev, dtype=torch.int32)

    def ref():
        counts = torch.bincount(ids.long(), minlength=experts)
        padded = (counts + bs - 1) // bs * bs
        starts = padded.cumsum(0) - padded
        s, e = torch.full_like(sorted_ids, -1), torch.full_like(expert_ids, -1)
        for x in range(experts):
            idx = (ids == x).nonzero().flatten().to(torch.int32)
            st, n, p = int(starts[x]), idx.numel(), int(padded[x])
            s[st:st + n] = idx
            s[st + n:st + p] = numel
            e[st // bs:(st + p) // bs] = x
        return [s, e, padded.sum().reshape(1).to(torch.int32)]
    return ([ids, sorted_ids, expert_ids, total, numel], [sorted_ids, expert_ids, total], ref,
            (experts,), 8 * experts * numel)


def args_moe_top2(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    experts = c["E"]
    logits = torch.randn(size, experts, device=dev).to(torch.bfloat16)
    weights = nan(size, 2)
    ids = torch.full((size, 2), -1, device=dev, dtype=torch.int32)
    args = [logits, weights, ids, size]
    grid = (cdiv(size, c["BT"]),)
    ref = kern.triton_ref
    return args, [weights, ids], ref(args, [weights, ids], grid), grid, 2 * size * experts


def args_atomics64(torch, dev, size, c, kern):
    return atomics_args(torch, size, dev, c)


CASES = [
    Case("locked_sum", "atomics.locked_accumulate", args_locked_sum, {"BLOCK": 4096},
         warps=4, stages=3, size=4194304, ragged=100016, tol=1e-05, metric="GB/s",
         tags=("atomic",)),
    Case("histogram", "atomics.histogram", args_histogram, {"NBINS": 256, "BLOCK": 1024},
         warps=4, stages=3, size=16777216, ragged=100000, tol=0, metric="GB/s",
         tags=("atomic",)),
    Case("histogram_op", "atomics.histogram_op", args_histogram_op, {"NBINS": 64, "BLOCK": 1024},
         warps=4, stages=3, size=16777216, ragged=100000, tol=0, metric="GB/s",
         tags=("atomic",)),
    Case("scatter_add", "atomics.scatter_add_fp16", args_scatter_add, {"D": 256, "BLOCK_T": 16},
         warps=4, stages=3, size=65536, ragged=1008, tol=0.01, metric="GB/s",
         tags=("fp16", "atomic")),
    Case("scatter_bf16", "atomics.scatter_add_bf16", args_scatter_bf16, {"D": 128, "BLOCK_T": 32},
         warps=4, stages=3, size=524288, ragged=1008, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16", "atomic")),
    Case("atomics", "atomics.atomics_mix", args_atomics, {"BLOCK": 1024, "BINS": 256},
         warps=4, stages=3, size=4194304, ragged=100000, tol=0, metric="GB/s",
         tags=("atomic",)),
    Case("hist2d", "atomics.histogram_2d", args_hist2d, {"BINS": 64, "BLOCK": 1024},
         warps=4, stages=3, size=16777216, ragged=100000, tol=0, metric="GB/s",
         tags=("atomic",)),
    Case("moe_align", "atomics.moe_align", args_moe_align, {"E": 64, "BS": 64, "CHUNK": 256},
         warps=4, stages=3, size=65536, ragged=1000, tol=0, metric="GB/s"),
    Case("moe_top2", "atomics.moe_top2", args_moe_top2, {"E": 64, "BT": 64},
         warps=4, stages=3, size=65536, ragged=1008, tol=1e-05, metric="GB/s",
         tags=("fp16", "bf16", "triton-reference")),
    Case("atomics64", "atomics.atomics_wide", args_atomics64, {"BLOCK": 1024, "BINS": 256},
         warps=4, stages=3, size=4194304, ragged=100000, tol=0, metric="GB/s",
         tags=("atomic",)),
]
