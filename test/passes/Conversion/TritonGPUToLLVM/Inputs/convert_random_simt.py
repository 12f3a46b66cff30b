"""ttg.convert_layout between random linear layouts (seeded), lowered and run
on the CPU (test/scripts/simt_sim.py): the tile must come back unchanged,
without races. Each layout spreads the single-bit bases of a 2-D tile over 5
lanes, 0 to 3 warp bits and registers, sometimes with a lane or warp that
repeats data; elements of 8, 16 or 32 bits. Prints one line per failure,
then the counts per route (stmatrix, ldmatrix, or plain accesses and
shuffles) and a count.

Usage: convert_random_simt.py TRITON_OPT UTILS_DIR TARGET FIRST_SEED COUNT
"""
import random
import sys

OPT, UTILS, TARGET = sys.argv[1:4]
FIRST, COUNT = int(sys.argv[4]), int(sys.argv[5])
sys.path.insert(0, UTILS)
from simt_kernels import linear, run_conversions  # noqa: E402


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


def cases():
    """(label, shape, source, destination, type, warps, seed) of each seed."""
    for seed in range(FIRST, FIRST + COUNT):
        rng = random.Random(seed)
        warp_bits = rng.choice([0, 1, 2, 3])
        ty = rng.choice(["i8", "i16", "i32"])
        total = max(rng.choice([8, 9, 10, 11, 12, 13]), 6 + warp_bits)
        mbits = rng.randint(1, total - 1)
        nbits = total - mbits
        src = random_layout(rng, mbits, nbits, warp_bits, rng.choice([0, 0, 1]))
        dst = random_layout(rng, mbits, nbits, warp_bits, rng.choice([0, 0, 1]))
        yield (f"seed {seed}", [1 << mbits, 1 << nbits], src, dst, ty, 1 << warp_bits, seed)


run_conversions(OPT, list(cases()), TARGET)
