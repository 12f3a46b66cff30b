"""The cases of kernels/scan_sort.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


def args_sort(torch, dev, size, c, kern):
    x = torch.randn(size, c["N"], device=dev)
    y = torch.full_like(x, float("nan"))
    return ([x, y], [y], lambda: [torch.sort(x.double(), dim=1).values], (size,),
            8 * size * c["N"])


def args_scan_argmax(torch, dev, size, c, kern):
    n = c["N"]
    x = torch.randn(size, n, device=dev)
    cum = torch.full_like(x, float("nan"))
    idx = torch.full((size,), -1, device=dev, dtype=torch.int32)
    return ([x, cum, idx], [cum, idx],
            lambda: [torch.cumsum(x.double(), 1), torch.argmax(x, 1).int()],
            (cdiv(size, c["ROWS"]),), 4 * size * n * 2)


def args_searchsorted(torch, dev, size, c, kern):
    table = torch.sort(torch.randn(1 << 16, device=dev)).values
    q = torch.randn(size, device=dev)
    out = torch.full((size,), -1, device=dev, dtype=torch.int32)
    return ([table, table.numel(), q, out, size], [out],
            lambda: [torch.searchsorted(table, q).int()], (cdiv(size, c["BLOCK"]),),
            8 * size)


def args_tuple_reduce_scan(torch, dev, size, c, kern):
    n = c["N"]
    x = torch.randn(size, n, device=dev)
    low = torch.full((size,), float("nan"), device=dev)
    where = torch.full((size,), -1, device=dev, dtype=torch.int32)
    mean = torch.full_like(x, float("nan"))

    def ref():
        keep = (x > 0).double()
        running = torch.cumsum(x.double() * keep, 1) / torch.cumsum(keep, 1).clamp(min=1)
        return [x.double().min(1).values, x.argmin(1).int(), running]
    return ([x, low, where, mean], [low, where, mean], ref, (size,), 4 * size * n * 2)


def args_sort_desc(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    x = torch.randn(size, c["N"], device=dev).half()
    y = nan(size, c["N"], dtype=torch.float16)
    return ([x, y], [y], lambda: [torch.sort(x.double(), 1, descending=True).values],
            (size,), 2 * 2 * size * c["N"])


def args_reverse_cumsum(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    x = torch.randn(size, c["N"], device=dev)
    y = nan(size, c["N"])
    return ([x, y, size], [y], lambda: [x.double().flip(1).cumsum(1).flip(1)],
            (cdiv(size, c["ROWS"]),), 2 * 4 * size * c["N"])


def args_recurrence(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    length = c["L"]
    a = torch.rand(size, length, device=dev) * 0.5 + 0.5
    b = randn(size, length)
    h = nan(size, length)

    def ref():
        out = torch.empty(size, length, device=dev, dtype=torch.float64)
        acc = torch.zeros(size, device=dev, dtype=torch.float64)
        for t in range(length):
            acc = a[:, t].double() * acc + b[:, t].double()
            out[:, t] = acc
        return [out]
    return [a, b, h], [h], ref, (size // c["ROWS"],), 3 * 4 * size * length


def args_compact(torch, dev, size, c, kern):
    real = dev != "meta"
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x = randn(size)
    blocks = cdiv(size, c["BLOCK"])
    starts = torch.zeros(blocks, device=dev, dtype=torch.int32)
    if real:
        counts = torch.nn.functional.pad((x > 0).int(), (0, blocks * c["BLOCK"] - size))
        counts = counts.reshape(blocks, -1).sum(1)
        starts[1:] = torch.cumsum(counts, 0)[:-1]
    out = torch.zeros(size, device=dev)

    def ref():
        want = torch.zeros(size, device=dev, dtype=torch.float64)
        kept = x[x > 0].double()
        want[:kept.numel()] = kept
        return [want]
    return [x, out, starts, size], [out], ref, (blocks,), 8 * size


def args_topk(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x = randn(size, c["N"])
    vals = nan(size, c["K"])
    idx = torch.full((size, c["K"]), -1, device=dev, dtype=torch.int32)

    def ref():
        top = torch.topk(x.double(), c["K"], dim=1)
        return [top.values, top.indices.int()]
    return [x, vals, idx], [vals, idx], ref, (size,), 4 * size * c["N"]


def args_argsort(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x = randn(size, c["N"])
    idx = torch.full((size, c["N"]), -1, device=dev, dtype=torch.int32)
    return ([x, idx], [idx], lambda: [torch.sort(x, dim=1, stable=True).indices.int()], (size,),
            8 * size * c["N"])


def args_top_p(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    n = c["N"]
    # Multiples of 2^-20 summing to about 1: every partial sum is exact in
    # fp32 whatever the order, so the kept set is exact too.
    p = torch.randint(0, 2048, (size, n), device=dev).float() * 2.0 ** -20
    out = nan(size, n)

    def ref():
        top = torch.tensor(0.9, dtype=torch.float32).item()  # the fp32 argument
        srt = torch.sort(p.double(), 1, descending=True).values
        return [torch.where(srt.cumsum(1) - srt < top, srt, 0.0)]
    return [p, out, 0.9], [out], ref, (size,), 2 * 4 * size * n


def args_reverse_cumprod(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    n = c["N"]
    x = torch.rand(size, n, device=dev) * 0.1 + 0.95
    y = nan(size, n)
    return ([x, y, size], [y], lambda: [x.double().flip(1).cumprod(1).flip(1)],
            (cdiv(size, c["ROWS"]),), 2 * 4 * size * n)


def args_column_scans(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    n, bm = c["N"], c["BM"]
    x, a = randn(size, n), torch.rand(size, n, device=dev) * 0.5 + 0.5
    cs, lin = nan(size, n), nan(size, n)

    def ref():
        pad = cdiv(size, bm) * bm - size
        xt = torch.nn.functional.pad(x.double(), (0, 0, 0, pad)).reshape(-1, bm, n)
        at = torch.nn.functional.pad(a.double(), (0, 0, 0, pad), value=1.0).reshape(-1, bm, n)
        ys, y = [], torch.zeros_like(xt[:, 0])
        for r in range(bm - 1, -1, -1):
            y = y * at[:, r] + xt[:, r]
            ys.append(y)
        lin_ref = torch.stack(ys[::-1], 1).reshape(-1, n)[:size]
        return [xt.cumsum(1).reshape(-1, n)[:size], lin_ref]
    return ([x, a, cs, lin, size], [cs, lin], ref, (cdiv(size, bm),), 4 * 4 * size * n)


def args_selective_scan(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    t, d = c["T"], c["D"]
    a = torch.rand(size, d, t, device=dev) * 0.5 + 0.5
    b = torch.randn(size, d, t, device=dev)
    h = nan(size, d, t)

    def ref():
        out = torch.empty_like(a, dtype=torch.float64)
        state = torch.zeros(size, d, device=dev, dtype=torch.float64)
        for i in range(t):
            state = a[..., i].double() * state + b[..., i].double()
            out[..., i] = state
        return [out]
    return [a, b, h], [h], ref, (size,), 12 * size * d * t


def args_segscan(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    block = c["BLOCK"]
    x = torch.randn(size * block, device=dev)
    flags = (torch.rand(size * block, device=dev) < 0.05).to(torch.int8)
    y = nan(size * block)

    def ref():
        xs = x.double().view(size, block)
        starts = flags.view(size, block).bool().clone()
        starts[:, 0] = True
        idx = torch.arange(block, device=dev).expand(size, block)
        first = torch.cummax(torch.where(starts, idx, torch.zeros_like(idx)), 1).values
        total = xs.cumsum(1)
        before = torch.where(first > 0, total.gather(1, (first - 1).clamp(min=0)),
                             torch.zeros_like(total))
        return [(total - before).flatten()]
    return [x, flags, y], [y], ref, (size,), 9 * size * block


def args_sort_flat(torch, dev, size, c, kern):
    r, cc = c["R"], c["C"]
    x = torch.randint(-2 ** 31, 2 ** 31 - 1, (size, r, cc), device=dev, dtype=torch.int32)
    y = torch.zeros(size, r * cc, device=dev, dtype=torch.int32)
    return ([x, y], [y], lambda: [x.view(size, -1).sort(1, descending=True).values],
            (size,), 8 * size * r * cc)


def args_discounted(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    t, envs = c["T"], size
    r = torch.randn(t, envs, device=dev)
    gamma = 0.9 + 0.1 * torch.rand(t, envs, device=dev)
    g = nan(t, envs)

    def ref():
        out = torch.zeros(t, envs, device=dev, dtype=torch.float64)
        acc = torch.zeros(envs, device=dev, dtype=torch.float64)
        for i in reversed(range(t)):
            acc = r[i].double() + gamma[i].double() * acc
            out[i] = acc
        return [out]
    return [r, g, gamma, envs], [g], ref, (cdiv(envs, c["BB"]),), 12 * t * envs


CASES = [
    Case("sort", "scan_sort.sort_rows", args_sort, {"N": 256},
         warps=4, stages=3, size=65536, ragged=64, tol=0, metric="GB/s", probe=2),
    Case("scan_argmax", "scan_sort.scan_argmax", args_scan_argmax, {"N": 256, "ROWS": 16},
         warps=4, stages=3, size=32768, ragged=64, tol=1e-05, metric="GB/s"),
    Case("searchsorted", "scan_sort.searchsorted", args_searchsorted, {"BLOCK": 256},
         warps=4, stages=3, size=4194304, ragged=1000, tol=1e-05, metric="GB/s"),
    Case("tuple_reduce_scan", "scan_sort.tuple_reduce_scan", args_tuple_reduce_scan,
         {"N": 512, "POSITIVE_ONLY": True},
         warps=4, stages=3, size=16384, ragged=16, tol=1e-05, metric="GB/s"),
    Case("sort_desc", "scan_sort.sort_desc_fp16", args_sort_desc, {"N": 128},
         warps=4, stages=3, size=65536, ragged=64, tol=0, metric="GB/s",
         tags=("fp16", "tma")),
    Case("reverse_cumsum", "scan_sort.reverse_cumsum", args_reverse_cumsum, {"N": 256, "ROWS": 8},
         warps=4, stages=3, size=32768, ragged=1008, tol=1e-05, metric="GB/s"),
    Case("recurrence", "scan_sort.linear_recurrence", args_recurrence, {"L": 256, "ROWS": 4},
         warps=4, stages=3, size=32768, ragged=64, tol=1e-05, metric="GB/s"),
    Case("compact", "scan_sort.compact", args_compact, {"BLOCK": 1024},
         warps=4, stages=3, size=16777216, ragged=100000, tol=0, metric="GB/s"),
    Case("topk", "scan_sort.topk_rows", args_topk, {"N": 1024, "K": 8},
         warps=4, stages=3, size=16384, ragged=64, tol=0, metric="GB/s"),
    Case("argsort", "scan_sort.argsort_rows", args_argsort, {"N": 256},
         warps=4, stages=3, size=32768, ragged=64, tol=0, metric="GB/s"),
    Case("top_p", "scan_sort.top_p_mask", args_top_p, {"N": 1024},
         warps=8, stages=3, size=65536, ragged=50, tol=0, metric="GB/s"),
    Case("reverse_cumprod", "scan_sort.reverse_cumprod", args_reverse_cumprod,
         {"N": 256, "ROWS": 32},
         warps=4, stages=3, size=262144, ragged=1008, tol=1e-05, metric="GB/s"),
    Case("column_scans", "scan_sort.column_scans", args_column_scans, {"N": 64, "BM": 128},
         warps=4, stages=3, size=262144, ragged=1008, tol=1e-05, metric="GB/s"),
    Case("selective_scan", "scan_sort.selective_scan", args_selective_scan, {"T": 256, "D": 16},
         warps=4, stages=3, size=4096, ragged=100, tol=1e-05, metric="GB/s"),
    Case("segscan", "scan_sort.segmented_scan", args_segscan, {"BLOCK": 1024},
         warps=4, stages=3, size=16384, ragged=100, tol=1e-05, metric="GB/s",
         tags=("int8",)),
    Case("sort_flat", "scan_sort.sort_flat", args_sort_flat, {"R": 16, "C": 64},
         warps=4, stages=3, size=16384, ragged=100, tol=0, metric="GB/s"),
    Case("discounted", "scan_sort.discounted_return", args_discounted, {"T": 64, "BB": 64},
         warps=4, stages=3, size=65536, ragged=1008, tol=1e-05, metric="GB/s"),
]
