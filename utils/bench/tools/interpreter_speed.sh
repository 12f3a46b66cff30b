#!/usr/bin/env bash
# Times triton-run on the issue's benchmark kernels and prints a table.
#
#   utils/bench/tools/interpreter_speed.sh [BUILD_DIR]      (default: build)
#
# For each kernel: the best of 5 runs of the kernel alone (TRITON_RUN_TIMING,
# without parsing and input generation), the whole process, the reference
# interpreter's figure from issue 5 (NumPy, one server core), and the speedup
# of the kernel time and of the whole process over it. A benchmark, not a test: it asserts nothing.
set -euo pipefail

here="$(cd "$(dirname "$0")/../../.." && pwd)"
build="${1:-$here/build}"
run="${TRITON_RUN:-$build/bin/triton-run}"
corpus="${TRITON_CORPUS:-$here/../shared/corpus}"
sm90="$corpus/triton-3.6-sm90"
inputs="$here/test/interpreter/Inputs"
[ -x "$run" ] || { echo "bench-interpreter: no triton-run at $run" >&2; exit 1; }
[ -d "$sm90" ] || { echo "bench-interpreter: no corpus at $corpus" >&2; exit 1; }

best_of_5() { # prints "kernel_seconds total_seconds"
  local bestk=999 bestt=999 k t0 t1
  for _ in 1 2 3 4 5; do
    t0=$(date +%s.%N)
    k=$(TRITON_RUN_TIMING=1 "$run" "$@" 2>&1 >/dev/null | sed -n 's/^triton-run: kernel time \([0-9.]*\) s$/\1/p')
    t1=$(date +%s.%N)
    [ -n "$k" ] || { echo "bench-interpreter: run failed: $*" >&2; "$run" "$@" >/dev/null; exit 1; }
    read -r bestk bestt < <(awk -v k="$k" -v t0="$t0" -v t1="$t1" -v bk="$bestk" -v bt="$bestt" \
      'BEGIN { t = t1 - t0; print (k < bk ? k : bk), (t < bt ? t : bt) }')
  done
  echo "$bestk $bestt"
}

row() { # name size reference-seconds args...
  local name="$1" size="$2" ref="$3"; shift 3
  read -r k t < <(best_of_5 "$@")
  local speed="-" speedt="-"
  if [ "$ref" != "-" ]; then
    speed=$(awk -v r="$ref" -v k="$k" 'BEGIN { printf "%.0fx", r / k }')
    speedt=$(awk -v r="$ref" -v t="$t" 'BEGIN { printf "%.0fx", r / t }')
  fi
  printf "%-22s %-22s %10.4f %10.4f %8s %9s %9s\n" "$name" "$size" "$k" "$t" "$ref" "$speed" "$speedt"
}

echo "triton-run benchmark on $(hostname), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
printf "%-22s %-22s %10s %10s %8s %9s %9s\n" kernel size "kernel(s)" "total(s)" "ref(s)" "x(kernel)" "x(total)"
N=$((1 << 20))
row "vector add fp32" "2^20, 1024 programs" 0.80 \
  "$sm90/add_fp32.ttir" --grid 1024 --arg "x_ptr=f32[$N]:rand(1)" --arg "y_ptr=f32[$N]:rand(2)" \
  --arg "out_ptr=f32[$N]:zeros" --arg n=i32:$N
row "softmax fp32" "1024x1024" 1.61 \
  "$sm90/softmax.ttir" --grid 1024 --arg "out_ptr=f32[1024,1024]:zeros" \
  --arg "in_ptr=f32[1024,1024]:rand(3)" --arg in_stride=i32:1024 --arg out_stride=i32:1024 --arg n_cols=i32:1024
row "layer norm fp16" "512x1024" 1.25 \
  "$inputs/layernorm.mlir" --grid 512 --arg "x_ptr=f16[512,1024]:rand(1)" --arg "y_ptr=f16[512,1024]:zeros" \
  --arg "w_ptr=f16[1024]:rand(2)" --arg "b_ptr=f16[1024]:rand(3)" --arg stride=i32:1024 --arg N=i32:1024 \
  --arg eps=f32:1e-5
M=$((1 << 16))
row "misc i32" "2^16, 256 programs" 1.16 \
  "$sm90/misc.ttir" --grid 256 --arg "x_ptr=i32[$M]:randint(-50,50,1)" --arg "out_ptr=i32[$M]:zeros" \
  --arg "cnt_ptr=i32[1]:zeros" --arg n=i32:$M
row "matmul fp16 (small)" "512^3, 64 programs" - \
  "$sm90/matmul_fp16_small.ttir" --grid 64 --arg "a_ptr=f16[512,512]:rand(1)" --arg "b_ptr=f16[512,512]:rand(2)" \
  --arg "c_ptr=f16[512,512]:zeros" --arg M=i32:512 --arg N=i32:512 --arg K=i32:512 --arg sam=i32:512 \
  --arg sbk=i32:512 --arg scm=i32:512
row "matmul fp16 (sm90)" "512^3, 8 programs" - \
  "$sm90/matmul_fp16_sm90.ttir" --grid 8 --arg "a_ptr=f16[512,512]:rand(1)" --arg "b_ptr=f16[512,512]:rand(2)" \
  --arg "c_ptr=f16[512,512]:zeros" --arg M=i32:512 --arg N=i32:512 --arg K=i32:512 --arg sam=i32:512 \
  --arg sbk=i32:512 --arg scm=i32:512
row "matmul fp32 blockptr" "512^3, 8x8 programs" - \
  "$inputs/matmul-blockptr.mlir" --grid 8,8 --arg "a_ptr=f32[512,512]:rand(1)" --arg "b_ptr=f32[512,512]:rand(2)" \
  --arg "c_ptr=f32[512,512]:zeros" --arg M=i32:512 --arg N=i32:512 --arg K=i32:512
echo "ref(s): the reference interpreter's time from issue 5 ('-': it fails on the corpus matmuls or no figure)."
