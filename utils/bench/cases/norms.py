"""The cases of kernels/norms.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


def layer_norm_bwd_args(torch, c, size, dev):
    """layer_norm_bwd_dx's arguments: SIZE rows of 1000 fp32 columns, the
    forward's mean and 1/std per row, and zeroed locks; the reference is dx
    and each group's sums of dy * xhat and dy, in float64."""
    cols, groups = 1000, c["GROUPS"]
    x = torch.randn(size, cols, device=dev)
    dy = torch.randn(size, cols, device=dev)
    w = torch.rand(cols, device=dev) + 0.5
    mean = x.double().mean(1).float() if dev != "meta" else torch.empty(size, device=dev)
    rstd = (1 / (x.double().var(1, unbiased=False) + 1e-5).sqrt()).float() \
        if dev != "meta" else torch.empty(size, device=dev)
    dx = torch.full_like(x, float("nan"))
    dw = torch.full((groups, cols), float("nan"), device=dev)
    db = torch.full((groups, cols), float("nan"), device=dev)
    lock = torch.zeros(2 * groups, device=dev, dtype=torch.int32)

    def ref():
        xhat = (x.double() - mean.double()[:, None]) * rstd.double()[:, None]
        wdy = w.double() * dy.double()
        c1 = (xhat * wdy).mean(1, keepdim=True)
        c2 = wdy.mean(1, keepdim=True)
        want_dx = (wdy - (xhat * c1 + c2)) * rstd.double()[:, None]
        group = torch.arange(size, device=dev) % groups
        want_dw = torch.zeros(groups, cols, device=dev, dtype=torch.float64)
        want_db = torch.zeros(groups, cols, device=dev, dtype=torch.float64)
        want_dw.index_add_(0, group, dy.double() * xhat)
        want_db.index_add_(0, group, dy.double())
        return [want_dx, want_dw, want_db]
    return ([dx, dy, dw, db, x, w, mean, rstd, lock, cols], [dx, dw, db], ref, (size,),
            4 * size * cols * 3)


def args_softmax_loop(torch, dev, size, c, kern):
    cols = 1000
    x = torch.randn(size, cols, device=dev)
    y = torch.full_like(x, float("nan"))
    return ([y, x, size, cols], [y], lambda: [torch.softmax(x.double(), 1)], (528,),
            2 * 4 * size * cols)


def args_ln_bwd(torch, dev, size, c, kern):
    return layer_norm_bwd_args(torch, c, size, dev)


def args_rms_norm(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    cols = 4000
    x, w = torch.randn(size, cols, device=dev).half(), torch.rand(cols, device=dev).half()
    y, rstd = nan(size, cols, dtype=torch.float16), nan(size)

    def ref():
        r = 1 / (x.double().pow(2).mean(1) + 1e-6).sqrt()
        return [x.double() * r[:, None] * w.double(), r]
    return [x, w, y, rstd, cols, 1e-6], [y, rstd], ref, (size,), 4 * size * cols


def args_cross_entropy(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    vocab = 32000
    logits = torch.randn(size, vocab, device=dev) * 3
    labels = torch.randint(0, vocab, (size,), device=dev)
    labels[::7] = -100
    loss = nan(size)

    def ref():
        lse = torch.logsumexp(logits.double(), 1)
        picked = logits.double().gather(1, labels.clamp(min=0)[:, None])[:, 0]
        return [torch.where(labels == -100, 0.0, lse - picked)]
    return [logits, labels, loss, vocab], [loss], ref, (size,), 4 * size * vocab


def args_softmax_bwd(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    cols = 1000
    y = torch.softmax(torch.randn(size, cols, device=dev), 1)
    dy = torch.randn(size, cols, device=dev)
    dx = nan(size, cols)

    def ref():
        return [y.double() * (dy.double() - (dy.double() * y.double()).sum(1, keepdim=True))]
    return [dy, y, dx, cols], [dx], ref, (size,), 3 * 4 * size * cols


def args_add_layer_norm(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    cols = 4000
    x, res = (torch.randn(size, cols, device=dev).to(torch.bfloat16) for _ in range(2))
    w, b = torch.rand(cols, device=dev) + 0.5, torch.randn(cols, device=dev)
    y, res_out = nan(size, cols, dtype=torch.bfloat16), nan(size, cols, dtype=torch.bfloat16)

    def ref():
        h = (x.float() + res.float()).double()
        hn = (h - h.mean(1, keepdim=True)) / (h.var(1, unbiased=False, keepdim=True)
                                              + 1e-5).sqrt()
        return [hn * w.double() + b.double(), h]
    return ([x, res, w, b, y, res_out, cols, 1e-5], [y, res_out], ref, (size,),
            4 * 2 * size * cols)


def args_layer_norm_loop(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    cols = 10000
    x = randn(size, cols).half()
    w, b = torch.rand(cols, device=dev) + 0.5, randn(cols)
    y, mean, rstd = nan(size, cols, dtype=torch.float16), nan(size), nan(size)

    def ref():
        xd = x.double()
        mu = xd.mean(1, keepdim=True)
        r = 1 / (xd.var(1, unbiased=False, keepdim=True) + 1e-5).sqrt()
        return [(xd - mu) * r * w.double() + b.double(), mu[:, 0], r[:, 0]]
    return ([x, y, w, b, mean, rstd, cols, 1e-5], [y, mean, rstd], ref, (size,),
            2 * 3 * size * cols)


def args_rms_norm_bwd(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    cols = 4000
    dy, x = randn(size, cols), randn(size, cols)
    w = torch.rand(cols, device=dev) + 0.5
    rstd = torch.rand(size, device=dev) + 0.5
    dx = nan(size, cols)
    dw = torch.zeros(cols, device=dev)

    def ref():
        xhat = x.double() * rstd.double()[:, None]
        wdy = w.double() * dy.double()
        cc = (xhat * wdy).sum(1, keepdim=True) / cols
        return [(wdy - xhat * cc) * rstd.double()[:, None], (dy.double() * xhat).sum(0)]
    return ([dy, x, w, rstd, dx, dw, cols], [dx, dw], ref, (size,), 3 * 4 * size * cols)


def args_column_softmax(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    m = 50
    x = randn(m, size)
    y = nan(m, size)
    return ([x, y, m, size], [y], lambda: [torch.softmax(x.double(), 0)],
            (cdiv(size, c["BN"]),), 8 * m * size)


def args_group_norm(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    channels, hw, gc = 64, 3136, c["GROUP_C"]
    x = randn(size, channels, hw) * 2 + 1
    w, b = torch.rand(channels, device=dev) + 0.5, randn(channels)
    y = nan(size, channels, hw)

    def ref():
        xg = x.double().reshape(size, channels // gc, -1)
        xn = (xg - xg.mean(-1, keepdim=True)) / (xg.var(-1, unbiased=False, keepdim=True)
                                                 + 1e-5).sqrt()
        return [xn.reshape(size, channels, hw) * w.double()[None, :, None]
                + b.double()[None, :, None]]
    return ([x, y, w, b, channels, hw, 1e-5], [y], ref, (size, channels // gc),
            2 * 4 * 2 * size * channels * hw)


def args_online_softmax(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    cols = 32000
    x = (randn(size, cols) * 2).to(torch.bfloat16)
    y = nan(size, cols, dtype=torch.bfloat16)
    return ([x, y, cols], [y], lambda: [torch.softmax(x.double(), 1)], (size,),
            3 * 2 * size * cols)


def args_kl_div(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    cols = 4000
    t, s = (randn(size, cols) * 2).half(), (randn(size, cols) * 2).half()
    logq, kl = nan(size, cols, dtype=torch.float16), nan(size)

    def ref():
        lp = torch.log_softmax(t.double(), 1)
        lq = torch.log_softmax(s.double(), 1)
        return [lq, (lp.exp() * (lp - lq)).sum(1)]
    return [t, s, logq, kl, cols], [logq, kl], ref, (size,), 3 * 2 * size * cols


def args_logsumexp_fp64(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    cols = 5000
    x = randn(size, cols).double() * 10
    out = nan(size, dtype=torch.float64)
    return [x, out, cols], [out], lambda: [torch.logsumexp(x, 1)], (size,), 8 * size * cols


def args_softmax_bf16(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, n = size, 1000
    x = (torch.randn(m, n, device=dev) * 4).to(torch.bfloat16)
    y = nan(m, n, dtype=torch.bfloat16)
    return ([x, y, m, n], [y], lambda: [torch.softmax(x.double(), 1)],
            (cdiv(m, c["ROWS"]),), 4 * m * n)


def args_ln_dwdb(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    m, n, rows = size, 4096, 256
    dy, xhat = (torch.randn(m, n, device=dev).half() for _ in range(2))
    parts = cdiv(m, rows)
    dw, db = nan(parts, n), nan(parts, n)

    def ref():
        pad = parts * rows - m
        grow = lambda t: torch.nn.functional.pad(t.double(), (0, 0, 0, pad))  # noqa: E731
        return [(grow(dy) * grow(xhat)).view(parts, rows, n).sum(1),
                grow(dy).view(parts, rows, n).sum(1)]
    return ([dy, xhat, dw, db, m, n, rows], [dw, db], ref,
            (parts, cdiv(n, c["BLOCK_N"])), 4 * m * n)


def args_rmsnorm_int8(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    m, n = size, 4000
    x, r = (torch.randn(m, n, device=dev).half() for _ in range(2))
    w = (torch.rand(n, device=dev) + 0.5).half()
    s = nan(m, n, dtype=torch.float16)
    q = torch.zeros(m, n, device=dev, dtype=torch.int8)
    scale = nan(m)
    args = [x, r, w, s, q, scale, n, 1e-6]
    return (args, [s, q, scale], triton_ref(args, [s, q, scale], (m,)), (m,), 7 * m * n)


def args_centred(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    r, cc = c["R"], c["C"]
    x = torch.randn(size, r, cc, device=dev)
    y, total = nan(size, r, cc), nan(size)

    def ref():
        sign = torch.where(torch.arange(size, device=dev) % 2 == 0, 1.0, -1.0).double()
        xs = x.double() * sign[:, None, None]
        tot = xs.sum((1, 2))
        return [xs - tot[:, None, None] / (r * cc), tot]
    return [x, y, total], [y, total], ref, (size,), 8 * size * r * cc


def args_softmax_bwd_inplace(torch, dev, size, c, kern):
    rows, n = size, 4000
    y = torch.softmax(torch.randn(rows, n, device=dev), -1).to(torch.bfloat16)
    dy = torch.randn(rows, n, device=dev).to(torch.bfloat16)
    dy0 = dy.clone()

    def ref():
        yd, dyd = y.double(), dy0.double()
        return [yd * (dyd - (yd * dyd).sum(1, keepdim=True))]
    return [y, dy, n], [dy], ref, (rows,), 6 * rows * n


CASES = [
    Case("softmax_loop", "norms.softmax_rows", args_softmax_loop, {"BLOCK": 1024, "STAGES": 4},
         warps=4, stages=3, size=32768, ragged=1000, tol=1e-05, metric="GB/s"),
    Case("ln_bwd", "norms.layer_norm_bwd_dx", args_ln_bwd, {"GROUPS": 32, "BLOCK": 1024},
         warps=8, stages=3, size=16384, ragged=1000, tol=1e-05, metric="GB/s",
         tags=("atomic",)),
    Case("rms_norm", "norms.rms_norm", args_rms_norm, {"BLOCK": 4096},
         warps=8, stages=3, size=32768, ragged=1000, tol=0.001, metric="GB/s",
         tags=("fp16",)),
    Case("cross_entropy", "norms.cross_entropy", args_cross_entropy, {"BLOCK": 4096},
         warps=8, stages=3, size=4096, ragged=100, tol=1e-05, metric="GB/s"),
    Case("softmax_bwd", "norms.softmax_bwd", args_softmax_bwd, {"BLOCK": 1024},
         warps=4, stages=3, size=32768, ragged=1000, tol=1e-05, metric="GB/s"),
    Case("add_layer_norm", "norms.add_layer_norm", args_add_layer_norm, {"BLOCK": 4096},
         warps=8, stages=3, size=32768, ragged=1000, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16")),
    Case("layer_norm_loop", "norms.layer_norm_loop", args_layer_norm_loop, {"BLOCK": 1024},
         warps=8, stages=3, size=8192, ragged=100, tol=0.01, metric="GB/s",
         tags=("fp16",)),
    Case("rms_norm_bwd", "norms.rms_norm_bwd", args_rms_norm_bwd, {"BLOCK": 4096},
         warps=8, stages=3, size=16384, ragged=1000, tol=1e-05, metric="GB/s",
         tags=("atomic",)),
    Case("column_softmax", "norms.column_softmax", args_column_softmax, {"BM": 64, "BN": 128},
         warps=4, stages=3, size=1048576, ragged=1008, tol=1e-05, metric="GB/s"),
    Case("group_norm", "norms.group_norm", args_group_norm, {"GROUP_C": 8, "BLOCK": 1024},
         warps=4, stages=3, size=64, ragged=16, tol=0.0001, metric="GB/s"),
    Case("online_softmax", "norms.online_softmax", args_online_softmax, {"BLOCK": 2048},
         warps=8, stages=3, size=4096, ragged=100, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16")),
    Case("kl_div", "norms.kl_div_rows", args_kl_div, {"BLOCK": 4096},
         warps=8, stages=3, size=32768, ragged=1000, tol=0.002, metric="GB/s",
         tags=("fp16",)),
    Case("logsumexp_fp64", "norms.logsumexp_fp64", args_logsumexp_fp64, {"BLOCK": 1024},
         warps=4, stages=3, size=16384, ragged=100, tol=1e-12, metric="GB/s"),
    Case("softmax_bf16", "norms.softmax_rows_bf16", args_softmax_bf16, {"ROWS": 4, "BLOCK_N": 1024},
         warps=4, stages=3, size=65536, ragged=1008, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16")),
    Case("ln_dwdb", "norms.layer_norm_dwdb", args_ln_dwdb, {"BLOCK_M": 32, "BLOCK_N": 128},
         warps=4, stages=3, size=8192, ragged=1008, tol=1e-05, metric="GB/s",
         tags=("fp16",)),
    Case("rmsnorm_int8", "norms.rms_norm_residual_int8", args_rmsnorm_int8, {"BLOCK": 4096},
         warps=8, stages=3, size=16384, ragged=100, tol=0, metric="GB/s",
         tags=("fp16", "int8", "triton-reference")),
    Case("centred", "norms.centred_tiles", args_centred, {"R": 64, "C": 64},
         warps=4, stages=3, size=16384, ragged=100, tol=1e-05, metric="GB/s"),
    Case("softmax_bwd_inplace", "norms.softmax_bwd_inplace", args_softmax_bwd_inplace,
         {"BLOCK": 4096},
         warps=8, stages=3, size=16384, ragged=100, tol=0.01, metric="GB/s",
         tags=("fp16", "bf16")),
]
