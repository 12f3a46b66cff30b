#!/usr/bin/env bash
# Runs the whole test suite (the lit suite and the GoogleTest suite in one lit
# run, then the Python bindings' pytest suite) and ends with one line:
# "N passed, N failed, N skipped", both suites counted.
# lit's PASS and XFAIL count as passed, UNSUPPORTED as skipped, anything else
# as failed; pytest's as it reports them. Usage: run-tests.sh BUILD_DIR/test [lit args...]
set -uo pipefail
test_dir="$1"; shift
lit=/usr/lib/llvm-22/bin/lit
results=$(mktemp)
pytest_xml=$(mktemp)
trap 'rm -f "$results" "$pytest_xml"' EXIT

"$lit" -sv --order=lexical "$@" "$test_dir" "$test_dir/unit" | tee "$results"
lit_status=${PIPESTATUS[0]}

# The Python module's tests, where it was built (pybind11 found).
pytest_status=0
source_dir=$(cd "$(dirname "$0")/.." && pwd)
# In the sanitizer build (make check-sanitize) the module is instrumented and
# python3 is not: the ASan runtime is preloaded (it must come first in the
# library list) and leaks are not looked for, since CPython keeps interned
# objects and module state alive until exit on purpose (test/lit.cfg.py's
# %python_ext does the same).
python_env=()
cache="$test_dir/../CMakeCache.txt"
if grep -q '^CMAKE_CXX_FLAGS:.*-fsanitize=[a-z,]*address' "$cache" 2>/dev/null; then
  cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$cache")
  python_env=(LD_PRELOAD="$("$cxx" -print-file-name=libclang_rt.asan-x86_64.so)"
              ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")
fi
if compgen -G "$test_dir/../python/triton_ir/_triton_ir*.so" > /dev/null; then
  env "${python_env[@]}" PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$test_dir/../python" /usr/bin/python3 -m pytest -q -p no:cacheprovider \
    --junitxml="$pytest_xml" "$source_dir/test/bindings/python"
  pytest_status=$?
else
  echo "run-tests: the Python bindings were not built: their tests are not run"
fi

/usr/bin/python3 - "$results" "$lit_status" "$pytest_xml" "$pytest_status" <<'PY'
import re, sys
import xml.etree.ElementTree as ElementTree
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
try:
    suites = ElementTree.parse(sys.argv[3]).getroot()
    for suite in suites.iter("testsuite"):
        tests, skips = int(suite.get("tests", 0)), int(suite.get("skipped", 0))
        bad = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        passed += tests - skips - bad
        skipped += skips
        failed += bad
except ElementTree.ParseError:
    pass  # pytest did not run
if int(sys.argv[4]) not in (0, 5) and failed == 0:
    failed = 1  # pytest itself failed (5: no tests collected)
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
PY
