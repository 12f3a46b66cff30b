"""Data movement: gathers, embeddings, transposes and permutes, block
pointers, interleaving, sparse rows, KV-cache writes, rotary embeddings.
"""
import triton
import triton.language as tl


@triton.jit
def rope(x_ptr, cos_ptr, sin_ptr, y_ptr, D: tl.constexpr):
    # Rotary embedding of one row of interleaved pairs (x0, x1): split the
    # pairs, rotate by the position's angles, join them back.
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * D + tl.arange(0, D))
    x0, x1 = tl.split(tl.reshape(x, (D // 2, 2)))
    c = tl.load(cos_ptr + row * (D // 2) + tl.arange(0, D // 2))
    s = tl.load(sin_ptr + row * (D // 2) + tl.arange(0, D // 2))
    y = tl.reshape(tl.join(x0 * c - x1 * s, x0 * s + x1 * c), (D,))
    tl.store(y_ptr + row * D + tl.arange(0, D), y)


@triton.jit
def embedding(ids_ptr, table_ptr, out_ptr, n_ids, D: tl.constexpr, BLOCK_T: tl.constexpr):
    # Rows of an fp16 table [*, D] gathered by int64 ids, BLOCK_T ids per program.
    t = tl.program_id(0) * BLOCK_T + tl.arange(0, BLOCK_T)
    ids = tl.load(ids_ptr + t, mask=t < n_ids, other=0)
    d = tl.arange(0, D)
    rows = tl.load(table_ptr + ids[:, None] * D + d[None, :], mask=(t < n_ids)[:, None])
    tl.store(out_ptr + t.to(tl.int64)[:, None] * D + d[None, :], rows, mask=(t < n_ids)[:, None])


@triton.jit
def transpose(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # y [N, M] = x [M, N]^T for fp16, one BM x BN tile per program.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    tile = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N))
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(tile),
             mask=(rn[:, None] < N) & (rm[None, :] < M))


@triton.jit
def gather_rows(x_ptr, idx_ptr, y_ptr, N: tl.constexpr):
    # y[r, j] = x[r, idx[r, j]]: a permutation of each row by tl.gather.
    row = tl.program_id(0)
    c = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + c)
    idx = tl.load(idx_ptr + row * N + c)
    tl.store(y_ptr + row * N + c, tl.gather(x, idx, axis=0))


@triton.jit
def spmv_csr(rowptr_ptr, cols_ptr, vals_ptr, x_ptr, y_ptr, BLOCK: tl.constexpr):
    # y = A x for a CSR matrix, one row per program: a loop whose bounds are
    # read from memory, gathering x by the row's column indices.
    row = tl.program_id(0)
    start = tl.load(rowptr_ptr + row)
    end = tl.load(rowptr_ptr + row + 1)
    acc = tl.zeros((BLOCK,), tl.float32)
    for j in range(start, end, BLOCK):
        offs = j + tl.arange(0, BLOCK)
        mask = offs < end
        c = tl.load(cols_ptr + offs, mask=mask, other=0)
        v = tl.load(vals_ptr + offs, mask=mask, other=0.0)
        acc += v * tl.load(x_ptr + c, mask=mask, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


@triton.jit
def split_heads(x_ptr, y_ptr, S, H: tl.constexpr, D: tl.constexpr, BS: tl.constexpr):
    # [S, H, D] -> [H, S, D] for fp16, a BS x H x D tile per program through
    # tl.permute.
    s = tl.program_id(0) * BS + tl.arange(0, BS)
    h = tl.arange(0, H)
    d = tl.arange(0, D)
    mask = (s < S)[:, None, None]
    tile = tl.load(x_ptr + (s[:, None, None] * H + h[None, :, None]) * D + d[None, None, :],
                   mask=mask)
    out = tl.permute(tile, (1, 0, 2))
    tl.store(y_ptr + (h[:, None, None] * S + s[None, :, None]) * D + d[None, None, :], out,
             mask=(s < S)[None, :, None])


@triton.jit
def cat_interleave(x_ptr, y_ptr, sum_ptr, inter_ptr, perm_ptr, N: tl.constexpr):
    # One block of N ints of x and y per program: the squares' sum of their
    # concatenation (its order is the compiler's: only reduced), x and y
    # interleaved, and x as [2, N/8, 4] permuted to [4, 2, N/8].
    pid = tl.program_id(0)
    offs = pid * N + tl.arange(0, N)
    a = tl.load(x_ptr + offs)
    b = tl.load(y_ptr + offs)
    c = tl.cat(a, b, can_reorder=True)
    tl.store(sum_ptr + pid, tl.sum(c * c, axis=0))
    tl.store(inter_ptr + 2 * pid * N + tl.arange(0, 2 * N), tl.interleave(a, b))
    p = tl.permute(tl.reshape(a, (2, N // 8, 4)), (2, 0, 1))
    i = (tl.arange(0, 4)[:, None, None] * (N // 4) + tl.arange(0, 2)[None, :, None] * (N // 8) +
         tl.arange(0, N // 8)[None, None, :])
    tl.store(perm_ptr + pid * N + i, p)


@triton.jit
def block_ptr_rows(x_ptr, sum_ptr, cnt_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    # Row sums of an [M, N] fp16 matrix through block pointers advanced along
    # the rows, both edges checked (zero padding), and a count of in-bounds
    # elements from NaN padding; results stored through a 1-D block pointer.
    pid = tl.program_id(0)
    p = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(stride, 1), offsets=(pid * BM, 0),
                          block_shape=(BM, BN), order=(1, 0))
    acc = tl.zeros((BM,), dtype=tl.float32)
    cnt = tl.zeros((BM,), dtype=tl.int32)
    for _ in range(0, N, BN):
        x = tl.load(p, boundary_check=(0, 1), padding_option="zero")
        acc += tl.sum(x.to(tl.float32), axis=1)
        v = tl.load(p, boundary_check=(0, 1), padding_option="nan")
        cnt += tl.sum(tl.where(v == v, 1, 0), axis=1)
        p = tl.advance(p, (0, BN))
    o = tl.make_block_ptr(sum_ptr, shape=(M,), strides=(1,), offsets=(pid * BM,),
                          block_shape=(BM,), order=(0,))
    tl.store(o, acc, boundary_check=(0,))
    c = tl.make_block_ptr(cnt_ptr, shape=(M,), strides=(1,), offsets=(pid * BM,),
                          block_shape=(BM,), order=(0,))
    tl.store(c, cnt, boundary_check=(0,))


@triton.jit
def backward_blocks(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    # Suffix sums of each row, block by block from the last block down (a
    # loop of negative step), a reversed scan in each block plus the carry.
    row = tl.program_id(0)
    carry = 0.0
    nblocks = tl.cdiv(N, BLOCK)
    for b in range(nblocks - 1, -1, -1):
        cols = b * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
        s = tl.cumsum(x, axis=0, reverse=True) + carry
        tl.store(y_ptr + row * N + cols, s, mask=cols < N)
        carry += tl.sum(x, axis=0)


@triton.jit
def gather_2d(src_ptr, idx_ptr, out0_ptr, out1_ptr, R: tl.constexpr, C: tl.constexpr):
    # An [R, C] tile gathered along each axis by an index tile: out0[i, j] =
    # src[idx[i, j], j], out1[i, j] = src[i, idx[i, j] % C].
    t = tl.program_id(0)
    offs = t * R * C + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    src = tl.load(src_ptr + offs)
    idx = tl.load(idx_ptr + offs)
    tl.store(out0_ptr + offs, tl.gather(src, idx, axis=0))
    tl.store(out1_ptr + offs, tl.gather(src, idx % C, axis=1))


@triton.jit
def copy_int64(x_ptr, y_ptr, n_blocks, BLOCK: tl.constexpr):
    # A byte copy (plus one) over more than 2^31 bytes: 64-bit offsets.
    for b in range(tl.program_id(0), n_blocks, tl.num_programs(0)):
        offs = b.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
        tl.store(y_ptr + offs, tl.load(x_ptr + offs) + 1)


@triton.jit
def permute3d(x_ptr, y_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    # One [A, B, C] block to [C, A, B].
    a = tl.arange(0, A)
    b = tl.arange(0, B)
    c = tl.arange(0, C)
    base = tl.program_id(0) * A * B * C
    x = tl.load(x_ptr + base + a[:, None, None] * B * C + b[None, :, None] * C
                + c[None, None, :])
    y = tl.permute(x, (2, 0, 1))
    tl.store(y_ptr + base + c[:, None, None] * A * B + a[None, :, None] * B + b[None, None, :],
             y)


@triton.jit
def embedding_bag(emb_ptr, idx_ptr, off_ptr, w_ptr, out_ptr, D: tl.constexpr):
    # out[b] = sum of w[i] * emb[idx[i]] over i in bag b's CSR range.
    bag = tl.program_id(0)
    d = tl.arange(0, D)
    start = tl.load(off_ptr + bag)
    end = tl.load(off_ptr + bag + 1)
    acc = tl.zeros([D], tl.float32)
    for i in range(start, end):
        row = tl.load(idx_ptr + i).to(tl.int64)
        acc += tl.load(emb_ptr + row * D + d).to(tl.float32) * tl.load(w_ptr + i)
    tl.store(out_ptr + bag * D + d, acc)


@triton.jit
def rope_interleaved(x_ptr, cos_ptr, sin_ptr, out_ptr, H: tl.constexpr, D: tl.constexpr):
    # GPT-J rotary embedding: pairs (2i, 2i+1) of every head of one token
    # rotated by angle i; bf16 x [T, H, D], fp32 cos/sin [T, D / 2].
    t = tl.program_id(0).to(tl.int64)
    h = tl.arange(0, H)
    d = tl.arange(0, D)
    x = tl.load(x_ptr + t * H * D + h[:, None] * D + d[None, :]).to(tl.float32)
    x0, x1 = tl.split(tl.reshape(x, [H, D // 2, 2]))
    half = tl.arange(0, D // 2)
    c = tl.load(cos_ptr + t * (D // 2) + half)[None, :]
    s = tl.load(sin_ptr + t * (D // 2) + half)[None, :]
    y = tl.reshape(tl.join(x0 * c - x1 * s, x0 * s + x1 * c), [H, D])
    tl.store(out_ptr + t * H * D + h[:, None] * D + d[None, :], y.to(tl.bfloat16))


@triton.jit
def rgb_to_gray_u8(src_ptr, gray_ptr, stretch_ptr, hist_ptr, npix, BLOCK: tl.constexpr):
    # Packed RGB uint8 pixels (3 bytes each, read as 4 columns of which the
    # last is masked): luma in 8.8 fixed point through uint16, a contrast
    # stretch in int16 with truncating division, and a 256-bin histogram.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    c = tl.arange(0, 4)
    mask = offs < npix
    rgb = tl.load(src_ptr + offs[:, None] * 3 + c[None, :],
                  mask=mask[:, None] & (c[None, :] < 3), other=0)
    w = tl.where(c == 0, 77, tl.where(c == 1, 150, tl.where(c == 2, 29, 0))).to(tl.uint16)
    luma = tl.sum(rgb.to(tl.uint16) * w[None, :], axis=1).to(tl.uint16)
    gray = tl.minimum((luma + 128) >> 8, 255).to(tl.uint8)
    tl.store(gray_ptr + offs, gray, mask=mask)
    s = (gray.to(tl.int16) - 16) * 15 // 14
    s = tl.minimum(tl.maximum(s, 0), 255)
    tl.store(stretch_ptr + offs, s.to(tl.uint8), mask=mask)
    bins = tl.arange(0, 256)
    tl.atomic_add(hist_ptr + bins, tl.histogram(gray.to(tl.int32), 256, mask=mask), sem="relaxed")


@triton.jit
def kv_cache_write(key_ptr, value_ptr, kcache_ptr, vcache_ptr, slot_ptr, k_scale_ptr,
                   H: tl.constexpr, D: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # One program per token: slot = slot_mapping[t] (int64; negative for
    # padding tokens, skipped); keys go to a [blocks, H, BLOCK_SIZE, D] fp8
    # cache divided by a scale, values to a [blocks, H, D, BLOCK_SIZE] fp16
    # cache (transposed, as some decoders read them).
    t = tl.program_id(0).to(tl.int64)
    slot = tl.load(slot_ptr + t)
    if slot < 0:
        return
    blk = slot // BLOCK_SIZE
    off = slot % BLOCK_SIZE
    h = tl.arange(0, H)
    d = tl.arange(0, D)
    src = t * H * D + h[:, None] * D + d[None, :]
    k = tl.load(key_ptr + src).to(tl.float32)
    v = tl.load(value_ptr + src)
    inv = 1.0 / tl.load(k_scale_ptr)
    kdst = ((blk * H + h[:, None]) * BLOCK_SIZE + off) * D + d[None, :]
    tl.store(kcache_ptr + kdst, (k * inv).to(tl.float8e4nv))
    vdst = ((blk * H + h[:, None]) * D + d[None, :]) * BLOCK_SIZE + off
    tl.store(vcache_ptr + vdst, v)
