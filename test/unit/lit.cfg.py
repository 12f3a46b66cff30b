# The GoogleTest suite: every TEST of the unit-test binaries is one lit test.
import lit.formats

config.name = "TritonIR-Unit"
config.suffixes = []
config.test_source_root = config.triton_unit_test_dir
config.test_exec_root = config.triton_unit_test_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")
# Test binaries live in one folder per area (Dialect/, Interpreter/, ...).
config.excludes = ["CMakeFiles"]
