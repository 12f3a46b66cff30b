"""Quantization: fp8, int8 and NF4 conversions with per-row scales, and
rounding modes.
"""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def quant_fp8_rows(x_ptr, q_ptr, scale_ptr, N, BLOCK: tl.constexpr):
    # Per-row fp8 e4m3 quantization of fp16 rows: scale = absmax / 448.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    scale = tl.maximum(tl.max(tl.abs(x), axis=0), 1e-12) / 448.0
    tl.store(q_ptr + row * N + cols, (x / scale).to(tl.float8e4nv), mask=mask)
    tl.store(scale_ptr + row, scale)


@triton.jit
def to_fp8_rtz(x_ptr, y_ptr, bits_ptr, n, BLOCK: tl.constexpr):
    # fp32 to fp8 e5m2 rounding toward zero, and the result's bits as int8.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = x.to(tl.float8e5, fp_downcast_rounding="rtz")
    tl.store(y_ptr + offs, y, mask=mask)
    tl.store(bits_ptr + offs, y.to(tl.int8, bitcast=True), mask=mask)


@triton.jit
def quant_int8_rows(x_ptr, q_ptr, scale_ptr, N, BLOCK: tl.constexpr):
    # Per-token int8 quantization of bf16 rows: scale = absmax / 127,
    # q = rint(x / scale) by libdevice, stored as int8 with the row's scale.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    scale = tl.maximum(tl.max(tl.abs(x), axis=0), 1e-8) / 127.0
    q = libdevice.rint(x / scale)
    tl.store(q_ptr + row * N + cols, q.to(tl.int8), mask=mask)
    tl.store(scale_ptr + row, scale)


@triton.jit
def nf4_dequant(packed_ptr, absmax_ptr, lut_ptr, out_ptr, n_bytes, QBLOCK: tl.constexpr,
                BLOCK: tl.constexpr):
    # bitsandbytes-style NF4 dequantization: each byte holds two 4-bit codes
    # (high nibble first), each decoded by a 16-entry fp32 table loaded by
    # index and scaled by its QBLOCK-element block's absmax; the two values
    # interleaved into fp16 out.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_bytes
    byte = tl.load(packed_ptr + offs, mask=mask, other=0)
    hi = tl.load(lut_ptr + (byte >> 4).to(tl.int32))
    lo = tl.load(lut_ptr + (byte & 0xF).to(tl.int32))
    scale = tl.load(absmax_ptr + offs // (QBLOCK // 2), mask=mask, other=0.0)
    vals = tl.interleave(hi * scale, lo * scale).to(tl.float16)
    outs = tl.program_id(0) * (2 * BLOCK) + tl.arange(0, 2 * BLOCK)
    tl.store(out_ptr + outs, vals, mask=outs < 2 * n_bytes)


@triton.jit
def fp8_roundtrip(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # fp32 through e4m3 and e5m2 and back, bf16 through e5m2, fp16 through
    # e4m3, fp64 to bf16: the sum of the round trips' errors, weighted.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a = x.to(tl.float8e4nv).to(tl.float32)
    b = x.to(tl.float8e5).to(tl.float32)
    c = x.to(tl.bfloat16).to(tl.float8e5).to(tl.float32)
    d = x.to(tl.float16).to(tl.float8e4nv).to(tl.float16).to(tl.float32)
    e = (x.to(tl.float64) * 1.0000001).to(tl.bfloat16).to(tl.float32)
    tl.store(out_ptr + offs, a, mask=mask)
    tl.store(out_ptr + n + offs, b + 3.0 * c, mask=mask)
    tl.store(out_ptr + 2 * n + offs, d - e, mask=mask)
