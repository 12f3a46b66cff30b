#!/usr/bin/env bash
# Compiles, on the build machine, the inductor sweep's kernels with this
# toolchain: SRC (default test/Inputs/inductor) holds Triton 3.6's TTIR of
# every kernel TorchInductor generated for programs.py, as
# `sweep.py capture` dumped them on the GPU machine, and index.json
# (hash -> file, name, warps, stages). Each is compiled at Triton's warps and
# stages into OUT/HASH.{cubin,json} for `sweep.py compare OUT`. A
# kernel our tools cannot compile is reported with its first error.
#
# With TRITON_ASM (a folder of Triton's own NAME-HASH8.ptx, from the
# triton_asm.tar.gz a compare run wrote), Triton's PTX is also assembled by
# our ptxas into OUT/HASH@tptx.cubin, which compare times beside ours.
#
# With VARIANT=SUFFIX:FLAGS, each kernel is also compiled with
# TRITON_TRANSLATE_FLAGS=FLAGS into OUT/HASH@SUFFIX.cubin (an experiment on
# the code generation, timed beside the default compile).
#
# Usage: utils/bench/inductor/prepare.sh OUT [SRC [TRITON_ASM]]   (OUT inside
# the repository, so it travels to the GPU machine with the working tree)
#        utils/bench/inductor/prepare.sh --import TARBALL [SRC]
#   unpacks a capture's inductor_kernels.tar.gz into SRC as NAME-HASH8.ttir
#   files and an index.json that names them (what SRC holds).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "${1:-}" = "--import" ]; then
  exec /usr/bin/python3 - "$2" "${3:-$here/../../../test/Inputs/inductor}" <<'PY'
import json, os, sys, tarfile
tarball, dest = sys.argv[1:3]
os.makedirs(dest, exist_ok=True)
with tarfile.open(tarball) as tar:
    index = json.load(tar.extractfile("index.json"))
    for h, k in index.items():
        k["file"] = f"{k['name']}-{h[:8]}.ttir"
        with open(os.path.join(dest, k["file"]), "wb") as f:
            f.write(tar.extractfile(f"{h}.ttir").read())
json.dump(index, open(os.path.join(dest, "index.json"), "w"), indent=1, sort_keys=True)
print(f"{len(index)} kernels in {dest}")
PY
fi
out="$1" src="${2:-$here/../../../test/Inputs/inductor}" asm="${3:-}"
mkdir -p "$out"
cp "$src/index.json" "$out/index.json"
ok=0 failed=0
while read -r hash file warps stages ctas; do
  if "$here/../../triton-compile" --num-warps "$warps" --num-stages "$stages" --num-ctas "$ctas" \
       -o "$out/$hash" "$src/$file" 2> "$out/$hash.log"; then
    ok=$((ok + 1))
    rm -f "$out/$hash.ptx" "$out/$hash.log"
    if [ -n "${VARIANT:-}" ]; then
      TRITON_TRANSLATE_FLAGS="${VARIANT#*:}" "$here/../../triton-compile" --num-warps "$warps" \
        --num-stages "$stages" --num-ctas "$ctas" -o "$out/$hash@${VARIANT%%:*}" "$src/$file" \
        2>/dev/null
      rm -f "$out/$hash@${VARIANT%%:*}.ptx" "$out/$hash@${VARIANT%%:*}.json"
    fi
    theirs="$asm/${file%.ttir}.ptx"
    if [ -n "$asm" ] && [ -f "$theirs" ]; then
      "${PTXAS:-/usr/local/cuda/bin/ptxas}" --gpu-name=sm_90a "$theirs" -o "$out/$hash@tptx.cubin"
    fi
  else
    failed=$((failed + 1))
    echo "FAILED    $file: $(grep -m1 error "$out/$hash.log")"
  fi
done < <(/usr/bin/python3 -c '
import json, sys
for h, k in sorted(json.load(open(sys.argv[1])).items()):
    print(h, k["file"], k["num_warps"], k["num_stages"], k["num_ctas"])' "$src/index.json")
echo "compiled $ok, failed $failed"
