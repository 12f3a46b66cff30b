"""The tenth wide sweep: kernels_wide10.py's kernels as harness cases, in
sweep_wide.py's form (see sweep_wide2.py for the rules on integer
arguments). name -> (kernel in kernels_wide10.py, constexprs, warps, stages,
timed size, ragged size, tolerance of the relative error). Attention with
dropout is checked against Triton's compile of the same kernel (its Philox
stream), the others against PyTorch in float64."""
from sweep_common import cdiv, nan_maker, triton_reference  # noqa: E402


KERNELS = {
    "sweep10_block_sparse": ("masked_block_matmul", {"BM": 128, "BN": 128, "BK": 64}, 4, 3, 4096,
                             1008, 1e-2),
    "sweep10_conv2d": ("conv2d_implicit_gemm", {"C": 64, "KO": 64, "BP": 64, "BC": 32, "R": 3}, 4,
                       3, 64, 48, 1e-2),
    "sweep10_expert_dots": ("unrolled_expert_dots", {"D": 64, "E": 4, "BM": 64}, 4, 3, 1 << 16,
                            1008, 1e-2),
    "sweep10_attn_dropout": ("attention_dropout", {"BM": 128, "BN": 64, "D": 64}, 4, 3, 2048,
                             1008, 1e-2),
    "sweep10_int8_decode": ("int8_decode_gemm", {"BN": 64, "BK": 128}, 4, 3, 8192, 1008, 1e-6),
    "sweep10_relu_e5m2": ("matmul_relu_e5m2", {"BM": 128, "BN": 128, "BK": 64}, 8, 3, 4096, 1008,
                          1e-2),
}


def kernel_args(torch, name, size, dev, kernels=None):
    """(args, outputs, reference, grid, work, unit) of a case at SIZE, as
    dot_sweep.kernel_args gives them."""
    c, warps = KERNELS[name][1], KERNELS[name][2]
    nan = nan_maker(torch, dev)
    if name == "sweep10_attn_dropout":
        heads, seq, d = 16, size, c["D"]
        q, k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(3))
        o = nan(heads, seq, d, dtype=torch.float16)
        args = [q, k, v, o, 1234, seq, d ** -0.5, 0.1]
        grid = (cdiv(seq, c["BM"]), heads)
        ref = triton_reference("kernels_wide10", KERNELS[name][0], c, warps)
        return args, [o], ref(args, [o], grid), grid, 4 * heads * seq * seq * d, "TFLOP/s"
    if name == "sweep10_conv2d":
        return conv_args(torch, size, dev, c, nan)
    if name == "sweep10_expert_dots":
        m, d, e = size, c["D"], c["E"]
        x = torch.randn(m, d, device=dev).half()
        w = (torch.randn(e, d, d, device=dev) / 8).half()
        gate = torch.rand(m, e, device=dev)
        y = nan(m, d, dtype=torch.float16)

        def ref():
            return [sum(gate[:, i:i + 1].double() * (x.double() @ w[i].double())
                        for i in range(e))]
        return [x, w, gate, y, m], [y], ref, (cdiv(m, c["BM"]),), 2 * m * d * d * e, "TFLOP/s"
    if name == "sweep10_int8_decode":
        m, n, kk = 7, size, cdiv(size, c["BK"]) * c["BK"]
        x = torch.randint(-128, 128, (m, kk), device=dev, dtype=torch.int8)
        w = torch.randint(-128, 128, (kk, n), device=dev, dtype=torch.int8)
        scale = torch.rand(n, device=dev) / 1000
        y = nan(m, n)

        def ref():
            return [(x.double() @ w.double()) * scale.double()]
        return [x, w, scale, y, m, n, kk], [y], ref, (cdiv(n, c["BN"]),), n * kk, "GB/s"
    return matmul_args(torch, name, size, dev, c, nan)


def conv_args(torch, size, dev, c, nan):
    """sweep10_conv2d: 32 NHWC images of SIZE x SIZE pixels."""
    batch, h, w, ch, ko, r = 32, size, size, c["C"], c["KO"], c["R"]
    x = torch.randn(batch, h, w, ch, device=dev).half()
    filt = (torch.randn(r, r, ch, ko, device=dev) / 8).half()
    y = nan(batch, h, w, ko, dtype=torch.float16)

    def ref():
        out = torch.nn.functional.conv2d(x.double().permute(0, 3, 1, 2),
                                         filt.double().permute(3, 2, 0, 1), padding=r // 2)
        return [out.permute(0, 2, 3, 1)]
    return ([x, filt, y, h, w], [y], ref, (cdiv(h * w, c["BP"]), batch),
            2 * batch * h * w * ko * ch * r * r, "TFLOP/s")


def matmul_args(torch, name, size, dev, c, nan):
    """The block-sparse and fp8-epilogue matmuls."""
    m = n = size
    kk = cdiv(size, c["BK"]) * c["BK"]
    if name == "sweep10_block_sparse":
        a = torch.randn(m, kk, device=dev).half()
        b = torch.randn(kk, n, device=dev).half()
        out = nan(m, n, dtype=torch.float16)
        live = (torch.rand(cdiv(m, c["BM"]), kk // c["BK"], device=dev) < 0.5).to(torch.int32)

        def ref():
            cols = live.repeat_interleave(c["BM"], 0)[:m].repeat_interleave(c["BK"], 1)
            return [(a.double() * cols.double()) @ b.double()]
        return ([a, b, out, live, m, n, kk], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
                2 * m * n * kk, "TFLOP/s")
    a = torch.randn(m, kk, device=dev).to(torch.bfloat16)
    b = torch.randn(kk, n, device=dev).to(torch.bfloat16)
    out = nan(m, n, dtype=torch.float8_e5m2)

    def ref():
        prod = (a.double() @ b.double()).clamp(min=0) * 0.0625
        return [prod.float().to(torch.float8_e5m2)]
    return ([a, b, out, m, n, kk], [out], ref, (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
            2 * m * n * kk, "TFLOP/s")
