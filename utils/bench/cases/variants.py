"""Cases that rerun another case's kernel and arguments: at other warp and
stage counts (each with its own capture of 3.6's TTIR), and from Triton 3.6's
own TTGIR through our make_llir alone (is a gap in our TTGIR passes or in
our lowering?)."""
from registry import all_cases_before, from_ttgir, variant

BASE = {c.name: c for c in all_cases_before("variants")}

# name -> (case, warps, stages). Sixteen warps put two warpgroups along N in
# attention's second dot; one warp has no warpgroup (mma v2 on sm_90).
WARPS_STAGES = {
    "attn_stages_w16": ("attn_stages", 16, 3),
    "attention_desc_w16": ("attention_desc", 16, 3),
    "moe_w16": ("moe", 16, 4),
    "w8a16_w1s1": ("w8a16", 1, 1),
    "int8_scaled_w1s2": ("int8_scaled", 1, 2),
    "gated_mlp_w8s4": ("gated_mlp", 8, 4),
    "fp8_blockscale_w4s2": ("fp8_blockscale", 4, 2),
    "splitk_w8s4": ("splitk", 8, 4),
    "fp64_mm_w8s2": ("fp64_mm", 8, 2),
    "attn_stages_w8s2": ("attn_stages", 8, 2),
    "attn_bwd_dq_w8s2": ("attn_bwd_dq", 8, 2),
    "mlp2_w8s2": ("mlp2", 8, 2),
    "w4a16_w8s2": ("w4a16", 8, 2),
    "attention_desc_w8s2": ("attention_desc", 8, 2),
    "grouped_desc_w4s2": ("grouped_desc", 4, 2),
    "tma_persistent_w4s4": ("tma_persistent", 4, 4),
    "persistent_w4s2": ("persistent", 4, 2),
    "lora_w4s4": ("lora", 4, 4),
    "bf16x3_w4s2": ("bf16x3", 4, 2),
    "causal_conv1d_w8s1": ("causal_conv1d", 8, 1),
    "top_p_w2s1": ("top_p", 2, 1),
}
CASES = [variant(BASE[base], name, warps=w, stages=s)
         for name, (base, w, s) in WARPS_STAGES.items()]
BASE.update((c.name, c) for c in CASES)

# 3.6 splits int8_act's register-A wgmma into four K = 16 wgmmas; ours does not.
FROM_TTGIR = (
    "small_dot", "reduce_3d", "paged_decode", "persistent", "tma_persistent", "softmax_loop",
    "gather_2d", "huber_map", "sort", "splitk_desc", "a_kmajor", "mlp2", "attn_stages_w16",
    "attention_desc_w16", "bf16x6", "group_norm", "int8_act",
)
CASES += [from_ttgir(BASE[name]) for name in FROM_TTGIR]

# Kernels whose programs lower on clusters of two CTAs since issue 32's second
# round, from the same TTIR through our whole pipeline at num_ctas=2, against
# Triton's num_ctas=2 compile: an assumption (hinted), a transpose, dots on
# mma.sync and FMAs (small_dot, fp64_mm), and conversions between CTAs
# through distributed shared memory (collatz's loop condition, gemv's
# reduction, attention's P into the second wgmma).
CLUSTERS_2CTA = ("hinted", "transpose", "small_dot", "fp64_mm", "collatz", "gemv",
                 "attention_fwd")
CASES += [variant(BASE[name], name + "_2cta", ctas=2, ir=BASE[name].capture,
                  tags=BASE[name].tags + ("clusters",)) for name in CLUSTERS_2CTA]
