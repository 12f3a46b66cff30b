#!/usr/bin/env bash
# The demo: parse, verify and print the bundled vector-add kernel, then take it
# as far down the pipeline as the tree allows today (canonicalize + cse + inline).
set -euo pipefail
build="${1:-build}"
opt="$build/bin/triton-opt"
example="examples/vector_add.ttir"

echo "== $example: parsed, verified and printed back by triton-opt"
"$opt" "$example"
echo
echo "== after -inline -canonicalize -cse (the TTIR-level simplifications built so far)"
"$opt" "$example" -inline -canonicalize -cse
echo
echo "== round trip check: printing the printed form again gives the same text"
if diff <("$opt" "$example") <("$opt" "$example" | "$opt") > /dev/null; then
  echo "identical"
else
  echo "DIFFERENT"; exit 1
fi
echo
echo "Not built yet: TTIR -> TTGIR -> LLVM -> PTX/cubin and the interpreter (triton-run)."
