"""Lit helper for the interpreter tests: computes each kernel's expected
outputs with NumPy from the inputs triton-run saved (--save), independently
of the interpreter, and compares.

  check.py gen KIND PATH N[,M] SEED     write an input .npy (normal, posnormal,
                                        uniform01, int32, uint32, small)
  check.py KERNEL DIR                   check the .npy files in DIR

Prints 'OK KERNEL' on success; exits non-zero naming the first mismatch.
"""
import os
import sys

import numpy as np


def load(d, name):
    return np.load(os.path.join(d, name + ".npy"))


def fail(msg):
    print("MISMATCH", msg)
    sys.exit(1)


def close(name, got, want, rtol=0.0, atol=0.0):
    got = np.asarray(got)
    want = np.asarray(want)
    if got.shape != want.shape:
        fail(f"{name}: shape {got.shape} != {want.shape}")
    if rtol == 0 and atol == 0:
        ok = np.array_equal(got, want, equal_nan=got.dtype.kind == "f")
        bad = np.argwhere(~((got == want) | (np.isnan(got) & np.isnan(want)))) \
            if got.dtype.kind == "f" else np.argwhere(got != want)
    else:
        ok = np.allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
        bad = np.argwhere(~np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True))
    if not ok:
        i = tuple(bad[0])
        fail(f"{name} at {i}: got {got[i]!r}, want {want[i]!r} ({len(bad)} differ)")


# --- float formats, from their definitions (not from the interpreter) -------

def minifloat_values(exp_bits, man_bits, bias, fn):
    """All finite non-negative values of a format, by code."""
    vals = []
    for code in range(1 << (exp_bits + man_bits)):
        e, m = code >> man_bits, code & ((1 << man_bits) - 1)
        if fn and e == (1 << exp_bits) - 1 and m == (1 << man_bits) - 1:
            break  # e4m3fn: S.1111.111 is NaN
        if not fn and e == (1 << exp_bits) - 1:
            break  # IEEE: inf/nan
        if e == 0:
            v = m * 2.0 ** (1 - bias - man_bits)
        else:
            v = (1 + m / 2.0 ** man_bits) * 2.0 ** (e - bias)
        vals.append(v)
    return np.array(vals)


def round_to_format(x, table, saturate=True):
    """Round-to-nearest-even onto `table` (ascending), saturating."""
    x = np.asarray(x, dtype=np.float64)
    a = np.abs(x)
    idx = np.clip(np.searchsorted(table, a), 1, len(table) - 1)
    lo, hi = table[idx - 1], table[idx]
    pick_hi = (a - lo > hi - a) | ((a - lo == hi - a) & (idx % 2 == 0))
    r = np.where(pick_hi, hi, lo)
    r = np.where(a >= table[-1], table[-1], r) if saturate else r
    r = np.where(a == 0, 0.0, r)
    return np.where(np.isnan(x), np.nan, np.copysign(r, x))


E4M3 = minifloat_values(4, 3, 7, True)
E5M2 = minifloat_values(5, 2, 15, False)


def to_bf16_rtz(x):
    b = np.asarray(x, np.float32).view(np.uint32) & np.uint32(0xFFFF0000)
    return b.view(np.float32)


def to_bf16_rne(x):
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    b = (b + 0x7FFF + ((b >> 16) & 1)) >> 16 << 16
    return b.astype(np.uint32).view(np.float32)


def c_div(a, b):
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q).astype(a.dtype)


def c_rem(a, b):
    return (a - c_div(a, b) * b).astype(a.dtype)


# --- kernels ----------------------------------------------------------------

def check_add(d):
    x, y, o = load(d, "x_ptr"), load(d, "y_ptr"), load(d, "out_ptr")
    close("out", o, (x + y).astype(x.dtype))


def check_softmax(d):
    x, o = load(d, "in_ptr"), load(d, "out_ptr")
    e = np.exp(x - x.max(axis=1, keepdims=True))
    close("out", o, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)


def check_matmul(d):
    a, b, c = load(d, "a_ptr"), load(d, "b_ptr"), load(d, "c_ptr")
    want = (a.astype(np.float64) @ b.astype(np.float64))
    close("c", c.astype(np.float64), want.astype(np.float16).astype(np.float64),
          rtol=2e-3, atol=2e-3)


def check_blockptr(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    close("y", y, 2 * x)


def check_misc(d):
    x, o, cnt = load(d, "x_ptr"), load(d, "out_ptr"), load(d, "cnt_ptr")
    n = x.size
    want = np.zeros_like(o)
    for pid in range((n + 255) // 256):
        blk = x[pid * 256:(pid + 1) * 256].astype(np.int64)
        c = np.cumsum(blk) * 3 + (pid * n + 1) + 0 + 1 + 2
        c = c * 2 if pid % 2 == 0 else c - 1
        want[pid * 256:pid * 256 + len(blk)] = c.astype(np.int32)
    close("out", o, want)
    close("cnt", cnt, np.array([n], np.int32))


def check_math(d):
    x, y, z = load(d, "x_ptr"), load(d, "y_ptr"), load(d, "z_ptr")
    i_in, i_out = load(d, "i_in"), load(d, "i_ptr")
    f = np.float32
    # f32 -> fp8e4nv (rtne, satfinite) -> bf16 -> f32: exact after the first step.
    close("y", y, round_to_format(x, E4M3).astype(f))
    import math
    erf = np.vectorize(math.erf)(x.astype(np.float64)).astype(f)
    ax = np.abs(x)
    zz = np.exp2(x) + np.log(ax + f(1)) + np.sqrt(ax) + erf + f(1) / np.sqrt(ax + f(1))
    zz = zz + np.sin(x) * np.cos(x) + np.floor(x) + (x * x + x)
    zz = np.clip(np.maximum(zz, x), f(-100), f(100)) / (ax + f(1))
    close("z", z, zz.astype(f), rtol=1e-5, atol=1e-6)
    iv = i_in.astype(np.int64)
    u = iv.astype(np.uint32).astype(np.uint64)
    want = c_div(iv, 3) + c_rem(iv, 5) + (iv << 2) + (iv >> 1) + ((u * 12345) >> 32).astype(np.int64)
    close("i", i_out, want.astype(np.int32))


def check_shape(d):
    x, idx, o, h = load(d, "x_ptr"), load(d, "idx_ptr"), load(d, "out_ptr"), load(d, "h_ptr")
    n = x.size
    g = x[idx]
    r = np.stack([x[1::2], x[0::2]], axis=-1).reshape(n)
    t = x.reshape(4, n // 4).T.reshape(n)
    close("out", o, g + r + t)
    close("hist", h, np.bincount(idx, minlength=n).astype(np.int32))


def check_atomics(d):
    p_in, f_in = load(d, "p_in"), load(d, "f_in")
    p, fo = load(d, "p_ptr"), load(d, "f_ptr")
    n = int(open(os.path.join(d, "n.txt")).read())
    B = 64
    v = np.arange(B, dtype=np.int32)
    m = v < n
    q = p_in.copy()
    s = q[:B]
    s[m] += v[m]
    s[m] = np.maximum(s[m], v[m])
    s[:] = np.minimum(s, v)
    s[:] = s & v
    s[m] |= v[m]
    s[m] ^= v[m]
    s[m] = v[m]
    old = q[0]
    if q[0] == 0:
        q[0] = 1
    q[B] = old
    close("p", p, q)
    ff = f_in.copy()
    fv = ff.copy()
    ff[m] = ff[m] + v[m].astype(np.float32)
    ff[m] = np.maximum(ff[m], fv[m])
    close("f", fo, ff)


def check_casts(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    i, u_in, u_out = load(d, "i_ptr"), load(d, "u_in"), load(d, "u_ptr")
    f = np.float32
    h = x.astype(np.float16)
    bf = to_bf16_rtz(x)
    f8a = round_to_format(x, E5M2).astype(f)
    f8b = round_to_format(h.astype(np.float64), E4M3).astype(f)
    u = u_in.view(np.uint32)
    ii = i.astype(np.int8).astype(np.int64) + np.trunc(x).astype(np.int32) + u.astype(np.int32)
    uu = (u // 7) % 5 + (u >> 3) + (u.astype(np.uint64) * 3).astype(np.uint32)
    s = f8a + f8b + bf + h.astype(f) + x.astype(np.float64).astype(f) + x
    s = s + i.astype(f) + u.astype(f) + ii.astype(f) + uu.astype(f)
    close("y", y, s)
    close("u", u_out.view(np.uint32), uu.astype(np.uint32))


def check_control(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    n, B = 5, 64
    want = np.zeros_like(y)
    for pid in range(4):
        acc = np.zeros(B, np.float32)
        for i in range(0, n, 2):
            acc += x[i * B:(i + 1) * B]
        for j in range(3):
            acc = acc * np.float32(j + 1)
        for k in range(n, 0, -1):
            acc = acc - np.float32(k)
        acc = acc + np.float32(1.0)
        acc = acc if pid > 2 else acc * np.float32(2)
        want[pid * B:(pid + 1) * B] = acc + np.float32(6)
    close("y", y, want)


def check_dot_variants(d):
    a, b, c, f8 = load(d, "a_ptr"), load(d, "b_ptr"), load(d, "c_ptr"), load(d, "f8_ptr")
    table = np.concatenate([E4M3, [np.nan]])  # code 0x7f is NaN
    fv = table[f8 & 0x7F] * np.where(f8 & 0x80, -1.0, 1.0)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    c1 = a64 @ b64
    c3 = (a.astype(np.float16).astype(np.float64) @ b.astype(np.float16).astype(np.float64))
    c3 = c3.astype(np.float16).astype(np.float64)
    c4 = fv @ fv.T
    c5 = np.trunc(a).astype(np.int8).astype(np.int64) @ np.trunc(b).astype(np.int8).astype(np.int64)
    close("c", c.astype(np.float64), c1 + c1 + c3 + c4 + c5, rtol=1e-3, atol=2e-2)


def check_grid(d):
    x = load(d, "x_ptr")
    want = np.zeros_like(x)
    for p0 in range(2):
        for p1 in range(2):
            for p2 in range(2):
                want[p0 + 3 * p1 + 7 * p2] = 6
    close("x", x, want)


def check_precise(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    f = np.float32
    a = np.sqrt(x) + x / (x + f(1))
    b = x / (x + f(2)) + x / (x + f(3))
    c = np.clip(x, f(-1), f(1))
    dd = np.maximum(x, a) + np.fmin(x, b)
    e = np.exp(x) + np.log2(x) + np.ceil(x) + np.abs(x) + np.cos(x)
    close("y", y, a + b + c + dd + e + x, rtol=1e-5, atol=1e-6)


def check_ptrs(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    n = 3
    close("y0", y[0], x[n + 2])
    close("y1", y[1], np.float32(x[:1].view(np.int32)[0]))


def tree_reduce(vals, comb):
    vals = list(vals)
    while len(vals) > 1:
        nxt = [comb(vals[i], vals[i + 1]) for i in range(0, len(vals) - 1, 2)]
        if len(vals) % 2:
            nxt.append(vals[-1])
        vals = nxt
    return vals[0]


def check_reduce_scan(d):
    x, y, iy = load(d, "x_ptr"), load(d, "y_ptr"), load(d, "i_ptr")
    n = x.size
    comb = lambda a, b: np.float32(a * b + a)
    # The combine function is not associative: the interpreter documents a
    # pairwise tree for reduce and Hillis-Steele for scan; mirror those.
    a = tree_reduce(x, comb)
    rev = x[::-1].copy()
    dist = 1
    while dist < n:
        new = rev.copy()
        for i in range(dist, n):
            new[i] = comb(rev[i - dist], rev[i])
        rev, dist = new, dist * 2
    s = rev[::-1]
    cp = np.cumprod(x, dtype=np.float32)
    srt = np.sort(x)
    v = x.max()
    ix = int(np.argmax(x))
    close("y", y, s + cp + srt + a + v, rtol=1e-5, atol=1e-6)
    close("i", iy, np.full(n, ix + ix + int(np.argmin(x)), np.int32))


def check_shapes(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    want = np.zeros_like(y)
    want[:64] = x
    want[64:128] = x
    close("y", y, want)


def check_desc_gather(d):
    x, y, idx = load(d, "x_ptr"), load(d, "y_ptr"), load(d, "idx_ptr")
    want = np.zeros_like(x)
    want[idx] = x[idx]
    close("y", y, want)


def check_descriptor(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    close("y", y, 2 * x)


def check_desc_scale_view(d):
    # Descriptors over the first N_VIEW columns of wider buffers: the
    # columns past them keep their -1 (TMA stores are clipped to the shape).
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    n = int(open(os.path.join(d, "n_view")).read())
    close("y", y[:, :n], 2 * x[:, :n])
    close("y beyond the descriptor", y[:, n:], np.full_like(y[:, n:], -1))


def check_desc_pad(d):
    # x [M, N] through a NaN-padded descriptor into a wider y: 2x inside,
    # NaN (the padding, doubled) in the rest of the blocks.
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    m, n = x.shape
    want = np.full_like(y, np.nan)
    want[:m, :n] = 2 * x
    close("y", y, want)


def check_matmul_nan(d):
    # A read through a NaN-padded descriptor with K not a multiple of the
    # block: every row meets the padding, every product is NaN.
    c = load(d, "c_ptr")
    close("c", c, np.full_like(c, np.nan))


def check_map_elementwise(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    close("y", y, np.where(x > 0, x * 2, np.float32(-1)))


def check_map_elementwise_branch(d):
    x, y, z = load(d, "x_ptr"), load(d, "y_ptr"), load(d, "z_ptr")
    close("y", y, np.where(x < 0, -x, x * 3))
    pairs = x.reshape(-1, 2)
    close("z", z, np.stack([pairs[:, 0] + pairs[:, 1], pairs[:, 0] - pairs[:, 1]], 1).reshape(-1))


def check_descriptor_reduce(d):
    x, y, z = load(d, "x_ptr"), load(d, "y_ptr"), load(d, "z_ptr")
    y0, z0 = load(d, "y_in"), load(d, "z_in")
    close("y", y, y0 + x)
    close("z", z, np.maximum(z0, x))


def check_tf32_dot(d):
    a, b, t, i = load(d, "a_ptr"), load(d, "b_ptr"), load(d, "t_ptr"), load(d, "i_ptr")
    # b is the identity: a tf32 dot returns a truncated to tf32 (low 13
    # mantissa bits cleared, as measured on the H200), an ieee dot a itself.
    close("tf32", t, (a.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32))
    close("ieee", i, a)


def check_libdevice(d):
    x, y = load(d, "x_ptr"), load(d, "y_ptr")
    close("y", y, np.tanh(x) + np.power(x, np.float32(2)), rtol=1e-6, atol=1e-6)


def check_libdevice_int(d):
    """libdevice's integer functions, from their CUDA definitions."""
    x, y = load(d, "x_ptr").astype(np.int64), load(d, "y_ptr").astype(np.int64)
    l = load(d, "l_ptr")
    o, ol = load(d, "o_ptr").reshape(10, 64), load(d, "ol_ptr").reshape(2, 64)
    ux, uy = x & 0xFFFFFFFF, y & 0xFFFFFFFF
    ul = [int(v) & (2 ** 64 - 1) for v in l]

    def i32(v):
        v = int(v) & 0xFFFFFFFF
        return v - 2 ** 32 if v >= 2 ** 31 else v

    def i64(v):
        v = int(v) & (2 ** 64 - 1)
        return v - 2 ** 64 if v >= 2 ** 63 else v

    want = [
        [bin(v).count("1") for v in ux],
        [32 - int(v).bit_length() for v in ux],
        [(int(v) & -int(v)).bit_length() for v in ux],
        [i32(int(format(int(v), "032b")[::-1], 2)) for v in ux],
        [i32((int(a) * int(b)) >> 32) for a, b in zip(x, y)],
        [i32((int(a) * int(b)) >> 32) for a, b in zip(ux, uy)],
        [i32((int(a) + int(b)) >> 1) for a, b in zip(x, y)],
        [i32(max(int(a), int(b))) for a, b in zip(ux, uy)],
        [bin(v).count("1") for v in ul],
        [64 - v.bit_length() for v in ul],
    ]
    for i, row in enumerate(want):
        if not np.array_equal(o[i], np.array(row)):
            fail(f"row {i}: {o[i][:8]} != {row[:8]}")
    want_l = [[i64(int(format(v, "064b")[::-1], 2)) for v in ul], [i64((v * v) >> 64) for v in ul]]
    for i, row in enumerate(want_l):
        if not np.array_equal(ol[i], np.array(row, dtype=np.int64)):
            fail(f"64-bit row {i}: {ol[i][:4]} != {row[:4]}")


def check_matmul_fp32(d):
    a, b, c = load(d, "a_ptr"), load(d, "b_ptr"), load(d, "c_ptr")
    close("c", c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32),
          rtol=1e-5, atol=1e-4)


def check_layernorm(d):
    x, w, b, y = load(d, "x_ptr"), load(d, "w_ptr"), load(d, "b_ptr"), load(d, "y_ptr")
    xf = x.astype(np.float32)
    mean = xf.mean(axis=1, keepdims=True)
    var = ((xf - mean) ** 2).mean(axis=1, keepdims=True)
    want = (xf - mean) / np.sqrt(var + np.float32(1e-5)) * w.astype(np.float32) + b.astype(np.float32)
    close("y", y.astype(np.float32), want.astype(np.float16).astype(np.float32), rtol=1e-2, atol=1e-2)


def check_fp_convert(d):
    x = load(d, "x_ptr")
    close("e4m3", load(d, "a_ptr"), round_to_format(x, E4M3).astype(np.float32))
    close("e5m2", load(d, "b_ptr"), round_to_format(x, E5M2).astype(np.float32))
    close("bf16 rtz", load(d, "c_ptr"), to_bf16_rtz(x))
    close("f16", load(d, "d_ptr"), x.astype(np.float16).astype(np.float32))
    h = x.astype(np.float16).astype(np.float64)
    close("f16 -> e4m3", load(d, "e_ptr"), round_to_format(h, E4M3).astype(np.float32))


def sweep_values():
    """Every fp8 value, every midpoint between neighbours and values just
    beside each midpoint, overflow and special values, random values."""
    def grid(eb, mb, bias):  # every code read as a normal/subnormal number
        out = []
        for code in range(1 << (eb + mb)):
            e, m = code >> mb, code & ((1 << mb) - 1)
            out.append(m * 2.0 ** (1 - bias - mb) if e == 0 else
                       (1 + m / 2.0 ** mb) * 2.0 ** (e - bias))
        return np.array(out)
    vals = []
    for g in (grid(4, 3, 7), grid(5, 2, 15)):
        mids = (g[:-1] + g[1:]) / 2
        vals += list(g) + list(mids) + list(mids * (1 + 2**-20)) + list(mids * (1 - 2**-20))
    vals += [448, 464, 479.9, 480, 500, 1e4, 57344, 61440, 65504, 65520, 1e6, 3e38,
             np.inf, np.nan, 2**-10, 2**-9, 2**-17, 2**-16]
    rng = np.random.default_rng(0)
    vals += list(rng.standard_normal(2000) * 100) + list(rng.standard_normal(2000))
    vals += list(rng.standard_normal(1000) * 1e-3)
    v = np.array(vals, np.float64)
    v = np.concatenate([v, -v])
    x = np.zeros(12288, np.float32)
    x[:len(v)] = v.astype(np.float32)
    return x


def gen(kind, path, shape, seed):
    rng = np.random.default_rng(int(seed))
    shape = tuple(int(s) for s in shape.split(","))
    if kind == "normal":
        a = rng.standard_normal(shape).astype(np.float32)
    elif kind == "posnormal":
        a = (np.abs(rng.standard_normal(shape)) + 0.1).astype(np.float32)
    elif kind == "uniform01":
        a = rng.uniform(0.5, 1.5, shape).astype(np.float32)
    elif kind == "int32":
        a = rng.integers(-1000, 1000, shape).astype(np.int32)
    elif kind == "uint32":
        a = rng.integers(0, 100, shape).astype(np.int32)
    elif kind == "sweep":
        a = sweep_values()
    elif kind == "big":
        a = (rng.standard_normal(shape) * 300).astype(np.float32)
    else:
        raise SystemExit(f"unknown kind {kind}")
    np.save(path, a)


def main():
    if sys.argv[1] == "gen":
        gen(*sys.argv[2:6])
        return
    kernel, d = sys.argv[1], sys.argv[2]
    globals()["check_" + kernel](d)
    print("OK", kernel)


if __name__ == "__main__":
    main()
