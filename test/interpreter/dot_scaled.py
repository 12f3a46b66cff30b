"""Lit helper for dot-scaled.test: recomputes tt.dot_scaled with NumPy from the
buffers triton-run saved (--save), from the microscaling definitions alone,
and compares bit for bit.

  dot_scaled.py KERNEL DIR    check the .npy files in DIR for KERNEL (a
                              function of Inputs/dot-scaled.mlir)

Prints 'OK KERNEL' on success; exits non-zero naming the first mismatch.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import fail, load  # noqa: E402  (the interpreter checks' shared helpers)


# --- element formats --------------------------------------------------------

def e2m1(code):
    """fp4: sign, 2 exponent bits (bias 1), 1 mantissa bit; no inf or NaN."""
    code = code.astype(np.int64)
    s, e, m = (code >> 3) & 1, (code >> 1) & 3, code & 1
    mag = np.where(e == 0, 0.5 * m, 2.0 ** (e - 1) * (1 + m / 2))
    return np.where(s == 1, -mag, mag)


def fp8(bits, exp_bits, man_bits, bias, fn):
    """fp8 from its bit pattern: e4m3fn (fn: only S.1111.111 is NaN, no inf)
    or IEEE-like e5m2."""
    bits = bits.view(np.uint8).astype(np.int64)
    s = bits >> 7
    e = (bits >> man_bits) & ((1 << exp_bits) - 1)
    m = bits & ((1 << man_bits) - 1)
    top = (1 << exp_bits) - 1
    mag = np.where(e == 0, m * 2.0 ** (1 - bias - man_bits),
                   (1 + m / 2.0 ** man_bits) * 2.0 ** (e - bias))
    if fn:
        mag = np.where((e == top) & (m == (1 << man_bits) - 1), np.nan, mag)
    else:
        mag = np.where(e == top, np.where(m == 0, np.inf, np.nan), mag)
    return np.where(s == 1, -mag, mag)


def unpack_fp4(packed, axis):
    """Two fp4 values per byte along `axis`, the low nibble first."""
    p = packed.view(np.uint8)
    pair = np.stack([e2m1(p & 0xF), e2m1(p >> 4)], axis=axis + 1)
    shape = list(p.shape)
    shape[axis] *= 2
    return pair.reshape(shape)


def decode(x, fmt, packed_axis=None):
    if fmt == "e2m1":
        return unpack_fp4(x, packed_axis)
    if fmt == "e4m3":
        return fp8(x, 4, 3, 7, True)
    if fmt == "e5m2":
        return fp8(x, 5, 2, 15, False)
    if fmt == "bf16":  # saved as raw bits
        return (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if fmt == "fp16":
        return x.astype(np.float64)
    raise ValueError(fmt)


def scale(v, s, s_fmt="e8m0"):
    """v [..., R, K] times its scale per group of K / G, s [..., R, G]
    (E8M0: 2^(s - 127), 255 is NaN; e4m3: the value), rounded to float32."""
    if s_fmt == "e4m3":
        f = decode(s, "e4m3")
    else:
        s = s.view(np.uint8).astype(np.float64)
        f = np.where(s == 255, np.nan, 2.0 ** (s - 127))
    f = np.repeat(f, v.shape[-1] // s.shape[-1], axis=-1)
    return (v * f).astype(np.float32)


def dot_f32(a, b, c):
    """Products summed in float32 in order of k, then c added."""
    acc = np.zeros(a.shape[:-1] + b.shape[-1:], np.float32)
    for k in range(a.shape[-1]):
        acc = acc + a[..., :, k:k + 1] * b[..., k:k + 1, :]
    return acc + c


def dot_scaled(a, a_fmt, b, b_fmt, c, a_scale=None, b_scale=None,
               lhs_k_pack=True, rhs_k_pack=True, scale_fmt="e8m0"):
    rank = a.ndim
    A = decode(a, a_fmt, rank - 1 if lhs_k_pack else rank - 2)
    B = decode(b, b_fmt, rank - 2 if rhs_k_pack else rank - 1)
    A = scale(A, a_scale, scale_fmt) if a_scale is not None else A.astype(np.float32)
    # b's scales are N x groups: scale B transposed, K last.
    B = (scale(np.swapaxes(B, -1, -2), b_scale, scale_fmt).swapaxes(-1, -2)
         if b_scale is not None else B.astype(np.float32))
    return dot_f32(A, B, c.astype(np.float32))


def same(name, got, want):
    if got.shape != want.shape:
        fail(f"{name}: shape {got.shape} != {want.shape}")
    bad = np.argwhere(~((got == want) | (np.isnan(got) & np.isnan(want))))
    if len(bad):
        i = tuple(bad[0])
        fail(f"{name} at {i}: got {got[i]!r}, want {want[i]!r} ({len(bad)} differ)")
    finite = want[np.isfinite(want)]
    if not finite.size or not np.any(finite):
        fail(f"{name}: the reference is all zeros or NaN (a vacuous test)")


# --- kernels ----------------------------------------------------------------

def check_e2m1_e4m3(d):
    a, a_s, b, b_s, c = (load(d, n) for n in ("a_ptr", "as_ptr", "b_ptr", "bs_ptr", "c_ptr"))
    got = load(d, "d_ptr")
    want = dot_scaled(a, "e2m1", b, "e4m3", c, a_s, b_s)
    same("d", got, want)
    # A 255 scale byte makes its whole row of A (column of B) NaN, and only
    # those rows and columns of d.
    nan_rows = (a_s.view(np.uint8) == 255).any(axis=1)
    nan_cols = (b_s.view(np.uint8) == 255).any(axis=1)
    expect_nan = nan_rows[:, None] | nan_cols[None, :]
    if not np.array_equal(np.isnan(got), expect_nan):
        fail(f"NaN pattern: {int(np.isnan(got).sum())} NaN, "
             f"{int(expect_nan.sum())} expected")


def check_nvfp4(d):
    a, a_s, b, b_s = (load(d, n) for n in ("a_ptr", "as_ptr", "b_ptr", "bs_ptr"))
    want = dot_scaled(a, "e2m1", b, "e2m1", np.zeros((16, 16)), a_s, b_s,
                      scale_fmt="e4m3")
    same("d", load(d, "d_ptr"), want)


def check_bf16_e2m1(d):
    a, b, b_s = load(d, "a_ptr"), load(d, "b_ptr"), load(d, "bs_ptr")
    want = dot_scaled(a, "bf16", b, "e2m1", np.zeros((16, 16)), None, b_s)
    same("d", load(d, "d_ptr"), want)


def check_lhs_m_packed(d):
    a, a_s, b, b_s = (load(d, n) for n in ("a_ptr", "as_ptr", "b_ptr", "bs_ptr"))
    want = dot_scaled(a, "e2m1", b, "e5m2", np.zeros((16, 16)), a_s, b_s,
                      lhs_k_pack=False)
    same("d", load(d, "d_ptr"), want)


def check_rhs_n_packed(d):
    a, a_s, b = load(d, "a_ptr"), load(d, "as_ptr"), load(d, "b_ptr")
    want = dot_scaled(a, "e4m3", b, "e2m1", np.zeros((16, 16)), a_s, None,
                      rhs_k_pack=False)
    same("d", load(d, "d_ptr"), want)


def check_batched(d):
    a, a_s, b = load(d, "a_ptr"), load(d, "as_ptr"), load(d, "b_ptr")
    want = dot_scaled(a, "e2m1", b, "fp16", np.zeros((2, 16, 16)), a_s, None)
    same("d", load(d, "d_ptr"), want)


def to_bf16(x):
    """float32 to bf16 (round to nearest even), as float32."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16 << 16
    return u.astype(np.uint32).view(np.float32)


def check_matmul_mx(d, a_fmt, b_fmt):
    # the benchmark suite's matmul_mx (utils/bench/kernels): one dot_scaled per BK = 64 slice of
    # K, each accumulating onto the last; c stored as bf16.
    b = load(d, "b_ptr")
    a_s = load(d, "as_ptr") if a_fmt != "bf16" else None
    a, b_s, c = load(d, "a_ptr"), load(d, "bs_ptr"), load(d, "c_ptr")
    k = a.shape[1]
    kb = 32 if b_fmt == "e2m1" else 64  # rows of b per slice
    acc = np.zeros((a.shape[0], b_s.shape[0]), np.float32)
    for i in range(k // 64):
        acc = dot_scaled(a[:, i * 64:(i + 1) * 64], a_fmt, b[i * kb:(i + 1) * kb], b_fmt,
                         acc, None if a_s is None else a_s[:, 2 * i:2 * i + 2],
                         b_s[:, 2 * i:2 * i + 2])
    same("c", decode(c, "bf16").astype(np.float32), to_bf16(acc))


def check_matmul_mx_bf16_e2m1(d):
    check_matmul_mx(d, "bf16", "e2m1")


def check_matmul_mx_e4m3_e4m3(d):
    check_matmul_mx(d, "e4m3", "e4m3")


if __name__ == "__main__":
    kernel, directory = sys.argv[1], sys.argv[2]
    with np.errstate(invalid="ignore", over="ignore"):
        globals()["check_" + kernel](directory)
    print("OK", kernel)
