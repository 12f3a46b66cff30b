#!/usr/bin/env python3
"""Compares captures `run.py dump` made (DUMP/<case>/<case>.ttir) with the
stored ones (test/Inputs/<case>/), up to locations: the kernels' file, line
and column are in every `loc(...)`, and they moved with the kernels.

Usage: compare_captures.py DUMP [--stage ttir|ttgir]
"""
import argparse
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
LOC = re.compile(r"\s*loc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)")


def strip(text):
    """TEXT without location attributes and #loc aliases."""
    lines = [LOC.sub("", line) for line in text.splitlines() if not line.startswith("#loc")]
    return [line.rstrip() for line in lines]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dump")
    p.add_argument("--stage", default="ttir")
    args = p.parse_args()
    same = differ = 0
    for case in sorted(os.listdir(args.dump)):
        new = os.path.join(args.dump, case, f"{case}.{args.stage}")
        old = os.path.join(ROOT, "test", "Inputs", case, f"{case}.{args.stage}")
        if not (os.path.exists(new) and os.path.exists(old)):
            continue
        a, b = strip(open(old).read()), strip(open(new).read())
        if a == b:
            same += 1
            continue
        differ += 1
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(f"{case}: differs at line {first + 1}\n  stored: "
              f"{a[first][:160] if first < len(a) else '(end)'}\n  dumped: "
              f"{b[first][:160] if first < len(b) else '(end)'}")
    print(f"{same} identical up to locations, {differ} different")


if __name__ == "__main__":
    main()
