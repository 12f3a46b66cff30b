"""The cases of kernels/quant.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
from registry import Case, cdiv, nan_maker  # noqa: F401


# bitsandbytes' NF4 code book.
NF4 = [-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
       -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
       0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
       0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0]


def args_quant_fp8(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    cols = 4000
    x = torch.randn(size, cols, device=dev).half()
    q = torch.zeros(size, cols, device=dev, dtype=torch.float8_e4m3fn)
    scale = nan(size)

    def ref():  # Triton's own result: the same fp8 roundings
        want_q, want_s = torch.zeros_like(q), nan(size)
        kern.fn[(size,)](x, want_q, want_s, cols, **c, num_warps=kern.warps)
        return [want_q, want_s]
    return [x, q, scale, cols], [q, scale], ref, (size,), 3 * size * cols


def args_fp8_rtz(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    x = randn(size) * 100
    y = torch.zeros(size, device=dev, dtype=torch.float8_e5m2)
    bits = torch.zeros(size, device=dev, dtype=torch.int8)

    def ref():  # Triton's own result: its rounding toward zero
        want_y, want_bits = torch.zeros_like(y), torch.zeros_like(bits)
        kern.fn[(cdiv(size, c["BLOCK"]),)](x, want_y, want_bits, size, **c)
        return [want_y, want_bits]
    return [x, y, bits, size], [y, bits], ref, (cdiv(size, c["BLOCK"]),), 6 * size


def args_quant_int8(torch, dev, size, c, kern):
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    nan = nan_maker(torch, dev)
    cols = 4000
    x = randn(size, cols).to(torch.bfloat16)
    q = torch.zeros(size, cols, device=dev, dtype=torch.int8)
    scale = nan(size)

    def ref():  # Triton's own result: its fp32 division's roundings
        want_q, want_s = torch.zeros_like(q), nan(size)
        kern.fn[(size,)](x, want_q, want_s, cols, **c, num_warps=kern.warps)
        return [want_q, want_s]
    return [x, q, scale, cols], [q, scale], ref, (size,), 3 * size * cols


def args_nf4(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    q = c["QBLOCK"]
    packed = torch.randint(0, 256, (size,), device=dev, dtype=torch.uint8)
    absmax = torch.rand(cdiv(2 * size, q), device=dev) + 0.5
    lut = torch.tensor(NF4, device=dev, dtype=torch.float32)
    out = nan(2 * size, dtype=torch.float16)

    def ref():
        table = lut.double()
        vals = torch.stack([table[(packed >> 4).long()], table[(packed & 15).long()]], 1)
        return [vals.reshape(-1) * absmax.double().repeat_interleave(q)[:2 * size]]
    return [packed, absmax, lut, out, size], [out], ref, blocks, 5 * size


def args_fp8_roundtrip(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    blocks = (cdiv(size, c["BLOCK"]),) if "BLOCK" in c else None
    x = torch.randn(size, device=dev) * 30
    out = nan(3 * size)
    args = [x, out, size]
    return args, [out], triton_ref(args, [out], blocks), blocks, 16 * size


CASES = [
    Case("quant_fp8", "quant.quant_fp8_rows", args_quant_fp8, {"BLOCK": 4096},
         warps=8, stages=3, size=32768, ragged=1000, tol=0, metric="GB/s",
         tags=("fp16", "fp8", "triton-reference")),
    Case("fp8_rtz", "quant.to_fp8_rtz", args_fp8_rtz, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("fp8", "int8", "triton-reference")),
    Case("quant_int8", "quant.quant_int8_rows", args_quant_int8, {"BLOCK": 4096},
         warps=8, stages=3, size=65536, ragged=1000, tol=0, metric="GB/s",
         tags=("fp16", "bf16", "int8", "triton-reference")),
    Case("nf4", "quant.nf4_dequant", args_nf4, {"QBLOCK": 64, "BLOCK": 1024},
         warps=4, stages=3, size=134217728, ragged=100000, tol=0.001, metric="GB/s",
         tags=("fp16", "int8")),
    Case("fp8_roundtrip", "quant.fp8_roundtrip", args_fp8_roundtrip, {"BLOCK": 1024},
         warps=4, stages=3, size=67108864, ragged=100000, tol=0, metric="GB/s",
         tags=("triton-reference",)),
]
