"""Convolutions and pooling: direct and implicit-GEMM 2-D convolutions,
depthwise and causal 1-D convolutions, max pooling, unfold.
"""
import triton
import triton.language as tl


@triton.jit
def conv2d_nhwc(x_ptr, w_ptr, y_ptr, NB, H, W, C, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # 3x3 convolution, stride 1, padding 1, as an implicit GEMM: fp16 x
    # [NB, H, W, C], w [3, 3, C, K], y [NB, H, W, K]; rows are output pixels.
    pix = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    n = pix // (H * W)
    oh = (pix // W) % H
    ow = pix % W
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for rs in range(9):
        ih = oh + rs // 3 - 1
        iw = ow + rs % 3 - 1
        ok = (pix < NB * H * W) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
        src = ((n * H + ih) * W + iw) * C
        for c0 in range(0, C, BK):
            cc = c0 + rk
            a = tl.load(x_ptr + src[:, None] + cc[None, :], mask=ok[:, None] & (cc[None, :] < C),
                        other=0.0)
            b = tl.load(w_ptr + (rs * C + cc)[:, None] * K + rn[None, :],
                        mask=(cc[:, None] < C) & (rn[None, :] < K), other=0.0)
            acc = tl.dot(a, b, acc)
    tl.store(y_ptr + pix[:, None] * K + rn[None, :], acc.to(tl.float16),
             mask=(pix[:, None] < NB * H * W) & (rn[None, :] < K))


@triton.jit
def causal_conv1d(x_ptr, w_ptr, b_ptr, y_ptr, D, T, WIDTH: tl.constexpr, BD: tl.constexpr,
                  BT: tl.constexpr):
    # Mamba's causal depthwise conv1d with SiLU on x [batch, dim, time] fp16:
    # y[b, d, t] = silu(bias[d] + sum_k w[d, k] * x[b, d, t - WIDTH + 1 + k]),
    # WIDTH shifted loads (tl.static_range) masked before the sequence start.
    rt = tl.program_id(0) * BT + tl.arange(0, BT)
    rd = tl.program_id(1) * BD + tl.arange(0, BD)
    base = tl.program_id(2).to(tl.int64) * D * T
    d_ok = rd < D
    bias = tl.load(b_ptr + rd, mask=d_ok, other=0.0).to(tl.float32)
    acc = tl.zeros((BD, BT), tl.float32) + bias[:, None]
    for k in tl.static_range(WIDTH):
        t = rt - (WIDTH - 1) + k
        w = tl.load(w_ptr + rd * WIDTH + k, mask=d_ok, other=0.0).to(tl.float32)
        x = tl.load(x_ptr + base + rd[:, None] * T + t[None, :],
                    mask=d_ok[:, None] & (t[None, :] >= 0) & (rt[None, :] < T), other=0.0)
        acc += w[:, None] * x.to(tl.float32)
    y = acc * tl.sigmoid(acc)
    tl.store(y_ptr + base + rd[:, None] * T + rt[None, :], y.to(tl.float16),
             mask=d_ok[:, None] & (rt[None, :] < T))


@triton.jit
def max_pool_3x3s2(x_ptr, y_ptr, H, W, OH, OW, BLOCK: tl.constexpr):
    # 2-D max pooling, 3x3 window, stride 2, padding 1, on NCHW fp16: one
    # program per (plane, block of output pixels), the window's nine taps
    # unrolled by tl.static_range, out-of-image taps read as -inf.
    plane = tl.program_id(0).to(tl.int64)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    valid = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    src = x_ptr + plane * H * W
    acc = tl.full((BLOCK,), float("-inf"), tl.float16)
    for kh in tl.static_range(3):
        for kw in tl.static_range(3):
            ih = oh * 2 - 1 + kh
            iw = ow * 2 - 1 + kw
            ok = valid & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            acc = tl.maximum(acc, tl.load(src + ih * W + iw, mask=ok, other=float("-inf")))
    tl.store(y_ptr + plane * OH * OW + offs, acc, mask=valid)


@triton.jit
def depthwise_conv1d(x_ptr, w_ptr, y_ptr, L, C, TAPS: tl.constexpr, BLOCK_L: tl.constexpr,
                     BLOCK_C: tl.constexpr):
    # y[l, c] = sum_t x[l + t - TAPS // 2, c] * w[t, c], zero-padded, for
    # [L, C] channels-last x.
    ls = tl.program_id(0) * BLOCK_L + tl.arange(0, BLOCK_L)
    cs = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    acc = tl.zeros([BLOCK_L, BLOCK_C], tl.float32)
    for t in tl.static_range(TAPS):
        src = ls + t - TAPS // 2
        ok = (src >= 0) & (src < L)
        x = tl.load(x_ptr + src[:, None] * C + cs[None, :], mask=ok[:, None] & (cs[None, :] < C),
                    other=0.0)
        w = tl.load(w_ptr + t * C + cs, mask=cs < C, other=0.0)
        acc += x.to(tl.float32) * w.to(tl.float32)[None, :]
    tl.store(y_ptr + ls[:, None] * C + cs[None, :], acc.to(tl.float16),
             mask=(ls[:, None] < L) & (cs[None, :] < C))


@triton.jit
def unfold_3x3(x_ptr, cols_ptr, H, W, BLOCK: tl.constexpr):
    # cols[p, t] = x[h + t // 3 - 1, w + t % 3 - 1] for p = h * W + w, zero
    # outside; a row of 16 slots per position, the last 7 left alone.
    p = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    t = tl.arange(0, 16)
    h = p // W
    w = p % W
    hh = h[:, None] + t[None, :] // 3 - 1
    ww = w[:, None] + t[None, :] % 3 - 1
    inside = (hh >= 0) & (hh < H) & (ww >= 0) & (ww < W) & (p[:, None] < H * W)
    v = tl.load(x_ptr + hh * W + ww, mask=inside & (t[None, :] < 9), other=0.0)
    tl.store(cols_ptr + p[:, None] * 16 + t[None, :], v,
             mask=(p[:, None] < H * W) & (t[None, :] < 9))


@triton.jit
def conv2d_implicit_gemm(x_ptr, w_ptr, y_ptr, H, W, C: tl.constexpr, KO: tl.constexpr,
                         BP: tl.constexpr, BC: tl.constexpr, R: tl.constexpr):
    # NHWC fp16 input (one image per grid row), RxR filter [R, R, C, KO],
    # stride 1, padding R // 2: output pixels as the rows of a GEMM whose
    # K runs over the filter taps (two loops) and the channel blocks (the
    # innermost loop, with the dot).
    n = tl.program_id(1)
    p = tl.program_id(0) * BP + tl.arange(0, BP)
    oh = p // W
    ow = p % W
    ko = tl.arange(0, KO)
    acc = tl.zeros([BP, KO], tl.float32)
    for r in range(0, R):
        for s in range(0, R):
            ih = oh + r - R // 2
            iw = ow + s - R // 2
            ok = (p < H * W) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            base = ((n * H + ih) * W + iw) * C
            for c0 in range(0, C, BC):
                c = c0 + tl.arange(0, BC)
                x = tl.load(x_ptr + base[:, None] + c[None, :], mask=ok[:, None], other=0.0)
                w = tl.load(w_ptr + ((r * R + s) * C + c[:, None]) * KO + ko[None, :])
                acc = tl.dot(x, w, acc)
    tl.store(y_ptr + (n * H * W + p[:, None]) * KO + ko[None, :], acc.to(tl.float16),
             mask=(p < H * W)[:, None])
