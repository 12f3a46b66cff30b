"""Tensor descriptors (TMA on sm_90): made in the kernel or on the host, for
copies, matmuls, attention and split-K reductions.
"""
import triton
import triton.language as tl
from .matmul import find_group


@triton.jit
def desc_scale(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Tensor descriptors made in the kernel (TMA on sm_90, global scratch for
    # the descriptors): each program doubles one BM x BN tile of a row-major
    # [M, N] matrix; the edge tiles rely on TMA's bounds (zero fill, clipped
    # stores).
    xd = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    yd.store([m, n], xd.load([m, n]) * 2)


@triton.jit
def desc_scale_host(xd, yd, BM: tl.constexpr, BN: tl.constexpr):
    # desc_scale with descriptors made on the host (kernel arguments).
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    yd.store([m, n], xd.load([m, n]) * 2)


@triton.jit
def matmul_desc(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr, GROUP_M: tl.constexpr):
    # The corpus matmul with its tiles read and written through tensor
    # descriptors made in the kernel: row-major A [M, K], B [K, N], C [M, N].
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_pid_n
    first_m = (pid // in_group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_m)
    pid_n = (pid % in_group) // group_m
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_d.load([pid_m * BM, k * BK])
        b = b_d.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_d.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


@triton.jit
def matmul_desc_host(a_d, b_d, c_d, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr, GROUP_M: tl.constexpr):
    # matmul_desc with descriptors made on the host.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_pid_n
    first_m = (pid // in_group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_m)
    pid_n = (pid % in_group) // group_m
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_d.load([pid_m * BM, k * BK])
        b = b_d.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_d.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


@triton.jit
def matmul_tma_persistent(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                          BK: tl.constexpr, GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr):
    # A persistent matmul through tensor descriptors made in the kernel (TMA),
    # in the style of Triton's tutorial: NUM_SMS programs walk the tiles in
    # grouped order; each tile's result is stored as two halves
    # (reshape/permute/split of the accumulator).
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BM, BN // 2])
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_pid_n
    for tile in tl.range(tl.program_id(0), num_pid_m * num_pid_n, NUM_SMS, flatten=True):
        first_m = (tile // in_group) * GROUP_M
        size_m = min(num_pid_m - first_m, GROUP_M)
        pid_m = first_m + (tile % in_group) % size_m
        pid_n = (tile % in_group) // size_m
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            a = a_desc.load([pid_m * BM, k * BK])
            b = b_desc.load([k * BK, pid_n * BN])
            acc = tl.dot(a, b, acc)
        halves = tl.permute(tl.reshape(acc, (BM, 2, BN // 2)), (0, 2, 1))
        left, right = tl.split(halves)
        c_desc.store([pid_m * BM, pid_n * BN], left.to(tl.float16))
        c_desc.store([pid_m * BM, pid_n * BN + BN // 2], right.to(tl.float16))


@triton.jit
def attention_fwd_desc(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len, BLOCK_M: tl.constexpr,
                       BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    # attention_fwd through 3-D tensor descriptors made in the kernel: q, k,
    # v, o are [batch*heads, seq_len, HEAD_DIM] and each block is one head's
    # [1, rows, HEAD_DIM] (rows past seq_len read as zeros, stores clipped);
    # K^T comes from the K block transposed (tl.trans).
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    heads = tl.num_programs(1)
    q_desc = tl.make_tensor_descriptor(q_ptr, shape=[heads, seq_len, HEAD_DIM],
                                       strides=[seq_len * HEAD_DIM, HEAD_DIM, 1],
                                       block_shape=[1, BLOCK_M, HEAD_DIM])
    k_desc = tl.make_tensor_descriptor(k_ptr, shape=[heads, seq_len, HEAD_DIM],
                                       strides=[seq_len * HEAD_DIM, HEAD_DIM, 1],
                                       block_shape=[1, BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_ptr, shape=[heads, seq_len, HEAD_DIM],
                                       strides=[seq_len * HEAD_DIM, HEAD_DIM, 1],
                                       block_shape=[1, BLOCK_N, HEAD_DIM])
    o_desc = tl.make_tensor_descriptor(o_ptr, shape=[heads, seq_len, HEAD_DIM],
                                       strides=[seq_len * HEAD_DIM, HEAD_DIM, 1],
                                       block_shape=[1, BLOCK_M, HEAD_DIM])
    q = tl.reshape(q_desc.load([head, start_m * BLOCK_M, 0]), (BLOCK_M, HEAD_DIM))
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    keys = tl.arange(0, BLOCK_N)
    for start_n in range(0, seq_len, BLOCK_N):
        k = tl.reshape(k_desc.load([head, start_n, 0]), (BLOCK_N, HEAD_DIM))
        qk = tl.dot(q, tl.trans(k))
        qk = tl.where((start_n + keys)[None, :] < seq_len, qk * qk_scale, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.reshape(v_desc.load([head, start_n, 0]), (BLOCK_N, HEAD_DIM))
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    out = (acc / l_i[:, None]).to(tl.float16)
    o_desc.store([head, start_m * BLOCK_M, 0], tl.reshape(out, (1, BLOCK_M, HEAD_DIM)))


@triton.jit
def grouped_matmul_desc(a_ptrs, b_ptrs, c_ptrs, sizes, tiles_before, GROUPS: tl.constexpr,
                        BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Triton's grouped-GEMM tutorial with tensor descriptors made in the
    # kernel: each program finds its group (kernels.find_group), then builds
    # descriptors for that group's square matrices and walks K through TMA.
    n, tile, a_ptr, b_ptr, c_ptr = find_group(a_ptrs, b_ptrs, c_ptrs, sizes, tiles_before,
                                              GROUPS)
    tiles_n = tl.cdiv(n, BN)
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[n, n], strides=[n, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[n, n], strides=[n, 1], block_shape=[BK, BN])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[n, n], strides=[n, 1], block_shape=[BM, BN])
    om = (tile // tiles_n) * BM
    on = (tile % tiles_n) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(n, BK)):
        acc = tl.dot(a_d.load([om, k * BK]), b_d.load([k * BK, on]), acc)
    c_d.store([om, on], acc.to(tl.float16))


@triton.jit
def desc3d_scale(x_ptr, s_ptr, y_ptr, B, M, N, BB: tl.constexpr, BM: tl.constexpr,
                 BN: tl.constexpr):
    # A per-matrix scale of a batch x [B, M, N] fp16 through rank-3 tensor
    # descriptors made in the kernel whose blocks [BB, BM, BN] span several
    # matrices (BB > 1): y[b] = x[b] * s[b], edges clipped by TMA.
    x_d = tl.make_tensor_descriptor(x_ptr, shape=[B, M, N], strides=[M * N, N, 1],
                                    block_shape=[BB, BM, BN])
    y_d = tl.make_tensor_descriptor(y_ptr, shape=[B, M, N], strides=[M * N, N, 1],
                                    block_shape=[BB, BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    ob = tl.program_id(2) * BB
    rb = ob + tl.arange(0, BB)
    s = tl.load(s_ptr + rb, mask=rb < B, other=0.0)
    x = x_d.load([ob, om, on])
    y_d.store([ob, om, on], (x.to(tl.float32) * s[:, None, None]).to(tl.float16))


@triton.jit
def matmul_desc_ws(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    # fp16 C = A @ B with B given K-major [N, K], through tensor descriptors
    # made in the kernel, the K loop a tl.range with warp_specialize=True
    # (TMA producer and MMA consumer warps), as Triton's tutorial 09.
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=True):
        a = a_d.load([om, k * BK])
        b = b_d.load([on, k * BK])
        acc = tl.dot(a, b.T, acc)
    c_d.store([om, on], acc.to(tl.float16))


@triton.jit
def matmul_splitk_desc(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr, SPLIT: tl.constexpr):
    # Split-K matmul whose partial tiles are added into fp32 C through the
    # descriptor's atomic add (a TMA reduction); K's tiles are shared out
    # whole, the last split's tail padded by the descriptor.
    pid_m, pid_n, pid_k = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    span = tl.cdiv(tl.cdiv(K, BK), SPLIT) * BK
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(pid_k * span, tl.minimum((pid_k + 1) * span, K), BK):
        a = a_d.load([pid_m * BM, k])
        b = b_d.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_d.atomic_add([pid_m * BM, pid_n * BN], acc)


@triton.jit(noinline=True)
def _desc_load_tile(d, m, n):
    # Kept a call: the descriptor reaches it as an argument (its address).
    return d.load([m, n])


@triton.jit(noinline=True)
def _desc_store_twice(d, m, n, t):
    d.store([m, n], t * 2)


@triton.jit
def desc_noinline(xd, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # desc_scale through device functions that are not inlined: a host
    # descriptor and one made in the kernel are passed to calls.
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    yd = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    _desc_store_twice(yd, m, n, _desc_load_tile(xd, m, n))
