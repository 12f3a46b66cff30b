#!/usr/bin/env python3
"""Exit 0 when two PTX files hold the same code: comments, line-table
directives (.loc, .file), blank lines and the debug sections left out;
else print the first difference and exit 1."""
import re
import sys


def code(path):
    lines = []
    with open(path) as f:
        for line in f:
            if line.lstrip().startswith(".section"):
                break
            line = line.split("//")[0].rstrip()
            if not line or re.match(r"\s*\.(loc|file)\s", line):
                continue
            lines.append(line)
    return lines


expected, actual = code(sys.argv[1]), code(sys.argv[2])
for number, (a, b) in enumerate(zip(expected, actual), 1):
    if a != b:
        print(f"code line {number}: expected {a.strip()!r}, got {b.strip()!r}")
        sys.exit(1)
if len(expected) != len(actual):
    print(f"{len(expected)} code lines expected, {len(actual)} found")
    sys.exit(1)
