"""Prints, one per line, the constant part of every wgmma matrix descriptor
in our LLVM IR (from --mlir-to-llvmir, before LLVM's optimizations): each
descriptor is `mov.b64 {low, high}` of `add i32 %start, LOW` (or of the
start itself, LOW being 0) and the constant HIGH, so its constant part is
HIGH << 32 | LOW, printed as a signed i64 the
way the reference LLVM IR writes its 64-bit adds.
"""
import re
import sys

text = open(sys.argv[1]).read()
adds = dict(re.findall(r"(%\d+) = add i32 %\d+, (-?\d+)", text))
pairs = re.findall(r'asm "mov\.b64 \$0, \{\$1, \$2\};", "=l,r,r"\(i32 (%\d+), i32 (-?\d+)\)', text)
for low, high in pairs:
    value = (int(high) & 0xFFFFFFFF) << 32 | (int(adds.get(low, 0)) & 0xFFFFFFFF)
    print(value - (1 << 64) if value >= 1 << 63 else value)
