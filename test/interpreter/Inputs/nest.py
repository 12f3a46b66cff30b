"""Prints a kernel of N nested scf.if (N from the command line), one a line,
for the nesting limit of limits.test."""
import sys

n = int(sys.argv[1])
print("module {")
print("  tt.func public @deep(%c: i1) {")
for _ in range(n):
    print("    scf.if %c {")
for _ in range(n):
    print("    }")
print("    tt.return")
print("  }")
print("}")
