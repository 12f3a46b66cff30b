"""Every arith.cmpf predicate on f32 pairs with NaNs, equal, smaller and
larger values, lowered and run on the CPU (test/scripts/simt_sim.py, which
reads the LLVM dialect's FCmpPredicate numbering), compared with the IEEE
meaning of each predicate. Prints one line per predicate, then a count.

Usage: fcmp_simt.py TRITON_OPT UTILS_DIR
"""
import sys

import numpy as np

OPT = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import simt_sim  # noqa: E402
from simt_kernels import HEADER, lower  # noqa: E402

N = 64
L = "#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>"
PREDICATES = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
              "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]


def kernel():
    t = lambda e: f"tensor<{N}x{e}, {L}>"
    body = f"""    %i = tt.make_range {{end = {N} : i32, start = 0 : i32}} : {t('i32')}
    %ap = tt.splat %a : !tt.ptr<f32> -> {t('!tt.ptr<f32>')}
    %aq = tt.addptr %ap, %i : {t('!tt.ptr<f32>')}, {t('i32')}
    %x = tt.load %aq : {t('!tt.ptr<f32>')}
    %bp = tt.splat %b : !tt.ptr<f32> -> {t('!tt.ptr<f32>')}
    %bq = tt.addptr %bp, %i : {t('!tt.ptr<f32>')}, {t('i32')}
    %y = tt.load %bq : {t('!tt.ptr<f32>')}
"""
    for k, p in enumerate(PREDICATES):
        body += f"""    %c{k} = arith.cmpf {p}, %x, %y : {t('f32')}
    %e{k} = arith.extui %c{k} : {t('i1')} to {t('i8')}
    %o{k} = tt.splat %out{k} : !tt.ptr<i8> -> {t('!tt.ptr<i8>')}
    %q{k} = tt.addptr %o{k}, %i : {t('!tt.ptr<i8>')}, {t('i32')}
    tt.store %q{k}, %e{k} : {t('!tt.ptr<i8>')}
"""
    outs = ", ".join(f"%out{k}: !tt.ptr<i8>" for k in range(len(PREDICATES)))
    return (HEADER % 1 + f"  tt.func public @k(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, {outs}) {{\n"
            + body + "    tt.return\n  }\n}\n")


def model(p, a, b):
    un = np.isnan(a) | np.isnan(b)
    ordered = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b,
               "ne": a != b}
    if p in ("false", "true"):
        return np.full(a.shape, p == "true")
    if p == "ord":
        return ~un
    if p == "uno":
        return un
    base = ordered[p[1:]]
    return (base & ~un) if p[0] == "o" else (base | un)


values = np.array([np.nan, -1.0, 0.0, 1.0, 2.0, np.inf, -np.inf, -0.0], np.float32)
a = np.repeat(values, len(values))[:N].copy()
b = np.tile(values, len(values))[:N].copy()
text, shared = lower(OPT, kernel(), "-convert-triton-gpu-to-llvm")
outs, races = simt_sim.run(text, "k", [a, b] + [np.zeros(N, np.int8) for _ in PREDICATES],
                           32, shared)
failures = 0
for k, p in enumerate(PREDICATES):
    want = model(p, a, b).astype(np.int8)
    wrong = int((outs[2 + k] != want).sum())
    failures += wrong != 0
    print(f"{'PASS' if wrong == 0 else 'FAIL'} {p}: {wrong} of {N} wrong")
print(f"{len(PREDICATES) - failures} of {len(PREDICATES)} predicates match")
