#!/usr/bin/env bash
# Compile time of our toolchain, TTIR -> PTX, cubin and metadata, per kernel,
# median of 5 runs, on this machine, with the compile cache off:
#   3-proc    the three processes utils/triton-compile ran up to 2026-12-02
#             (triton-opt, triton-translate with LLVM O3 and libdevice, ptxas),
#             wall time, and its CPU time (user + system of all processes);
#   cold      the triton-compile tool, one process for the kernel (start-up
#             included), wall time;
#   cold CPU  user + system time of that process and its ptxas runs, which
#             other load on the machine inflates less;
#   warm      the same kernel in a triton-compile process that has compiled
#             another kernel before (as Triton and Inductor compile): the
#             tool's own stage times (-v), no start-up;
#   hit       a cache hit, one process, wall time.
# Then the whole list as one batch, -j 1 and -j <cores>, wall time. Triton
# 3.6's figures for the same kernels (GPU machine's CPU) are in
# ../shared/anchors.md.
#
# Usage: utils/bench/tools/compile_speed.sh [BUILD]
set -uo pipefail
build="$(cd "${1:-build}" && pwd)"
corpus="$(cd "$(dirname "$0")/../../../.." && pwd)/shared/corpus"
inputs="$(cd "$(dirname "$0")/../../../test/Inputs" && pwd)"
tool="$build/bin/triton-compile"
ptxas="${PTXAS:-/usr/local/cuda/bin/ptxas}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export TIMEFORMAT='%R %U %S'

median() { printf '%s\n' "$@" | sort -n | sed -n 3p; }
# wall and CPU milliseconds of a command: "WALL CPU", or "" if it failed.
measure() {
  local measured real user sys
  measured=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || return 1
  read -r real user sys <<< "$(echo "$measured" | tail -1)"
  awk -v r="$real" -v u="$user" -v s="$sys" \
    'BEGIN { printf "%d %d\n", r * 1000, (u + s) * 1000 }'
}
three_process() { # INPUT WARPS STAGES PREFIX
  local options="target=cuda:90 num-warps=$2 num-ctas=1 num-stages=$3" pipeline
  if grep -q '"\?ttg.num-warps"\?' "$1"; then pipeline="-triton-make-llir=$options"
  else pipeline="-triton-to-llvm=$options"; fi
  "$build/bin/triton-opt" "$1" "$pipeline" -o "$4.llvm.mlir" &&
  "$build/bin/triton-translate" --mlir-to-ptx --arch=sm_90a "$4.llvm.mlir" -o "$4.ptx" \
    --metadata="$4.json" &&
  "$ptxas" --gpu-name=sm_90a "$4.ptx" -o "$4.cubin"
}

# kernel[:warps:stages], at the configurations the kernels were dumped with
specs=(triton-3.6-sm90/add_fp32 triton-3.6-sm90/add_fp16 triton-3.6-sm90/softmax
       triton-3.6-sm90/blockptr triton-3.6-sm90/math triton-3.6-sm90/misc
       triton-3.6-sm90/shape triton-3.6-sm90/matmul_fp16_small:4:2
       triton-3.6-sm90/matmul_fp16_sm90:8:3 Inputs/addmm/addmm:8:3
       Inputs/attention_causal/attention_causal:8:3
       "Inputs/inductor/triton_red_fused_native_group_norm_0-3e33c78a:16:1")
printf '%-34s %8s %11s %8s %9s %8s %8s\n' kernel "3-proc" "3-proc CPU" cold "cold CPU" warm hit
: > "$tmp/batch"
for spec in "${specs[@]}"; do
  IFS=: read -r entry warps stages <<< "$spec"
  warps="${warps:-4}" stages="${stages:-3}"
  case "$entry" in
    Inputs/*) input="$inputs/${entry#Inputs/}.ttir" ;;
    *) input="$corpus/$entry.ttir" ;;
  esac
  name="$(basename "$entry")"
  opts=(--ptxas="$ptxas" --num-warps "$warps" --num-stages "$stages")
  echo "$input --num-warps $warps --num-stages $stages -o $tmp/batch-$name" >> "$tmp/batch"
  old=() oldcpu=() cold=() cpu=() warm=() hit=()
  rm -rf "$tmp/cache"
  "$tool" "${opts[@]}" --cache-dir="$tmp/cache" -o "$tmp/$name" "$input" 2>/dev/null
  for _ in 1 2 3 4 5; do
    m=$(measure three_process "$input" "$warps" "$stages" "$tmp/old-$name") || { old=(); break; }
    old+=("${m% *}") oldcpu+=("${m#* }")
  done
  for _ in 1 2 3 4 5; do
    m=$(measure "$tool" "${opts[@]}" --no-cache -o "$tmp/$name" "$input") || { cold=(); break; }
    cold+=("${m% *}") cpu+=("${m#* }")
    m=$(measure "$tool" "${opts[@]}" --cache-dir="$tmp/cache" -o "$tmp/$name" "$input")
    hit+=("${m% *}")
    # warm: add_fp32 first, then the kernel, in one process; its stage times.
    w=$("$tool" --ptxas="$ptxas" --no-cache -v -j 1 --output-dir "$tmp/warm" \
          --batch <(echo "$corpus/triton-3.6-sm90/add_fp32.ttir -o $tmp/warm/first"
                    echo "$input --num-warps $warps --num-stages $stages -o $tmp/warm/k") 2>&1 |
        grep "^$input: compiled" | grep -o '[0-9.]* ms' |
        awk '{ s += $1 } END { printf "%d", s }')
    warm+=("$w")
  done
  if [ ${#cold[@]} -eq 0 ]; then
    printf '%-34s %8s\n' "$name" "not yet"
    continue
  fi
  printf '%-34s %8s %11s %8s %9s %8s %8s\n' "$name" \
    "$([ ${#old[@]} -gt 0 ] && median "${old[@]}")" "$([ ${#old[@]} -gt 0 ] && median "${oldcpu[@]}")" \
    "$(median "${cold[@]}")" "$(median "${cpu[@]}")" "$(median "${warm[@]}")" "$(median "${hit[@]}")"
done
cores="$(nproc)"
for j in 1 "$cores"; do
  m=$(measure "$tool" --ptxas="$ptxas" --no-cache -j "$j" --batch "$tmp/batch")
  echo "batch of ${#specs[@]} kernels, -j $j: ${m% *} ms wall, ${m#* } ms CPU"
done
