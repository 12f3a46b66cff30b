"""Matrix products: tl.dot in the forms real kernels use (types, accumulators,
input precisions, operand layouts, epilogues, split-K, grouped and persistent
schedules, quantized weights, skinny and batched shapes).

Each case keeps its own kernel: the TTIR Triton makes of a function carries
its name, argument names and op order, so two loops merged behind a constexpr
switch would no longer give the TTIR captured for the case.
"""
import triton
import triton.language as tl


@triton.jit
def matmul_any(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
               ACC: tl.constexpr, PRECISION: tl.constexpr, MAX_IMPRECISE: tl.constexpr,
               EPILOGUE: tl.constexpr):
    # The matmul of cases/matmul.py's MATMULS: any input types (the
    # pointers'), accumulator ACC, input precision, fp8's imprecise
    # accumulation; strides as arguments, so Triton specializes whichever is 1
    # (B K-major when sbk == 1); every access masked on every dimension;
    # EPILOGUE "bias_leaky" adds a per-column bias and applies leaky ReLU.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_pid_n
    first_m = (pid // in_group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_m)
    pid_n = (pid % in_group) // group_m
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b_ptrs = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=ACC)
    for k in range(0, tl.cdiv(K, BK)):
        left = K - k * BK
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < left), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION, max_num_imprecise_acc=MAX_IMPRECISE,
                     out_dtype=ACC)
        a_ptrs += BK * sak
        b_ptrs += BK * sbk
    if EPILOGUE == "bias_leaky":
        bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)
        acc = acc + bias[None, :]
        acc = tl.where(acc >= 0, acc, 0.01 * acc)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def bmm_3d(a_ptr, b_ptr, c_ptr, B, M, N, K, BB: tl.constexpr, BM: tl.constexpr,
           BN: tl.constexpr, BK: tl.constexpr):
    # A batched matmul through one 3-D tl.dot: contiguous a [B, M, K],
    # b [B, K, N], c [B, M, N]; a program owns BB batches of one BM x BN tile.
    rb = tl.program_id(2) * BB + tl.arange(0, BB)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    bm = rb[:, None, None] < B
    acc = tl.zeros((BB, BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rb[:, None, None] * (M * K) + rm[None, :, None] * K
                    + (k + rk)[None, None, :],
                    mask=bm & (rm[None, :, None] < M) & ((k + rk)[None, None, :] < K), other=0.0)
        b = tl.load(b_ptr + rb[:, None, None] * (K * N) + (k + rk)[None, :, None] * N
                    + rn[None, None, :],
                    mask=bm & ((k + rk)[None, :, None] < K) & (rn[None, None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rb[:, None, None] * (M * N) + rm[None, :, None] * N + rn[None, None, :],
             acc.to(tl.float16), mask=bm & (rm[None, :, None] < M) & (rn[None, None, :] < N))


@triton.jit
def matmul_tile(a_ptr, b_ptr, c_ptr, rm, rn, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # One output tile (rows rm, columns rn) of row-major fp16 C = A @ B,
    # A [M, K], B [K, N], C [M, N]; every access masked.
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_persistent(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                      BK: tl.constexpr, GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr):
    # A persistent matmul in the style of Triton's tutorial: NUM_SMS programs
    # walk the output tiles (grouped order), each tile's K loop nested in the
    # tile loop; row-major fp16 A [M, K], B [K, N], C [M, N].
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    num_tiles = num_pid_m * num_pid_n
    in_group = GROUP_M * num_pid_n
    for tile in tl.range(pid, num_tiles, NUM_SMS, flatten=True):
        first_m = (tile // in_group) * GROUP_M
        group_m = min(num_pid_m - first_m, GROUP_M)
        pid_m = first_m + ((tile % in_group) % group_m)
        pid_n = (tile % in_group) // group_m
        matmul_tile(a_ptr, b_ptr, c_ptr, pid_m * BM + tl.arange(0, BM),
                    pid_n * BN + tl.arange(0, BN), M, N, K, BM, BN, BK)


@triton.jit
def matmul_splitk(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr, SPLIT_K: tl.constexpr):
    # Split-K: program (m, n, s) sums K slices s, s + SPLIT_K, ... of one
    # tile and adds its part to an fp32 C with atomics; B is read transposed
    # from an [N, K] array through tl.trans.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(tl.program_id(2) * BK, K, BK * SPLIT_K):
        kk = k + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        bt = tl.load(b_ptr + rn[:, None] * K + kk[None, :],
                     mask=(rn[:, None] < N) & (kk[None, :] < K), other=0.0)
        acc = tl.dot(a, tl.trans(bt), acc)
    tl.atomic_add(c_ptr + rm[:, None] * N + rn[None, :], acc,
                  mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_w8a16(a_ptr, b_ptr, scale_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    # Weight-only quantized matmul: fp16 A [M, K] times int8 B [K, N]
    # dequantized in registers with a per-column fp16 scale.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b.to(tl.float16), acc)
    scale = tl.load(scale_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], (acc * scale[None, :]).to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def find_group(a_ptrs, b_ptrs, c_ptrs, sizes, tiles_before, GROUPS: tl.constexpr):
    # A grouped GEMM's program finds its group g from the running tile counts
    # tiles_before: the group's size sizes[g], the program's tile in it, and
    # the group's fp16 matrices, whose addresses are a_ptrs[g], b_ptrs[g],
    # c_ptrs[g] (int64).
    pid = tl.program_id(0)
    g = 0
    for i in range(1, GROUPS):
        g += (pid >= tl.load(tiles_before + i)).to(tl.int32)
    n = tl.load(sizes + g)
    tile = pid - tl.load(tiles_before + g)
    a_ptr = tl.load(a_ptrs + g).to(tl.pointer_type(tl.float16))
    b_ptr = tl.load(b_ptrs + g).to(tl.pointer_type(tl.float16))
    c_ptr = tl.load(c_ptrs + g).to(tl.pointer_type(tl.float16))
    return n, tile, a_ptr, b_ptr, c_ptr


@triton.jit
def grouped_matmul(a_ptrs, b_ptrs, c_ptrs, sizes, tiles_before, BM: tl.constexpr,
                   BN: tl.constexpr, BK: tl.constexpr, GROUPS: tl.constexpr):
    # Grouped GEMM: group g multiplies square matrices of size sizes[g]
    # (find_group).
    n, tile, a_ptr, b_ptr, c_ptr = find_group(a_ptrs, b_ptrs, c_ptrs, sizes, tiles_before,
                                              GROUPS)
    tiles_n = tl.cdiv(n, BN)
    matmul_tile(a_ptr, b_ptr, c_ptr, (tile // tiles_n) * BM + tl.arange(0, BM),
                (tile % tiles_n) * BN + tl.arange(0, BN), n, n, n, BM, BN, BK)


@triton.jit
def matmul_fp8_out(a_ptr, b_ptr, c_ptr, scale, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    # fp8 e4m3 in, fp32 accumulation, scaled and stored as fp8 e4m3; B is
    # given K-major ([N, K]), as fp8 wgmmas want it.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :])
        bt = tl.load(b_ptr + rn[:, None] * K + kk[None, :])
        acc = tl.dot(a, tl.trans(bt), acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], (acc * scale).to(tl.float8e4nv))


@triton.jit
def mlp2(x_ptr, w1_ptr, w2_ptr, y_ptr, M, BM: tl.constexpr, D: tl.constexpr,
         H: tl.constexpr):
    # Two dots back to back, the first's result the second's A: y = relu(x @
    # w1) @ w2 for a BM-row block of x [M, D]; w1 [D, H], w2 [H, D] whole.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    rh = tl.arange(0, H)
    x = tl.load(x_ptr + rm[:, None] * D + rd[None, :], mask=rm[:, None] < M, other=0.0)
    w1 = tl.load(w1_ptr + rd[:, None] * H + rh[None, :])
    h = tl.maximum(tl.dot(x, w1), 0.0).to(tl.float16)
    w2 = tl.load(w2_ptr + rh[:, None] * D + rd[None, :])
    y = tl.dot(h, w2)
    tl.store(y_ptr + rm[:, None] * D + rd[None, :], y.to(tl.float16), mask=rm[:, None] < M)


@triton.jit
def matmul_mx(a_ptr, as_ptr, b_ptr, bs_ptr, c_ptr, M, N, K, A_FMT: tl.constexpr,
              B_FMT: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Block-scaled matmul (tl.dot_scaled): A [M, K] row-major in A_FMT ("bf16",
    # or "e4m3" with E8M0 scales as [M, K / 32]); B [K, N] in B_FMT ("e2m1":
    # two fp4 per byte packed along K, [K / 2, N]; or "e4m3", [K, N]) with
    # scales [N, K / 32]. K is a multiple of BK; rows and columns past M and N
    # read the last ones (clamped indices) and are not stored.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rm_in = tl.minimum(rm, M - 1)
    rn_in = tl.minimum(rn, N - 1)
    BKB: tl.constexpr = BK // 2 if B_FMT == "e2m1" else BK
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K // BK):
        kk = k * BK + tl.arange(0, BK)
        kb = k * BKB + tl.arange(0, BKB)
        ks = k * (BK // 32) + tl.arange(0, BK // 32)
        a = tl.load(a_ptr + rm_in[:, None] * K + kk[None, :])
        b = tl.load(b_ptr + kb[:, None] * N + rn_in[None, :])
        bs = tl.load(bs_ptr + rn_in[:, None] * (K // 32) + ks[None, :])
        if A_FMT == "bf16":
            acc = tl.dot_scaled(a, None, A_FMT, b, bs, B_FMT, acc)
        else:
            a_s = tl.load(as_ptr + rm_in[:, None] * (K // 32) + ks[None, :])
            acc = tl.dot_scaled(a, a_s, A_FMT, b, bs, B_FMT, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_blockptr_gelu(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                         BK: tl.constexpr, GROUP: tl.constexpr):
    # fp16 C = gelu(A @ B) through block pointers (boundary checks, zero
    # padding, tl.advance), programs reordered with tl.swizzle2d; the GELU's
    # erf comes from libdevice, applied in the accumulator's layout.
    pid_m, pid_n = tl.swizzle2d(tl.program_id(0), tl.program_id(1), tl.num_programs(0),
                                tl.num_programs(1), GROUP)
    a_blk = tl.make_block_ptr(a_ptr, (M, K), (K, 1), (pid_m * BM, 0), (BM, BK), (1, 0))
    b_blk = tl.make_block_ptr(b_ptr, (K, N), (N, 1), (0, pid_n * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_blk, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_blk, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_blk = tl.advance(a_blk, (0, BK))
        b_blk = tl.advance(b_blk, (BK, 0))
    y = 0.5 * acc * (1.0 + tl.erf(acc * 0.7071067811865476))
    c_blk = tl.make_block_ptr(c_ptr, (M, N), (N, 1), (pid_m * BM, pid_n * BN), (BM, BN), (1, 0))
    tl.store(c_blk, y.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def small_dot_shapes(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    # A 16x16x16 dot on two warps, its rows flipped (tl.flip) and each pair
    # of adjacent columns swapped (tl.split of the pairs, tl.interleave back
    # in the other order), one tile per program.
    t = tl.program_id(0)
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + t * BLOCK * BLOCK + r[:, None] * BLOCK + r[None, :])
    b = tl.load(b_ptr + t * BLOCK * BLOCK + r[:, None] * BLOCK + r[None, :])
    c = tl.flip(tl.dot(a, b), 0)
    left, right = tl.split(tl.reshape(c, (BLOCK, BLOCK // 2, 2)))
    mixed = tl.interleave(right, left)
    tl.store(out_ptr + t * BLOCK * BLOCK + r[:, None] * BLOCK + r[None, :], mixed)


@triton.jit
def matmul_w4a16(a_ptr, b_ptr, scale_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    # fp16 A [M, K] times int4 B [K, N] packed two rows per byte (row 2i in
    # the low nibble of byte row i, offset 8), one fp16 scale per column.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    scale = tl.load(scale_ptr + rn, mask=rn < N, other=0.0)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        packed = tl.load(b_ptr + (kk // 2)[:, None] * N + rn[None, :],
                         mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
        q = (packed >> ((kk % 2) * 4)[:, None]) & 0xF
        b = (q.to(tl.int32) - 8).to(tl.float16) * scale[None, :]
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def gemv(w_ptr, x_ptr, y_ptr, N, K, BN: tl.constexpr, BK: tl.constexpr):
    # y = W x for fp16 W [N, K] and x [K], fp32 accumulation, BN rows per program.
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        w = tl.load(w_ptr + rn[:, None] * K + rk[None, :],
                    mask=(rn[:, None] < N) & (rk[None, :] < K), other=0.0)
        x = tl.load(x_ptr + rk, mask=rk < K, other=0.0)
        acc += tl.sum(w.to(tl.float32) * x.to(tl.float32)[None, :], axis=1)
    tl.store(y_ptr + rn, acc.to(tl.float16), mask=rn < N)


@triton.jit
def moe_matmul(a_ptr, w_ptr, c_ptr, sorted_ids, expert_ids, num_valid, N, K, TOP_K: tl.constexpr,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A mixture-of-experts layer in the style of fused_moe: rows of
    # sorted_ids (token * TOP_K + slot, grouped by expert, padded with
    # num_valid) each take their token's row of a [T, K] times their block's
    # expert's w [E, K, N], into c [T * TOP_K, N].
    pid_m = tl.program_id(0)
    rows = tl.load(sorted_ids + pid_m * BM + tl.arange(0, BM))
    valid = rows < num_valid
    expert = tl.load(expert_ids + pid_m).to(tl.int64)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + (rows // TOP_K)[:, None] * K + rk[None, :]
    w_ptrs = w_ptr + expert * K * N + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=valid[:, None] & (rk[None, :] < K - k * BK), other=0.0)
        w = tl.load(w_ptrs, mask=(rk[:, None] < K - k * BK) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, w, acc)
        a_ptrs += BK
        w_ptrs += BK * N
    tl.store(c_ptr + rows[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=valid[:, None] & (rn[None, :] < N))


@triton.jit
def int8_scaled_mm(a_ptr, b_ptr, a_scale_ptr, b_scale_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                   BN: tl.constexpr, BK: tl.constexpr):
    # W8A8: int8 A [M, K] times int8 B given [N, K], int32 accumulation,
    # scaled per row of A and per column of B into bf16.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0)
        b = tl.load(b_ptr + rn[:, None] * K + kk[None, :], mask=(rn[:, None] < N) & (kk[None, :] < K),
                    other=0)
        acc = tl.dot(a, tl.trans(b), acc, out_dtype=tl.int32)
    sa = tl.load(a_scale_ptr + rm, mask=rm < M, other=0.0)
    sb = tl.load(b_scale_ptr + rn, mask=rn < N, other=0.0)
    out = acc.to(tl.float32) * sa[:, None] * sb[None, :]
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], out.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_fp64(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # fp64 C = A @ B with tl.dot on float64.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float64)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee", out_dtype=tl.float64)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def gated_mlp(x_ptr, w1_ptr, w3_ptr, out_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
              BK: tl.constexpr):
    # The gate and up projections of a SwiGLU MLP in one K loop, two dots on
    # the same x tile: out = silu(x @ w1) * (x @ w3), fp16.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    gate = tl.zeros((BM, BN), dtype=tl.float32)
    up = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        x = tl.load(x_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0.0)
        w1 = tl.load(w1_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                     other=0.0)
        w3 = tl.load(w3_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                     other=0.0)
        gate = tl.dot(x, w1, gate)
        up = tl.dot(x, w3, up)
    out = gate * tl.sigmoid(gate) * up
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], out.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_int4_join(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    # int4 weights packed along K (byte [k, n] holds rows 2k and 2k + 1),
    # unpacked with tl.join and a reshape into the dot operand; fp16 A.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K // BK):
        rk = k * BK + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=rm[:, None] < M, other=0.0)
        pk = k * (BK // 2) + tl.arange(0, BK // 2)
        packed = tl.load(b_ptr + pk[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0)
        low = ((packed & 0xF).to(tl.int32) - 8).to(tl.float16)
        high = ((packed >> 4).to(tl.int32) - 8).to(tl.float16)
        b = tl.join(low, high).permute(0, 2, 1).reshape(BK, BN)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def fp8_block_scaled_mm(a_ptr, b_ptr, as_ptr, bs_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                        BN: tl.constexpr, BK: tl.constexpr):
    # DeepSeek-style fp8 GEMM: e4m3 A [M, K] with a scale per row and 128
    # columns (as [M, K / 128]), e4m3 B given [N, K] with a scale per 128 x
    # 128 block (bs [N / 128, K / 128]); each K block's dot is scaled and
    # added to the fp32 accumulator; bf16 out.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    n_blocks = K // BK
    for k in range(0, n_blocks):
        a = tl.load(a_ptr + rm[:, None] * K + (k * BK + rk)[None, :], mask=rm[:, None] < M,
                    other=0.0)
        b = tl.load(b_ptr + rn[:, None] * K + (k * BK + rk)[None, :], mask=rn[:, None] < N,
                    other=0.0)
        sa = tl.load(as_ptr + rm * n_blocks + k, mask=rm < M, other=0.0)
        sb = tl.load(bs_ptr + (tl.program_id(1) * BN // 128) * n_blocks + k)
        acc += tl.dot(a, tl.trans(b)) * sa[:, None] * sb
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_a_kmajor(at_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                    BK: tl.constexpr):
    # fp16 C = A @ B with A given K-major as At [K, M] (a backward pass's
    # X^T @ dY): each A tile is loaded [BK, BM] and transposed by tl.trans.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        at = tl.load(at_ptr + kk[:, None] * M + rm[None, :],
                     mask=(kk[:, None] < K) & (rm[None, :] < M), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(tl.trans(at), b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_fp8_mixed(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    # Mixed fp8: e4m3 A [M, K] times e5m2 B given K-major [N, K] (as for
    # activations times gradients), fp32 accumulation, fp16 out.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rn[:, None] * K + kk[None, :],
                    mask=(rn[:, None] < N) & (kk[None, :] < K), other=0.0)
        acc = tl.dot(a, tl.trans(b), acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_acc16_promote(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                         BK: tl.constexpr, PROMOTE: tl.constexpr):
    # fp16 dots accumulated in fp16 (out_dtype=tl.float16) over PROMOTE K
    # blocks, each partial sum then added into an fp32 accumulator (the
    # periodic promotion of fp8 GEMMs' fast accumulation), fp16 out.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK * PROMOTE):
        part = tl.zeros((BM, BN), dtype=tl.float16)
        for i in tl.static_range(PROMOTE):
            kk = k0 + i * BK + rk
            a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                        mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                        mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
            part = tl.dot(a, b, part, out_dtype=tl.float16)
        acc += part.to(tl.float32)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_f32_split(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr, PRECISION: tl.constexpr):
    # fp32 C = A @ B at about fp32 precision on bf16 tensor cores:
    # input_precision "bf16x3" (each operand split into two bf16 parts, three
    # dots) or "bf16x6" (three parts, six dots).
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def lora_matmul(x_ptr, w_ptr, la_ptr, lb_ptr, out_ptr, M, N, K, scaling, BM: tl.constexpr,
                BN: tl.constexpr, BK: tl.constexpr, R: tl.constexpr):
    # A LoRA layer: out = x @ W + scaling * (x @ A) @ B for fp16 x [M, K],
    # W [K, N], A [K, R], B [R, N], rank R = 16: x @ A (a dot of N = R) rides
    # the main K loop on the same x tile, then one dot of K = R.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    rr = tl.arange(0, R)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    xa = tl.zeros((BM, R), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        x = tl.load(x_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        la = tl.load(la_ptr + kk[:, None] * R + rr[None, :], mask=kk[:, None] < K, other=0.0)
        acc = tl.dot(x, w, acc)
        xa = tl.dot(x, la, xa)
    lb = tl.load(lb_ptr + rr[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
    acc = tl.dot((xa * scaling).to(tl.float16), lb, acc)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def int8_gemm_requant(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K, mult, BM: tl.constexpr,
                      BN: tl.constexpr, BK: tl.constexpr, SHIFT: tl.constexpr):
    # int8 A [M, K] times int8 B [K, N], int32 accumulation, then integer
    # requantization as gemmlowp does: (acc + bias[n]) * mult, rounded right
    # by SHIFT bits in int64, clamped to int8.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0)
    scaled = (acc + bias[None, :]).to(tl.int64) * mult
    q = (scaled + (1 << (SHIFT - 1))) >> SHIFT  # SHIFT <= 31: the half is an int32 constant
    q = tl.minimum(tl.maximum(q, -128), 127)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], q.to(tl.int8),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def addmm(c_ptr, a_ptr, b_ptr, out_ptr, M, N, K, beta, BM: tl.constexpr, BN: tl.constexpr,
          BK: tl.constexpr):
    # out = beta * C + A @ B with the accumulator started from C (loaded),
    # not from zeros.
    pid_m, pid_n = tl.program_id(0), tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    cmask = (rm[:, None] < M) & (rn[None, :] < N)
    acc = tl.load(c_ptr + rm[:, None] * N + rn[None, :], mask=cmask, other=0.0)
    acc = acc.to(tl.float32) * beta
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=cmask)


@triton.jit
def grouped_gemm_tutorial(group_a_ptrs, group_b_ptrs, group_c_ptrs, group_gemm_sizes, g_lds,
                          group_size, NUM_SM: tl.constexpr, BM: tl.constexpr,
                          BN: tl.constexpr, BK: tl.constexpr):
    # Triton's grouped GEMM tutorial: NUM_SM programs walk the tiles of every
    # problem in turn (a while loop per group); each problem's pointers,
    # sizes and leading dimensions are loaded; the K loop's loads are
    # unmasked, their pointers hinted 16-aligned.
    tile_idx = tl.program_id(0)
    last_problem_end = 0
    for g in range(group_size):
        gm = tl.load(group_gemm_sizes + g * 3)
        gn = tl.load(group_gemm_sizes + g * 3 + 1)
        gk = tl.load(group_gemm_sizes + g * 3 + 2)
        num_m_tiles = tl.cdiv(gm, BM)
        num_n_tiles = tl.cdiv(gn, BN)
        num_tiles = num_m_tiles * num_n_tiles
        while tile_idx >= last_problem_end and tile_idx < last_problem_end + num_tiles:
            k = gk
            lda = tl.load(g_lds + g * 3)
            ldb = tl.load(g_lds + g * 3 + 1)
            ldc = tl.load(g_lds + g * 3 + 2)
            a_ptr = tl.load(group_a_ptrs + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(group_b_ptrs + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(group_c_ptrs + g).to(tl.pointer_type(tl.float16))
            tile_idx_in_gemm = tile_idx - last_problem_end
            tile_m_idx = tile_idx_in_gemm // num_n_tiles
            tile_n_idx = tile_idx_in_gemm % num_n_tiles
            offs_am = tile_m_idx * BM + tl.arange(0, BM)
            offs_bn = tile_n_idx * BN + tl.arange(0, BN)
            offs_k = tl.arange(0, BK)
            a_ptrs = a_ptr + offs_am[:, None] * lda + offs_k[None, :]
            b_ptrs = b_ptr + offs_k[:, None] * ldb + offs_bn[None, :]
            accumulator = tl.zeros((BM, BN), dtype=tl.float32)
            for kk in range(0, tl.cdiv(k, BK)):
                tl.multiple_of(a_ptrs, [16, 16])
                tl.multiple_of(b_ptrs, [16, 16])
                a = tl.load(a_ptrs)
                b = tl.load(b_ptrs)
                accumulator += tl.dot(a, b)
                a_ptrs += BK
                b_ptrs += BK * ldb
            c = accumulator.to(tl.float16)
            offs_cm = tile_m_idx * BM + tl.arange(0, BM)
            offs_cn = tile_n_idx * BN + tl.arange(0, BN)
            c_ptrs = c_ptr + ldc * offs_cm[:, None] + offs_cn[None, :]
            tl.store(c_ptrs, c)
            tile_idx += NUM_SM
        last_problem_end = last_problem_end + num_tiles


@triton.jit
def blocksparse_mm(a_ptr, b_ptr, c_ptr, lut_ptr, cnt_ptr, M, N, K, MAX_BLOCKS,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # C = A @ B where each row block of A has nonzero K blocks only where its
    # row of the lookup table says (cnt_ptr: how many).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    count = tl.load(cnt_ptr + pid_m)
    acc = tl.zeros([BM, BN], tl.float32)
    for i in range(0, count):
        kb = tl.load(lut_ptr + pid_m * MAX_BLOCKS + i)
        ks = kb * BK + offs_k
        a = tl.load(a_ptr + offs_m[:, None] * K + ks[None, :],
                    mask=(offs_m[:, None] < M) & (ks[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * N + offs_n[None, :],
                    mask=(ks[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc.to(tl.float16),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def tiny_bmm(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
             BK: tl.constexpr):
    # One small [M, K] @ [K, N] product per program, K in steps of BK.
    batch = tl.program_id(0)
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, BK)
    acc = tl.zeros([M, N], tl.float32)
    for k0 in tl.range(0, K, BK):
        a = tl.load(a_ptr + batch * M * K + m[:, None] * K + (k0 + k)[None, :])
        b = tl.load(b_ptr + batch * K * N + (k0 + k)[:, None] * N + n[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + batch * M * N + m[:, None] * N + n[None, :], acc)


@triton.jit
def int4_gemv(w_ptr, x_ptr, scale_ptr, y_ptr, N, K, BLOCK_N: tl.constexpr,
              BLOCK_K: tl.constexpr):
    # y = (W @ x) * scale, W's int4 values (biased by 8) packed two to a
    # byte, the low nibble first along K.
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    half = tl.arange(0, BLOCK_K // 2)
    acc = tl.zeros([BLOCK_N], tl.float32)
    for k0 in range(0, K, BLOCK_K):
        packed = tl.load(w_ptr + rows[:, None] * (K // 2) + (k0 // 2 + half)[None, :],
                         mask=rows[:, None] < N, other=0)
        lo = (packed & 0xF).to(tl.int8) - 8
        hi = (packed >> 4).to(tl.int8) - 8
        w = tl.reshape(tl.join(lo, hi), (BLOCK_N, BLOCK_K))
        x = tl.load(x_ptr + k0 + tl.arange(0, BLOCK_K))
        acc += tl.sum(w.to(tl.float32) * x.to(tl.float32)[None, :], 1)
    s = tl.load(scale_ptr + rows, mask=rows < N, other=0.0)
    tl.store(y_ptr + rows, (acc * s).to(tl.float16), mask=rows < N)


@triton.jit
def tril_dot_cumsum(x_ptr, y_ptr, T: tl.constexpr, D: tl.constexpr):
    # A chunk's cumulative sum along T as a dot with a lower-triangular
    # matrix of ones made in registers.
    t = tl.arange(0, T)
    d = tl.arange(0, D)
    offs = tl.program_id(0) * T * D + t[:, None] * D + d[None, :]
    x = tl.load(x_ptr + offs)
    tril = (t[:, None] >= t[None, :]).to(tl.float16)
    tl.store(y_ptr + offs, tl.dot(tril, x))


@triton.jit
def batched_gemv_3d(a_ptr, x_ptr, y_ptr, N, K, BB: tl.constexpr, BLOCK_N: tl.constexpr,
                    BLOCK_K: tl.constexpr):
    # y[b] = A[b] @ x[b] for BB matrices at a time, as a 3-D multiply and a
    # reduction over the last axis.
    bs = tl.program_id(0) * BB + tl.arange(0, BB)
    ns = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros([BB, BLOCK_N], tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + bs[:, None, None] * N * K + ns[None, :, None] * K + ks[None, None, :],
                    mask=(ns[None, :, None] < N) & (ks[None, None, :] < K), other=0.0)
        x = tl.load(x_ptr + bs[:, None] * K + ks[None, :], mask=ks[None, :] < K, other=0.0)
        acc += tl.sum(a.to(tl.float32) * x.to(tl.float32)[:, None, :], 2)
    tl.store(y_ptr + bs[:, None] * N + ns[None, :], acc, mask=ns[None, :] < N)


@triton.jit
def matmul_store_transposed(a_ptr, b_ptr, ct_ptr, bias_ptr, M, N, K, BM: tl.constexpr,
                            BN: tl.constexpr, BK: tl.constexpr):
    # C^T = relu(A @ B + bias)^T, written as an [N, M] matrix.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0)
    c = tl.maximum(acc + bias[None, :].to(tl.float32), 0.0)
    tl.store(ct_ptr + rn[None, :] * M + rm[:, None], c.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_swizzle2d(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr, GROUP: tl.constexpr):
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    pid_m, pid_n = tl.swizzle2d(tl.program_id(0), tl.program_id(1), num_m, num_n, GROUP)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def skinny_gemm(a_ptr, b_ptr, c_ptr, M, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    # C[M, BN] = A[M, K] @ B[K, BN]: 16 output columns.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * BN + rn[None, :],
                    mask=(k0 + rk)[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc, mask=rm[:, None] < M)


@triton.jit
def int8_gemm_bias(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.int32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc + bias[None, :],
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def linear_silu(x_ptr, w_ptr, bias_ptr, y_ptr, M, N, K, stride_xm, stride_wn, stride_ym,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # y = silu(x @ w^T + bias): bf16 x [M, K], w [N, K] (nn.Linear's), fp32
    # bias, bf16 y; row offsets in 64 bits.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    x_rows = x_ptr + rm.to(tl.int64)[:, None] * stride_xm
    w_rows = w_ptr + rn.to(tl.int64)[None, :] * stride_wn
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        x = tl.load(x_rows + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_rows + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc = tl.dot(x, w, acc)
    acc += tl.load(bias_ptr + rn, mask=rn < N, other=0.0)[None, :]
    y = acc * tl.sigmoid(acc)
    tl.store(y_ptr + rm.to(tl.int64)[:, None] * stride_ym + rn[None, :], y.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def linear_cross_entropy(x_ptr, w_ptr, target_ptr, loss_ptr, M, V, BM: tl.constexpr,
                         BV: tl.constexpr, D: tl.constexpr):
    # loss[m] = logsumexp(x[m] @ w^T) - (x[m] @ w^T)[target[m]], the logits
    # made BV columns at a time and never stored; int64 targets.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    d = tl.arange(0, D)
    x = tl.load(x_ptr + rm[:, None] * D + d[None, :], mask=rm[:, None] < M, other=0.0)
    target = tl.load(target_ptr + rm, mask=rm < M, other=0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    picked = tl.zeros([BM], tl.float32)
    for v0 in range(0, V, BV):
        cols = v0 + tl.arange(0, BV)
        wt = tl.load(w_ptr + cols[None, :] * D + d[:, None], mask=cols[None, :] < V, other=0.0)
        logits = tl.dot(x, wt)
        logits = tl.where(cols[None, :] < V, logits, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(logits, 1))
        l_i = l_i * tl.exp(m_i - m_new) + tl.sum(tl.exp(logits - m_new[:, None]), 1)
        m_i = m_new
        hit = cols[None, :].to(tl.int64) == target[:, None]
        picked += tl.sum(tl.where(hit, logits, 0.0), 1)
    tl.store(loss_ptr + rm, m_i + tl.log(l_i) - picked, mask=rm < M)


@triton.jit
def matmul_wide_n(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr, GROUP_M: tl.constexpr):
    # One warpgroup on a 64x256 tile, bf16 in, fp32 out; the loop's own
    # num_stages (4) overrides the kernel's.
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = pid // (GROUP_M * num_n)
    first_m = group * GROUP_M
    size_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % size_m)
    pid_n = (pid % (GROUP_M * num_n)) // size_m
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in tl.range(0, K, BK, num_stages=4):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def int8_act_matmul(a_ptr, a_scale_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                    BN: tl.constexpr, BK: tl.constexpr):
    # C = (A_int8 * row scale) @ B: A dequantized to fp16 in registers.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    scale = tl.load(a_scale_ptr + rm, mask=rm < M, other=0.0)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot((a.to(tl.float32) * scale[:, None]).to(tl.float16), b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def bmm_grid_z(a_ptr, b_ptr, c_ptr, M, N, K, stride_ab, stride_bb, stride_cb,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # One matrix of the batch per grid z, batch strides in 64 bits; bf16.
    batch = tl.program_id(2).to(tl.int64)
    a_ptr += batch * stride_ab
    b_ptr += batch * stride_bb
    c_ptr += batch * stride_cb
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * N + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_while(a_ptr, b_ptr, c_ptr, k_len_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    # C = A @ B with K read from memory and walked by a while loop (an
    # scf.while, which nothing pipelines): the dot's operands reach the
    # tensor cores without a pipelined loop around them.
    K = tl.load(k_len_ptr)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    k = 0
    while k < K:
        kk = k + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        k += BK
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_tile_stats(a_ptr, b_ptr, c_ptr, rowmax_ptr, colsum_ptr, M, N, K, BM: tl.constexpr,
                      BN: tl.constexpr, BK: tl.constexpr):
    # C = A @ B, plus each tile's row maxima (rowmax[pid_n, m]) and column
    # sums (colsum[pid_m, n]): reductions of the accumulator along both
    # of its axes.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
    live = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(rowmax_ptr + pid_n * M + rm, tl.max(tl.where(live, acc, float("-inf")), 1),
             mask=rm < M)
    tl.store(colsum_ptr + pid_m * N + rn, tl.sum(tl.where(live, acc, 0.0), 0), mask=rn < N)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=live)


@triton.jit
def masked_block_matmul(a_ptr, b_ptr, c_ptr, live_ptr, M, N, K, BM: tl.constexpr,
                        BN: tl.constexpr, BK: tl.constexpr):
    # C = A @ B over the K blocks whose flag live[pid_m, kb] is set: the
    # dot runs under an if inside the loop.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    kblocks = K // BK
    acc = tl.zeros([BM, BN], tl.float32)
    for kb in range(0, kblocks):
        if tl.load(live_ptr + pid_m * kblocks + kb) != 0:
            k = kb * BK + rk
            a = tl.load(a_ptr + rm[:, None] * K + k[None, :], mask=rm[:, None] < M, other=0.0)
            b = tl.load(b_ptr + k[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
            acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def unrolled_expert_dots(x_ptr, w_ptr, gate_ptr, y_ptr, M, D: tl.constexpr, E: tl.constexpr,
                         BM: tl.constexpr):
    # y = sum over E experts (a static_range, unrolled) of gate[:, e] *
    # (x @ W_e): E dots in a straight line, each scaled per row.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    d = tl.arange(0, D)
    x = tl.load(x_ptr + rm[:, None] * D + d[None, :], mask=rm[:, None] < M, other=0.0)
    acc = tl.zeros([BM, D], tl.float32)
    for e in tl.static_range(E):
        w = tl.load(w_ptr + e * D * D + d[:, None] * D + d[None, :])
        g = tl.load(gate_ptr + rm * E + e, mask=rm < M, other=0.0)
        acc += g[:, None] * tl.dot(x, w)
    tl.store(y_ptr + rm[:, None] * D + d[None, :], acc.to(tl.float16), mask=rm[:, None] < M)


@triton.jit
def int8_decode_gemm(x_ptr, w_ptr, scale_ptr, y_ptr, M, N, K, BN: tl.constexpr,
                     BK: tl.constexpr):
    # A few tokens (M <= 16, padded to a 16-row dot) of int8 activations
    # times int8 weights [K, N] into int32, dequantized per output column.
    rm = tl.arange(0, 16)
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([16, BN], tl.int32)
    for k0 in range(0, K, BK):
        k = k0 + rk
        x = tl.load(x_ptr + rm[:, None] * K + k[None, :], mask=rm[:, None] < M, other=0)
        w = tl.load(w_ptr + k[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0)
        acc = tl.dot(x, w, acc, out_dtype=tl.int32)
    scale = tl.load(scale_ptr + rn, mask=rn < N, other=0.0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float32) * scale[None, :],
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_relu_e5m2(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    # bf16 matmul whose epilogue stores ReLU of the tile, scaled down by 16,
    # as fp8 e5m2.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
    out = tl.maximum(acc, 0.0) * 0.0625
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], out.to(tl.float8e5),
             mask=(rm[:, None] < M) & (rn[None, :] < N))
