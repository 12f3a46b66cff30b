"""The harness's first cases: the corpus's kernels (../shared/corpus, Triton
3.6's own TTIR of them) and our layer norm, flash attention and descriptor
kernels at the sizes the README's first table reports, plus their sm_80 and
TTGIR-input twins."""
from registry import Case, cdiv, for_sm80, from_ttgir, variant


def args_add(dtype_name):
    def build(torch, dev, size, c, kern):
        dtype = getattr(torch, dtype_name)
        x = torch.randn(size, device=dev, dtype=dtype)
        y = torch.randn(size, device=dev, dtype=dtype)
        out = torch.full((size,), float("nan"), device=dev, dtype=dtype)
        return ([x, y, out, size], [out], lambda: [x.double() + y.double()],
                (cdiv(size, c["BLOCK"]),), 3 * x.element_size() * size)
    return build


def args_softmax(torch, dev, size, c, kern):
    rows, cols = size, c["BLOCK"]
    x = torch.randn(rows, cols, device=dev)
    out = torch.full_like(x, float("nan"))
    return ([out, x, cols, cols, cols], [out], lambda: [torch.softmax(x.double(), 1)], (rows,),
            2 * 4 * rows * cols)


def args_layer_norm(torch, dev, size, c, kern):
    rows, cols = size, c["BLOCK"]
    x = torch.randn(rows, cols, device=dev, dtype=torch.float16)
    w = torch.randn(cols, device=dev, dtype=torch.float16)
    b = torch.randn(cols, device=dev, dtype=torch.float16)
    y = torch.full_like(x, float("nan"))

    def ref():
        return [torch.nn.functional.layer_norm(x.double(), (cols,), w.double(), b.double(), 1e-5)]
    return [x, y, w, b, cols, cols, 1e-5], [y], ref, (rows,), 2 * 2 * rows * cols


def args_blockptr(torch, dev, size, c, kern):
    # SIZE is M; N is half again as wide at the ragged size, as wide at the timed one.
    m, n = size, (size if size >= 4096 else 4112)
    x = torch.randn(m, n, device=dev)
    y = torch.full_like(x, float("nan"))
    return [x, y, m, n, n, 1], [y], lambda: [2 * x.double()], (cdiv(m, c["BM"]),), 2 * 4 * m * n


def args_math(torch, dev, size, c, kern):
    n = size
    x = torch.randn(n, device=dev) * 3
    i = torch.randint(-1000, 1000, (n,), device=dev, dtype=torch.int32)
    i0 = i.clone()
    y = torch.full_like(x, float("nan"))
    z = torch.full_like(x, float("nan"))

    def ref():
        xd = x.double()
        yv = x.to(torch.float8_e4m3fn).to(torch.bfloat16).double()
        z = (torch.exp2(xd) + torch.log(xd.abs() + 1) + torch.sqrt(xd.abs()) +
             torch.special.erf(xd) + torch.rsqrt(xd.abs() + 1))
        z = z + torch.sin(xd) * torch.cos(xd) + torch.floor(xd) + (xd * xd + xd)
        z = torch.clamp(torch.maximum(z, xd), -100.0, 100.0) / (xd.abs() + 1)
        iv = i0.long()
        q = torch.div(iv, 3, rounding_mode="trunc")
        r = iv - torch.div(iv, 5, rounding_mode="trunc") * 5
        hi = ((iv & 0xFFFFFFFF) * 12345) >> 32
        iv = q + r + (iv << 2) + (iv >> 1) + hi
        iv = ((iv + 2**31) % 2**32) - 2**31
        return [yv, z, iv.int()]
    return [x, y, z, i, n], [y, z, i], ref, (cdiv(n, c["BLOCK"]),), (4 + 4 + 4 + 8) * n


def args_misc(torch, dev, size, c, kern):
    n, block = size, c["BLOCK"]
    x = torch.randint(-50, 50, (n,), device=dev, dtype=torch.int32)
    out = torch.full((n,), -12345, device=dev, dtype=torch.int32)
    cnt = torch.zeros(1, device=dev, dtype=torch.int32)

    def ref():
        pid = torch.arange(n, device=dev) // block
        xp = torch.nn.functional.pad(x.long(), (0, (-n) % block)).view(-1, block)
        s = xp.cumsum(1).view(-1)[:n] * 3 + pid * n + 1 + 3
        s = torch.where(pid % 2 == 0, s * 2, s - 1)
        s = ((s + 2**31) % 2**32) - 2**31
        return [s, torch.tensor([n], device=dev)]
    return [x, out, cnt, n], [out, cnt], ref, (cdiv(n, block),), 2 * 4 * n


def args_shape(torch, dev, size, c, kern):
    x = torch.randn(64, device=dev)
    idx = torch.randint(0, 64, (64,), device=dev, dtype=torch.int32)
    out = torch.full_like(x, float("nan"))
    h = torch.full((64,), -1, device=dev, dtype=torch.int32)

    def ref():
        xd = x.double()
        g = xd[idx.long()]
        r = torch.stack((xd[1::2], xd[0::2]), 1).reshape(64)
        t = xd.reshape(4, 16).t().reshape(64)
        return [g + r + t, torch.bincount(idx.long(), minlength=64)]
    return [x, idx, out, h], [out, h], ref, (1,), 4 * 64 * 4


def args_matmul(torch, dev, size, c, kern):
    m = n = k = size
    a = torch.randn(m, k, device=dev, dtype=torch.float16)
    b = torch.randn(k, n, device=dev, dtype=torch.float16)
    out = torch.full((m, n), float("nan"), device=dev, dtype=torch.float16)
    # Triton's call takes every stride; its TTIR specialized the unit ones away.
    return ([a, b, out, m, n, k, k, 1, n, 1, n, 1], [out], lambda: [a.double() @ b.double()],
            (cdiv(m, c["BM"]) * cdiv(n, c["BN"]),), 2 * m * n * k)


def args_attention(torch, dev, size, c, kern):
    heads, seq, d = (64 if size >= 4096 else 4), size, c["HEAD_DIM"]
    q, k, v = (torch.randn(heads, seq, d, device=dev, dtype=torch.float16) for _ in range(3))
    o = torch.full_like(q, float("nan"))

    def ref():
        s = (q.double() @ k.double().transpose(1, 2)) * 0.125
        return [torch.softmax(s, -1) @ v.double()]
    return ([q, k, v, o, 0.125, seq, seq * d, d], [o], ref, (cdiv(seq, c["BLOCK_M"]), heads),
            4 * heads * seq * seq * d)


def args_desc_scale(host):
    """A copy times two through tensor descriptors made in the kernel, or on the host."""
    def build(torch, dev, size, c, kern):
        from launch import Desc
        m = n = size
        x = torch.randn(m, n, device=dev, dtype=torch.float16)
        y = torch.full_like(x, float("nan"))
        block = [c["BM"], c["BN"]]
        args = [Desc(x, block), Desc(y, block)] if host else [x, y, m, n]
        return (args, [y], lambda: [2 * x.double()], (cdiv(m, c["BM"]), cdiv(n, c["BN"])),
                2 * 2 * m * n)
    return build


def args_matmul_desc(host):
    def build(torch, dev, size, c, kern):
        from launch import Desc
        m = n = k = size
        a = torch.randn(m, k, device=dev, dtype=torch.float16)
        b = torch.randn(k, n, device=dev, dtype=torch.float16)
        out = torch.full((m, n), float("nan"), device=dev, dtype=torch.float16)
        bm, bn, bk = c["BM"], c["BN"], c["BK"]
        tiles = ([Desc(a, [bm, bk]), Desc(b, [bk, bn]), Desc(out, [bm, bn])] if host
                 else [a, b, out])
        return (tiles + [m, n, k], [out], lambda: [a.double() @ b.double()],
                (cdiv(m, bm) * cdiv(n, bn),), 2 * m * n * k)
    return build


ADD = {"BLOCK": 1024}
MATMUL_SMALL = {"BM": 64, "BN": 64, "BK": 32, "GROUP_M": 8}
MATMUL_BIG = {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8}
ATTENTION = {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64}
DESC_MATMUL = {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8}

add_fp32 = Case("add_fp32", "corpus.add_kernel", args_add("float32"), ADD, size=1 << 28,
                ragged=1000016, tol=1e-6, ir="corpus/add_fp32", tags=("fp32",))
add_fp16 = Case("add_fp16", "corpus.add_kernel", args_add("float16"), ADD, size=1 << 28,
                ragged=1000016, tol=1e-3, ir="corpus/add_fp16", tags=("fp16",))
softmax = Case("softmax", "corpus.softmax_kernel", args_softmax, {"BLOCK": 1024}, size=32768,
               ir="corpus/softmax", tags=("fp32",))
matmul_small = Case("matmul_fp16_small", "corpus.matmul_kernel", args_matmul, MATMUL_SMALL,
                    warps=4, stages=2, size=4096, ragged=1008, tol=1e-2, metric="TFLOP/s",
                    ir="corpus/matmul_fp16_small", drop=(7, 9, 11), tags=("fp16", "dot"))
matmul_big = Case("matmul_fp16_sm90", "corpus.matmul_kernel", args_matmul, MATMUL_BIG, warps=8,
                  stages=3, size=4096, ragged=1008, tol=1e-2, metric="TFLOP/s",
                  ir="corpus/matmul_fp16_sm90", drop=(7, 9, 11), tags=("fp16", "dot"))
# Triton 3.6's TTGIR of the same kernel with num_ctas=2: each program a
# cluster of two CTAs, each computing a 128 x 128 half of the tile (the
# accumulator split along N, A copied in both CTAs' shared memory); our
# make_llir alone, against Triton's num_ctas=2 compile.
matmul_2cta = Case("matmul_fp16_2cta", "corpus.matmul_kernel", args_matmul, MATMUL_BIG, warps=8,
                   stages=3, ctas=2, size=4096, ragged=1008, tol=1e-2, metric="TFLOP/s",
                   ir="corpus/matmul_2cta", stage="ttgir", drop=(7, 9, 11),
                   tags=("fp16", "dot", "clusters"))
# The same kernel from its TTIR at num_ctas=2 through our whole pipeline
# (make_ttgir with triton-nvidia-gpu-plan-cta, then make_llir).
matmul_2cta_ttir = variant(matmul_big, "matmul_fp16_2cta_ttir", ctas=2, ir=matmul_big.capture,
                           tags=("fp16", "dot", "clusters"))
# The same cubin at 8192^3 (a compile of its own, from the same TTIR).
matmul_big_8192 = variant(matmul_big, "matmul_fp16_sm90_8192", size=8192, ragged=None,
                          ir=matmul_big.capture)
attention = Case("attention_fwd", "attention.attention_fwd", args_attention, ATTENTION, warps=4,
                 stages=3, size=4096, ragged=1008, tol=1e-2, metric="TFLOP/s",
                 dump_size=1024, tags=("fp16", "dot"))
desc_scale = Case("desc_scale", "descriptors.desc_scale", args_desc_scale(False),
                  {"BM": 64, "BN": 64}, size=8192, ragged=1000, tol=1e-6, dump_size=1000,
                  tags=("fp16", "tma"))
desc_scale_host = Case("desc_scale_host", "descriptors.desc_scale_host", args_desc_scale(True),
                       {"BM": 64, "BN": 64}, size=8192, ragged=1000, tol=1e-6,
                       tags=("fp16", "tma"))
matmul_desc = Case("matmul_desc", "descriptors.matmul_desc", args_matmul_desc(False), DESC_MATMUL,
                   warps=8, stages=3, size=4096, ragged=1008, tol=1e-2, metric="TFLOP/s",
                   tags=("fp16", "dot", "tma"))
matmul_desc_host = Case("matmul_desc_host", "descriptors.matmul_desc_host", args_matmul_desc(True),
                        DESC_MATMUL, warps=8, stages=3, size=4096, ragged=1008, tol=1e-2,
                        metric="TFLOP/s", tags=("fp16", "dot", "tma"))

CASES = [
    add_fp32,
    add_fp16,
    softmax,
    # Wider rows at 8 and 16 warps (3.6's TTIR dumped at these configurations).
    Case("softmax_4096_w8", "corpus.softmax_kernel", args_softmax, {"BLOCK": 4096}, warps=8,
         size=32768, tags=("fp32",)),
    Case("softmax_4096_w16", "corpus.softmax_kernel", args_softmax, {"BLOCK": 4096}, warps=16,
         size=32768, tags=("fp32",)),
    Case("layer_norm_4096", "norms.layer_norm_fwd", args_layer_norm, {"BLOCK": 4096}, warps=8,
         size=32768, tol=2e-3, tags=("fp16",)),
    # The corpus's blockptr TTIR is specialized for sizes whose N and stride are
    # no multiples of 16; 3.6's TTIR at 8192 is what Triton's side compiles.
    Case("blockptr", "corpus.blockptr_kernel", args_blockptr, {"BM": 64, "BN": 64}, size=8192,
         ragged=1008, ir="blockptr_8192", drop=(5,), dump_size=8192, tags=("fp32", "blockptr")),
    Case("math", "corpus.math_kernel", args_math, {"BLOCK": 1024}, size=1 << 24, ragged=100016,
         tol=1e-4, ir="corpus/math", tags=("libdevice", "fp8")),
    Case("misc", "corpus.misc_kernel", args_misc, {"BLOCK": 256}, size=1 << 20, ragged=100016,
         tol=0, ir="corpus/misc", timed=False, tags=("int32", "scan", "atomic")),
    Case("shape", "corpus.shape_kernel", args_shape, {"BLOCK": 64}, size=64, ir="corpus/shape",
         timed=False, tags=("gather", "histogram")),
    matmul_small,
    matmul_big,
    matmul_2cta,
    matmul_2cta_ttir,
    matmul_big_8192,
    attention,
    desc_scale,
    desc_scale_host,
    # desc_scale's TTIR with an evict_first hint on its load (3.6's frontend
    # cannot write one): the TMA copy's L2 cache hint.
    variant(desc_scale, "desc_scale_evict", tags=("fp16", "tma", "cache-hint")),
    matmul_desc,
    matmul_desc_host,
    # The same TTIR not pipelined (one mbarrier per load, kept across the loop)
    # and pipelined over 2 and 4 buffers (the phases flip at other iterations).
    variant(matmul_desc_host, "matmul_desc_host_s1", stages=1, ir=matmul_desc_host.capture),
    variant(matmul_desc_host, "matmul_desc_host_s2", stages=2, ir=matmul_desc_host.capture),
    variant(matmul_desc_host, "matmul_desc_host_s4", stages=4, ir=matmul_desc_host.capture),
    # Triton 3.6's TTGIR of the descriptor matmuls at num_ctas=2 (TMA copies
    # and their mbarriers in 2-CTA clusters), through our make_llir.
    variant(matmul_desc, "matmul_desc_2cta", ctas=2, stage="ttgir",
            tags=("fp16", "dot", "tma", "clusters")),
    variant(matmul_desc_host, "matmul_desc_host_2cta", ctas=2, stage="ttgir",
            tags=("fp16", "dot", "tma", "clusters")),
    # ... and on clusters of four CTAs (N split four ways, A a copy in all
    # four): the TMA multicast variant's four-CTA case.
    variant(matmul_desc_host, "matmul_desc_host_4cta", ctas=4, stage="ttgir",
            tags=("fp16", "dot", "tma", "clusters")),
    # The same kernels from their TTIR at num_ctas=2 through our whole
    # pipeline: make_ttgir pipelines the TMA copies in the cluster.
    variant(matmul_desc, "matmul_desc_2cta_ttir", ctas=2, ir=matmul_desc.capture,
            tags=("fp16", "dot", "tma", "clusters")),
    variant(matmul_desc_host, "matmul_desc_host_2cta_ttir", ctas=2, ir=matmul_desc_host.capture,
            tags=("fp16", "dot", "tma", "clusters")),
]
# Triton's own TTGIR of the dot kernels through our make_llir: our lowering alone.
CASES += [from_ttgir(c) for c in (matmul_small, matmul_big, matmul_big_8192, attention,
                                  matmul_desc, matmul_desc_host)]
# sm_80 cubins (mma.sync, ldmatrix; host descriptors as pointers, shapes and
# strides instead of a CUtensorMap), run on the H200 through PTX JIT.
CASES += [for_sm80(c) for c in (matmul_small, matmul_big, desc_scale_host, matmul_desc_host)]
