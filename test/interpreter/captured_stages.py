"""Runs the benchmark suite's captured kernels (test/Inputs/<case>/<case>.ttir, Triton 3.6's
TTIR of utils/bench's cases) through triton-run at two stages: the
TTIR, and our make_ttgir's TTGIR of it (layouts, wgmma or mma v2, pipelined
copies). Every output buffer must be the same bytes: the passes keep the
kernels' meaning. Sizes are small and ragged (48, 40, 72: not multiples of the
tiles, as the divisibility hints allow).

Usage: captured_stages.py TRITON_OPT TRITON_RUN INPUTS_DIR OUT_DIR
Prints one line per kernel, then "N same, N different".
"""
import filecmp
import os
import re
import subprocess
import sys

import numpy as np

OPT, RUN, INPUTS_DIR, OUT = sys.argv[1:5]
M, N, K = 48, 40, 72
DTYPES = {"i1": "i1", "f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64", "i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64",
          "f8E4M3FN": "f8e4nv", "f8E5M2": "f8e5"}

# bf16x3/bf16x6 dots are full fp32 products in the TTIR here, split bf16
# dots in our TTGIR. bf16x3 drops the lo*lo products (about 2^-16 relative
# each): 4.4e-6 on bf16x3's case (the GPU harness sees 4e-6 at K =
# 1008); bf16x6 is fp32 to rounding: 1.2e-7. 2e-5 and 1e-6 catch a lost
# cross term (about 2^-9) in either and bf16x3's error in bf16x6.
RTOL = {"matmul_tf32x3": 1e-5, "bf16x3": 2e-5, "bf16x6": 1e-6}

# kernel -> (warps, stages, grid, {name: value}); a buffer value is
# (shape, init) and its type comes from the TTIR signature; scalars are i32
# unless the signature says f32.
MATMUL = {"a_ptr": ([M, K], "rand(1)"), "b_ptr": ([K * N], "rand(2)"),
          "c_ptr": ([M, N], "zeros"), "bias_ptr": ([N], "rand(3)"), "M": M, "N": N, "K": K,
          "sam": K, "sak": 1, "scm": N, "scn": 1}
INT8 = {"a_ptr": ([M, K], "randint(-8,8,1)"), "b_ptr": ([K * N], "randint(-8,8,2)")}
# Flash-attention backward: two heads of 160 rows (neither block size divides
# it), d = 64, a log-sum-exp and delta per row.
ATTN_BWD = {"q_ptr": ([2, 160, 64], "rand(1)"), "k_ptr": ([2, 160, 64], "rand(2)"),
            "v_ptr": ([2, 160, 64], "rand(3)"), "do_ptr": ([2, 160, 64], "rand(4)"),
            "lse_ptr": ([2, 160], "rand(5)"), "delta_ptr": ([2, 160], "rand(6)"),
            "sm_scale": 0.125, "seq_len": 160, "stride_bh": 160 * 64, "stride_row": 64}
CASES = {
    "matmul_bf16": (4, 3, "1", dict(MATMUL, sbk=N, sbn=1)),
    "matmul_fp16_bt": (4, 4, "1", dict(MATMUL, sbk=1, sbn=K)),
    "matmul_fp16_acc16": (4, 3, "1", dict(MATMUL, sbk=N, sbn=1)),
    "matmul_fp16_epilogue": (8, 3, "1", dict(MATMUL, sbk=N, sbn=1)),
    "matmul_fp8e4_bt": (8, 3, "1", dict(MATMUL, sbk=1, sbn=K)),
    "matmul_fp8e5": (4, 3, "1", dict(MATMUL, sbk=N, sbn=1)),
    "matmul_int8_bt": (8, 3, "1", dict(MATMUL, **INT8, sbk=1, sbn=K)),
    "matmul_int8": (4, 3, "1", dict(MATMUL, **INT8, sbk=N, sbn=1)),
    "matmul_tf32": (4, 3, "1", dict(MATMUL, sbk=N, sbn=1)),
    # tf32x3's TTIR dot is an exact fp32 product here, its TTGIR three tf32
    # dots of the split operands: equal to a relative 1e-5 (RTOL, Frobenius),
    # not in bits.
    "matmul_tf32x3": (4, 3, "1", dict(MATMUL, sbk=N, sbn=1)),
    "matmul_ieee": (4, 2, "1", dict(MATMUL, sbk=N, sbn=1)),
    "matmul_fp16_m32": (4, 3, "2", dict(MATMUL, sbk=N, sbn=1)),
    "bmm_3d": (4, 3, "1,1,3", {"a_ptr": ([5, M, K], "rand(1)"),
                                      "b_ptr": ([5, K, N], "rand(2)"),
                                      "c_ptr": ([5, M, N], "zeros"), "B": 5, "M": M, "N": N,
                                      "K": K}),
    "splitk": (4, 3, "1,1,4", {"a_ptr": ([M, K], "rand(1)"), "b_ptr": ([N, K], "rand(2)"),
                                     "c_ptr": ([M, N], "zeros"), "M": M, "N": N, "K": K}),
    "w8a16": (4, 3, "1,1", {"a_ptr": ([M, K], "rand(1)"),
                                  "b_ptr": ([K, N], "randint(-8,8,2)"),
                                  "scale_ptr": ([N], "rand(3)"), "c_ptr": ([M, N], "zeros"),
                                  "M": M, "N": N, "K": K}),
    "dropout": (4, 3, "2", {"x_ptr": ([1500], "rand(1)"), "y_ptr": ([1500], "zeros"),
                                  "n": 1500, "p": 0.25, "seed": 123}),
    "sort": (4, 3, "3", {"x_ptr": ([3, 256], "rand(1)"), "y_ptr": ([3, 256], "zeros")}),
    "mlp2": (4, 3, "2", {"x_ptr": ([192, 64], "rand(1)"), "w1_ptr": ([64, 128], "rand(2)"),
                               "w2_ptr": ([128, 64], "rand(3)"), "y_ptr": ([192, 64], "zeros"),
                               "M": 192}),
    "rope": (4, 3, "3", {"x_ptr": ([3, 128], "rand(1)"), "cos_ptr": ([3, 64], "rand(2)"),
                               "sin_ptr": ([3, 64], "rand(3)"), "y_ptr": ([3, 128], "zeros")}),
    "scan_argmax": (4, 3, "2", {"x_ptr": ([32, 256], "rand(1)"),
                                      "cum_ptr": ([32, 256], "zeros"), "idx_ptr": ([32], "zeros")}),
    "attention_causal": (8, 3, "1,2", {
        "q_ptr": ([2, 96, 128], "rand(1)"), "k_ptr": ([2, 96, 128], "rand(2)"),
        "v_ptr": ([2, 96, 128], "rand(3)"), "o_ptr": ([2, 96, 128], "zeros"),
        "sm_scale": 0.125, "seq_len": 96, "stride_bh": 96 * 128, "stride_row": 128}),
    "attn_bwd_dkdv": (4, 3, "2,2", dict(ATTN_BWD, dk_ptr=([2, 160, 64], "zeros"),
                                              dv_ptr=([2, 160, 64], "zeros"))),
    "attn_bwd_dq": (4, 3, "2,2", dict(ATTN_BWD, dq_ptr=([2, 160, 64], "zeros"))),
    # Block-scaled dots (tt.dot_scaled, decomposed by make_ttgir): bf16 x
    # mxfp4 (any byte: two fp4 each) and mxfp8 x mxfp8, E8M0 scale bytes
    # 118..126, K = 128 (two K slices of four scale groups each).
    "mxfp4_w": (4, 3, "1,1", {"a_ptr": ([48, 128], "rand(1)"), "as_ptr": ([1], "zeros"),
                                    "b_ptr": ([64, 48], "randint(-128,128,2)"),
                                    "bs_ptr": ([48, 4], "randint(118,127,3)"),
                                    "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 128}),
    "mxfp8": (4, 3, "1,1", {"a_ptr": ([48, 128], "rand(1)"),
                                  "as_ptr": ([48, 4], "randint(118,127,2)"),
                                  "b_ptr": ([128, 48], "rand(3)"),
                                  "bs_ptr": ([48, 4], "randint(118,127,4)"),
                                  "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 128}),
    # A pipelined row loop whose masked load's `other` is -inf (3 programs
    # over 32 rows of 1000), and layer-norm backward's spin-locked partial sums.
    "softmax_loop": (4, 3, "3", {"out_ptr": ([32, 1000], "zeros"),
                                       "in_ptr": ([32, 1000], "rand(1)"), "n_rows": 32,
                                       "n_cols": 1000}),
    "ln_bwd": (8, 3, "40", {"dx_ptr": ([40, 1000], "zeros"),
                                  "dy_ptr": ([40, 1000], "rand(1)"),
                                  "dw_ptr": ([32, 1000], "zeros"), "db_ptr": ([32, 1000], "zeros"),
                                  "x_ptr": ([40, 1000], "rand(2)"), "w_ptr": ([1000], "rand(3)"),
                                  "mean_ptr": ([40], "rand(4)"), "rstd_ptr": ([40], "rand(5)"),
                                  "lock_ptr": ([64], "zeros"), "n_cols": 1000}),
    # Block pointers (boundary checks, zero padding, tl.advance, swizzle2d)
    # with a libdevice erf epilogue; tl.max with return_indices.
    "blockptr_gelu": (8, 3, "1,1", {"a_ptr": ([48, 80], "rand(1)"),
                                          "b_ptr": ([80, 48], "rand(2)"),
                                          "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 80}),
    "row_max_index": (4, 3, "5", {"x_ptr": ([5, 1000], "rand(1)"), "val_ptr": ([5], "zeros"),
                                        "idx_ptr": ([5], "zeros"), "n_cols": 1000}),
    # A binary search in a data-dependent while loop, 16x16 dots with
    # tl.flip and tl.interleave, tuple reduce and scan with custom combines.
    "searchsorted": (4, 3, "1", {"sorted_ptr": ([64], "rand(1)"), "n_sorted": 64,
                                       "q_ptr": ([48], "rand(2)"), "out_ptr": ([48], "zeros"),
                                       "n": 48}),
    "small_dot": (2, 3, "3", {"a_ptr": ([3, 16, 16], "rand(1)"),
                                    "b_ptr": ([3, 16, 16], "rand(2)"),
                                    "out_ptr": ([3, 16, 16], "zeros")}),
    "tuple_reduce_scan": (4, 3, "4", {"x_ptr": ([4, 512], "randint(-8,8,1)"),
                                            "min_ptr": ([4], "zeros"),
                                            "argmin_ptr": ([4], "zeros"),
                                            "mean_ptr": ([4, 512], "zeros")}),
    # Tensor descriptors made in the kernel: a persistent TMA matmul storing
    # its tiles in halves, attention through 3-D descriptors (each load drops
    # the head dimension); and compiler hints with cache modifiers.
    "tma_persistent": (8, 3, "4", {"a_ptr": ([144, 80], "rand(1)"),
                                         "b_ptr": ([80, 272], "rand(2)"),
                                         "c_ptr": ([144, 272], "zeros"), "M": 144, "N": 272,
                                         "K": 80}),
    "attention_desc": (4, 3, "2,2", {"q_ptr": ([2, 160, 64], "rand(1)"),
                                           "k_ptr": ([2, 160, 64], "rand(2)"),
                                           "v_ptr": ([2, 160, 64], "rand(3)"),
                                           "o_ptr": ([2, 160, 64], "zeros"), "sm_scale": 0.125,
                                           "seq_len": 160}),
    "hinted": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "zeros"),
                                 "lo": -1.0, "hi": 2.0, "n": 1504}),
    # The wide sweep's library-style kernels: row
    # normalizations, a looped cross-entropy, activations, gathers, atomics,
    # int4 weights, a transpose, scans, a quantization, an implicit-GEMM
    # convolution, a GEMV, a branch on memory and a CSR SpMV whose row
    # pointers (FILES) give rows of 0 to 130 entries.
    "rms_norm": (8, 3, "3", {"x_ptr": ([3, 4000], "rand(1)"), "w_ptr": ([4000], "rand(2)"),
                                   "y_ptr": ([3, 4000], "zeros"), "rstd_ptr": ([3], "zeros"),
                                   "N": 4000, "eps": 1e-6}),
    "cross_entropy": (8, 3, "3", {"logits_ptr": ([3, 4800], "rand(1)"),
                                        "labels_ptr": ([3], "randint(0,4800,2)"),
                                        "loss_ptr": ([3], "zeros"), "V": 4800}),
    "swiglu": (4, 3, "2", {"a_ptr": ([1504], "rand(1)"), "b_ptr": ([1504], "rand(2)"),
                                 "c_ptr": ([1504], "zeros"), "n": 1504}),
    "embedding": (4, 3, "3", {"ids_ptr": ([48], "randint(0,100,1)"),
                                    "table_ptr": ([100, 512], "rand(2)"),
                                    "out_ptr": ([48, 512], "zeros"), "n_ids": 48}),
    "histogram": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "bins_ptr": ([256], "zeros"),
                                    "n": 1504, "lo": -2.0, "hi": 2.0}),
    "w4a16": (4, 3, "1,1", {"a_ptr": ([M, K], "rand(1)"),
                                  "b_ptr": ([K // 2, M], "randint(-128,128,2)"),
                                  "scale_ptr": ([M], "rand(3)"), "c_ptr": ([M, M], "zeros"),
                                  "M": M, "N": M, "K": K}),
    "softmax_bwd": (4, 3, "3", {"dy_ptr": ([3, 1000], "rand(1)"),
                                      "y_ptr": ([3, 1000], "rand(2)"),
                                      "dx_ptr": ([3, 1000], "zeros"), "N": 1000}),
    "transpose": (4, 3, "2,2", {"x_ptr": ([80, 96], "rand(1)"), "y_ptr": ([96, 80], "zeros"),
                                      "M": 80, "N": 96}),
    "sort_desc": (4, 3, "3", {"x_ptr": ([3, 128], "rand(1)"), "y_ptr": ([3, 128], "zeros")}),
    "reverse_cumsum": (4, 3, "6", {"x_ptr": ([48, 256], "rand(1)"),
                                         "y_ptr": ([48, 256], "zeros"), "n_rows": 48}),
    "gather": (4, 3, "3", {"x_ptr": ([3, 256], "rand(1)"),
                                 "idx_ptr": ([3, 256], "randint(0,256,2)"),
                                 "y_ptr": ([3, 256], "zeros")}),
    "column_sums": (4, 3, "2", {"x_ptr": ([80, 160], "rand(1)"), "out_ptr": ([160], "zeros"),
                                      "M": 80, "N": 160}),
    "quant_fp8": (8, 3, "3", {"x_ptr": ([3, 4000], "rand(1)"), "q_ptr": ([3, 4000], "zeros"),
                                    "scale_ptr": ([3], "zeros"), "N": 4000}),
    "conv2d_nhwc": (8, 3, "2,1", {"x_ptr": ([16, 4, 4, 64], "rand(1)"),
                                   "w_ptr": ([3, 3, 64, 128], "rand(2)"),
                                   "y_ptr": ([16, 4, 4, 128], "zeros"), "NB": 16, "H": 4, "W": 4,
                                   "C": 64, "K": 128}),
    "add_layer_norm": (8, 3, "3", {"x_ptr": ([3, 4000], "rand(1)"),
                                         "res_ptr": ([3, 4000], "rand(2)"),
                                         "w_ptr": ([4000], "rand(3)"), "b_ptr": ([4000], "rand(4)"),
                                         "y_ptr": ([3, 4000], "zeros"),
                                         "res_out_ptr": ([3, 4000], "zeros"), "N": 4000,
                                         "eps": 1e-5}),
    "gemv": (4, 3, "2", {"w_ptr": ([80, 272], "rand(1)"), "x_ptr": ([272], "rand(2)"),
                               "y_ptr": ([80], "zeros"), "N": 80, "K": 272}),
    "flag_branch": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "flag_ptr": ([2], "ones"),
                                      "y_ptr": ([1504], "zeros"), "n": 1504}),
    "spmv": (4, 3, "5", {"rowptr_ptr": ([6], "file({OUT}/spmv_rowptr.npy)"),
                               "cols_ptr": ([200], "randint(0,300,1)"),
                               "vals_ptr": ([200], "rand(2)"), "x_ptr": ([300], "rand(3)"),
                               "y_ptr": ([5], "zeros")}),
    # The second batch: paged decoding attention (16 query heads per KV
    # head), a mixture-of-experts matmul over sorted token rows (FILES),
    # the layer-norm tutorial's column loops, W8A8 with per-row/column
    # scales, a linear recurrence by a tuple scan, tl.histogram, fp16 and
    # fp32 atomic scatter-adds, an fp64 dot, MurmurHash in uint32, two dots
    # per K step and a 3-D permute.
    "paged_decode": (4, 3, "2,2", {"q_ptr": ([2, 32, 128], "rand(1)"),
                                         "k_cache": ([32, 16, 2, 128], "rand(2)"),
                                         "v_cache": ([32, 16, 2, 128], "rand(3)"),
                                         "block_table": ([2, 16], "randint(0,32,4)"),
                                         "seq_lens": ([2], "randint(1,257,5)"),
                                         "out_ptr": ([2, 32, 128], "zeros"), "scale": 0.125,
                                         "max_blocks": 16}),
    "moe": (4, 3, "2,1", {"a_ptr": ([24, 64], "rand(1)"), "w_ptr": ([2, 64, 128], "rand(2)"),
                                "c_ptr": ([48, 128], "zeros"),
                                "sorted_ids": ([128], "file({OUT}/moe_sorted_ids.npy)"),
                                "expert_ids": ([2], "arange"), "num_valid": 48, "N": 128,
                                "K": 64}),
    "layer_norm_loop": (8, 3, "3", {"x_ptr": ([3, 2400], "rand(1)"),
                                          "y_ptr": ([3, 2400], "zeros"),
                                          "w_ptr": ([2400], "rand(2)"), "b_ptr": ([2400], "rand(3)"),
                                          "mean_ptr": ([3], "zeros"), "rstd_ptr": ([3], "zeros"),
                                          "N": 2400, "eps": 1e-5}),
    "int8_scaled": (8, 3, "1,1", {"a_ptr": ([48, 160], "randint(-128,128,1)"),
                                        "b_ptr": ([48, 160], "randint(-128,128,2)"),
                                        "a_scale_ptr": ([48], "rand(3)"),
                                        "b_scale_ptr": ([48], "rand(4)"),
                                        "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 160}),
    "recurrence": (4, 3, "2", {"a_ptr": ([8, 256], "rand(1)"), "b_ptr": ([8, 256], "rand(2)"),
                                     "h_ptr": ([8, 256], "zeros")}),
    "histogram_op": (4, 3, "2", {"x_ptr": ([1504], "randint(0,64,1)"),
                                       "bins_ptr": ([64], "zeros"), "n": 1504}),
    "scatter_add": (4, 3, "3", {"grad_ptr": ([48, 256], "rand(1)"),
                                      "ids_ptr": ([48], "randint(0,20,2)"),
                                      "out_ptr": ([20, 256], "zeros"), "n_ids": 48}),
    "fp64_mm": (4, 3, "1,1", {"a_ptr": ([48, 80], "rand(1)"), "b_ptr": ([80, 48], "rand(2)"),
                                    "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 80}),
    "murmur": (4, 3, "2", {"x_ptr": ([1504], "randint(-100000,100000,1)"),
                                 "y_ptr": ([1504], "zeros"), "n": 1504, "seed": 1234}),
    "gated_mlp": (8, 3, "1,1", {"x_ptr": ([48, 80], "rand(1)"), "w1_ptr": ([80, 48], "rand(2)"),
                                      "w3_ptr": ([80, 48], "rand(3)"), "out_ptr": ([48, 48], "zeros"),
                                      "M": 48, "N": 48, "K": 80}),
    "split_heads": (4, 3, "2", {"x_ptr": ([48, 8, 64], "rand(1)"),
                                      "y_ptr": ([8, 48, 64], "zeros"), "S": 48}),
    "rms_norm_bwd": (8, 3, "3", {"dy_ptr": ([3, 4000], "rand(1)"),
                                       "x_ptr": ([3, 4000], "rand(2)"), "w_ptr": ([4000], "rand(3)"),
                                       "rstd_ptr": ([3], "rand(4)"), "dx_ptr": ([3, 4000], "zeros"),
                                       "dw_ptr": ([4000], "zeros"), "N": 4000}),
    # The third batch: the fused-attention tutorial's two causal loops, int4
    # weights unpacked by tl.join, stream compaction (block starts in FILES),
    # DeepSeek-style fp8 block scales, top-k by argmax rounds, an unrolled
    # grid-stride loop, NaN/inf cleanup with a bool output, a column softmax.
    "attn_stages": (4, 3, "2,2", {"q_ptr": ([2, 256, 64], "rand(1)"),
                                        "k_ptr": ([2, 256, 64], "rand(2)"),
                                        "v_ptr": ([2, 256, 64], "rand(3)"),
                                        "o_ptr": ([2, 256, 64], "zeros"), "sm_scale": 0.125,
                                        "seq_len": 256}),
    "int4_join": (4, 3, "1,1", {"a_ptr": ([48, 128], "rand(1)"),
                                      "b_ptr": ([64, 48], "randint(-128,128,2)"),
                                      "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 128}),
    "compact": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "out_ptr": ([1504], "zeros"),
                                  "block_start_ptr": ([2], "file({OUT}/compact_starts.npy)"),
                                  "n": 1504}),
    "fp8_blockscale": (8, 3, "1,1", {"a_ptr": ([48, 256], "rand(1)"),
                                           "b_ptr": ([128, 256], "rand(2)"),
                                           "as_ptr": ([48, 2], "rand(3)"),
                                           "bs_ptr": ([1, 2], "rand(4)"),
                                           "c_ptr": ([48, 128], "zeros"), "M": 48, "N": 128,
                                           "K": 256}),
    "topk": (4, 3, "3", {"x_ptr": ([3, 1024], "rand(1)"), "val_ptr": ([3, 8], "zeros"),
                               "idx_ptr": ([3, 8], "zeros")}),
    "unrolled": (4, 3, "2", {"x_ptr": ([5008], "rand(1)"), "y_ptr": ([5008], "rand(2)"),
                                   "out_ptr": ([5008], "zeros"), "a": 1.5, "n": 5008}),
    "nan_to_num": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "zeros"),
                                     "bad_ptr": ([1504], "zeros"), "n": 1504}),
    "column_softmax": (4, 3, "2", {"x_ptr": ([50, 160], "rand(1)"),
                                         "y_ptr": ([50, 160], "zeros"), "M": 50, "N": 160}),
    # The fourth batch: GroupNorm (a Welford tuple reduction), a fused Adam
    # step in place, decoding over an fp8 KV cache, argsort by int64 keys,
    # Gumbel-max sampling (tl.rand, argmax over a vocabulary loop), a sum over
    # a 3-D tile's middle axis, fp32 -> fp8 e5m2 rounding toward zero.
    "group_norm": (4, 3, "2,4", {"x_ptr": ([2, 64, 3136], "rand(1)"),
                                       "y_ptr": ([2, 64, 3136], "zeros"),
                                       "w_ptr": ([64], "rand(2)"), "b_ptr": ([64], "rand(3)"),
                                       "C": 64, "HW": 3136, "eps": 1e-5}),
    "fused_adam": (4, 3, "2", {"p_ptr": ([1504], "rand(1)"), "g_ptr": ([1504], "rand(2)"),
                                     "m_ptr": ([1504], "rand(3)"), "v_ptr": ([1504], "rand(4)"),
                                     "n": 1504, "lr": 1e-3, "beta1": 0.9, "beta2": 0.999,
                                     "eps": 1e-8, "bias1": 0.271, "bias2": 0.003}),
    "fp8_kv_decode": (4, 3, "2", {"q_ptr": ([32, 128], "rand(1)"),
                                        "k_ptr": ([2, 160, 128], "rand(2)"),
                                        "v_ptr": ([2, 160, 128], "rand(3)"), "k_scale": 0.5,
                                        "v_scale": 0.25, "out_ptr": ([32, 128], "zeros"),
                                        "seq_len": 160}),
    "argsort": (4, 3, "3", {"x_ptr": ([3, 256], "rand(1)"), "idx_ptr": ([3, 256], "zeros")}),
    "gumbel": (8, 3, "3", {"logits_ptr": ([3, 4800], "rand(1)"), "out_ptr": ([3], "zeros"),
                                 "V": 4800, "seed": 7}),
    "middle_axis": (4, 3, "2", {"x_ptr": ([2, 8, 64, 32], "rand(1)"),
                                      "y_ptr": ([2, 8, 32], "zeros")}),
    "fp8_rtz": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "zeros"),
                                  "bits_ptr": ([1504], "zeros"), "n": 1504}),
    # The second wide sweep: an online softmax
    # over column blocks, top-p filtering after a descending sort (integer
    # probabilities, every cumulative sum exact; top_p about 90% of a row's
    # sum), int8 row quantization by libdevice rint, an fp32 atomic max, a
    # causal depthwise conv1d, 3x3 max pooling, spare programs that return
    # early, two calls of a noinline device function, matmuls (A K-major by
    # tl.trans, e4m3 x e5m2, fp16-accumulated dots promoted to fp32 every two
    # K blocks, bf16x3/bf16x6 split dots (RTOL), LoRA's rank-16 dots, int8
    # with integer requantization, descriptors in a warp_specialize loop), NF4
    # decoding by a table in FILES, a KL divergence, a reverse cumprod of
    # values near 1 (FILES), rank-3 descriptors over several matrices, jagged
    # segment means (offsets in FILES: segments of 0 to 130 rows), a tuple
    # argmax with ties and a reverse max scan, Newton's square root in a
    # data-dependent while loop, bf16 atomic scatter-adds of small integers
    # (exact, so in any order), a grid-stride loop on a 3-D grid and
    # libdevice's popc/clz. Left out: byte_avg_asm (inline PTX,
    # tt.elementwise_inline_asm), which triton-run refuses.
    "online_softmax": (8, 3, "2", {"x_ptr": ([2, 2512], "rand(1)"),
                                          "y_ptr": ([2, 2512], "zeros"), "N": 2512}),
    "top_p": (8, 3, "2", {"p_ptr": ([2, 1024], "randint(0,2048,1)"),
                                 "out_ptr": ([2, 1024], "zeros"), "top_p": 943000.0}),
    "quant_int8": (8, 3, "3", {"x_ptr": ([3, 1504], "rand(1)"),
                                      "q_ptr": ([3, 1504], "zeros"), "scale_ptr": ([3], "zeros"),
                                      "N": 1504}),
    "absmax": (4, 3, "3", {"x_ptr": ([5008], "rand(1)"), "amax_ptr": ([1], "zeros"),
                                  "n": 5008}),
    "causal_conv1d": (4, 3, "2,2,2", {"x_ptr": ([2, 80, 144], "rand(1)"),
                                             "w_ptr": ([80, 4], "rand(2)"),
                                             "b_ptr": ([80], "rand(3)"),
                                             "y_ptr": ([2, 80, 144], "zeros"), "D": 80,
                                             "T": 144}),
    "maxpool": (4, 3, "3,1", {"x_ptr": ([3, 48, 48], "rand(1)"),
                                     "y_ptr": ([3, 24, 24], "zeros"), "H": 48, "W": 48, "OH": 24,
                                     "OW": 24}),
    "early_return": (4, 3, "4", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "zeros"),
                                        "n": 1504}),
    "noinline": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "g_ptr": ([1504], "rand(2)"),
                                    "y_ptr": ([1504], "zeros"), "z_ptr": ([1504], "zeros"),
                                    "sums_ptr": ([2], "zeros"), "alpha": 1.702, "n": 1504}),
    "a_kmajor": (8, 3, "1,1", {"at_ptr": ([80, 48], "rand(1)"),
                                      "b_ptr": ([80, 80], "rand(2)"),
                                      "c_ptr": ([48, 80], "zeros"), "M": 48, "N": 80, "K": 80}),
    "fp8_mixed": (8, 3, "1,1", {"a_ptr": ([48, 144], "rand(1)"),
                                       "b_ptr": ([80, 144], "rand(2)"),
                                       "c_ptr": ([48, 80], "zeros"), "M": 48, "N": 80,
                                       "K": 144}),
    "acc16_promote": (4, 2, "1,1", {"a_ptr": ([48, 272], "rand(1)"),
                                           "b_ptr": ([272, 80], "rand(2)"),
                                           "c_ptr": ([48, 80], "zeros"), "M": 48, "N": 80,
                                           "K": 272}),
    "bf16x3": (8, 3, "1,1", {"a_ptr": ([48, 80], "rand(1)"), "b_ptr": ([80, 80], "rand(2)"),
                                    "c_ptr": ([48, 80], "zeros"), "M": 48, "N": 80, "K": 80}),
    "bf16x6": (8, 3, "1,1", {"a_ptr": ([48, 80], "rand(1)"), "b_ptr": ([80, 80], "rand(2)"),
                                    "c_ptr": ([48, 80], "zeros"), "M": 48, "N": 80, "K": 80}),
    "lora": (8, 3, "1,1", {"x_ptr": ([48, 80], "rand(1)"), "w_ptr": ([80, 80], "rand(2)"),
                                  "la_ptr": ([80, 16], "rand(3)"), "lb_ptr": ([16, 80], "rand(4)"),
                                  "out_ptr": ([48, 80], "zeros"), "M": 48, "N": 80, "K": 80,
                                  "scaling": 0.5}),
    "nf4": (4, 3, "2", {"packed_ptr": ([1504], "randint(-128,128,1)"),
                               "absmax_ptr": ([47], "rand(2)"),
                               "lut_ptr": ([16], "file({OUT}/nf4_lut.npy)"),
                               "out_ptr": ([3008], "zeros"), "n_bytes": 1504}),
    "kl_div": (8, 3, "3", {"t_ptr": ([3, 1504], "rand(1)"), "s_ptr": ([3, 1504], "rand(2)"),
                                  "logq_ptr": ([3, 1504], "zeros"), "kl_ptr": ([3], "zeros"),
                                  "N": 1504}),
    "reverse_cumprod": (4, 3, "2", {"x_ptr": ([48, 256], "file({OUT}/cumprod_x.npy)"),
                                           "y_ptr": ([48, 256], "zeros"), "n_rows": 48}),
    # Blocks of two 64 x 64 matrices over 5 x 72 x 40: every edge clipped.
    "desc_3d": (4, 3, "2,1,3", {"x_ptr": ([5, 72, 40], "rand(1)"), "s_ptr": ([5], "rand(2)"),
                                       "y_ptr": ([5, 72, 40], "zeros"), "B": 5, "M": 72, "N": 40}),
    "jagged_mean": (4, 3, "4,2", {"values_ptr": ([205, 200], "rand(1)"),
                                         "offsets_ptr": ([5], "file({OUT}/jagged_offsets.npy)"),
                                         "out_ptr": ([4, 200], "zeros"), "D": 200}),
    "argmax_suffix": (4, 3, "2", {"x_ptr": ([32, 256], "randint(0,64,1)"),
                                         "val_ptr": ([32], "zeros"), "idx_ptr": ([32], "zeros"),
                                         "smax_ptr": ([32, 256], "zeros")}),
    "newton_sqrt": (4, 3, "2", {"x_ptr": ([1504], "randint(1,100000,1)"),
                                       "y_ptr": ([1504], "zeros"), "n": 1504, "tol": 1e-6}),
    "scatter_bf16": (4, 3, "3", {"src_ptr": ([80, 128], "randint(-8,8,1)"),
                                        "idx_ptr": ([80], "randint(0,20,2)"),
                                        "out_ptr": ([20, 128], "zeros"), "n": 80}),
    "int8_requant": (8, 3, "1,1", {"a_ptr": ([48, 144], "randint(-128,128,1)"),
                                          "b_ptr": ([144, 80], "randint(-128,128,2)"),
                                          "bias_ptr": ([80], "randint(-50000,50000,3)"),
                                          "c_ptr": ([48, 80], "zeros"), "M": 48, "N": 80, "K": 144,
                                          "mult": 307329}),
    # Two programs along axis 2 walk 208 positions in blocks of 64 (two
    # iterations each, the last block masked).
    "grid_3d": (4, 3, "1,16,2", {"x_ptr": ([1, 16, 208, 128], "rand(1)"),
                                        "bias_ptr": ([16, 128], "rand(2)"),
                                        "y_ptr": ([1, 16, 208, 128], "zeros"), "H": 16, "S": 208}),
    "bit_counts": (4, 3, "2", {"x_ptr": ([1504], "randint(-2147483648,2147483647,1)"),
                                      "pop_ptr": ([1504], "zeros"), "clz_ptr": ([1504], "zeros"),
                                      "n": 1504}),
    "ws_desc": (8, 3, "1,1", {"a_ptr": ([48, 80], "rand(1)"), "b_ptr": ([80, 80], "rand(2)"),
                                     "c_ptr": ([48, 80], "zeros"), "M": 48, "N": 80, "K": 80}),
    # The third wide sweep (inline asm aside: the interpreter cannot run it).
    "cat_interleave": (4, 3, "2", {"x_ptr": ([2048], "randint(-100,100,1)"),
                                          "y_ptr": ([2048], "randint(-100,100,2)"),
                                          "sum_ptr": ([2], "zeros"), "inter_ptr": ([4096], "zeros"),
                                          "perm_ptr": ([2048], "zeros")}),
    "ieee_div_sqrt": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "rand(2)"),
                                         "q_ptr": ([1504], "zeros"), "r_ptr": ([1504], "zeros"),
                                         "f_ptr": ([1504], "zeros"), "s_ptr": ([1504], "zeros"),
                                         "n": 1504}),
    "float_funcs": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "out_ptr": ([1504], "zeros"),
                                       "n": 1504}),
    "nan_minmax": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "rand(2)"),
                                      "out_ptr": ([4 * 1504], "zeros"), "n": 1504}),
    "splitk_desc": (8, 3, "1,1,4", {"a_ptr": ([48, 80], "rand(1)"),
                                           "b_ptr": ([80, 48], "rand(2)"),
                                           "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 80}),
    "atomics": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "fmax_ptr": ([256], "zeros"),
                                   "fmin_ptr": ([256], "zeros"), "imax_ptr": ([256], "zeros"),
                                   "cnt_ptr": ([2], "zeros"), "swap_ptr": ([1504], "rand(2)"),
                                   "old_ptr": ([1504], "zeros"), "n": 1504}),
    "uint_arith": (4, 3, "2", {"x_ptr": ([1504], "randint(-2147483648,2147483647,1)"),
                                      "y_ptr": ([1504], "randint(-2147483648,2147483647,2)"),
                                      "out_ptr": ([3 * 1504], "zeros"), "f_ptr": ([1504], "zeros"),
                                      "n": 1504}),
    "block_ptr_rows": (4, 3, "2", {"x_ptr": ([80, 200], "rand(1)"),
                                          "sum_ptr": ([80], "zeros"), "cnt_ptr": ([80], "zeros"),
                                          "M": 80, "N": 200, "stride": 200}),
    "poly_unroll": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "coef_ptr": ([7], "rand(2)"),
                                       "y_ptr": ([1504], "zeros"), "n": 1504}),
    "backward_blocks": (4, 3, "2", {"x_ptr": ([2, 2500], "rand(1)"),
                                           "y_ptr": ([2, 2500], "zeros"), "N": 2500}),
    "scalar_control": (4, 3, "2", {"mode_ptr": ([5], "randint(0,4,1)"),
                                          "x_ptr": ([1504], "rand(2)"), "y_ptr": ([1504], "zeros"),
                                          "tot_ptr": ([1], "zeros"), "n": 1504}),
    "gather_2d": (4, 3, "2", {"src_ptr": ([2, 64, 32], "rand(1)"),
                                     "idx_ptr": ([2, 64, 32], "randint(0,64,2)"),
                                     "out0_ptr": ([2, 64, 32], "zeros"),
                                     "out1_ptr": ([2, 64, 32], "zeros")}),
    "reduce_3d": (4, 3, "2", {"x_ptr": ([2, 4, 8, 32], "rand(1)"),
                                     "q_ptr": ([2, 4, 8, 32], "randint(-128,128,2)"),
                                     "s0_ptr": ([2, 8, 32], "zeros"), "c_ptr": ([2, 4, 8, 32], "zeros"),
                                     "s2_ptr": ([2, 4, 8], "zeros"), "mx_ptr": ([2], "zeros")}),
    "huber_map": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "zeros"),
                                     "n": 1504}),
    "assert": (4, 3, "2", {"x_ptr": ([1504], "randint(0,100,1)"), "y_ptr": ([1504], "zeros"),
                                  "n": 1504}),
    "fp8_roundtrip": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"),
                                         "out_ptr": ([3 * 1504], "zeros"), "n": 1504}),
    "copy_int64": (4, 3, "3", {"x_ptr": ([16 * 4096], "randint(-128,128,1)"),
                                      "y_ptr": ([16 * 4096], "zeros"), "n_blocks": 16}),
    "addmm": (8, 3, "1,1", {"c_ptr": ([48, 48], "rand(1)"), "a_ptr": ([48, 80], "rand(2)"),
                                   "b_ptr": ([80, 48], "rand(3)"), "out_ptr": ([48, 48], "zeros"),
                                   "M": 48, "N": 48, "K": 80, "beta": 0.5}),
    "column_scans": (4, 3, "2", {"x_ptr": ([208, 64], "rand(1)"),
                                        "a_ptr": ([208, 64], "rand(2)"),
                                        "cs_ptr": ([208, 64], "zeros"),
                                        "lin_ptr": ([208, 64], "zeros"), "M": 208}),
    "logsumexp_fp64": (4, 3, "2", {"x_ptr": ([2, 2500], "rand(1)"),
                                          "out_ptr": ([2], "zeros"), "N": 2500}),
    "random": (4, 3, "2", {"seed": 1234, "z_ptr": ([1504], "zeros"),
                                  "u_ptr": ([1504], "zeros"), "r_ptr": ([1504], "zeros"),
                                  "n": 1504}),
    "collatz": (4, 3, "2", {"x_ptr": ([1504], "randint(1,200,1)"),
                                   "steps_ptr": ([1504], "zeros"), "n": 1504}),
    "int_reductions": (4, 3, "3", {"x64_ptr": ([3 * 512], "randint(-1000000,1000000,1)"),
                                          "x8_ptr": ([3 * 512], "randint(-128,128,2)"),
                                          "x16_ptr": ([3 * 512], "randint(-30000,30000,3)"),
                                          "out_ptr": ([24], "zeros")}),
    "selective_scan": (4, 3, "2", {"a_ptr": ([2, 16, 256], "rand(1)"),
                                          "b_ptr": ([2, 16, 256], "rand(2)"),
                                          "h_ptr": ([2, 16, 256], "zeros")}),
    # One row block of two K blocks; its table names block 0 or 1 twice.
    "blocksparse": (8, 3, "1,1", {"a_ptr": ([80, 80], "rand(1)"),
                                         "b_ptr": ([80, 80], "rand(2)"),
                                         "c_ptr": ([80, 80], "zeros"),
                                         "lut_ptr": ([3], "randint(0,2,3)"),
                                         "cnt_ptr": ([1], "randint(2,3,4)"),
                                         "M": 80, "N": 80, "K": 80, "MAX_BLOCKS": 3}),
    "softmax_bf16": (4, 3, "12", {"x_ptr": ([48, 1000], "rand(1)"),
                                         "y_ptr": ([48, 1000], "zeros"), "M": 48, "N": 1000}),
    "permute3d": (4, 3, "2", {"x_ptr": ([2, 8, 16, 32], "rand(1)"),
                                     "y_ptr": ([2, 32, 8, 16], "zeros")}),
    "bit_tricks": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "i_ptr": ([1504], "zeros"),
                                      "f_ptr": ([1504], "zeros"), "h_ptr": ([1504], "zeros"),
                                      "n": 1504}),
    "tiny_bmm": (2, 3, "3", {"a_ptr": ([3, 32, 64], "rand(1)"),
                                    "b_ptr": ([3, 64, 32], "rand(2)"),
                                    "c_ptr": ([3, 32, 32], "zeros")}),
    "alibi_window": (4, 3, "2,2", {"q_ptr": ([2, 160, 64], "rand(1)"),
                                          "k_ptr": ([2, 160, 64], "rand(2)"),
                                          "v_ptr": ([2, 160, 64], "rand(3)"),
                                          "o_ptr": ([2, 160, 64], "zeros"),
                                          "slope_ptr": ([2], "rand(4)"), "sm_scale": 0.125,
                                          "seq_len": 160}),
    "int4_gemv": (4, 3, "1", {"w_ptr": ([48, 128], "randint(-128,128,1)"),
                                     "x_ptr": ([256], "rand(2)"), "scale_ptr": ([48], "rand(3)"),
                                     "y_ptr": ([48], "zeros"), "N": 48, "K": 256}),
    "tril_cumsum": (4, 3, "2", {"x_ptr": ([2, 64, 64], "rand(1)"),
                                       "y_ptr": ([2, 64, 64], "zeros")}),
    "ln_dwdb": (4, 3, "3,2", {"dy_ptr": ([80, 256], "rand(1)"),
                                     "xhat_ptr": ([80, 256], "rand(2)"),
                                     "dw_ptr": ([3, 256], "zeros"), "db_ptr": ([3, 256], "zeros"),
                                     "M": 80, "N": 256, "ROWS_PER_PROG": 32}),
    # Two heads of 528 keys: two chunks of 512, the second of 16 keys.
    "flash_decode": (4, 3, "2,2", {"q_ptr": ([2, 128], "rand(1)"),
                                          "k_ptr": ([2, 528, 128], "rand(2)"),
                                          "v_ptr": ([2, 528, 128], "rand(3)"),
                                          "m_ptr": ([4], "zeros"), "l_ptr": ([4], "zeros"),
                                          "acc_ptr": ([4, 128], "zeros"), "seq_len": 528,
                                          "sm_scale": 0.088}),
    "rmsnorm_int8": (8, 3, "3", {"x_ptr": ([3, 4000], "rand(1)"),
                                        "res_ptr": ([3, 4000], "rand(2)"),
                                        "w_ptr": ([4000], "rand(3)"),
                                        "sum_ptr": ([3, 4000], "zeros"),
                                        "q_ptr": ([3, 4000], "zeros"), "scale_ptr": ([3], "zeros"),
                                        "N": 4000, "eps": 1e-6}),
    "hist2d": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "y_ptr": ([1504], "rand(2)"),
                                  "hist_ptr": ([4096], "zeros"), "n": 1504}),
    "batched_gemv": (4, 3, "2,7", {"a_ptr": ([8, 200, 200], "rand(1)"),
                                          "x_ptr": ([8, 200], "rand(2)"),
                                          "y_ptr": ([8, 200], "zeros"), "N": 200, "K": 200}),
    "dwconv1d": (4, 3, "2,2", {"x_ptr": ([80, 128], "rand(1)"), "w_ptr": ([7, 128], "rand(2)"),
                                      "y_ptr": ([80, 128], "zeros"), "L": 80, "C": 128}),
    "segscan": (4, 3, "2", {"x_ptr": ([2048], "rand(1)"),
                                   "flag_ptr": ([2048], "randint(0,2,2)"),
                                   "y_ptr": ([2048], "zeros")}),
    "matmul_t": (8, 3, "1,1", {"a_ptr": ([48, 80], "rand(1)"), "b_ptr": ([80, 48], "rand(2)"),
                                      "ct_ptr": ([48, 48], "zeros"), "bias_ptr": ([48], "rand(3)"),
                                      "M": 48, "N": 48, "K": 80}),
    "attention_wide_v": (8, 3, "2,2", {"q_ptr": ([2, 160, 64], "rand(1)"),
                                              "k_ptr": ([2, 160, 64], "rand(2)"),
                                              "v_ptr": ([2, 160, 128], "rand(3)"),
                                              "o_ptr": ([2, 160, 128], "zeros"),
                                              "sm_scale": 0.125, "seq_len": 160}),
    "argmax_middle": (4, 3, "2", {"x_ptr": ([2, 4, 64, 32], "rand(1)"),
                                         "idx_ptr": ([2, 4, 32], "zeros"),
                                         "max_ptr": ([2, 4, 32], "zeros")}),
    "mean_pool": (4, 3, "3,2", {"x_ptr": ([3, 64, 256], "rand(1)"),
                                       "len_ptr": ([3], "randint(1,65,2)"),
                                       "y_ptr": ([3, 256], "zeros"), "L": 64, "D": 256}),
    "gelu_bwd": (4, 3, "2", {"x_ptr": ([1504], "rand(1)"), "dy_ptr": ([1504], "rand(2)"),
                                    "dx_ptr": ([1504], "zeros"), "n": 1504}),
    # Three by three tiles, taken in tl.swizzle2d's order.
    "swizzle": (8, 3, "3,3", {"a_ptr": ([272, 80], "rand(1)"), "b_ptr": ([80, 272], "rand(2)"),
                                     "c_ptr": ([272, 272], "zeros"), "M": 272, "N": 272, "K": 80}),
    "attn_tf32": (4, 3, "3,2", {"q_ptr": ([2, 160, 64], "rand(1)"),
                                       "k_ptr": ([2, 160, 64], "rand(2)"),
                                       "v_ptr": ([2, 160, 64], "rand(3)"),
                                       "o_ptr": ([2, 160, 64], "zeros"), "sm_scale": 0.125,
                                       "seq_len": 160}),
    "skinny": (4, 3, "1", {"a_ptr": ([80, 128], "rand(1)"), "b_ptr": ([128, 16], "rand(2)"),
                                  "c_ptr": ([80, 16], "zeros"), "M": 80, "K": 128}),
    "int8_bias": (8, 3, "1,1", {"a_ptr": ([48, 80], "randint(-128,128,1)"),
                                       "b_ptr": ([80, 48], "randint(-128,128,2)"),
                                       "bias_ptr": ([48], "randint(-1000,1000,3)"),
                                       "c_ptr": ([48, 48], "zeros"), "M": 48, "N": 48, "K": 80}),
    "centred": (4, 3, "2", {"x_ptr": ([2, 64, 64], "rand(1)"), "y_ptr": ([2, 64, 64], "zeros"),
                                   "total_ptr": ([2], "zeros")}),
    "sort_flat": (4, 3, "2", {"x_ptr": ([2, 16, 64], "randint(-1000,1000,1)"),
                                     "y_ptr": ([2, 1024], "zeros")}),
    "unfold": (4, 3, "18", {"x_ptr": ([48, 48], "rand(1)"), "cols_ptr": ([2304, 16], "zeros"),
                                   "H": 48, "W": 48}),
    "two_loops": (4, 3, "2", {"a_ptr": ([80, 128], "rand(1)"), "b_ptr": ([128, 16], "rand(2)"),
                                     "z_ptr": ([80, 200], "rand(3)"), "out_ptr": ([80], "zeros"),
                                     "M": 80, "K": 128, "NZ": 200}),
    # Bags of 5, 0, 20 and 15 rows.
    "embedding_bag": (4, 3, "4", {"emb_ptr": ([50, 128], "rand(1)"),
                                         "idx_ptr": ([40], "randint(0,50,2)"),
                                         "off_ptr": ([5], "file({OUT}/bag_offsets.npy)"),
                                         "w_ptr": ([40], "rand(3)"), "out_ptr": ([4, 128], "zeros")}),
    "attn_fp8": (4, 3, "2,2", {"q_ptr": ([2, 160, 64], "rand(1)"),
                                      "k_ptr": ([2, 160, 64], "rand(2)"),
                                      "v_ptr": ([2, 160, 64], "rand(3)"),
                                      "o_ptr": ([2, 160, 64], "zeros"), "sm_scale": 0.125,
                                      "seq_len": 160}),
    "linear_silu": (4, 4, "2,2", {"x_ptr": ([144, 80], "rand(1)"),
                                         "w_ptr": ([144, 80], "rand(2)"), "bias_ptr": ([144], "rand(3)"),
                                         "y_ptr": ([144, 144], "zeros"), "M": 144, "N": 144, "K": 80,
                                         "stride_xm": 80, "stride_wn": 80, "stride_ym": 144}),
    "linear_ce": (4, 3, "2", {"x_ptr": ([80, 128], "rand(1)"), "w_ptr": ([272, 128], "rand(2)"),
                                     "target_ptr": ([80], "randint(0,272,3)"),
                                     "loss_ptr": ([80], "zeros"), "M": 80, "V": 272}),
    "wide_n": (4, 3, "4", {"a_ptr": ([80, 80], "rand(1)"), "b_ptr": ([80, 272], "rand(2)"),
                                  "c_ptr": ([80, 272], "zeros"), "M": 80, "N": 272, "K": 80}),
    "attn_blockptr": (4, 3, "2,2", {"q_ptr": ([2, 160, 64], "rand(1)"),
                                           "k_ptr": ([2, 160, 64], "rand(2)"),
                                           "v_ptr": ([2, 160, 64], "rand(3)"),
                                           "o_ptr": ([2, 160, 64], "zeros"), "sm_scale": 0.125,
                                           "seq_len": 160}),
    # 320 ids over 64 experts, blocks of 64: room for every expert's padding.
    "moe_align": (4, 3, "64", {"ids_ptr": ([320], "randint(0,64,1)"),
                                      "sorted_ptr": ([4352], "zeros"), "expert_ptr": ([68], "zeros"),
                                      "total_ptr": ([1], "zeros"), "numel": 320}),
    "linear_attn": (4, 3, "2", {"q_ptr": ([2, 128, 64], "rand(1)"),
                                       "k_ptr": ([2, 128, 64], "rand(2)"),
                                       "v_ptr": ([2, 128, 64], "rand(3)"),
                                       "o_ptr": ([2, 128, 64], "zeros"), "seq_len": 128}),
    "rope_gptj": (4, 3, "3", {"x_ptr": ([3, 32, 128], "rand(1)"), "cos_ptr": ([3, 64], "rand(2)"),
                                     "sin_ptr": ([3, 64], "rand(3)"), "out_ptr": ([3, 32, 128], "zeros")}),
    # Two programs, each walking the vector in steps of two blocks.
    "grid_stride": (4, 3, "2", {"x_ptr": ([4000], "rand(1)"), "y_ptr": ([4000], "zeros"),
                                       "n": 4000}),
    # Six programs add into each row block of dQ (the interpreter runs them in
    # one order, the TTIR and the TTGIR alike).
    "dq_atomic": (4, 3, "2,3,2", {"ds_ptr": ([2, 160, 160], "rand(1)"),
                                         "k_ptr": ([2, 160, 64], "rand(2)"),
                                         "dq_ptr": ([2, 160, 64], "zeros"), "seq_len": 160}),
    "int8_act": (8, 3, "2,2", {"a_ptr": ([144, 80], "randint(-128,128,1)"),
                                      "a_scale_ptr": ([144], "rand(2)"),
                                      "b_ptr": ([80, 144], "rand(3)"), "c_ptr": ([144, 144], "zeros"),
                                      "M": 144, "N": 144, "K": 80}),
    "bmm_z": (8, 3, "2,2,2", {"a_ptr": ([2, 144, 144], "rand(1)"),
                                     "b_ptr": ([2, 144, 144], "rand(2)"),
                                     "c_ptr": ([2, 144, 144], "zeros"), "M": 144, "N": 144, "K": 144,
                                     "stride_ab": 20736, "stride_bb": 20736, "stride_cb": 20736}),
    "moe_top2": (4, 3, "2", {"logits_ptr": ([80, 64], "rand(1)"),
                                    "weight_ptr": ([80, 2], "zeros"), "ids_ptr": ([80, 2], "zeros"),
                                    "T": 80}),
    "discounted": (4, 3, "2", {"r_ptr": ([64, 80], "rand(1)"), "g_ptr": ([64, 80], "zeros"),
                                      "gamma_ptr": ([64, 80], "rand(2)"), "B": 80}),
    "softmax_bwd_inplace": (8, 3, "3", {"y_ptr": ([3, 4000], "rand(1)"),
                                       "dy_ptr": ([3, 4000], "rand(2)"), "n_cols": 4000}),
    # Three key/value heads of four query heads each, a context of 160.
    "gqa_decode": (4, 3, "3", {"q_ptr": ([12, 128], "rand(1)"),
                                      "k_ptr": ([3, 160, 128], "rand(2)"),
                                      "v_ptr": ([3, 160, 128], "rand(3)"),
                                      "o_ptr": ([12, 128], "zeros"), "sm_scale": 0.1,
                                      "ctx_len": 160}),
    # The ninth wide sweep: 64-bit and bitwise
    # atomics (two programs, one order in the interpreter); variable-length
    # attention over sequences of 1, 17 and 160 tokens (cu_seqlens in FILES;
    # heads 0 and 1 of 16); a while-loop matmul whose K (72) is read from
    # memory; a matmul with its tile's row maxima and column sums; uint8
    # pixels; a paged KV-cache write with a padding token (slots in FILES).
    "atomics64": (4, 3, "2", {"x_ptr": ([1504], "randint(-1000000,1000000,1)"),
                                     "sum_ptr": ([256], "zeros"), "max_ptr": ([256], "zeros"),
                                     "min_ptr": ([256], "zeros"), "bits_ptr": ([512], "zeros"),
                                     "and_ptr": ([256], "ones"), "cas_ptr": ([2], "arange"),
                                     "old_ptr": ([2], "zeros"), "n": 1504}),
    "varlen_attn": (4, 3, "2,2,3", {"q_ptr": ([178, 16, 64], "rand(1)"),
                                           "k_ptr": ([178, 16, 64], "rand(2)"),
                                           "v_ptr": ([178, 16, 64], "rand(3)"),
                                           "o_ptr": ([178, 16, 64], "zeros"),
                                           "cu_ptr": ([4], "file({OUT}/varlen_cu.npy)"),
                                           "sm_scale": 0.125}),
    "while_dot": (4, 3, "1,1", {"a_ptr": ([M, K], "rand(1)"), "b_ptr": ([K, N], "rand(2)"),
                                       "c_ptr": ([M, N], "zeros"),
                                       "k_len_ptr": ([1], "file({OUT}/while_k.npy)"),
                                       "M": M, "N": N}),
    "tile_stats": (4, 3, "1,1", {"a_ptr": ([M, 128], "rand(1)"),
                                        "b_ptr": ([128, N], "rand(2)"), "c_ptr": ([M, N], "zeros"),
                                        "rowmax_ptr": ([M], "zeros"), "colsum_ptr": ([N], "zeros"),
                                        "M": M, "N": N, "K": 128}),
    "u8_image": (4, 3, "2", {"src_ptr": ([3 * 1504], "randint(-128,128,1)"),
                                    "gray_ptr": ([1504], "zeros"), "stretch_ptr": ([1504], "zeros"),
                                    "hist_ptr": ([256], "zeros"), "npix": 1504}),
    "kv_cache": (4, 3, "5", {"key_ptr": ([5, 8, 128], "rand(1)"),
                                    "value_ptr": ([5, 8, 128], "rand(2)"),
                                    "kcache_ptr": ([4, 8, 16, 128], "zeros"),
                                    "vcache_ptr": ([4, 8, 128, 16], "zeros"),
                                    "slot_ptr": ([5], "file({OUT}/kv_slots.npy)"),
                                    "k_scale_ptr": ([1], "file({OUT}/kv_scale.npy)")}),
    # The tenth wide sweep: a block-sparse
    # matmul (its first K block skipped, FILES), an implicit-GEMM 3x3
    # convolution over two 6x6 images (three nested loops), four unrolled
    # expert dots, attention with Philox dropout, a 7-token int8 GEMM and a
    # matmul storing ReLU as fp8 e5m2.
    "block_sparse": (4, 3, "1,1", {"a_ptr": ([M, 128], "rand(1)"),
                                           "b_ptr": ([128, N], "rand(2)"),
                                           "c_ptr": ([M, N], "zeros"),
                                           "live_ptr": ([1, 2], "file({OUT}/block_live.npy)"),
                                           "M": M, "N": N, "K": 128}),
    "conv2d_implicit_gemm": (4, 3, "1,2", {"x_ptr": ([2, 6, 6, 64], "rand(1)"),
                                     "w_ptr": ([3, 3, 64, 64], "rand(2)"),
                                     "y_ptr": ([2, 6, 6, 64], "zeros"), "H": 6, "W": 6}),
    "expert_dots": (4, 3, "1", {"x_ptr": ([M, 64], "rand(1)"),
                                        "w_ptr": ([4, 64, 64], "rand(2)"),
                                        "gate_ptr": ([M, 4], "rand(3)"), "y_ptr": ([M, 64], "zeros"),
                                        "M": M}),
    "attn_dropout": (4, 3, "1,2", {"q_ptr": ([2, 80, 64], "rand(1)"),
                                           "k_ptr": ([2, 80, 64], "rand(2)"),
                                           "v_ptr": ([2, 80, 64], "rand(3)"),
                                           "o_ptr": ([2, 80, 64], "zeros"), "seed": 1234,
                                           "seq_len": 80, "sm_scale": 0.125, "p_drop": 0.1}),
    "int8_decode": (4, 3, "2", {"x_ptr": ([7, 256], "randint(-128,128,1)"),
                                        "w_ptr": ([256, 72], "randint(-128,128,2)"),
                                        "scale_ptr": ([72], "rand(3)"), "y_ptr": ([7, 72], "zeros"),
                                        "M": 7, "N": 72, "K": 256}),
    "relu_e5m2": (8, 3, "1,1", {"a_ptr": ([M, 128], "rand(1)"),
                                        "b_ptr": ([128, N], "rand(2)"), "c_ptr": ([M, N], "zeros"),
                                        "M": M, "N": N, "K": 128}),
}
# Expert 0 takes rows 0..19, expert 1 rows 20..47, each padded to the block
# of 64 with num_valid (48).
FILES = {"spmv_rowptr.npy": np.array([0, 5, 5, 70, 199, 200], dtype=np.int32),
         "compact_starts.npy": np.array([0, 1024], dtype=np.int32),
         "moe_sorted_ids.npy": np.array(list(range(20)) + [48] * 44 + list(range(20, 48)) +
                                        [48] * 36, dtype=np.int32),
         "jagged_offsets.npy": np.array([0, 0, 70, 75, 205], dtype=np.int32),
         "bag_offsets.npy": np.array([0, 5, 5, 25, 40], dtype=np.int32)}
# bitsandbytes' NF4 code book (the nf4 case's), and fp32
# values in [0.95, 1.05) (products of 256 of them neither overflow nor
# vanish; NumPy's generator: only the two stages' outputs are compared, so the
# stream need not be stable).
FILES.update({
    "nf4_lut.npy": np.array([-1.0, -0.6961928009986877, -0.5250730514526367,
                             -0.39491748809814453, -0.28444138169288635, -0.18477343022823334,
                             -0.09105003625154495, 0.0, 0.07958029955625534, 0.16093020141124725,
                             0.24611230194568634, 0.33791524171829224, 0.44070982933044434,
                             0.5626170039176941, 0.7229568362236023, 1.0], dtype=np.float32),
    "cumprod_x.npy": (0.95 + 0.1 * np.random.default_rng(0).random((48, 256))).astype(np.float32),
    "varlen_cu.npy": np.array([0, 1, 18, 178], dtype=np.int32),
    "while_k.npy": np.array([K], dtype=np.int32),
    "kv_slots.npy": np.array([17, -1, 3, 40, 63], dtype=np.int64),
    "kv_scale.npy": np.array([1 / 32], dtype=np.float32),
    "block_live.npy": np.array([[0, 1]], dtype=np.int32)})


# Cases compiled for AMD (NAME@ARCH: the kernel NAME's TTIR for hip:ARCH).
# DeepSeek's OCP e4m3 block-scale matmul on gfx942, whose MFMAs take only
# fnuz fp8: its operands are converted to f16 for f16 MFMAs.
CASES["fp8_blockscale@gfx942"] = (4, 2) + CASES["fp8_blockscale"][2:]


def signature(path):
    """Argument names and types of the kernel in a TTIR file."""
    text = open(path).read()
    head = re.search(r"tt\.func public @\w+\((.*?)\)\s*(attributes|\{)", text, re.S).group(1)
    return re.findall(r"%(\w+): (!tt\.ptr<(\w+)>|\w+)", head)


def arguments(path, values):
    args = []
    for name, type_, pointee in signature(path):
        value = values[name]
        if pointee:
            shape, init = value
            dims = ",".join(str(d) for d in shape)
            args.append(f"{name}={DTYPES[pointee]}[{dims}]:{init.replace('{OUT}', OUT)}")
        else:
            args.append(f"{name}={type_}:{value}")
    return args


def run(path, grid, args, out):
    os.makedirs(out, exist_ok=True)
    cmd = [RUN, path, "--grid", grid]
    saved = []
    for arg in args:
        cmd += ["--arg", arg]
        name = arg.split("=", 1)[0]
        if "[" in arg:
            cmd += ["--save", f"{name}={out}/{name}.npy"]
            saved.append(name)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.returncode, proc.stderr.strip()[-300:], saved


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, array in FILES.items():
        np.save(os.path.join(OUT, name), array)
    same = different = 0
    for kernel, (warps, stages, grid, values) in sorted(CASES.items()):
        base, _, arch = kernel.partition("@")
        target = f"hip:{arch}" if arch else "cuda:90"
        ttir = os.path.join(INPUTS_DIR, base, f"{base}.ttir")
        ttgir = os.path.join(OUT, f"{kernel}.ttgir")
        options = f"target={target} num-warps={warps} num-stages={stages}"
        made = subprocess.run([OPT, ttir, f"-triton-make-ttir=target={target}",
                               f"-triton-make-ttgir={options}", "-mlir-print-debuginfo",
                               "-o", ttgir], capture_output=True, text=True)
        if made.returncode:
            print(f"FAIL {kernel}: make_ttgir: {made.stderr.strip()[-300:]}")
            different += 1
            continue
        args = arguments(ttir, values)
        rc1, err1, saved = run(ttir, grid, args, os.path.join(OUT, kernel, "ttir"))
        rc2, err2, _ = run(ttgir, grid, args, os.path.join(OUT, kernel, "ttgir"))
        if rc1 or rc2:
            print(f"FAIL {kernel}: {err1 or err2}")
            different += 1
            continue
        def equal(buffer):
            before = os.path.join(OUT, kernel, "ttir", f"{buffer}.npy")
            after = os.path.join(OUT, kernel, "ttgir", f"{buffer}.npy")
            if kernel in RTOL:  # relative Frobenius error, as the GPU harness measures
                a, b = np.load(before).astype(np.float64), np.load(after).astype(np.float64)
                return np.linalg.norm(a - b) <= RTOL[kernel] * np.linalg.norm(a)
            return filecmp.cmp(before, after, shallow=False)
        diffs = [b for b in saved if not equal(b)]
        if diffs:
            print(f"DIFF {kernel}: {', '.join(diffs)}")
            different += 1
        else:
            print(f"same {kernel}: {', '.join(saved)}")
            same += 1
    print(f"{same} same, {different} different")


if __name__ == "__main__":
    main()
