#!/usr/bin/env bash
# Prints each corpus file whose round trip through triton-opt differs from it
# (trailing newlines excepted). Usage: roundtrip-check.sh TRITON_OPT FILE...
opt="$1"; shift
status=0
for f in "$@"; do
  if ! out=$("$opt" --mlir-print-debuginfo --mlir-use-nameloc-as-prefix "$f" 2>&1); then
    echo "PARSE-FAIL $f: $(echo "$out" | head -3)"; status=1; continue
  fi
  if [ "$(cat "$f")" != "$out" ]; then
    echo "DIFF $f ($(diff <(cat "$f") <(echo "$out") | grep -c '^[<>]') lines)"; status=1
  else
    echo "OK $f"
  fi
done
exit $status
