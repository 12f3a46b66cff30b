"""Runs a command and succeeds only if it exits with the given status.

Usage: expect-exit.py STATUS COMMAND [ARG...]

lit's `not` accepts any non-zero status but a crash; the translation errors
are specified as exit status 1 exactly, which this checks. The command's
output passes through.
"""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    print(f"expect-exit: '{sys.argv[2]}' exited with {status}, expected {expected}",
          file=sys.stderr)
    sys.exit(1)
