#!/usr/bin/env python3
"""Writes one TTGIR kernel per float conversion case (OUTDIR/NAME.mlir) and
prints "NAME SRC DST" per case; utils/bench/numerics/prepare.sh compiles them."""
import os, sys
out = sys.argv[1]
TY = {"f32": "f32", "f16": "f16", "bf16": "bf16", "f64": "f64", "e4m3": "f8E4M3FN", "e5m2": "f8E5M2"}
BITS = {"f32": 32, "f16": 16, "bf16": 16, "f64": 64, "e4m3": 8, "e5m2": 8}
cases = []
for s in ["f32", "f16", "bf16"]:
    for d in ["e4m3", "e5m2"]:
        for r in ["rtne", "rtz"]:
            cases.append((f"{s}_{d}_{r}", s, d, f"tt.fp_to_fp %x, rounding = {r}"))
for s in ["e4m3", "e5m2"]:
    for d in ["f32", "f16", "bf16"]:
        cases.append((f"{s}_{d}", s, d, "tt.fp_to_fp %x"))
cases.append(("e4m3_e5m2", "e4m3", "e5m2", "tt.fp_to_fp %x"))
cases.append(("e5m2_e4m3", "e5m2", "e4m3", "tt.fp_to_fp %x, rounding = rtne"))
for d in ["e4m3", "e5m2"]:
    cases.append((f"f32_{d}_trunc", "f32", d, "arith.truncf %x"))
cases.append(("f32_f16_rtz", "f32", "f16", "tt.fp_to_fp %x, rounding = rtz"))
cases.append(("f32_bf16_rtz", "f32", "bf16", "tt.fp_to_fp %x, rounding = rtz"))
cases.append(("f32_bf16_rtne", "f32", "bf16", "tt.fp_to_fp %x, rounding = rtne"))
cases.append(("f16_bf16_rtne", "f16", "bf16", "tt.fp_to_fp %x, rounding = rtne"))
cases.append(("f16_bf16_rtz", "f16", "bf16", "tt.fp_to_fp %x, rounding = rtz"))
cases.append(("bf16_f16_rtne", "bf16", "f16", "tt.fp_to_fp %x, rounding = rtne"))
cases.append(("bf16_f16_rtz", "bf16", "f16", "tt.fp_to_fp %x, rounding = rtz"))

for name, s, d, op in cases:
    S, D = TY[s], TY[d]
    if op.startswith("arith"):
        conv = f"%y = {op} : tensor<512x{S}, #blocked> to tensor<512x{D}, #blocked>"
    else:
        conv = f"%y = {op} : tensor<512x{S}, #blocked> -> tensor<512x{D}, #blocked>"
    text = f"""#blocked = #ttg.blocked<{{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
module attributes {{"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"}} {{
  tt.func public @{name}(%in: !tt.ptr<{S}> {{tt.divisibility = 16 : i32}}, %out: !tt.ptr<{D}> {{tt.divisibility = 16 : i32}}, %n: i32 {{tt.divisibility = 16 : i32}}) {{
    %pid = tt.get_program_id x : i32
    %c512 = arith.constant 512 : i32
    %base = arith.muli %pid, %c512 : i32
    %r = tt.make_range {{end = 512 : i32, start = 0 : i32}} : tensor<512xi32, #blocked>
    %bs = tt.splat %base : i32 -> tensor<512xi32, #blocked>
    %offs = arith.addi %bs, %r : tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %offs, %ns : tensor<512xi32, #blocked>
    %pi = tt.splat %in : !tt.ptr<{S}> -> tensor<512x!tt.ptr<{S}>, #blocked>
    %qi = tt.addptr %pi, %offs : tensor<512x!tt.ptr<{S}>, #blocked>, tensor<512xi32, #blocked>
    %x = tt.load %qi, %m : tensor<512x!tt.ptr<{S}>, #blocked>
    {conv}
    %po = tt.splat %out : !tt.ptr<{D}> -> tensor<512x!tt.ptr<{D}>, #blocked>
    %qo = tt.addptr %po, %offs : tensor<512x!tt.ptr<{D}>, #blocked>, tensor<512xi32, #blocked>
    tt.store %qo, %y, %m : tensor<512x!tt.ptr<{D}>, #blocked>
    tt.return
  }}
}}
"""
    open(os.path.join(out, name + ".mlir"), "w").write(text)
    print(name, s, d)
