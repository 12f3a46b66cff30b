# Flips the last byte of every entry in a triton-compile cache directory.
import glob
import os
import sys

entries = [p for p in glob.glob(os.path.join(sys.argv[1], "*", "*")) if ".tmp-" not in p]
if not entries:
    sys.exit("no cache entries in " + sys.argv[1])
for path in entries:
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[-1] ^= 1
    with open(path, "wb") as f:
        f.write(data)
