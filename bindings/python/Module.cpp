//===- Module.cpp - The triton_ir Python module: IR, passes, compile, run -===//
//
// The extension `triton_ir._triton_ir`: parse, print and verify modules, run
// pass pipelines, compile to device code, interpret, mangle and demangle.
// Compilation, pipelines and the interpreter go through the C API
// (bindings/c), so that C and Python callers run the same code. The
// Pythonic wrappers (NumPy arrays, metadata dicts) are in triton_ir/.
//
//===----------------------------------------------------------------------===//

#include "bindings/python/PyCommon.h"

#include "triton-c/Compile.h"
#include "triton-c/Dialects.h"
#include "triton-c/Interpreter.h"
#include "triton-c/Passes.h"

#include "passes/Specialize/Mangling.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

namespace py = pybind11;
using namespace mlir;
using namespace triton_py;

//===----------------------------------------------------------------------===//
// Context and diagnostics
//===----------------------------------------------------------------------===//

Context::Context() : context(unwrap(tritonContextCreate())) {
  // Errors become Python exceptions with every diagnostic in them; printing
  // the op after each would repeat the whole module.
  context->printOpOnDiagnostic(false);
  tritonRegisterAllPasses();
}

Context::~Context() { delete context; }

ContextRef triton_py::getDefaultContext() {
  static ContextRef context = std::make_shared<Context>();
  return context;
}

std::string DiagnosticInfo::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!file.empty())
    os << file << ":" << line << ":" << column << ": ";
  os << severity << ": " << message;
  return text;
}

/// The file location a diagnostic is reported at: the first FileLineColLoc
/// inside names, call sites and fused locations.
static std::optional<FileLineColLoc> findFileLoc(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto name = dyn_cast<NameLoc>(loc))
    return findFileLoc(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return findFileLoc(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto file = findFileLoc(inner))
        return file;
  return std::nullopt;
}

static const char *severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

// Owned by the module object (a global py::object would be released after
// the interpreter is gone).
static PyObject *diagnosticErrorType;

DiagnosticCapture::DiagnosticCapture(MLIRContext *context) : context(context) {
  id = context->getDiagEngine().registerHandler([this](mlir::Diagnostic &d) {
    auto record = [this](mlir::Diagnostic &d) {
      DiagnosticInfo diagnostic;
      if (auto file = findFileLoc(d.getLocation())) {
        diagnostic.file = file->getFilename().str();
        diagnostic.line = file->getLine();
        diagnostic.column = file->getColumn();
      }
      diagnostic.severity = severityName(d.getSeverity());
      diagnostic.message = d.str();
      collected.push_back(std::move(diagnostic));
    };
    record(d);
    for (mlir::Diagnostic &note : d.getNotes())
      record(note);
    return success();
  });
}

DiagnosticCapture::~DiagnosticCapture() {
  context->getDiagEngine().eraseHandler(id);
}

void DiagnosticCapture::raise(const std::string &fallback) {
  std::string message;
  py::list diagnostics;
  for (const DiagnosticInfo &d : collected) {
    if (d.severity == std::string("remark"))
      continue;
    message += (message.empty() ? "" : "\n") + d.str();
    diagnostics.append(py::cast(d));
  }
  if (message.empty())
    message = fallback;
  py::object error = py::handle(diagnosticErrorType)(message);
  error.attr("diagnostics") = diagnostics;
  PyErr_SetObject(diagnosticErrorType, error.ptr());
  throw py::error_already_set();
}

//===----------------------------------------------------------------------===//
// Parse, print, verify, pipelines
//===----------------------------------------------------------------------===//

static std::shared_ptr<Module> parseModule(const std::string &text,
                                     const std::string &filename,
                                     ContextRef context) {
  if (!context)
    context = getDefaultContext();
  DiagnosticCapture capture(context->get());
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, filename), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context->get()));
  if (!module)
    capture.raise("cannot parse " + filename);
  return std::make_shared<Module>(context, std::move(module));
}

static std::string printModule(Module &module, bool debuginfo, bool generic,
                         bool nameLocAsPrefix) {
  OpPrintingFlags flags;
  if (debuginfo)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  if (generic)
    flags.printGenericOpForm();
  if (nameLocAsPrefix)
    flags.printNameLocAsPrefix();
  std::string text;
  llvm::raw_string_ostream os(text);
  module.op->print(os, flags);
  return text;
}

static void verifyModule(Module &module) {
  DiagnosticCapture capture(module.context->get());
  if (failed(mlir::verify(module.op)))
    capture.raise("the module does not verify");
}

static void runPipeline(Module &module, const std::string &pipeline) {
  DiagnosticCapture capture(module.context->get());
  if (mlirLogicalResultIsFailure(tritonRunPassPipeline(
          wrap(module.op), mlirStringRefCreate(pipeline.data(),
                                               pipeline.size()))))
    capture.raise("the pipeline '" + pipeline + "' failed");
}

static std::shared_ptr<Module> cloneModule(Module &module) {
  return std::make_shared<Module>(module.context,
                                  OwningOpRef<ModuleOp>(module.op.clone()));
}

//===----------------------------------------------------------------------===//
// Compile and interpret
//===----------------------------------------------------------------------===//

static void appendTo(MlirStringRef piece, void *userData) {
  static_cast<std::string *>(userData)->append(piece.data, piece.length);
}

/// Device code for a copy of `module`: (assembly, binary, metadata JSON).
static py::tuple compileModule(Module &module, const std::string &target,
                               int numWarps, int numCtas, int numStages,
                               int ptxVersion, std::optional<std::string> ptxas,
                               int maxnreg,
                               std::optional<std::string> nvjitlink) {
  std::shared_ptr<Module> copy = cloneModule(module);
  TritonCompileOptions options = tritonCompileOptionsDefault();
  options.target = target.c_str();
  options.numWarps = numWarps;
  options.numCtas = numCtas;
  options.numStages = numStages;
  options.ptxVersion = ptxVersion;
  if (ptxas)
    options.ptxas = ptxas->c_str();
  options.maxnreg = maxnreg;
  if (nvjitlink)
    options.nvjitlink = nvjitlink->c_str();
  // Three outputs through one user-data pointer: each callback is told apart
  // by the string it appends to.
  struct Outputs {
    std::string assembly, binary, metadata;
  } outputs;
  DiagnosticCapture capture(module.context->get());
  MlirLogicalResult result;
  {
    py::gil_scoped_release release;
    result = tritonCompile(
        wrap(copy->op), &options,
        [](MlirStringRef s, void *u) {
          appendTo(s, &static_cast<Outputs *>(u)->assembly);
        },
        [](MlirStringRef s, void *u) {
          appendTo(s, &static_cast<Outputs *>(u)->binary);
        },
        [](MlirStringRef s, void *u) {
          appendTo(s, &static_cast<Outputs *>(u)->metadata);
        },
        &outputs);
  }
  if (mlirLogicalResultIsFailure(result))
    capture.raise("compiling for " + target + " failed");
  return py::make_tuple(outputs.assembly, py::bytes(outputs.binary),
                        outputs.metadata);
}

/// Runs the interpreter. `args` holds tuples ("buffer", dtype, address,
/// shape), ("int", value) or ("float", value); the buffers' memory is the
/// caller's (NumPy arrays kept alive by the caller).
static void interpretModule(Module &module, const std::string &kernel,
                      std::vector<int64_t> grid, py::list args) {
  std::vector<TritonInterpArg> cArgs;
  std::vector<std::string> dtypes;
  std::vector<std::vector<int64_t>> shapes;
  dtypes.reserve(args.size());
  shapes.reserve(args.size());
  for (py::handle item : args) {
    py::tuple spec = item.cast<py::tuple>();
    std::string kind = spec[0].cast<std::string>();
    TritonInterpArg arg{};
    if (kind == "buffer") {
      arg.kind = TritonInterpArgBuffer;
      dtypes.push_back(spec[1].cast<std::string>());
      arg.dtype = dtypes.back().c_str();
      arg.data = reinterpret_cast<void *>(spec[2].cast<uintptr_t>());
      shapes.push_back(spec[3].cast<std::vector<int64_t>>());
      arg.shape = shapes.back().data();
      arg.rank = shapes.back().size();
    } else if (kind == "int") {
      arg.kind = TritonInterpArgInt;
      arg.intValue = spec[1].cast<int64_t>();
    } else {
      arg.kind = TritonInterpArgFloat;
      arg.floatValue = spec[1].cast<double>();
    }
    cArgs.push_back(arg);
  }
  std::string printed;
  DiagnosticCapture capture(module.context->get());
  MlirLogicalResult result;
  {
    py::gil_scoped_release release;
    result = tritonInterpret(
        wrap(module.op), mlirStringRefCreate(kernel.data(), kernel.size()),
        grid.data(), grid.size(), cArgs.data(), cArgs.size(), appendTo,
        &printed);
  }
  if (!printed.empty())
    py::module_::import("sys").attr("stdout").attr("write")(printed);
  if (mlirLogicalResultIsFailure(result))
    capture.raise("the interpreter failed");
}

//===----------------------------------------------------------------------===//
// Mangling
//===----------------------------------------------------------------------===//

static triton::mangling::Scheme schemeOf(const std::string &spelling) {
  std::optional<triton::mangling::Scheme> scheme =
      triton::mangling::parseScheme(spelling);
  if (!scheme)
    throw py::value_error("unknown mangling scheme '" + spelling +
                          "' (seed or 3.6)");
  return *scheme;
}

static std::string mangleType(const std::string &name) {
  FailureOr<std::string> mangled = triton::mangling::mangleTypeName(name);
  if (failed(mangled))
    throw py::value_error("'" + name + "' is not a Triton type name");
  return *mangled;
}

/// `constants`: (path, repr) pairs, the reprs already Python's.
static std::string
mangleFunction(const std::string &name, const std::vector<std::string> &types,
               const std::vector<std::pair<std::vector<unsigned>, std::string>>
                   &constants,
               const std::string &scheme) {
  std::vector<std::string> manglings;
  for (const std::string &type : types)
    manglings.push_back(mangleType(type));
  SmallVector<triton::mangling::BoundConstant> bound;
  for (const auto &[path, repr] : constants)
    bound.push_back({SmallVector<unsigned, 2>(path.begin(), path.end()), repr});
  return triton::mangling::mangleFunctionName(name, manglings, bound,
                                              schemeOf(scheme));
}

static py::object demangleName(const std::string &name) {
  std::optional<triton::mangling::DemangledName> parts =
      triton::mangling::demangle(name);
  if (!parts)
    return py::none();
  py::dict result;
  result["scheme"] = triton::mangling::stringifyScheme(parts->scheme).str();
  result["name"] = parts->baseName;
  result["arg_manglings"] = std::vector<std::string>(
      parts->argManglings.begin(), parts->argManglings.end());
  py::list constants;
  for (const auto &constant : parts->constants)
    constants.append(py::make_tuple(
        py::tuple(py::cast(std::vector<unsigned>(constant.path.begin(),
                                                 constant.path.end()))),
        constant.repr));
  result["constants"] = constants;
  return result;
}

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

PYBIND11_MODULE(_triton_ir, m) {
  m.doc() = "Triton IR: parse, transform, compile and interpret (native part)";

  diagnosticErrorType = PyErr_NewExceptionWithDoc(
      "triton_ir.DiagnosticError",
      "MLIR reported errors; .diagnostics lists them (file, line, column, "
      "severity, message)",
      PyExc_RuntimeError, nullptr);
  m.attr("DiagnosticError") = py::handle(diagnosticErrorType);

  py::class_<DiagnosticInfo>(m, "Diagnostic")
      .def_readonly("file", &DiagnosticInfo::file)
      .def_readonly("line", &DiagnosticInfo::line)
      .def_readonly("column", &DiagnosticInfo::column)
      .def_readonly("severity", &DiagnosticInfo::severity)
      .def_readonly("message", &DiagnosticInfo::message)
      .def("__str__", &DiagnosticInfo::str)
      .def("__repr__", [](const DiagnosticInfo &d) {
        return "<Diagnostic " + d.str() + ">";
      });

  py::class_<Context, std::shared_ptr<Context>>(m, "context")
      .def(py::init<>());
  m.attr("Context") = m.attr("context");
  m.def("get_default_context", &getDefaultContext);

  py::class_<Module, std::shared_ptr<Module>> moduleClass(m, "module");
  moduleClass.def_readonly("context", &Module::context)
      .def("print", &printModule, py::arg("debuginfo") = false,
           py::arg("generic") = false, py::arg("use_nameloc_as_prefix") = false)
      .def("__str__", [](Module &module) {
        return printModule(module, false, false, false);
      })
      .def("str", [](Module &module) { return printModule(module, false, false, false); })
      .def("verify", &verifyModule)
      .def("run_pipeline", &runPipeline, py::arg("pipeline"))
      .def("clone", &cloneModule);
  m.attr("Module") = m.attr("module");

  m.def("parse", &parseModule, py::arg("text"), py::arg("filename") = "<string>",
        py::arg("context") = nullptr);
  m.def("run_pipeline", &runPipeline, py::arg("module"), py::arg("pipeline"));
  m.def("_compile", &compileModule);
  m.def("_interpret", &interpretModule);
  m.def("mangle_type", &mangleType, py::arg("type_name"));
  m.def("_mangle_fn", &mangleFunction);
  m.def("demangle", &demangleName, py::arg("name"));

  defineBuilder(m, moduleClass);
}
