//===- DebugInfo.cpp - Line tables and variables for the LLVM dialect -----===//
//
// -enable-line-info and -extract-variable-info: what translation to LLVM IR
// needs to turn source locations into debug info. MLIR's translation drops
// the locations of a function that has no #llvm.di_subprogram, and describes
// a value to the debugger only through an llvm.intr.dbg.value.
//
//===----------------------------------------------------------------------===//

#include "passes/LLVMIR/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/Path.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_ENABLELINEINFO
#define GEN_PASS_DEF_EXTRACTVARIABLEINFO
#include "passes/LLVMIR/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;

namespace {

/// The file location that says where LOC's code is: a name, an opaque or a
/// fused location is looked through (a fused one: its first location that
/// has a file), a call site by its callee (the code that was inlined).
FileLineColLoc findFileLoc(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto name = dyn_cast<NameLoc>(loc))
    return findFileLoc(name.getChildLoc());
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return findFileLoc(opaque.getFallbackLocation());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return findFileLoc(callSite.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (FileLineColLoc file = findFileLoc(part))
        return file;
  return {};
}

/// The #llvm.di_file of a file location: base name and folder.
LLVM::DIFileAttr getFileAttr(MLIRContext *context, FileLineColLoc loc) {
  if (!loc)
    return LLVM::DIFileAttr::get(context, "<unknown>", "");
  StringRef path = loc.getFilename().getValue();
  return LLVM::DIFileAttr::get(context, llvm::sys::path::filename(path),
                               llvm::sys::path::parent_path(path));
}

/// The subprogram a function's location is fused with, if any.
LLVM::DISubprogramAttr findSubprogram(LLVM::LLVMFuncOp func) {
  if (auto fused = func.getLoc()
                       ->findInstanceOf<FusedLocWith<LLVM::DISubprogramAttr>>())
    return fused.getMetadata();
  return {};
}

/// Attaches subprograms to the functions of one module, sharing one compile
/// unit among them: the module's (a location fused with one), else a new
/// one made on first use.
class SubprogramBuilder {
public:
  /// New compile units get EMISSION (one on the module is kept as it is).
  SubprogramBuilder(ModuleOp module, LLVM::DIEmissionKind emission)
      : module(module), emission(emission) {
    if (auto fused =
            module.getLoc()
                ->findInstanceOf<FusedLocWith<LLVM::DICompileUnitAttr>>())
      compileUnit = fused.getMetadata();
  }

  /// FUNC's subprogram, attached first if it has none.
  LLVM::DISubprogramAttr getOrAttach(LLVM::LLVMFuncOp func) {
    if (LLVM::DISubprogramAttr existing = findSubprogram(func))
      return existing;
    MLIRContext *context = func.getContext();
    FileLineColLoc fileLoc = findFileLoc(func.getLoc());
    LLVM::DIFileAttr file = fileLoc || !compileUnit
                                ? getFileAttr(context, fileLoc)
                                : compileUnit.getFile();
    unsigned line = fileLoc ? fileLoc.getLine() : 1;
    auto type =
        LLVM::DISubroutineTypeAttr::get(context, llvm::dwarf::DW_CC_normal, {});
    // A declaration is described in the unit that defines it: no id, no unit.
    DistinctAttr id;
    LLVM::DICompileUnitAttr unit;
    auto flags = LLVM::DISubprogramFlags::Optimized;
    if (!func.isExternal()) {
      id = DistinctAttr::create(UnitAttr::get(context));
      unit = getCompileUnit(file);
      flags = flags | LLVM::DISubprogramFlags::Definition;
    }
    // The scope line is the function's line (Triton's choice; MLIR's own
    // scope pass takes the column).
    auto subprogram = LLVM::DISubprogramAttr::get(
        context, id, unit, file, func.getNameAttr(), func.getNameAttr(), file,
        line, line, flags, type, /*retainedNodes=*/{}, /*annotations=*/{});
    func->setLoc(FusedLoc::get(context, {func.getLoc()}, subprogram));
    return subprogram;
  }

private:
  LLVM::DICompileUnitAttr getCompileUnit(LLVM::DIFileAttr file) {
    if (!compileUnit) {
      MLIRContext *context = module.getContext();
      compileUnit = LLVM::DICompileUnitAttr::get(
          DistinctAttr::create(UnitAttr::get(context)), llvm::dwarf::DW_LANG_C,
          file, StringAttr::get(context, "triton"), /*isOptimized=*/true,
          emission);
    }
    return compileUnit;
  }

  ModuleOp module;
  LLVM::DIEmissionKind emission;
  LLVM::DICompileUnitAttr compileUnit;
};

/// LOC with every file location of its call-site chain scoped by a lexical
/// block file of its own file inside SUBPROGRAM; other locations unchanged.
Location scopeCallSites(Location loc, LLVM::DISubprogramAttr subprogram) {
  MLIRContext *context = loc.getContext();
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return CallSiteLoc::get(scopeCallSites(callSite.getCallee(), subprogram),
                            scopeCallSites(callSite.getCaller(), subprogram));
  if (auto name = dyn_cast<NameLoc>(loc))
    if (isa<CallSiteLoc>(name.getChildLoc()))
      return NameLoc::get(name.getName(),
                          scopeCallSites(name.getChildLoc(), subprogram));
  // Already scoped (the pass ran before), or nothing to name a file by.
  if (isa<FusedLoc>(loc) || isa<UnknownLoc>(loc))
    return loc;
  FileLineColLoc file = findFileLoc(loc);
  if (!file)
    return loc;
  auto block = LLVM::DILexicalBlockFileAttr::get(
      context, subprogram, getFileAttr(context, file), /*discriminator=*/0);
  return FusedLoc::get(context, {loc}, block);
}

bool hasCallSite(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return hasCallSite(name.getChildLoc());
  return isa<CallSiteLoc>(loc);
}

struct EnableLineInfoPass
    : triton::impl::EnableLineInfoBase<EnableLineInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SubprogramBuilder subprograms(module, LLVM::DIEmissionKind::LineTablesOnly);
    module.walk([&](LLVM::LLVMFuncOp func) {
      LLVM::DISubprogramAttr subprogram = subprograms.getOrAttach(func);
      if (func.isExternal())
        return;
      func.walk([&](Operation *op) {
        if (op != func && hasCallSite(op->getLoc()))
          op->setLoc(scopeCallSites(op->getLoc(), subprogram));
      });
    });
  }
};

/// A debug-info type for values of TYPE: a basic type of its width named
/// after it, a pointer type for pointers.
LLVM::DITypeAttr describeType(Type type, const DataLayout &layout) {
  MLIRContext *context = type.getContext();
  auto basic = [&](StringRef name, unsigned encoding) -> LLVM::DITypeAttr {
    return LLVM::DIBasicTypeAttr::get(context, llvm::dwarf::DW_TAG_base_type,
                                      name, layout.getTypeSizeInBits(type),
                                      encoding);
  };
  if (auto pointer = dyn_cast<LLVM::LLVMPointerType>(type)) {
    std::optional<unsigned> addressSpace;
    if (pointer.getAddressSpace() != 0)
      addressSpace = pointer.getAddressSpace();
    return LLVM::DIDerivedTypeAttr::get(
        context, llvm::dwarf::DW_TAG_pointer_type, /*name=*/{},
        /*baseType=*/{}, layout.getTypeSizeInBits(type), /*alignInBits=*/0,
        /*offsetInBits=*/0, addressSpace, /*extraData=*/{});
  }
  if (type.isInteger(1))
    return basic("bool", llvm::dwarf::DW_ATE_boolean);
  if (type.isInteger())
    return basic("int", llvm::dwarf::DW_ATE_signed);
  if (type.isF16())
    return basic("half", llvm::dwarf::DW_ATE_float);
  if (type.isBF16())
    return basic("bfloat", llvm::dwarf::DW_ATE_float);
  if (type.isF32())
    return basic("float", llvm::dwarf::DW_ATE_float);
  if (type.isF64())
    return basic("double", llvm::dwarf::DW_ATE_float);
  if (auto vector = dyn_cast<VectorType>(type))
    return basic("vector", isa<FloatType>(vector.getElementType())
                               ? llvm::dwarf::DW_ATE_float
                               : llvm::dwarf::DW_ATE_signed);
  // Structs of a tensor's registers and the rest: their bits.
  return basic("bits", llvm::dwarf::DW_ATE_unsigned);
}

struct ExtractVariableInfoPass
    : triton::impl::ExtractVariableInfoBase<ExtractVariableInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // Variables are emitted only under a unit of full debug info (and LLVM's
    // DWARF writer crashes on them under a line-tables-only one): every
    // compile unit of the module is raised to it first.
    AttrTypeReplacer replacer;
    replacer.addReplacement(
        [](LLVM::DICompileUnitAttr unit) -> std::optional<Attribute> {
          if (unit.getEmissionKind() == LLVM::DIEmissionKind::Full)
            return std::nullopt;
          return LLVM::DICompileUnitAttr::get(
              unit.getContext(), unit.getId(), unit.getSourceLanguage(),
              unit.getFile(), unit.getProducer(), unit.getIsOptimized(),
              LLVM::DIEmissionKind::Full, unit.getNameTableKind(),
              unit.getSplitDebugFilename());
        });
    replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/true,
                                          /*replaceTypes=*/false);
    SubprogramBuilder subprograms(module, LLVM::DIEmissionKind::Full);
    auto expression = LLVM::DIExpressionAttr::get(context);
    module.walk([&](LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      LLVM::DISubprogramAttr subprogram = subprograms.getOrAttach(func);
      DataLayout layout = DataLayout::closest(func);
      SmallVector<Operation *> named;
      func.walk([&](Operation *op) {
        // (A terminator has no point after it to describe its result at.)
        if (op->getNumResults() > 0 && isa<NameLoc>(op->getLoc()) &&
            !op->hasTrait<OpTrait::IsTerminator>())
          named.push_back(op);
      });
      for (Operation *op : named) {
        Value value = op->getResult(0);
        Type type = value.getType();
        if (isa<LLVM::LLVMVoidType>(type) || !LLVM::isCompatibleType(type))
          continue;
        auto name = cast<NameLoc>(op->getLoc());
        FileLineColLoc fileLoc = findFileLoc(name.getChildLoc());
        auto variable = LLVM::DILocalVariableAttr::get(
            context, subprogram, name.getName(), getFileAttr(context, fileLoc),
            fileLoc ? fileLoc.getLine() : 0, /*arg=*/0, /*alignInBits=*/0,
            describeType(type, layout), LLVM::DIFlags::Zero);
        OpBuilder builder(op->getContext());
        builder.setInsertionPointAfter(op);
        LLVM::DbgValueOp::create(builder, name.getChildLoc(), value, variable,
                                 expression);
      }
    });
  }
};

} // namespace
