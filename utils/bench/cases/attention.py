"""The cases of kernels/attention.py: each builds its kernel's arguments (outputs
poisoned), a float64 reference (or Triton's own compile where the result is
Triton's rounding or random stream), the grid and the work done."""
import random
from registry import Case, cdiv, nan_maker  # noqa: F401


def attention_inputs(torch, c, size, dev, causal):
    """Flash attention's fp16 q, k, v (16 heads, 2 at small sizes, of `size`
    rows and d = HEAD_DIM), a poisoned output, and the float64 reference
    softmax(q k^T / 8) v, keys after the query masked when causal."""
    heads, d = (16 if size > 2048 else 2), c["HEAD_DIM"]
    q, k, v = (torch.randn(heads, size, d, device=dev).to(torch.float16) for _ in range(3))
    o = torch.full_like(q, float("nan"))

    def ref():
        s = (q.double() @ k.double().transpose(1, 2)) * 0.125
        if causal:
            s = s.masked_fill(torch.ones(size, size, device=dev, dtype=torch.bool).triu(1),
                              float("-inf"))
        return [torch.softmax(s, -1) @ v.double()]
    return heads, d, q, k, v, o, ref


def args_attention_causal(torch, dev, size, c, kern):
    heads, d, q, k, v, o, ref = attention_inputs(torch, c, size, dev, causal=True)
    # Half the score matrix is masked: count the half that is computed.
    return ([q, k, v, o, 0.125, size, size * d, d], [o], ref,
            (cdiv(size, c["BLOCK_M"]), heads), 2 * heads * size * size * d)


def args_attn_bwd_dkdv(torch, dev, size, c, kern):
    heads, d, scale = (16 if size > 2048 else 2), c["HEAD_DIM"], 0.125
    q, k, v, do = (torch.randn(heads, size, d, device=dev).half() for _ in range(4))
    lse = torch.empty(heads, size, device=dev)
    delta = torch.empty(heads, size, device=dev)
    if dev != "meta":
        s = (q.double() @ k.double().transpose(1, 2)) * scale
        p = torch.softmax(s, -1)
        lse.copy_(torch.logsumexp(s, -1) * 1.4426950408889634)
        delta.copy_((p @ v.double() * do.double()).sum(-1))

    def grads():
        dp = do.double() @ v.double().transpose(1, 2)
        ds = p * (dp - (p * dp).sum(-1, keepdim=True))
        return ds, p
    common = [q, k, v, do, lse, delta]
    shape = [scale, size, size * d, d]
    flops = 2 * heads * size * size * d
    dk, dv = torch.full_like(k, float("nan")), torch.full_like(v, float("nan"))

    def ref():
        ds, pp = grads()
        return [ds.transpose(1, 2) @ q.double() * scale, pp.transpose(1, 2) @ do.double()]
    return (common + [dk, dv] + shape, [dk, dv], ref, (cdiv(size, c["BLOCK_N"]), heads),
            4 * flops)


def args_attn_bwd_dq(torch, dev, size, c, kern):
    heads, d, scale = (16 if size > 2048 else 2), c["HEAD_DIM"], 0.125
    q, k, v, do = (torch.randn(heads, size, d, device=dev).half() for _ in range(4))
    lse = torch.empty(heads, size, device=dev)
    delta = torch.empty(heads, size, device=dev)
    if dev != "meta":
        s = (q.double() @ k.double().transpose(1, 2)) * scale
        p = torch.softmax(s, -1)
        lse.copy_(torch.logsumexp(s, -1) * 1.4426950408889634)
        delta.copy_((p @ v.double() * do.double()).sum(-1))

    def grads():
        dp = do.double() @ v.double().transpose(1, 2)
        ds = p * (dp - (p * dp).sum(-1, keepdim=True))
        return ds, p
    common = [q, k, v, do, lse, delta]
    shape = [scale, size, size * d, d]
    flops = 2 * heads * size * size * d
    dq = torch.full_like(q, float("nan"))

    def ref():
        return [grads()[0] @ k.double() * scale]
    return (common + [dq] + shape, [dq], ref, (cdiv(size, c["BLOCK_M"]), heads), 3 * flops)


def args_paged_decode(torch, dev, size, c, kern):
    real = dev != "meta"
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    seqs, n_kv, group, d, page = size // 64 if size > 1000 else 4, 2, c["GROUP"], \
        c["HEAD_DIM"], c["PAGE"]
    # (Never one block: Triton would specialize max_blocks == 1 away.)
    max_len = 2048 if size > 1000 else max(size, 256)
    lens = torch.randint(max_len // 2, max_len + 1, (seqs,), device=dev, dtype=torch.int32)
    max_blocks = cdiv(max_len, page)
    pages = seqs * max_blocks
    table = torch.randperm(pages, device=dev).int().reshape(seqs, max_blocks) if real else \
        torch.empty(seqs, max_blocks, device=dev, dtype=torch.int32)
    q = randn(seqs, n_kv * group, d).half()
    kc, vc = randn(pages, page, n_kv, d).half(), randn(pages, page, n_kv, d).half()
    out = nan(seqs, n_kv * group, d, dtype=torch.float16)

    def ref():
        outs = []
        for s_ in range(seqs):
            n = int(lens[s_])
            k = kc[table[s_].long()].reshape(-1, n_kv, d)[:n].double()
            v = vc[table[s_].long()].reshape(-1, n_kv, d)[:n].double()
            qs = q[s_].double().reshape(n_kv, group, d)
            sc = torch.einsum("hgd,thd->hgt", qs, k) * 0.125
            outs.append(torch.einsum("hgt,thd->hgd", torch.softmax(sc, -1), v)
                        .reshape(n_kv * group, d))
        return [torch.stack(outs)]
    # K and V read once (lengths average 3/4 of the longest; the grid
    # and the work are fixed before the draw).
    work = 2 * 2 * seqs * max_len * 3 // 4 * n_kv * d
    return ([q, kc, vc, table, lens, out, 0.125, max_blocks], [out], ref, (seqs, n_kv),
            work)


def args_attn_stages(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    heads, d = (16 if size > 1000 else 2), c["HEAD_DIM"]
    q, k, v = (randn(heads, size, d).half() for _ in range(3))
    o = nan(heads, size, d, dtype=torch.float16)

    def ref():
        s_ = (q.double() @ k.double().transpose(1, 2)) * 0.125
        s_ = s_.masked_fill(torch.ones(size, size, device=dev, dtype=torch.bool).triu(1),
                            float("-inf"))
        return [torch.softmax(s_, -1) @ v.double()]
    return ([q, k, v, o, 0.125, size], [o], ref, (size // c["BLOCK_M"], heads),
            2 * heads * size * size * d)


def args_fp8_kv_decode(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    randn = lambda *shape: torch.randn(*shape, device=dev)  # noqa: E731
    n_kv, group, d = 16, c["GROUP"], c["HEAD_DIM"]
    q = randn(n_kv * group, d).half()
    k = randn(n_kv, size, d).to(torch.float8_e4m3fn)
    v = randn(n_kv, size, d).to(torch.float8_e4m3fn)
    out = nan(n_kv * group, d, dtype=torch.float16)

    def ref():
        kk = (k.float() * 0.5).half().double()
        vv = (v.float() * 0.25).half().double()
        qs = q.double().reshape(n_kv, group, d)
        sc = torch.einsum("hgd,htd->hgt", qs, kk) * 0.08838834764
        return [torch.einsum("hgt,htd->hgd", torch.softmax(sc, -1), vv).reshape(-1, d)]
    return ([q, k, v, 0.5, 0.25, out, size], [out], ref, (n_kv,), 2 * n_kv * size * d)


def args_alibi_window(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, d, window, seq = 16, c["HEAD_DIM"], c["WINDOW"], size
    q, k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(3))
    slopes = 2.0 ** (-8.0 * torch.arange(1, heads + 1, device=dev) / heads)
    o = nan(heads, seq, d, dtype=torch.float16)
    sm_scale = d ** -0.5

    def ref():
        pos = torch.arange(seq, device=dev)
        dist = (pos[:, None] - pos[None, :]).double()
        s = q.double() @ k.double().transpose(1, 2) * sm_scale
        s = s - slopes.double()[:, None, None] * dist
        s = s.masked_fill(~((dist >= 0) & (dist < window)), float("-inf"))
        return [torch.softmax(s, -1) @ v.double()]
    work = 4 * heads * seq * min(window, seq) * d
    return ([q, k, v, o, slopes, sm_scale, seq], [o], ref,
            (cdiv(seq, c["BLOCK_M"]), heads), work)


def args_flash_decode(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, d, seq, chunk = 32, c["D"], size, c["CHUNK"]
    splits = cdiv(seq, chunk)
    q = torch.randn(heads, d, device=dev).half()
    k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(2))
    m, l, acc = nan(heads * splits), nan(heads * splits), nan(heads * splits, d)
    scale = d ** -0.5

    def ref():
        pad = splits * chunk - seq
        s = (k.double() @ q.double()[:, :, None])[..., 0] * scale
        s = torch.nn.functional.pad(s, (0, pad), value=float("-inf")).view(heads, splits,
                                                                            chunk)
        vv = torch.nn.functional.pad(v.double(), (0, 0, 0, pad)).view(heads, splits, chunk, d)
        mx = s.max(2).values
        p = torch.exp(s - mx[..., None])
        return [mx.flatten(), p.sum(2).flatten(),
                (p[..., None] * vv).sum(2).reshape(heads * splits, d)]
    return ([q, k, v, m, l, acc, seq, scale], [m, l, acc], ref, (heads, splits),
            4 * heads * seq * d)


def args_attention_wide_v(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, dk, dv, seq = 16, c["DK"], c["DV"], size
    q, k = (torch.randn(heads, seq, dk, device=dev).half() for _ in range(2))
    v = torch.randn(heads, seq, dv, device=dev).half()
    o = nan(heads, seq, dv, dtype=torch.float16)
    scale = dk ** -0.5

    def ref():
        p = torch.softmax(q.double() @ k.double().transpose(1, 2) * scale, -1)
        return [p @ v.double()]
    return ([q, k, v, o, scale, seq], [o], ref, (cdiv(seq, c["BLOCK_M"]), heads),
            2 * heads * seq * seq * (dk + dv))


def args_attn_tf32(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, d, seq = 16, c["D"], size
    q, k, v = (torch.randn(heads, seq, d, device=dev) for _ in range(3))
    o = nan(heads, seq, d)
    scale = d ** -0.5

    def ref():
        s = q.double() @ k.double().transpose(1, 2) * scale
        causal = torch.ones(seq, seq, device=dev, dtype=torch.bool).tril()
        return [torch.softmax(s.masked_fill(~causal, float("-inf")), -1) @ v.double()]
    return ([q, k, v, o, scale, seq], [o], ref, (cdiv(seq, c["BLOCK"]), heads),
            2 * heads * seq * seq * d)


def args_attn_fp8(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    triton_ref = kern.triton_ref
    heads, seq, d = 16, size, c["D"]
    q, k, v = (torch.randn(heads, seq, d, device=dev).to(torch.float8_e4m3fn)
               for _ in range(3))
    o = nan(heads, seq, d, dtype=torch.float16)
    args = [q, k, v, o, d ** -0.5, seq]
    grid = (cdiv(seq, c["BM"]), heads)
    return args, [o], triton_ref(args, [o], grid), grid, 4 * heads * seq * seq * d


def args_attn_blockptr(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, seq, d = 16, size, c["D"]
    q, k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(3))
    o = nan(heads, seq, d, dtype=torch.float16)
    scale = d ** -0.5
    return ([q, k, v, o, scale, seq], [o],
            lambda: [torch.softmax(q.double() @ k.double().transpose(1, 2) * scale, -1)
                     @ v.double()],
            (cdiv(seq, c["BM"]), heads), 4 * heads * seq * seq * d)


def args_linear_attn(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, seq, cc, d = size, 1024, c["C"], c["D"]
    q, k, v = ((torch.randn(heads, seq, d, device=dev) / 8).half() for _ in range(3))
    o = nan(heads, seq, d)

    def ref():
        s = q.double() @ k.double().transpose(1, 2)
        causal = torch.ones(seq, seq, device=dev, dtype=torch.bool).tril()
        return [s.masked_fill(~causal, 0.0) @ v.double()]
    work = 8 * heads * seq * cc * d
    return [q, k, v, o, seq], [o], ref, (heads,), work


def args_dq_atomic(torch, dev, size, c, kern):
    heads, seq, d = 16, size, c["D"]
    ds = (torch.randn(heads, seq, seq, device=dev) / 16).half()
    k = torch.randn(heads, seq, d, device=dev).half()
    dq = torch.zeros(heads, seq, d, device=dev)
    return ([ds, k, dq, seq], [dq], lambda: [ds.double() @ k.double()],
            (cdiv(seq, c["BM"]), cdiv(seq, c["BN"]), heads), 2 * heads * seq * seq * d)


def args_gqa_decode(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    kv_heads, group, d, ctx = 256, c["GROUP"], c["D"], size
    q = torch.randn(kv_heads * group, d, device=dev).half()
    k = torch.randn(kv_heads, ctx, d, device=dev).half()
    v = torch.randn(kv_heads, ctx, d, device=dev).half()
    o = nan(kv_heads * group, d, dtype=torch.float16)
    scale = d ** -0.5

    def ref():
        qg = q.double().view(kv_heads, group, d)
        p = torch.softmax(qg @ k.double().transpose(1, 2) * scale, -1)
        return [(p @ v.double()).view(kv_heads * group, d)]
    return ([q, k, v, o, scale, ctx], [o], ref, (kv_heads,), 4 * kv_heads * ctx * d)


def args_varlen_attn(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, d = c["H"], c["D"]
    rng = random.Random(size)
    # Sixteen sequences around SIZE tokens, one of a single token and one
    # of 17 among them.
    lens = [1, 17] + [rng.randint(size // 2, size * 3 // 2) for _ in range(14)]
    cu = [0]
    for n in lens:
        cu.append(cu[-1] + n)
    total = cu[-1]
    q, k, v = (torch.randn(total, heads, d, device=dev).half() for _ in range(3))
    o = nan(total, heads, d, dtype=torch.float16)
    cu_t = torch.tensor(cu, device=dev, dtype=torch.int32)
    scale = d ** -0.5

    def ref():
        outs = []
        for b, e in zip(cu[:-1], cu[1:]):
            qs, ks, vs = (t[b:e].double().transpose(0, 1) for t in (q, k, v))
            s = qs @ ks.transpose(1, 2) * scale
            causal = torch.ones(e - b, e - b, device=dev, dtype=torch.bool).tril()
            p = torch.softmax(s.masked_fill(~causal, float("-inf")), -1)
            outs.append((p @ vs).transpose(0, 1))
        return [torch.cat(outs)]
    grid = (cdiv(max(lens), c["BM"]), heads, len(lens))
    return ([q, k, v, o, cu_t, scale], [o], ref, grid,
            sum(2 * heads * d * n * n for n in lens))


def args_attn_dropout(torch, dev, size, c, kern):
    nan = nan_maker(torch, dev)
    heads, seq, d = 16, size, c["D"]
    q, k, v = (torch.randn(heads, seq, d, device=dev).half() for _ in range(3))
    o = nan(heads, seq, d, dtype=torch.float16)
    args = [q, k, v, o, 1234, seq, d ** -0.5, 0.1]
    grid = (cdiv(seq, c["BM"]), heads)
    ref = kern.triton_ref
    return args, [o], ref(args, [o], grid), grid, 4 * heads * seq * seq * d


CASES = [
    Case("attention_causal", "attention.attention_fwd", args_attention_causal,
         {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 128, "CAUSAL": True},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("attn_bwd_dkdv", "attention.attention_bwd_dkdv", args_attn_bwd_dkdv,
         {"BLOCK_M": 32, "BLOCK_N": 128, "HEAD_DIM": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("attn_bwd_dq", "attention.attention_bwd_dq", args_attn_bwd_dq,
         {"BLOCK_M": 128, "BLOCK_N": 32, "HEAD_DIM": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("paged_decode", "attention.paged_decode", args_paged_decode,
         {"HEAD_DIM": 128, "PAGE": 16, "GROUP": 16},
         warps=4, stages=3, size=4096, ragged=512, tol=0.01, metric="GB/s",
         tags=("fp16", "dot")),
    Case("attn_stages", "attention.attention_causal_stages", args_attn_stages,
         {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64},
         warps=4, stages=3, size=4096, ragged=512, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("fp8_kv_decode", "attention.fp8_kv_decode", args_fp8_kv_decode,
         {"HEAD_DIM": 128, "BLOCK_N": 64, "GROUP": 16},
         warps=4, stages=3, size=8192, ragged=1008, tol=0.01, metric="GB/s",
         tags=("fp16", "fp8", "dot")),
    Case("alibi_window", "attention.attention_alibi_window", args_alibi_window,
         {"WINDOW": 512, "BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("flash_decode", "attention.flash_decode_split", args_flash_decode,
         {"CHUNK": 512, "BLOCK_N": 64, "D": 128},
         warps=4, stages=3, size=32768, ragged=1008, tol=1e-05, metric="GB/s",
         tags=("fp16",)),
    Case("attention_wide_v", "attention.attention_wide_v", args_attention_wide_v,
         {"BLOCK_M": 128, "BLOCK_N": 64, "DK": 64, "DV": 128},
         warps=8, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("attn_tf32", "attention.attention_tf32_causal", args_attn_tf32, {"BLOCK": 64, "D": 64},
         warps=4, stages=3, size=2048, ragged=1008, tol=0.005, metric="TFLOP/s",
         tags=("dot",)),
    Case("attn_fp8", "attention.attention_fp8", args_attn_fp8, {"BM": 128, "BN": 64, "D": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "fp8", "dot", "triton-reference")),
    Case("attn_blockptr", "attention.attention_blockptr", args_attn_blockptr,
         {"BM": 128, "BN": 64, "D": 64},
         warps=4, stages=3, size=4096, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("linear_attn", "attention.chunk_linear_attention", args_linear_attn, {"C": 64, "D": 64},
         warps=4, stages=3, size=512, ragged=100, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("dq_atomic", "attention.dq_atomic", args_dq_atomic, {"BM": 128, "BN": 64, "D": 64},
         warps=4, stages=3, size=2048, ragged=1008, tol=0.0001, metric="TFLOP/s",
         tags=("fp16", "dot", "atomic")),
    Case("gqa_decode", "attention.gqa_decode", args_gqa_decode, {"GROUP": 4, "BN": 64, "D": 128},
         warps=4, stages=3, size=8192, ragged=1008, tol=0.01, metric="GB/s",
         tags=("fp16", "dot")),
    Case("varlen_attn", "attention.varlen_attention", args_varlen_attn,
         {"H": 16, "BM": 128, "BN": 64, "D": 64},
         warps=4, stages=3, size=2048, ragged=1000, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot")),
    Case("attn_dropout", "attention.attention_dropout", args_attn_dropout,
         {"BM": 128, "BN": 64, "D": 64},
         warps=4, stages=3, size=2048, ragged=1008, tol=0.01, metric="TFLOP/s",
         tags=("fp16", "dot", "triton-reference")),
]


# Issue 29's attention forward: batch 4 x 16 heads (64 rows of q, k, v), fp16,
# head dim 64 or 128, causal or not, sequence 1024, 4096 and 8192, each side at
# its best of one grid of configurations (BLOCK_M x BLOCK_N, warps, stages),
# beside PyTorch's SDPA through each of its Hopper backends.
ATTENTION_GRID = ((128, 64, 4, 3), (128, 64, 8, 3), (128, 128, 8, 2), (128, 128, 8, 3),
                  (64, 64, 4, 3))
BATCH, HEADS = 4, 16


def args_attention_batched(causal):
    """attention_fwd's arguments for BATCH x HEADS heads of SIZE rows; the
    float64 reference a few heads at a time (all 64 at once would take 100 GB
    at 8192 rows)."""
    def build(torch, dev, size, c, kern):
        bh, d = BATCH * HEADS, c["HEAD_DIM"]
        q, k, v = (torch.randn(bh, size, d, device=dev).to(torch.float16) for _ in range(3))
        o = torch.full_like(q, float("nan"))

        def ref():
            out = torch.empty(bh, size, d, device=dev, dtype=torch.float64)
            hidden = torch.ones(size, size, device=dev, dtype=torch.bool).triu(1)
            for h in range(0, bh, 8):
                s = (q[h:h + 8].double() @ k[h:h + 8].double().transpose(1, 2)) * 0.125
                if causal:
                    s.masked_fill_(hidden, float("-inf"))
                out[h:h + 8] = torch.softmax(s, -1) @ v[h:h + 8].double()
                del s
            return [out]
        # Two dots of 2 * size * size * d flops per head; causal computes half.
        work = 4 * bh * size * size * d // (2 if causal else 1)
        return ([q, k, v, o, 0.125, size, size * d, d], [o], ref,
                (cdiv(size, c["BLOCK_M"]), bh), work)
    return build


def vendor_sdpa(causal):
    """torch's scaled_dot_product_attention on the same q, k, v seen as
    [BATCH, HEADS, rows, d], once per backend that runs it on Hopper."""
    def vendor(torch, args):
        from torch.nn.attention import SDPBackend, sdpa_kernel
        q, k, v = (a.view(BATCH, HEADS, a.shape[1], a.shape[2]) for a in args[:3])

        def through(backend):
            def run():
                with sdpa_kernel(backend):
                    return torch.nn.functional.scaled_dot_product_attention(
                        q, k, v, is_causal=causal, scale=args[4])
            return run
        return [("sdpa_cudnn", through(SDPBackend.CUDNN_ATTENTION)),
                ("sdpa_flash", through(SDPBackend.FLASH_ATTENTION))]
    return vendor


def attention_batched_case(d, causal, seq):
    stem = f"attention_fwd_d{d}" + ("_causal" if causal else "")

    def at(bm, bn, warps, stages):
        # One capture per configuration, shared by the three sequence lengths
        # (Triton specializes on divisibility by 16 alone, which all keep; so
        # must the ragged size: 1008, a multiple of 16 and of no block).
        return {"constexprs": {"BLOCK_M": bm, "BLOCK_N": bn, "HEAD_DIM": d, "CAUSAL": causal},
                "warps": warps, "stages": stages, "ir": f"{stem}_m{bm}n{bn}w{warps}s{stages}"}
    first, *others = ATTENTION_GRID
    return Case(f"{stem}_s{seq}", "attention.attention_fwd", args_attention_batched(causal),
                size=seq, ragged=1008, tol=0.01, metric="TFLOP/s", tags=("fp16", "dot", "issue29"),
                vendor=vendor_sdpa(causal),
                configs=tuple((f"m{bm}n{bn}w{w}s{s}", at(bm, bn, w, s)) for bm, bn, w, s in others),
                **at(*first))


CASES += [attention_batched_case(d, causal, seq) for d in (64, 128) for causal in (False, True)
          for seq in (1024, 4096, 8192)]
