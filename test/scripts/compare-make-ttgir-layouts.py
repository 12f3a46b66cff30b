#!/usr/bin/env python3
"""Measures, for corpus kernels, whether our make_ttgir gives the same layouts
as the reference .ttgir.

Non-dot kernels: the same set of #blocked/#linear definitions and no layout
conversion where the reference has none.

Dot kernels (matmuls on sm_90 and sm_80, flash attention): the layouts of
each value against the reference's. Values are matched by op name and source
location (the NameLoc names and columns; file names and line numbers are
dropped, as the sm_80 references were compiled from another copy of the
kernels), and the tensor/memdesc types on the op's line, layouts spelled out,
are compared as multisets per match. Values that pipelining adds in one and
not the other show up as unmatched on both sides.

Usage: compare-make-ttgir-layouts.py TRITON_OPT CORPUS_DIR [KERNEL...]
Prints one line per kernel and "same layouts: N/M" (for dot kernels also the
values that differ, and the conversions in each); exits 1 if make_ttgir fails
on a kernel.
"""
import collections
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inputs  # noqa: E402

KERNELS = ["add_fp32", "add_fp16", "softmax", "blockptr", "misc", "math", "shape"]

# name -> (TTIR, reference TTGIR, make_ttgir options); {corpus} is filled in.
DOT_KERNELS = {
    "matmul_fp16_sm90": ("{corpus}/triton-3.6-sm90/matmul_fp16_sm90.ttir",
                         "{corpus}/triton-3.6-sm90/matmul_fp16_sm90.ttgir",
                         "target=cuda:90 num-warps=8 num-stages=3"),
    # The sm_90 matmul on clusters of two CTAs (triton-nvidia-gpu-plan-cta).
    "matmul_2cta": ("{corpus}/triton-3.6-sm90/matmul_fp16_sm90.ttir",
                    "{corpus}/triton-3.6-sm90/matmul_2cta.ttgir",
                    "target=cuda:90 num-warps=8 num-ctas=2 num-stages=3"),
    "matmul_fp16_small": ("{corpus}/triton-3.6-sm90/matmul_fp16_small.ttir",
                          "{corpus}/triton-3.6-sm90/matmul_fp16_small.ttgir",
                          "target=cuda:90 num-warps=4 num-stages=2"),
    "matmul_fp16_gfx942": ("{corpus}/triton-3.6-gfx942/matmul_fp16.ttir",
                           "{corpus}/triton-3.6-gfx942/matmul_fp16.ttgir",
                           "target=hip:gfx942 num-warps=4 num-stages=2"),
    "matmul_fp16_gfx90a": ("{corpus}/triton-3.6-gfx90a/matmul_fp16.ttir",
                           "{corpus}/triton-3.6-gfx90a/matmul_fp16.ttgir",
                           "target=hip:gfx90a num-warps=4 num-stages=2"),
}

# Every captured case with both a TTIR and Triton 3.6's TTGIR of it
# (test/Inputs/<case>/manifest.json gives the configuration).
for _case in inputs.cases(corpus="{corpus}"):
    if _case.ttir and _case.ttgir:
        DOT_KERNELS[_case.name] = (_case.ttir, _case.ttgir, _case.options())

# The descriptor matmuls on clusters of two CTAs: 3.6's TTGIR at num_ctas=2
# (captured alone) against our make_ttgir of the 1-CTA capture's TTIR (the
# TTIR does not depend on num_ctas).
for _name in ("matmul_desc", "matmul_desc_host"):
    _one, _two = inputs.case(_name), inputs.case(_name + "_2cta")
    DOT_KERNELS[_name + "_2cta"] = (
        _one.ttir, _two.ttgir, _two.options().replace("num-stages", "num-ctas=2 num-stages"))


def layouts(text):
    return sorted(re.findall(r"^#\w+ = (#ttg\.(?:blocked|linear)<.*>)$", text, re.M))


def aliases(text):
    return dict(re.findall(r"^(#\w+) = (.*)$", text, re.M))


def resolve_location(loc, table, depth=0):
    """A location with its #loc aliases replaced, file names and lines dropped."""
    if depth > 50:
        return loc
    loc = re.sub(r"#loc\d*\b", lambda m: resolve_location(table.get(m.group(0), "?"), table,
                                                           depth + 1), loc)
    loc = re.sub(r'"[^"]*\.py":\d+:(\d+)', r"\1", loc)
    return loc


def value_types(text):
    """(op name, location) -> Counter of the layouts on the op's line."""
    table = aliases(text)
    encodings = {k: v for k, v in table.items() if not k.startswith("#loc")}
    spell = lambda s: re.sub(r"#[A-Za-z_]\w*\b", lambda m: encodings.get(m.group(0), m.group(0)), s)
    found = collections.defaultdict(collections.Counter)
    for line in text.split("\n"):
        line = line.strip()
        m = re.search(r" loc\((#loc\d*|.*)\)$", line)
        if not m or line.startswith("#") or line.startswith("^") or line.startswith("tt.func"):
            continue
        body = line[:m.start()]
        op = re.match(r'(?:%[\w#:]+(?:, %[\w#:]+)* = )?"?([\w.]+)', body)
        name = "region-end" if body.startswith("}") else (op.group(1) if op else "?")
        if name == "arith.constant":
            continue  # hoisted and merged differently; their users show the layouts
        types = re.findall(r"(?:tensor|memdesc)<", body)
        if not types:
            continue
        spelled = spell(body)
        kinds = []
        for start in [mm.start() for mm in re.finditer(r"(?:tensor|!ttg\.memdesc|memdesc)<", spelled)]:
            depth, i = 0, start
            while i < len(spelled):
                if spelled[i] == "<":
                    depth += 1
                elif spelled[i] == ">":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            kinds.append(spelled[start:i + 1])
        location = resolve_location("loc(" + m.group(1) + ")", table)
        found[(name, location)][" ".join(kinds)] += 1
    return found


def compare_dot_kernel(opt, corpus, kernel):
    ttir, reference_path, options = (s.format(corpus=corpus)
                                     for s in DOT_KERNELS[kernel])
    # Against 3.6's layouts, so 3.6's pass list (our own schedules differ on purpose).
    ours = subprocess.run([opt, ttir, f"-triton-make-ttgir={options} compat=3.6",
                           "-mlir-print-debuginfo"], capture_output=True, text=True)
    if ours.returncode != 0:
        print(f"FAILED  {kernel}: {ours.stderr.strip()[:300]}")
        return None
    reference = open(reference_path).read()
    mine, theirs = value_types(ours.stdout), value_types(reference)
    matched = 0
    differences = []
    # Left over after matching by location: matched again by op name alone
    # (ops that passes placed at another location, or merged differently).
    left_ours, left_theirs = collections.Counter(), collections.Counter()
    for key in sorted(set(mine) | set(theirs)):
        a, b = mine.get(key, collections.Counter()), theirs.get(key, collections.Counter())
        common = a & b
        matched += sum(common.values())
        extra, missing = a - common, b - common
        if extra and missing:
            differences.append((key, sorted(extra), sorted(missing)))
        for kinds, n in extra.items():
            left_ours[(key[0], kinds)] += n
        for kinds, n in missing.items():
            left_theirs[(key[0], kinds)] += n
    moved = left_ours & left_theirs
    only_ours = sum((left_ours - moved).values())
    only_theirs = sum((left_theirs - moved).values())
    differences = [(key, [k for k in extra if not moved[(key[0], k)]],
                    [k for k in missing if not moved[(key[0], k)]])
                   for key, extra, missing in differences]
    differences = [d for d in differences if d[1] and d[2]]
    converts = ours.stdout.count("ttg.convert_layout")
    reference_converts = reference.count("ttg.convert_layout")
    same = not differences and converts == reference_converts
    print(f"{'same' if same else 'differs':8} {kernel}: {converts} conversions "
          f"(reference {reference_converts}); {matched} values alike, "
          f"{sum(moved.values())} alike elsewhere, {len(differences)} in other layouts, "
          f"{only_ours} only ours, "
          f"{only_theirs} only the reference's")
    for (name, location), extra, missing in differences:
        print(f"    {name} at {location}:")
        for kinds in extra:
            print(f"      ours:      {kinds}")
        for kinds in missing:
            print(f"      reference: {kinds}")
    return same


def main():
    opt, corpus = sys.argv[1], sys.argv[2]
    kernels = sys.argv[3:] or KERNELS
    same = 0
    for kernel in kernels:
        if kernel in DOT_KERNELS:
            result = compare_dot_kernel(opt, corpus, kernel)
            if result is None:
                return 1
            same += result
            continue
        path = f"{corpus}/triton-3.6-sm90/{kernel}"
        ours = subprocess.run([opt, f"{path}.ttir", "-triton-make-ttgir=target=cuda:90 num-warps=4 compat=3.6"],
                              capture_output=True, text=True)
        if ours.returncode != 0:
            print(f"FAILED  {kernel}: {ours.stderr.strip()[:300]}")
            return 1
        reference = open(f"{path}.ttgir").read()
        converts = ours.stdout.count("ttg.convert_layout")
        reference_converts = reference.count("ttg.convert_layout")
        match = layouts(ours.stdout) == layouts(reference) and converts == reference_converts
        same += match
        print(f"{'same' if match else 'differs':8} {kernel}: {converts} conversions "
              f"(reference {reference_converts})")
    print(f"same layouts: {same}/{len(kernels)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
