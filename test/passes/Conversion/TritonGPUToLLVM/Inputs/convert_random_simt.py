"""ttg.convert_layout between random linear layouts (seeded), lowered and run
on the CPU (test/scripts/simt_sim.py): the tile must come back unchanged,
without races. Each layout spreads the single-bit bases of a 2-D tile over 5
lanes, 0 to 3 warp bits and registers, sometimes with a lane or warp that
repeats data; elements of 8, 16 or 32 bits. Prints one line per failure,
then the counts per route (stmatrix, ldmatrix, or plain accesses and
shuffles) and a count.

Usage: convert_random_simt.py TRITON_OPT UTILS_DIR TARGET FIRST_SEED COUNT
"""
import collections
import random
import re
import sys

import numpy as np

OPT, UTILS, TARGET = sys.argv[1:4]
FIRST, COUNT = int(sys.argv[4]), int(sys.argv[5])
sys.path.insert(0, UTILS)
import simt_sim  # noqa: E402
from simt_kernels import convert_kernel, linear, lower  # noqa: E402

NP = {"i8": np.int8, "i16": np.int16, "i32": np.int32}


def random_layout(rng, mbits, nbits, warp_bits, repeats):
    """A #ttg.linear layout of a 2^mbits x 2^nbits tile."""
    bases = [[1 << i, 0] for i in range(mbits)] + [[0, 1 << j] for j in range(nbits)]
    rng.shuffle(bases)
    lanes, warps, registers = bases[:5], bases[5:5 + warp_bits], bases[5 + warp_bits:]
    for _ in range(repeats):
        side = lanes if not warps or rng.random() < 0.5 else warps
        i = rng.randrange(len(side))
        registers.append(side[i])
        side[i] = [0, 0]
    rng.shuffle(registers)
    return linear(registers, lanes, warps)


def main():
    counts = collections.Counter()
    failures = 0
    for seed in range(FIRST, FIRST + COUNT):
        rng = random.Random(seed)
        warp_bits = rng.choice([0, 1, 2, 3])
        ty = rng.choice(["i8", "i16", "i32"])
        total = max(rng.choice([8, 9, 10, 11, 12, 13]), 6 + warp_bits)
        mbits = rng.randint(1, total - 1)
        nbits = total - mbits
        src = random_layout(rng, mbits, nbits, warp_bits, rng.choice([0, 0, 1]))
        dst = random_layout(rng, mbits, nbits, warp_bits, rng.choice([0, 0, 1]))
        shape = [1 << mbits, 1 << nbits]
        where = f"seed {seed}: {shape[0]}x{shape[1]}x{ty} {src} -> {dst}"
        try:
            text, shared = lower(OPT, convert_kernel(shape, src, dst, ty, 1 << warp_bits, TARGET),
                                 "-convert-triton-gpu-to-llvm", name=f"random{seed}")
            data = np.random.default_rng(seed).integers(-100, 100, shape).astype(NP[ty])
            outs, races = simt_sim.run(text, "k", [data, np.zeros(shape, NP[ty])],
                                       32 << warp_bits, shared)
        except Exception as e:  # a lowering or simulation error is a failure
            failures += 1
            print(f"FAIL {where}: {type(e).__name__}: {str(e)[:200]}")
            continue
        if not np.array_equal(outs[1], data) or races:
            failures += 1
            print(f"FAIL {where}: {int((outs[1] != data).sum())} of {data.size} wrong, "
                  f"{len(races)} races")
            continue
        used = sorted(set(re.findall(r'"nvvm\.(stmatrix|ldmatrix)"', text)))
        counts[" and ".join(used) or "plain"] += 1
    for kind, count in sorted(counts.items()):
        print(f"{kind}: {count}")
    print(f"{COUNT - failures} of {COUNT} conversions come back unchanged")


main()
