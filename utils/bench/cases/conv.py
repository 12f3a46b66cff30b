"""The cases of kernels/conv.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


def conv_args(torch, size, dev, c, nan):
    """conv2d_implicit_gemm: 32 NHWC images of SIZE x SIZE pixels."""
    batch, h, w, ch, ko, r = 32, size, size, c["C"], c["KO"], c["R"]
    x = torch.randn(batch, h, w, ch, device=dev).half()
    filt = (torch.randn(r, r, ch, ko, device=dev) / 8).half()
    y = nan(batch, h, w, ko, dtype=torch.float16)

    def ref():
        out = torch.nn.functional.conv2d(x.double().permute(0, 3, 1, 2),
                                         filt.double().permute(3, 2, 0, 1), padding=r // 2)
        return [out.permute(0, 2, 3, 1)]
    return ([x, filt, y, h, w], [y], ref, (cdiv(h * w, c["BP"]), batch),
            2 * batch * h * w * ko * ch * r * r)


def args_conv2d_nhwc(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    nb, hw, ch, k = size, 56, 64, 128
    x = torch.randn(nb, hw, hw, ch, device=dev).half()
    w = (torch.randn(3, 3, ch, k, device=dev) / 8).half()
    y = nan(nb, hw, hw, k, dtype=torch.float16)

    def ref():
        out = torch.nn.functional.conv2d(x.double().permute(0, 3, 1, 2),
                                         w.double().permute(3, 2, 0, 1), padding=1)
        return [out.permute(0, 2, 3, 1)]
    return ([x, w, y, nb, hw, hw, ch, k], [y], ref,
            (cdiv(nb * hw * hw, c["BM"]), cdiv(k, c["BN"])), 2 * nb * hw * hw * 9 * ch * k)


def args_causal_conv1d(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    batch, dim, width = (4 if size > 1000 else 2), 2000, c["WIDTH"]
    x = randn(batch, dim, size).half()
    w = (randn(dim, width) / 2).half()
    b = randn(dim).half()
    y = nan(batch, dim, size, dtype=torch.float16)

    def ref():
        out = b.double()[None, :, None].repeat(batch, 1, size)
        for k in range(width):
            shift = width - 1 - k
            out[..., shift:] += w.double()[None, :, k, None] * x.double()[..., :size - shift]
        return [out * torch.sigmoid(out)]
    return ([x, w, b, y, dim, size], [y], ref,
            (cdiv(size, c["BT"]), cdiv(dim, c["BD"]), batch), 2 * 2 * batch * dim * size)


def args_maxpool(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    batch, ch, hw = size, 64, 112
    ohw = (hw - 1) // 2 + 1
    x = randn(batch, ch, hw, hw).half()
    y = nan(batch, ch, ohw, ohw, dtype=torch.float16)
    return ([x, y, hw, hw, ohw, ohw], [y],
            lambda: [torch.nn.functional.max_pool2d(x.double(), 3, 2, 1)],
            (batch * ch, cdiv(ohw * ohw, c["BLOCK"])), 2 * batch * ch * (hw * hw + ohw * ohw))


def args_dwconv1d(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    length, ch, taps = size, 1024, c["TAPS"]
    x = torch.randn(length, ch, device=dev).half()
    w = torch.randn(taps, ch, device=dev).half()
    y = nan(length, ch, dtype=torch.float16)

    def ref():
        xp = torch.nn.functional.pad(x.double(), (0, 0, taps // 2, taps // 2))
        return [sum(xp[t:t + length] * w[t].double() for t in range(taps))]
    return ([x, w, y, length, ch], [y], ref,
            (cdiv(length, c["BLOCK_L"]), cdiv(ch, c["BLOCK_C"])), 4 * length * ch)


def args_unfold(torch, dev, size, c, kern):
    h = w = size
    x = torch.randn(h, w, device=dev)
    cols = torch.zeros(h * w, 16, device=dev)

    def ref():
        xp = torch.nn.functional.pad(x.double(), (1, 1, 1, 1))
        out = torch.zeros(h * w, 16, device=dev, dtype=torch.float64)
        for t in range(9):
            out[:, t] = xp[t // 3:t // 3 + h, t % 3:t % 3 + w].flatten()
        return [out]
    return ([x, cols, h, w], [cols], ref, (cdiv(h * w, c["BLOCK"]),), 40 * h * w)


def args_conv2d_implicit_gemm(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    return conv_args(torch, size, dev, c, nan)


CASES = [
    Case("conv2d_nhwc", "conv.conv2d_nhwc", args_conv2d_nhwc, {"BM": 128, "BN": 128, "BK": 64},
         warps=8, stages=3, size=64, ragged=16, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("causal_conv1d", "conv.causal_conv1d", args_causal_conv1d,
         {"WIDTH": 4, "BD": 64, "BT": 128},
         warps=4, stages=3, size=32768, ragged=1008, tol=0.01, metric="GB/s",
         tags=("fp16",)),
    Case("maxpool", "conv.max_pool_3x3s2", args_maxpool, {"BLOCK": 1024},
         warps=4, stages=3, size=512, ragged=3, tol=0, metric="GB/s",
         tags=("fp16",)),
    Case("dwconv1d", "conv.depthwise_conv1d", args_dwconv1d,
         {"TAPS": 7, "BLOCK_L": 64, "BLOCK_C": 64},
         warps=4, stages=3, size=65536, ragged=1008, tol=0.001, metric="GB/s",
         tags=("fp16",)),
    Case("unfold", "conv.unfold_3x3", args_unfold, {"BLOCK": 128},
         warps=4, stages=3, size=2048, ragged=112, tol=0, metric="GB/s"),
    Case("conv2d_implicit_gemm", "conv.conv2d_implicit_gemm", args_conv2d_implicit_gemm,
         {"C": 64, "KO": 64, "BP": 64, "BC": 32, "R": 3},
         warps=4, stages=3, size=64, ragged=48, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
]
