"""The seventh wide sweep: kernels_wide7.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments). name -> (kernel in kernels_wide7.py, constexprs, warps, stages,
timed size, ragged size, tolerance of the relative error; 0: exact). fp8
attention and the bf16 GELU are checked against Triton's compile of the same
kernel (fp8 rounding of P, bf16 rounding of the output), the others against
PyTorch in float64."""
from sweep_common import cdiv, nan_maker, triton_reference  # noqa: E402


KERNELS = {
    "sweep7_attn_fp8": ("attention_fp8", {"BM": 128, "BN": 64, "D": 64}, 4, 3, 4096, 1008,
                        1e-2),
    "sweep7_linear_silu": ("linear_silu", {"BM": 128, "BN": 128, "BK": 64}, 4, 4, 4096, 1008,
                           1e-2),
    "sweep7_linear_ce": ("linear_cross_entropy", {"BM": 64, "BV": 128, "D": 128}, 4, 3, 16384,
                         1008, 1e-4),
    "sweep7_wide_n": ("matmul_wide_n", {"BM": 64, "BN": 256, "BK": 64, "GROUP_M": 8}, 4, 3,
                      4096, 1008, 1e-2),
    "sweep7_attn_blockptr": ("attention_blockptr", {"BM": 128, "BN": 64, "D": 64}, 4, 3, 4096,
                             1008, 1e-2),
    "sweep7_moe_align": ("moe_align", {"E": 64, "BS": 64, "CHUNK": 256}, 4, 3, 1 << 16, 1000, 0),
    "sweep7_linear_attn": ("chunk_linear_attention", {"C": 64, "D": 64}, 4, 3, 512, 100, 1e-2),
    "sweep7_rope_gptj": ("rope_interleaved", {"H": 32, "D": 128}, 4, 3, 1 << 14, 100, 1e-2),
    "sweep7_grid_stride": ("grid_stride_gelu", {"BLOCK": 1024}, 4, 3, 1 << 26, 100000, 1e-3),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c, warps = KERNELS[name][1], KERNELS[name][2]
    nan = nan_maker(torch, dev)
    triton_ref = triton_reference("kernels_wide7", KERNELS[name][0], c, warps)
    if name == "sweep7_attn_fp8":
        heads, seq, d = 16, size, c["D"]
        q, k, v = (torch.randn(heads, seq, d, device=dev).to(torch.float8_e4m3fn)
                   for _ in range(3))
        o = nan(heads, seq, d, dtype=torch.float16)
        args = [q, k, v, o, d ** -0.5, seq]
        grid = (cdiv(seq, c["BM"]), heads)
        return args, [o], triton_ref(args, [o], grid), grid, 4 * heads * seq * seq * d, "TFLOP/s"
    if name == "sweep7_grid_stride":
        x = torch.randn(size, device=dev).to(torch.bfloat16)
        y = nan(size, dtype=torch.bfloat16)
        grid = (min(cdiv(size, c["BLOCK"]), 132 * 8),)
        return [x, y, size], [y], triton_ref([x, y, size], [y], grid), grid, 4 * size, "GB/s"
    if name in ("sweep7_linear_silu", "sweep7_linear_ce", "sweep7_wide_n",
                "sweep7_attn_blockptr", "sweep7_linear_attn"):
        return dot_args(torch, name, size, dev, c, nan)
    return other_args(torch, name, size, dev, c, nan)


def dot_args(torch, name, size, dev, c, nan):
    """The kernels with dots, as kernel_args."""
    if name == "sweep7_linear_silu":
        m = n = k = size
        x = torch.randn(m, k, device=dev).to(torch.bfloat16)
        w = (torch.randn(n, k, device=dev) / 16).to(torch.bfloat16)
        bias = torch.randn(n, device=dev)
        y = nan(m, n, dtype=torch.bfloat16)

        def ref():
            z = x.double() @ w.double().T + bias.double()
            return [z * torch.sigmoid(z)]
        return ([x, w, bias, y, m, n, k, k, k, n], [y], ref,
                (cdiv(m, c["BM"]), cdiv(n, c["BN"])), 2 * m * n * k, "TFLOP/s")
    if name == "sweep7_linear_ce":
        m, vocab, d = size, 32016, c["D"]
        x = (torch.randn(m, d, device=dev) / 4).half()
        w = (torch.randn(vocab, d, device=dev) / 4).half()
        target = torch.randint(0, vocab, (m,), device=dev, dtype=torch.int64)
        loss = nan(m)

        def ref():
            logits = x.double() @ w.double().T
            return [torch.logsumexp(logits, 1) - logits.gather(1, target[:, None])[:, 0]]
        return ([x, w, target, loss, m, vocab], [loss], ref, (cdiv(m, c["BM"]),),
                2 * m * vocab * d, "TFLOP/s")
    if name == "sweep7_wide_n":
        m = n = k = size
        a = torch.randn(m, k, device=dev).to(torch.bfloat16)
        b = torch.randn(k, n, device=dev).to(torch.bfloat16)
        out = nan(m, n)
        return ([a, b, out, m, n, k], [out], lambda: [a.double() @ b.double()],
                (cdiv(m, c["BM"]) * cdiv(n, c["BN"]),), 2 * m * n * k, "TFLOP/s")
    if name == "sweep7_attn_blockptr":
        heads, seq, d = 16, size, c["D"]
        q, k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(3))
        o = nan(heads, seq, d, dtype=torch.float16)
        scale = d ** -0.5
        return ([q, k, v, o, scale, seq], [o],
                lambda: [torch.softmax(q.double() @ k.double().transpose(1, 2) * scale, -1)
                         @ v.double()],
                (cdiv(seq, c["BM"]), heads), 4 * heads * seq * seq * d, "TFLOP/s")
    heads, seq, cc, d = size, 1024, c["C"], c["D"]  # sweep7_linear_attn
    q, k, v = ((torch.randn(heads, seq, d, device=dev) / 8).half() for _ in range(3))
    o = nan(heads, seq, d)

    def ref():
        s = q.double() @ k.double().transpose(1, 2)
        causal = torch.ones(seq, seq, device=dev, dtype=torch.bool).tril()
        return [s.masked_fill(~causal, 0.0) @ v.double()]
    work = 8 * heads * seq * cc * d
    return [q, k, v, o, seq], [o], ref, (heads,), work, "TFLOP/s"


def other_args(torch, name, size, dev, c, nan):
    """The kernels without dots, checked against PyTorch, as kernel_args."""
    if name == "sweep7_moe_align":
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
                (experts,), 8 * experts * numel, "GB/s")
    tokens, h, d = size, c["H"], c["D"]  # sweep7_rope_gptj
    x = torch.randn(tokens, h, d, device=dev).to(torch.bfloat16)
    angle = torch.rand(tokens, d // 2, device=dev) * 6.28
    cos, sin = angle.cos(), angle.sin()
    out = nan(tokens, h, d, dtype=torch.bfloat16)

    def ref():
        x0, x1 = x.double()[..., 0::2], x.double()[..., 1::2]
        cc, ss = cos.double()[:, None, :], sin.double()[:, None, :]
        return [torch.stack((x0 * cc - x1 * ss, x0 * ss + x1 * cc), -1).reshape(tokens, h, d)]
    return [x, cos, sin, out], [out], ref, (tokens,), 4 * tokens * h * d + 8 * tokens * d, "GB/s"
