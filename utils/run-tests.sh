#!/usr/bin/env bash
# Runs the whole test suite (the lit suite and the GoogleTest suite in one lit
# run) and ends with one line: "N passed, N failed, N skipped".
# lit's PASS and XFAIL count as passed, UNSUPPORTED as skipped, anything else
# as failed. Usage: run-tests.sh BUILD_DIR/test [lit args...]
set -uo pipefail
test_dir="$1"; shift
lit=/usr/lib/llvm-22/bin/lit
results=$(mktemp)
trap 'rm -f "$results"' EXIT

"$lit" -sv --order=lexical "$@" "$test_dir" "$test_dir/unit" | tee "$results"
lit_status=${PIPESTATUS[0]}

/usr/bin/python3 - "$results" "$lit_status" <<'PY'
import re, sys
counts = {}
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"^\s+(Passed|Expectedly Failed|Unsupported|Failed|Unexpectedly Passed|"
                 r"Unresolved|Timed Out|Excluded|Skipped)\s*:\s*(\d+)", line)
    if m:
        counts[m.group(1)] = int(m.group(2))
passed = counts.get("Passed", 0) + counts.get("Expectedly Failed", 0)
skipped = counts.get("Unsupported", 0)
failed = sum(v for k, v in counts.items()
             if k in ("Failed", "Unexpectedly Passed", "Unresolved", "Timed Out"))
if int(sys.argv[2]) != 0 and failed == 0:
    failed = 1  # lit itself failed (configuration error): never report green
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
PY
