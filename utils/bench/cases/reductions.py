"""The cases of kernels/reductions.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


def args_row_max_index(torch, dev, size, c, kern):
    cols = 1000
    x = torch.randn(size, cols, device=dev)
    value = torch.full((size,), float("nan"), device=dev)
    index = torch.full((size,), -1, device=dev, dtype=torch.int32)
    return ([x, value, index, cols], [value, index],
            lambda: [x.double().max(1).values, x.argmax(1).int()], (size,), 4 * size * cols)


def args_column_sums(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, n = size, 4096 + 32
    x = torch.randn(m, n, device=dev)
    out = nan(n)
    return ([x, out, m, n], [out], lambda: [x.double().sum(0)], (cdiv(n, c["BN"]),),
            4 * m * n)


def args_middle_axis(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    a, b, cc = c["A"], c["B"], c["C"]
    x = randn(size, a, b, cc)
    y = nan(size, a, cc)
    return [x, y], [y], lambda: [x.double().sum(2)], (size,), 4 * size * a * b * cc


def args_absmax(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x = (randn(size) * 3).half()
    amax = torch.zeros(1, device=dev)
    return ([x, amax, size], [amax], lambda: [x.double().abs().max().reshape(1)],
            (cdiv(size, c["BLOCK"]),), 2 * size)


def args_jagged_mean(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    real = dev != "meta"
    d = 200
    lengths = torch.randint(0, 201, (size,), device=dev)
    offsets = torch.zeros(size + 1, device=dev, dtype=torch.int32)
    if real:
        offsets[1:] = torch.cumsum(lengths, 0)
    total = int(offsets[-1]) if real else size * 100
    values = randn(total, d)
    out = nan(size, d)

    def ref():
        seg = torch.repeat_interleave(torch.arange(size, device=dev), lengths)
        sums = torch.zeros(size, d, device=dev, dtype=torch.float64)
        sums.index_add_(0, seg, values.double())
        return [sums / lengths.clamp(min=1).double()[:, None]]
    # The work is the expected one (lengths average 100): fixed before the draw.
    return ([values, offsets, out, d], [out], ref, (size, cdiv(d, c["BD"])),
            4 * size * 100 * d)


def args_argmax_suffix(torch, dev, size, c, kern):
    n = c["N"]
    x = torch.randint(0, 64, (size, n), device=dev, dtype=torch.int32)
    val = torch.full((size,), -1, device=dev, dtype=torch.int32)
    idx = torch.full((size,), -1, device=dev, dtype=torch.int32)
    smax = torch.full((size, n), -1, device=dev, dtype=torch.int32)

    def ref():
        top = x.max(1).values
        cols = torch.arange(n, device=dev, dtype=torch.int32).expand(size, n)
        first = torch.where(x == top[:, None], cols, n).min(1).values
        return [top, first, x.flip(1).cummax(1).values.flip(1)]
    return ([x, val, idx, smax], [val, idx, smax], ref, (size // c["ROWS"],),
            2 * 4 * size * n)


def args_reduce_3d(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    a, b, cc = c["A"], c["B"], c["C"]
    x = randn(size, a, b, cc)
    q = torch.randint(-128, 128, (size, a, b, cc), device=dev, dtype=torch.int8)
    s0, cen = nan(size, b, cc), nan(size, a, b, cc)
    s2 = torch.full((size, a, b), -1, device=dev, dtype=torch.int32)
    mx = nan(size)
    return ([x, q, s0, cen, s2, mx], [s0, cen, s2, mx],
            lambda: [x.double().sum(1), x - x.amax(2, keepdim=True), q.long().sum(3),
                     x.reshape(size, -1).amax(1)], (size,), 13 * size * a * b * cc)


def args_int_reductions(torch, dev, size, c, kern):
    triton_ref = kern.triton_ref
    n = 512
    x64 = torch.randint(-2 ** 62, 2 ** 62, (size * n,), device=dev, dtype=torch.int64)
    x8 = torch.randint(0, 256, (size * n,), device=dev, dtype=torch.uint8)
    x16 = torch.randint(-2 ** 15, 2 ** 15, (size * n,), device=dev, dtype=torch.int16)
    out = torch.full((size * 8,), -1, device=dev, dtype=torch.int64)
    args = [x64, x8, x16, out]
    return args, [out], triton_ref(args, [out], (size,)), (size,), 11 * size * n


def args_argmax_middle(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    a, b, cc = c["A"], c["B"], c["C"]
    x = torch.randn(size, a, b, cc, device=dev)
    idx = torch.full((size, a, cc), -1, device=dev, dtype=torch.int32)
    mx = nan(size, a, cc)

    def ref():
        best = x.max(2)
        return [best.indices, best.values]
    return [x, idx, mx], [idx, mx], ref, (size,), 4 * size * a * b * cc


def args_mean_pool(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    b, length, d = size, 512, 1024
    x = torch.randn(b, length, d, device=dev).half()
    lengths = torch.randint(1, length + 1, (b,), device=dev, dtype=torch.int32)
    y = nan(b, d)

    def ref():
        keep = torch.arange(length, device=dev)[None, :] < lengths[:, None]
        return [(x.double() * keep[..., None]).sum(1) / lengths[:, None].double()]
    return ([x, lengths, y, length, d], [y], ref, (b, cdiv(d, c["BLOCK_D"])),
            2 * b * length * d // 2)


def args_two_loops(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, k, nz = size, 1024, 1000
    a = torch.randn(m, k, device=dev).half()
    b = torch.randn(k, c["BN"], device=dev).half()
    z = torch.randn(m, nz, device=dev)
    out = nan(m)
    return ([a, b, z, out, m, k, nz], [out],
            lambda: [(a.double() @ b.double()).sum(1) + z.double().sum(1)],
            (cdiv(m, c["BM"]),), 2 * m * k + 4 * m * nz)


CASES = [
    Case("row_max_index", "reductions.row_max_index", args_row_max_index, {"BLOCK": 1024},
         warps=4, stages=3, size=32768, ragged=1000, tol=1e-05, metric="GB/s"),
    Case("column_sums", "reductions.column_sums", args_column_sums, {"BM": 64, "BN": 128},
         warps=4, stages=3, size=8192, ragged=1008, tol=1e-05, metric="GB/s"),
    Case("middle_axis", "reductions.middle_axis_sum", args_middle_axis, {"A": 8, "B": 64, "C": 32},
         warps=4, stages=3, size=4096, ragged=64, tol=1e-05, metric="GB/s"),
    Case("absmax", "reductions.absmax_atomic", args_absmax, {"BLOCK": 2048},
         warps=4, stages=3, size=268435456, ragged=100000, tol=0, metric="GB/s",
         tags=("fp16", "atomic")),
    Case("jagged_mean", "reductions.jagged_mean", args_jagged_mean, {"BL": 64, "BD": 128},
         warps=4, stages=3, size=8192, ragged=1000, tol=1e-05, metric="GB/s"),
    Case("argmax_suffix", "reductions.argmax_suffix_max", args_argmax_suffix,
         {"N": 256, "ROWS": 16},
         warps=4, stages=3, size=262144, ragged=48, tol=0, metric="GB/s"),
    Case("reduce_3d", "reductions.reduce_3d", args_reduce_3d, {"A": 4, "B": 8, "C": 32},
         warps=4, stages=3, size=65536, ragged=100, tol=1e-05, metric="GB/s",
         tags=("int8",)),
    Case("int_reductions", "reductions.int_reductions", args_int_reductions, {"N": 512},
         warps=4, stages=3, size=16384, ragged=100, tol=0, metric="GB/s",
         tags=("int8", "triton-reference")),
    Case("argmax_middle", "reductions.argmax_middle", args_argmax_middle,
         {"A": 4, "B": 64, "C": 32},
         warps=4, stages=3, size=16384, ragged=100, tol=0, metric="GB/s"),
    Case("mean_pool", "reductions.masked_mean_pool", args_mean_pool,
         {"BLOCK_L": 32, "BLOCK_D": 128},
         warps=4, stages=3, size=2048, ragged=100, tol=1e-05, metric="GB/s",
         tags=("fp16",)),
    Case("two_loops", "reductions.two_loops", args_two_loops,
         {"BM": 64, "BN": 16, "BK": 64, "BZ": 128},
         warps=4, stages=3, size=65536, ragged=1008, tol=0.0001, metric="GB/s",
         tags=("fp16", "dot")),
]
