"""PyTorch programs whose TorchInductor-generated Triton kernels the inductor
sweep (sweep.py) compiles with this toolchain: the code generator
that writes most of the Triton kernels run in practice, in its own style
(xindex/xmask, persistent and looped reductions, welford, split reductions,
indirect loads with bounds asserts, atomics, philox streams, the mm and
flex-attention templates).

CASES: name -> (function, make_inputs(torch, dev), compile options). Each
function is torch.compile'd as it stands; inputs are drawn once per run.
"""
def ln_gelu(x, w, b):
    import torch.nn.functional as F
    return F.gelu(F.layer_norm(x, (x.shape[-1],), w, b))


def rms_norm(x, w):
    import torch
    h = x.float()
    return (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype) * w


def softmax_causal(s):
    import torch
    n = s.shape[-1]
    mask = torch.ones(n, n, dtype=torch.bool, device=s.device).triu(1)
    return torch.softmax((s * 0.125).masked_fill(mask, float("-inf")), dim=-1)


def cross_entropy(logits, target):
    import torch.nn.functional as F
    return F.cross_entropy(logits.float(), target)


def embedding_pos(ids, table, pos):
    return table[ids] + pos[None, : ids.shape[1]]


def bn_stats(x):
    import torch
    var, mean = torch.var_mean(x, dim=(0, 2, 3), correction=0)
    return (x - mean[None, :, None, None]) * torch.rsqrt(var[None, :, None, None] + 1e-5)


def max_dim(x):
    import torch
    v, i = torch.max(x, dim=-1)
    return v, i


def cumsum_rows(x):
    import torch
    return torch.cumsum(x, dim=-1), torch.cumprod(x[:, :64], dim=-1)


def index_add(out, idx, src):
    return out.index_add(0, idx, src)


def permute_add(x, y):
    return (x.permute(0, 2, 1, 3) * 2 + y).contiguous()


def adam_step(p, g, m, v):
    import torch
    b1, b2, lr, eps, step = 0.9, 0.999, 1e-3, 1e-8, 10
    m.mul_(b1).add_(g, alpha=1 - b1)
    v.mul_(b2).addcmul_(g, g, value=1 - b2)
    denom = (v / (1 - b2 ** step)).sqrt().add_(eps)
    p.addcdiv_(m, denom, value=-lr / (1 - b1 ** step))
    return p


def silu_mul(a, b):
    import torch.nn.functional as F
    return F.silu(a) * b


def dropout_scale(x):
    import torch.nn.functional as F
    return F.dropout(x, p=0.1, training=True) * 3.0


def column_sum(x):
    return x.sum(dim=0)


def avg_pool(x):
    import torch.nn.functional as F
    return F.avg_pool2d(x, 3, 2, 1)


def fp8_quant(x):
    import torch
    scale = 448.0 / x.abs().amax().float().clamp(min=1e-12)
    return (x.float() * scale).clamp(-448.0, 448.0).to(torch.float8_e4m3fn), scale


def int_ops(a, b):
    import torch
    return ((a >> 3) ^ (b * 7)) % 13 + torch.where(a > b, a, b).clamp(-100, 100)


def group_norm(x, w, b):
    import torch.nn.functional as F
    return F.group_norm(x, 32, w, b)


def sort_rows(x):
    import torch
    return torch.sort(x, dim=-1)


def masked_mean(x, mask):
    m = mask.unsqueeze(-1).to(x.dtype)
    return (x * m).sum(1) / m.sum(1).clamp(min=1)


def rope(x, cos, sin):
    import torch
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    c, s = cos[None, :, None, :], sin[None, :, None, :]
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1)


def index_copy(cache, pos, new):
    return cache.index_copy(1, pos, new)


def mm_bias_relu(a, b, bias):
    import torch
    return torch.relu(a @ b + bias)


def flex_causal(q, k, v):
    from torch.nn.attention.flex_attention import flex_attention

    def causal(score, b, h, q_idx, kv_idx):
        import torch
        return torch.where(q_idx >= kv_idx, score, -float("inf"))
    return flex_attention(q, k, v, score_mod=causal)


def mlp_train(x, w1, b1, w2, b2):
    import torch
    import torch.nn.functional as F
    h = F.gelu(x @ w1 + b1, approximate="tanh")
    y = F.layer_norm(h @ w2 + b2, (w2.shape[1],))
    loss = y.float().pow(2).mean()
    return torch.autograd.grad(loss, (w1, b1, w2, b2))


def logsumexp_bf16(x):
    import torch
    return torch.logsumexp(x.float(), dim=-1).to(torch.bfloat16)


def cat_pad(a, b):
    import torch
    import torch.nn.functional as F
    return F.pad(torch.cat([a, b], dim=1), (1, 1))


def inputs(spec):
    """make(torch, dev) from a short description per argument."""
    def make(torch, dev):
        out = []
        for kind, shape, dtype, *rest in spec:
            dt = getattr(torch, dtype)
            if kind == "randn":
                out.append((torch.randn(*shape, device=dev) * (rest[0] if rest else 1)).to(dt))
            elif kind == "rand":
                out.append(torch.rand(*shape, device=dev).to(dt))
            elif kind == "randint":
                ints = torch.randint(rest[0], rest[1], shape, device=dev)
                out.append(ints.to(dt))
            elif kind == "randperm":
                out.append(torch.randperm(rest[0], device=dev, dtype=dt)[: shape[0]])
            elif kind == "grad":
                out.append((torch.randn(*shape, device=dev) * rest[0]).to(dt).requires_grad_())
            elif kind == "zeros":
                out.append(torch.zeros(*shape, device=dev, dtype=dt))
        return out
    return make


D = "float16"
CASES = {
    "ln_gelu": (ln_gelu, inputs([("randn", (8192, 1024), D), ("randn", (1024,), D),
                                 ("randn", (1024,), D)]), {}),
    "rms_norm": (rms_norm, inputs([("randn", (8192, 4096), "bfloat16"),
                                   ("randn", (4096,), "bfloat16")]), {}),
    "softmax_causal": (softmax_causal, inputs([("randn", (8, 16, 512, 512), D)]), {}),
    "cross_entropy": (cross_entropy, inputs([("randn", (4096, 32000), "bfloat16"),
                                             ("randint", (4096,), "int64", 0, 32000)]), {}),
    "embedding_pos": (embedding_pos, inputs([("randint", (16, 512), "int64", 0, 50000),
                                             ("randn", (50000, 1024), D),
                                             ("randn", (2048, 1024), D)]), {}),
    "bn_stats": (bn_stats, inputs([("randn", (64, 256, 28, 28), "float32")]), {}),
    "max_dim": (max_dim, inputs([("randn", (16384, 1024), "float32")]), {}),
    "cumsum_rows": (cumsum_rows, inputs([("rand", (4096, 2048), "float32")]), {}),
    "index_add": (index_add, inputs([("zeros", (4096, 512), "float32"),
                                     ("randint", (65536,), "int64", 0, 4096),
                                     ("randn", (65536, 512), "float32")]), {}),
    "permute_add": (permute_add, inputs([("randn", (32, 128, 16, 64), D),
                                         ("randn", (32, 16, 128, 64), D)]), {}),
    "adam_step": (adam_step, inputs([("randn", (1 << 24,), "float32")] * 2 +
                                    [("zeros", (1 << 24,), "float32")] * 2), {}),
    "silu_mul": (silu_mul, inputs([("randn", (8192, 8192), "bfloat16")] * 2), {}),
    "dropout_scale": (dropout_scale, inputs([("randn", (1 << 24,), D)]), {}),
    "column_sum": (column_sum, inputs([("randn", (16384, 4096), "float32")]), {}),
    "avg_pool": (avg_pool, inputs([("randn", (32, 64, 112, 112), D)]), {}),
    "fp8_quant": (fp8_quant, inputs([("randn", (4096, 4096), "bfloat16")]), {}),
    "int_ops": (int_ops, inputs([("randint", (1 << 24,), "int32", -1000, 1000)] * 2), {}),
    "group_norm": (group_norm, inputs([("randn", (32, 512, 32, 32), D), ("randn", (512,), D),
                                       ("randn", (512,), D)]), {}),
    "sort_rows": (sort_rows, inputs([("randn", (16384, 128), "float32")]), {}),
    "masked_mean": (masked_mean, inputs([("randn", (64, 1024, 768), D),
                                         ("randint", (64, 1024), "bool", 0, 2)]), {}),
    "rope": (rope, inputs([("randn", (4, 2048, 32, 128), "bfloat16"),
                           ("randn", (2048, 64), "bfloat16"),
                           ("randn", (2048, 64), "bfloat16")]), {}),
    "index_copy": (index_copy, inputs([("randn", (8, 4096, 1024), D),
                                       ("randperm", (256,), "int64", 4096),
                                       ("randn", (8, 256, 1024), D)]), {}),
    "mm_bias_relu": (mm_bias_relu, inputs([("randn", (4096, 4096), D), ("randn", (4096, 4096), D, 1 / 64),
                                           ("randn", (4096,), D)]),
                     {"mode": "max-autotune-no-cudagraphs"}),
    "flex_causal": (flex_causal, inputs([("randn", (4, 16, 2048, 64), D)] * 3), {}),
    "mlp_train": (mlp_train, inputs([("randn", (8192, 1024), D), ("grad", (1024, 4096), D, 1 / 32),
                                     ("grad", (4096,), D, 1.0), ("grad", (4096, 1024), D, 1 / 64),
                                     ("grad", (1024,), D, 1.0)]), {}),
    "logsumexp_bf16": (logsumexp_bf16, inputs([("randn", (8192, 8192), "bfloat16")]), {}),
    "cat_pad": (cat_pad, inputs([("randn", (4096, 1000), "float32"),
                                 ("randn", (4096, 3000), "float32")]), {}),
}
