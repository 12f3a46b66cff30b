#!/usr/bin/env bash
# Compile time of our toolchain, TTIR -> cubin with every process included
# (triton-opt, triton-translate with LLVM O3 and libdevice, ptxas), median of 5
# runs per kernel, on this machine: wall time, and CPU time (user + system of
# all processes), which other load on the machine does not inflate. Triton 3.6's figures for the same kernels
# (cold cache, whole warmup(), GPU machine's CPU) are in ../shared/anchors.md.
#
# Usage: utils/bench/tools/compile_speed.sh [BUILD]   (kernels our lowering cannot compile
# yet are reported as such)
set -uo pipefail
build="${1:-build}"
corpus="$(cd "$(dirname "$0")/../../../.." && pwd)/shared/corpus"
compile="$(dirname "$0")/../../triton-compile"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf '%-22s %12s %12s\n' kernel "wall ms" "CPU ms"
# kernel[:warps:stages], at the configurations the corpus was dumped with
for spec in triton-3.6-sm90/add_fp32 triton-3.6-sm90/add_fp16 triton-3.6-sm90/softmax \
            triton-3.6-sm90/blockptr triton-3.6-sm90/math triton-3.6-sm90/misc \
            triton-3.6-sm90/shape triton-3.6-sm90/matmul_fp16_small:4:2 \
            triton-3.6-sm90/matmul_fp16_sm90:8:3; do
  IFS=: read -r entry warps stages <<< "$spec"
  name="$(basename "$entry")"
  walls=() cpus=()
  for _ in 1 2 3 4 5; do
    TIMEFORMAT='%R %U %S'
    if ! measured=$( { time TRITON_BIN="$build/bin" "$compile" --num-warps "${warps:-4}" \
                         --num-stages "${stages:-3}" -o "$tmp/$name" \
                         "$corpus/$entry.ttir" 2>/dev/null >/dev/null; } 2>&1 ); then
      walls=(); break
    fi
    read -r real user sys <<< "$(echo "$measured" | tail -1)"
    walls+=("$(awk -v r="$real" 'BEGIN { printf "%d", r * 1000 }')")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }')")
  done
  if [ ${#walls[@]} -eq 0 ]; then
    printf '%-22s %12s %12s\n' "$name" "not yet" ""
  else
    median() { printf '%s\n' "$@" | sort -n | sed -n 3p; }
    printf '%-22s %12s %12s\n' "$name" "$(median "${walls[@]}")" "$(median "${cpus[@]}")"
  fi
done
