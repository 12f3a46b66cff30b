# Fails unless two compiles' PTX, metadata and cubin are byte for byte the same.
#   same-outputs.py DIR_A DIR_B NAME... (NAME, or A_NAME:B_NAME)
import filecmp
import os
import sys

dir_a, dir_b, names = sys.argv[1], sys.argv[2], sys.argv[3:]
differ = []
for name in names:
    a, _, b = name.partition(":")
    for ext in (".ptx", ".json", ".cubin"):
        pa, pb = os.path.join(dir_a, a + ext), os.path.join(dir_b, (b or a) + ext)
        if not filecmp.cmp(pa, pb, shallow=False):
            differ.append(f"{pa} and {pb} differ")
if differ:
    sys.exit("\n".join(differ))
