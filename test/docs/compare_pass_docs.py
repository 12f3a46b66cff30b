"""Compares the committed pass docs with the generated ones.

usage: compare_pass_docs.py GENERATED_DIR COMMITTED_DIR

Both folders hold one <Group>.md per pass group (mlir-tblgen -gen-pass-doc
output; hand-written pages of passes registered from C++, named after their
flag, are not compared; the generated folder also holds the depfiles tablegen writes, which
are ignored). Prints a unified diff for every file that differs, and names the
groups present on one side only; exits 1 if there is any difference.
"""
import difflib
import os
import sys


def docs(folder):
    # Group pages (Passes.td groups, CamelCase). A page named after a flag
    # (lowercase, e.g. tritongpu-some-pass.md) documents a pass
    # registered from C++ and is written by hand.
    return {name for name in os.listdir(folder)
            if name.endswith(".md") and not name[0].islower()}


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    generated, committed = argv[1], argv[2]
    made, kept = docs(generated), docs(committed)
    problems = 0
    for name in sorted(made - kept):
        print(f"{name}: generated but not committed under {committed}")
        problems += 1
    for name in sorted(kept - made):
        print(f"{name}: committed but no Passes.td generates it")
        problems += 1
    for name in sorted(made & kept):
        with open(os.path.join(generated, name), encoding="utf-8") as f:
            new = f.readlines()
        with open(os.path.join(committed, name), encoding="utf-8") as f:
            old = f.readlines()
        if new != old:
            sys.stdout.writelines(difflib.unified_diff(
                old, new, f"committed/{name}", f"generated/{name}"))
            problems += 1
    if problems:
        print(f"{problems} pass doc(s) out of date: run `ninja -C <build> "
              "update-pass-docs` and commit docs/passes/")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
