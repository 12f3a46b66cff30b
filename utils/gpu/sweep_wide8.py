"""The eighth wide sweep: kernels_wide8.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments). name -> (kernel in kernels_wide8.py, constexprs, warps, stages,
timed size, ragged size, tolerance of the relative error; 0: exact). MoE
routing is checked against Triton's compile of the same kernel (its ties and
exp rounding), the others against PyTorch in float64."""
from sweep_common import cdiv, nan_maker, triton_reference  # noqa: E402


KERNELS = {
    "sweep8_dq_atomic": ("dq_atomic", {"BM": 128, "BN": 64, "D": 64}, 4, 3, 2048, 1008, 1e-4),
    "sweep8_int8_act": ("int8_act_matmul", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008,
                        1e-2),
    "sweep8_bmm_z": ("bmm_grid_z", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 2048, 1008, 1e-2),
    "sweep8_moe_top2": ("moe_top2", {"E": 64, "BT": 64}, 4, 3, 1 << 16, 1008, 1e-5),
    "sweep8_discounted": ("discounted_return", {"T": 64, "BB": 64}, 4, 3, 1 << 16, 1008, 1e-5),
    "sweep8_softmax_bwd": ("softmax_bwd_inplace", {"BLOCK": 4096}, 8, 3, 1 << 14, 100, 1e-2),
    "sweep8_gqa_decode": ("gqa_decode", {"GROUP": 4, "BN": 64, "D": 128}, 4, 3, 8192, 1008,
                          1e-2),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c, warps = KERNELS[name][1], KERNELS[name][2]
    nan = nan_maker(torch, dev)
    if name == "sweep8_moe_top2":
        experts = c["E"]
        logits = torch.randn(size, experts, device=dev).to(torch.bfloat16)
        weights = nan(size, 2)
        ids = torch.full((size, 2), -1, device=dev, dtype=torch.int32)
        args = [logits, weights, ids, size]
        grid = (cdiv(size, c["BT"]),)
        ref = triton_reference("kernels_wide8", KERNELS[name][0], c, warps)
        return args, [weights, ids], ref(args, [weights, ids], grid), grid, 2 * size * experts, \
            "GB/s"
    if name in ("sweep8_dq_atomic", "sweep8_int8_act", "sweep8_bmm_z", "sweep8_gqa_decode"):
        return dot_args(torch, name, size, dev, c, nan)
    return other_args(torch, name, size, dev, c, nan)


def dot_args(torch, name, size, dev, c, nan):
    """The kernels with dots, as kernel_args."""
    if name == "sweep8_dq_atomic":
        heads, seq, d = 16, size, c["D"]
        ds = (torch.randn(heads, seq, seq, device=dev) / 16).half()
        k = torch.randn(heads, seq, d, device=dev).half()
        dq = torch.zeros(heads, seq, d, device=dev)
        return ([ds, k, dq, seq], [dq], lambda: [ds.double() @ k.double()],
                (cdiv(seq, c["BM"]), cdiv(seq, c["BN"]), heads), 2 * heads * seq * seq * d,
                "TFLOP/s")
    if name == "sweep8_int8_act":
        m = n = k = size
        a = torch.randint(-128, 128, (m, k), device=dev, dtype=torch.int8)
        scale = torch.rand(m, device=dev) / 64
        b = torch.randn(k, n, device=dev).half()
        out = nan(m, n, dtype=torch.float16)
        return ([a, scale, b, out, m, n, k], [out],
                lambda: [(a.double() * scale.double()[:, None]) @ b.double()],
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    if name == "sweep8_bmm_z":
        batch, m = 8, size
        a = torch.randn(batch, m, m, device=dev).to(torch.bfloat16)
        b = torch.randn(batch, m, m, device=dev).to(torch.bfloat16)
        out = nan(batch, m, m, dtype=torch.bfloat16)
        return ([a, b, out, m, m, m, m * m, m * m, m * m], [out],
                lambda: [a.double() @ b.double()],
                (cdiv(m, c["BM"]), cdiv(m, c["BN"]), batch), 2 * batch * m ** 3, "TFLOP/s")
    kv_heads, group, d, ctx = 256, c["GROUP"], c["D"], size  # sweep8_gqa_decode
    q = torch.randn(kv_heads * group, d, device=dev).half()
    k = torch.randn(kv_heads, ctx, d, device=dev).half()
    v = torch.randn(kv_heads, ctx, d, device=dev).half()
    o = nan(kv_heads * group, d, dtype=torch.float16)
    scale = d ** -0.5

    def ref():
        qg = q.double().view(kv_heads, group, d)
        p = torch.softmax(qg @ k.double().transpose(1, 2) * scale, -1)
        return [(p @ v.double()).view(kv_heads * group, d)]
    return ([q, k, v, o, scale, ctx], [o], ref, (kv_heads,), 4 * kv_heads * ctx * d, "GB/s")


def other_args(torch, name, size, dev, c, nan):
    """The kernels without dots, checked against PyTorch, as kernel_args."""
    if name == "sweep8_discounted":
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
        return [r, g, gamma, envs], [g], ref, (cdiv(envs, c["BB"]),), 12 * t * envs, "GB/s"
    rows, n = size, 4000  # sweep8_softmax_bwd: dx written over dy
    y = torch.softmax(torch.randn(rows, n, device=dev), -1).to(torch.bfloat16)
    dy = torch.randn(rows, n, device=dev).to(torch.bfloat16)
    dy0 = dy.clone()

    def ref():
        yd, dyd = y.double(), dy0.double()
        return [yd * (dyd - (yd * dyd).sum(1, keepdim=True))]
    return [y, dy, n], [dy], ref, (rows,), 6 * rows * n, "GB/s"
