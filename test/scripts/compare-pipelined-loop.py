#!/usr/bin/env python3
"""Compares our software-pipelined loop with Triton 3.6's.

Usage: compare-pipelined-loop.py TRITON_OPT INPUT REFERENCE PIPELINE

Runs PIPELINE (a triton-opt pass list, e.g. "-tritongpu-pipeline=num-stages=2
-canonicalize") over INPUT and prints both it and REFERENCE (locations
dropped, so values are numbered alike); compares the functions from the first
buffer allocation to the last deallocation, constants set aside (their order
and the `%cst_N` numbering follow canonicalization's constant hoisting, and
the `#blockedN` numbering follows first use). Values defined in that part are
renamed in the order of their definitions (the printer numbers a loop body
after the ops that follow the loop, which differ where a reference was
printed after later passes); values from before it keep their names. Prints
"same" or a diff; exits 1 on a difference.
"""
import difflib
import re
import subprocess
import sys


def strip_locations(text):
    text = "\n".join(l for l in text.split("\n") if not l.startswith("#loc"))
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r" loc\([^()]*\)", "", text)
        text = re.sub(r' loc\(("[^"]*"|callsite)\([^()]*\)\)', "", text)
    return text


def rename_definitions(part):
    """Renames the values defined in `part` (results, loop block arguments)
    %d0, %d1, ... in the order they are defined."""
    names = {}
    for line in part:
        defined = re.findall(r"^\s*(%[\w.$-]+)(?::\d+)? = ", line)
        if "scf.for" in line:
            defined += re.findall(r"(%[\w.$-]+) = ", line.split("scf.for", 1)[1])
        for name in defined:
            names.setdefault(name, "%%d%d" % len(names))
    return [re.sub(r"%[\w.$-]+", lambda m: names.get(m.group(0), m.group(0)), line)
            for line in part]


def pipelined_part(opt, text, passes):
    out = subprocess.run([opt, "-", *passes], input=text, capture_output=True, text=True,
                         check=True).stdout
    lines = out.split("\n")
    first = next(i for i, l in enumerate(lines) if "ttg.local_alloc : ()" in l)
    last = max(i for i, l in enumerate(lines) if "ttg.local_dealloc" in l)
    part = []
    for line in lines[first:last + 1]:
        if "arith.constant" in line:
            continue
        line = re.sub(r"%cst(_\d+)?\b", "%cst", line)
        line = re.sub(r"#blocked\d*", "#blocked", line)
        part.append(line)
    return rename_definitions(part)


def main():
    opt, input_path, reference, pipeline = sys.argv[1:5]
    ours = pipelined_part(opt, strip_locations(open(input_path).read()), pipeline.split())
    theirs = pipelined_part(opt, strip_locations(open(reference).read()), [])
    if ours == theirs:
        print("same")
        return 0
    sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(theirs, ours, "triton-3.6",
                                                                 "ours", lineterm=""))
    return 1


if __name__ == "__main__":
    sys.exit(main())
