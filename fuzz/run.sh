#!/usr/bin/env bash
# Runs each libFuzzer target of the sanitizer build for SECONDS, one at a time
# under nice, seeded from the shared corpus, the test inputs and the
# minimized corpus in test/fuzz/ (fuzz/make-seeds.py). Prints per target its
# executions, coverage and whether it found a crash, leak or timeout (saved
# under BUILD/fuzz/artifacts/); exits 1 if any target did.
#
# Usage: fuzz/run.sh BUILD SECONDS [TARGET...]   (default: all six)
#        fuzz/run.sh --minimize BUILD TARGET...  (test/fuzz/TARGET/ becomes
#        the inputs of the runs and of test/fuzz/TARGET/ that reach coverage
#        the other seeds do not, merged smallest first)
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
minimize=0
if [ "${1:-}" = "--minimize" ]; then minimize=1; shift; fi
build=$(cd "$1" && pwd); shift
if [ $minimize = 0 ]; then seconds=$1; shift; fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse pipelines translate run demangle argspec)
work=$build/fuzz
# The sanitizer options of `make fuzz` (the Makefile's SANITIZE_ENV) where the
# caller set none, as for --minimize by hand: without allow_user_poisoning=0
# every allocation MLIR makes reads as use-after-poison (docs/Reliability.md).
supp=$src/fuzz/suppressions
: "${ASAN_OPTIONS:=halt_on_error=1:detect_leaks=1:allow_user_poisoning=0:suppressions=$supp/asan.supp}"
: "${UBSAN_OPTIONS:=halt_on_error=1:print_stacktrace=1:suppressions=$supp/ubsan.supp}"
: "${LSAN_OPTIONS:=suppressions=$supp/lsan.supp}"
export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
shared=${TRITON_SHARED_DIR:-$src/../shared}

# Seeds are rebuilt each time (seconds); the translate seeds need LLVM-dialect
# modules, lowered with the fastest triton-opt at hand.
opt=$src/build/bin/triton-opt
[ -x "$opt" ] || opt=$build/bin/triton-opt
rm -rf "$work/seeds"
python3 "$src/fuzz/make-seeds.py" "$src" "$shared" "$work/seeds" "$opt" >/dev/null

# Per target: extra flags. Module inputs are capped at 32 KiB (larger seeds
# are left out by make-seeds.py); names and specs at 256 bytes.
flags_for() {
  case $1 in
    parse|pipelines|translate|run) echo "-max_len=32768 -dict=$src/fuzz/mlir.dict" ;;
    *) echo "-max_len=256" ;;
  esac
}

if [ $minimize = 1 ]; then
  base=$work/base-seeds
  rm -rf "$base"
  python3 "$src/fuzz/make-seeds.py" --without-kept "$src" "$shared" "$base" "$opt" >/dev/null
  for t in "${targets[@]}"; do
    # The seeds other than the kept corpus go in first, whole: -merge=1 then
    # adds, smallest first, only the inputs of the kept corpus and of the
    # runs that reach code (edges, hit counts aside) that none of them, nor an
    # input added before, reaches. Those replace test/fuzz/$t.
    merged=$(mktemp -d)
    mkdir -p "$base/$t" "$src/test/fuzz/$t" "$work/corpus/$t"
    cp "$base/$t"/. "$merged/" -r
    nice -n 19 "$build/bin/fuzz-$t" -merge=1 -use_counters=0 $(flags_for "$t") "$merged" \
      "$src/test/fuzz/$t" "$work/corpus/$t" >"$work/$t.merge.log" 2>&1 ||
      { echo "$t: merge failed, see $work/$t.merge.log"; rm -rf "$merged"; exit 1; }
    # Named inputs (crash reproducers; libFuzzer names by SHA-1) stay, and
    # no hashed copy of one is added beside it.
    declare -A named=()
    for f in "$src/test/fuzz/$t"/*; do
      [ -f "$f" ] || continue
      if [[ $(basename "$f") =~ ^[0-9a-f]{40}$ ]]; then rm -f "$f"
      else named[$(sha1sum <"$f" | cut -c1-40)]=1; fi
    done
    kept=0
    for f in "$merged"/*; do
      n=$(basename "$f")
      [ -e "$base/$t/$n" ] || [ -n "${named[$n]:-}" ] && continue
      cp "$f" "$src/test/fuzz/$t/"; kept=$((kept + 1))
    done
    unset named
    rm -rf "$merged"
    echo "$t: $kept inputs beyond the other seeds kept in test/fuzz/$t" \
      "($(du -sk --apparent-size "$src/test/fuzz/$t" | cut -f1) KiB)"
  done
  exit 0
fi

status=0
for t in "${targets[@]}"; do
  mkdir -p "$work/corpus/$t" "$work/artifacts"
  start=$(date +%s)
  nice -n 19 "$build/bin/fuzz-$t" -max_total_time="$seconds" -timeout=30 \
    -rss_limit_mb=3072 -print_final_stats=1 $(flags_for "$t") \
    -artifact_prefix="$work/artifacts/$t-" \
    "$work/corpus/$t" "$work/seeds/$t" >"$work/$t.log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/$t.log" | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/$t.log" | tail -1)
  result=clean
  if [ $rc -ne 0 ]; then
    result="FOUND ($(grep -m1 -oE 'ERROR: [A-Za-z]+: [^ ]+( [^ ]+)?|deadly signal|timeout after [0-9]+ seconds|out-of-memory' "$work/$t.log" | head -1)); see $work/$t.log"
    status=1
  fi
  echo "fuzz-$t: $(( $(date +%s) - start )) s, ${execs:-?} executions, ${cov:-no coverage line}: $result"
done
exit $status
