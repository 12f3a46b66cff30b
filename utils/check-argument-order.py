#!/usr/bin/env python3
"""Finds calls whose arguments create IR ops in more than one argument.

C++ leaves the order in which a call's arguments are evaluated unspecified:
GCC evaluates them right to left, clang left to right. When two arguments of
one call each create an op (`ICmpOp::create(b, loc, p, getThreadId(b, loc),
createI32Constant(b, loc, 0))`), the two compilers emit the ops in different
orders, and FileCheck tests written against one build fail with the other.
Creating such values into named locals first fixes the order.

An argument "creates ops" when it contains `X::create(`, `.create<`,
`.createOrFold<`, a call whose first argument is a builder (`f(b, ...)`,
`f(rewriter, ...)`, ...), or a call of a lambda of the same file whose body
does one of these. Lambdas passed as arguments run later and do not count.

Usage: check-argument-order.py PATH...   (files or folders of .cpp/.h files)
Prints file:line for each such call; exits 1 if there is any.
"""
import os
import re
import sys

BUILDERS = r"(?:b|rewriter|builder|rw|bld|ob|opBuilder|ib)"
CREATES = re.compile(r"::create\s*\(|\.create(?:OrFold)?\s*<|\b\w+\s*\(\s*" +
                     BUILDERS + r"\s*,")


def strip(src):
    """The text with comments and string/char literals blanked, same offsets."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching(src):
    """Offsets of each opening bracket's closing one."""
    pairs, stack = {}, []
    for i, c in enumerate(src):
        if c in "([{":
            stack.append(i)
        elif c in ")]}" and stack:
            pairs[stack.pop()] = i
    return pairs


def split_args(body):
    args, depth, last = [], 0, 0
    for k, c in enumerate(body):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(body[last:k])
            last = k + 1
    args.append(body[last:])
    return args


def check(path):
    src = strip(open(path, encoding="utf-8", errors="replace").read())
    pairs = matching(src)
    creates = CREATES
    # Lambdas that create ops count as op-creating calls in this file.
    names = []
    for m in re.finditer(r"auto\s+(\w+)\s*=\s*\[[^\]]*\]", src):
        brace = src.find("{", m.end())
        if brace >= 0 and brace in pairs and \
                CREATES.search(src[brace:pairs[brace]]):
            names.append(m.group(1))
    if names:
        creates = re.compile(CREATES.pattern + r"|\b(?:" + "|".join(names) +
                             r")\s*\(")
    found = []
    for m in re.finditer(r"((?:\w+::)*\w+)\s*(?:<[^;(){}]*>)?\s*\(", src):
        open_at = m.end() - 1
        if open_at not in pairs or m.group(1) in ("if", "for", "while",
                                                  "switch", "return"):
            continue
        args = split_args(src[open_at + 1:pairs[open_at]])
        hits = [a for a in args
                if creates.search(a) and not a.strip().startswith("[")]
        if len(hits) >= 2:
            line = src.count("\n", 0, open_at) + 1
            found.append(f"{path}:{line}: {m.group(1)}(...) creates ops in "
                         f"{len(hits)} arguments, in an order the compiler "
                         f"chooses; create them into named locals first")
    return found


def main(argv):
    if not argv:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    files = []
    for p in argv:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in sorted(names)
                          if n.endswith((".cpp", ".h"))]
        else:
            files.append(p)
    found = [f for p in sorted(files) for f in check(p)]
    for f in found:
        print(f)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
