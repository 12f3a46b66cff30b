//===- TargetCheck.cpp - Can a module be emitted for a target? ------------===//

#include "translate/TargetCheck.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/TypeToLLVM.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::triton;
using llvm::StringRef;

namespace {

enum class Vendor { None, NVIDIA, AMD, Other };

StringRef getVendorName(Vendor vendor) {
  return vendor == Vendor::NVIDIA ? "NVIDIA" : "AMD";
}

Vendor getVendor(const DeviceTarget &target) {
  return target.nvidia ? Vendor::NVIDIA : Vendor::AMD;
}

/// Whether `text` has `keyword` starting a word (after a character that
/// cannot be part of a PTX or intrinsic name component).
bool mentions(StringRef text, StringRef keyword) {
  for (size_t at = text.find(keyword); at != StringRef::npos;
       at = text.find(keyword, at + 1))
    if (at == 0 || !(llvm::isAlnum(text[at - 1]) || text[at - 1] == '_'))
      return true;
  return false;
}

/// PTX instructions, state spaces and special registers newer than sm_75,
/// with the architecture that introduced them; matched in inline PTX and in
/// NVVM intrinsic and operation names (which spell the instruction after
/// their prefix). The ones marked arch-specific need the sm_90a target, not
/// plain sm_90 (wgmma exists nowhere else; setmaxnreg also on later 'a'
/// targets, which this toolchain does not emit for).
struct PtxFeature {
  StringRef keyword;
  int sm;
  bool archSpecific;
};
constexpr PtxFeature ptxFeatures[] = {
    {"wgmma", 90, true},
    {"setmaxnreg", 90, true},
    {"setmaxregister", 90, true},
    {"cp.async.bulk", 90, false},
    {"cp.reduce.async.bulk", 90, false},
    {"tensormap", 90, false},
    {"fence.proxy.async", 90, false},
    {"fence.proxy.tensormap", 90, false},
    {"mbarrier.try_wait", 90, false},
    {"expect_tx", 90, false},
    {"complete_tx", 90, false},
    {"elect.sync", 90, false},
    {"stmatrix", 90, false},
    {"mapa", 90, false},
    {"barrier.cluster", 90, false},
    {"shared::cluster", 90, false},
    {"%cluster", 90, false},
    {"sreg.cluster", 90, false},
    {"sreg.ncluster", 90, false},
    {"griddepcontrol", 90, false},
    {"multimem", 90, false},
    {"st.async", 90, false},
    {"red.async", 90, false},
    // 8-bit floats: conversions (e4m3x2) and mma.sync operand types.
    {"e4m3", 89, false},
    {"e5m2", 89, false},
    {"cp.async", 80, false},
    {"ldmatrix", 75, false},
};

/// sm_90a -> (90, true).
std::pair<int, bool> parseNvidiaArch(StringRef arch) {
  StringRef digits = arch.drop_front(3);
  bool archSpecific = digits.ends_with("a");
  int sm = 0;
  digits.take_while(llvm::isDigit).getAsInteger(10, sm);
  return {sm, archSpecific};
}

std::string describeRequirement(int sm, bool archSpecific) {
  return archSpecific ? "sm_" + std::to_string(sm) + "a"
                      : "sm_" + std::to_string(sm) + " or newer";
}

bool satisfies(const DeviceTarget &target, int sm, bool archSpecific) {
  auto [targetSM, targetArchSpecific] = parseNvidiaArch(target.arch);
  if (archSpecific)
    return targetArchSpecific && targetSM == sm;
  return targetSM >= sm;
}

/// The first feature `text` uses that `target` (NVIDIA) does not have.
const PtxFeature *findMissingPtxFeature(StringRef text,
                                        const DeviceTarget &target) {
  for (const PtxFeature &feature : ptxFeatures)
    if (mentions(text, feature.keyword) &&
        !satisfies(target, feature.sm, feature.archSpecific))
      return &feature;
  return nullptr;
}

/// AMDGPU instructions of the gfx94x generation (absent from gfx90a), as
/// ROCDL operation and amdgcn intrinsic names spell them: 8-bit float
/// conversions and matrix products, xf32 and sparse matrix products.
constexpr StringRef gfx94Keywords[] = {"fp8", "bf8", "xf32", "smfmac"};

std::optional<StringRef> findMissingAmdFeature(StringRef name,
                                               const DeviceTarget &target) {
  StringRef arch = target.arch;
  if (arch.starts_with("gfx94") || arch.starts_with("gfx95"))
    return std::nullopt;
  for (StringRef keyword : gfx94Keywords)
    if (mentions(name, keyword))
      return keyword;
  return std::nullopt;
}

/// The backend an intrinsic belongs to, from its target prefix
/// (llvm.nvvm.*, llvm.amdgcn.*); `prefix` is set to that prefix.
Vendor getIntrinsicVendor(StringRef name, StringRef &prefix) {
  StringRef rest = name;
  if (!rest.consume_front("llvm."))
    return Vendor::None;
  prefix = rest.split('.').first;
  if (prefix == "nvvm")
    return Vendor::NVIDIA;
  if (prefix == "amdgcn" || prefix == "r600")
    return Vendor::AMD;
  llvm::Intrinsic::ID id = llvm::Intrinsic::lookupIntrinsicID(name);
  if (id != llvm::Intrinsic::not_intrinsic &&
      llvm::Intrinsic::isTargetIntrinsic(id))
    return Vendor::Other;
  return Vendor::None;
}

/// Why a call of intrinsic `name` cannot be emitted for `target`, if so.
std::optional<std::string> checkIntrinsic(StringRef name,
                                          const DeviceTarget &target) {
  StringRef prefix;
  Vendor vendor = getIntrinsicVendor(name, prefix);
  std::string asked = " but " + target.describe() + " was requested";
  if (vendor == Vendor::Other)
    return ("'" + name + "' is an intrinsic of another target ('" + prefix +
            "')" + asked)
        .str();
  if (vendor == Vendor::None)
    return std::nullopt;
  if (vendor != getVendor(target))
    return ("'" + name + "' is an " + getVendorName(vendor) + " intrinsic" +
            asked)
        .str();
  StringRef instruction = name.drop_front(6 + prefix.size());
  if (target.nvidia) {
    if (const PtxFeature *feature = findMissingPtxFeature(instruction, target))
      return ("'" + name + "' needs " +
              describeRequirement(feature->sm, feature->archSpecific) + asked)
          .str();
  } else if (findMissingAmdFeature(instruction, target)) {
    return ("'" + name + "' needs gfx942" + asked).str();
  }
  return std::nullopt;
}

/// The vendor of a calling convention (LLVM's numbering, which the LLVM
/// dialect's CConv shares) and its name in LLVM IR.
std::pair<Vendor, StringRef> classifyCallingConv(unsigned cc) {
  namespace CC = llvm::CallingConv;
  switch (cc) {
  case CC::PTX_Kernel:
    return {Vendor::NVIDIA, "ptx_kernel"};
  case CC::PTX_Device:
    return {Vendor::NVIDIA, "ptx_device"};
  case CC::AMDGPU_KERNEL:
    return {Vendor::AMD, "amdgpu_kernel"};
  case CC::AMDGPU_VS:
    return {Vendor::AMD, "amdgpu_vs"};
  case CC::AMDGPU_GS:
    return {Vendor::AMD, "amdgpu_gs"};
  case CC::AMDGPU_PS:
    return {Vendor::AMD, "amdgpu_ps"};
  case CC::AMDGPU_CS:
    return {Vendor::AMD, "amdgpu_cs"};
  case CC::AMDGPU_HS:
    return {Vendor::AMD, "amdgpu_hs"};
  case CC::AMDGPU_LS:
    return {Vendor::AMD, "amdgpu_ls"};
  case CC::AMDGPU_ES:
    return {Vendor::AMD, "amdgpu_es"};
  case CC::AMDGPU_Gfx:
    return {Vendor::AMD, "amdgpu_gfx"};
  case CC::AMDGPU_CS_Chain:
    return {Vendor::AMD, "amdgpu_cs_chain"};
  case CC::AMDGPU_CS_ChainPreserve:
    return {Vendor::AMD, "amdgpu_cs_chain_preserve"};
  case CC::AMDGPU_Gfx_WholeWave:
    return {Vendor::AMD, "amdgpu_gfx_whole_wave"};
  default:
    return {Vendor::None, ""};
  }
}

std::optional<std::string> checkCallingConv(StringRef function, unsigned cc,
                                            const DeviceTarget &target) {
  auto [vendor, name] = classifyCallingConv(cc);
  if (vendor == Vendor::None || vendor == getVendor(target))
    return std::nullopt;
  return ("function '" + function + "' has the " + getVendorName(vendor) +
          " calling convention '" + name + "' but " + target.describe() +
          " was requested")
      .str();
}

std::string describeAsmMismatch(const PtxFeature &feature,
                                const DeviceTarget &target) {
  return ("inline PTX uses '" + feature.keyword + "', which needs " +
          describeRequirement(feature.sm, feature.archSpecific) + ", but " +
          target.describe() + " was requested")
      .str();
}

/// Whether the `$` references of an inline asm string name operands that
/// exist (outputs then inputs, one per constraint that is not a clobber);
/// LLVM's asm printers stop the process on one that does not. `$$` is a
/// dollar sign, `$(`, `$|`, `$)` mark dialect variants, `${N}` names an
/// operand, `${N:mod}` adds a modifier, and `${:uid}`, `${:comment}` and
/// `${:private}` name no operand.
static std::optional<std::string>
checkAsmOperandReferences(StringRef asmString, StringRef constraints) {
  unsigned operands = 0;
  if (!constraints.empty()) {
    SmallVector<StringRef> parts;
    constraints.split(parts, ',');
    for (StringRef part : parts)
      if (!part.trim().starts_with("~"))
        ++operands;
  }
  for (size_t i = 0; i < asmString.size(); ++i) {
    if (asmString[i] != '$')
      continue;
    if (i + 1 == asmString.size())
      return std::string("inline asm ends in a lone '$'");
    char next = asmString[i + 1];
    if (next == '$' || next == '(' || next == '|' || next == ')') {
      ++i;
      continue;
    }
    StringRef digits;
    size_t braceEnd = 0; // the '}' of a `${N...}` reference
    if (next == '{') {
      size_t close = asmString.find('}', i);
      if (close == StringRef::npos)
        return std::string("inline asm has an unclosed '${'");
      StringRef inner = asmString.slice(i + 2, close);
      digits = inner.take_while([](char c) { return llvm::isDigit(c); });
      if (digits.empty() && inner.starts_with(":")) {
        // LLVM's printer knows these three and stops the process on others.
        StringRef special = inner.drop_front();
        if (special != "comment" && special != "uid" && special != "private")
          return ("inline asm has an unknown special name '${" + inner +
                  "}' at offset " + Twine(i) +
                  " (known: ${:comment}, ${:uid}, ${:private})")
              .str();
        i = close;
        continue;
      }
      // LLVM's printer reads `${N}` or `${N:c}`, one modifier character c,
      // and stops the process on anything else ("Bad ${} expression").
      if (!digits.empty()) {
        size_t end = i + 2 + digits.size();
        if (end < asmString.size() && asmString[end] == ':')
          end += 2;
        if (end >= asmString.size() || asmString[end] != '}')
          return ("inline asm has '" + asmString.slice(i, close + 1) +
                  "' at offset " + Twine(i) +
                  ": an operand number may be followed only by ':' and one "
                  "modifier character")
              .str();
        braceEnd = end;
      }
    } else {
      digits = asmString.drop_front(i + 1).take_while(
          [](char c) { return llvm::isDigit(c); });
    }
    unsigned index = 0;
    if (digits.empty() || digits.getAsInteger(10, index))
      return ("inline asm has a '$' that names no operand at offset " +
              Twine(i))
          .str();
    if (index >= operands)
      return ("inline asm refers to operand $" + Twine(index) + " but has " +
              Twine(operands) + " operand" + (operands == 1 ? "" : "s"))
          .str();
    if (braceEnd)
      i = braceEnd; // a modifier character may be a '$'
  }
  return std::nullopt;
}

/// Whether the multi-letter codes of a constraint string are whole: in each
/// comma-separated constraint, `^xy` takes the two characters after it and
/// `@Nxyz` (N from 1 to 9) the N after the digit. LLVM's parser reads them
/// without looking for the constraint's end (an '@' before a NUL asked for a
/// std::string of -48 characters, which threw out of the fuzzer), so this
/// check comes first. Braced names such as `{@ccz}` are literal.
static std::optional<std::string> checkMultiLetterCodes(StringRef constraints) {
  size_t offset = 0;
  SmallVector<StringRef> pieces;
  constraints.split(pieces, ',');
  for (StringRef piece : pieces) {
    for (size_t i = 0; i < piece.size(); ++i) {
      auto at = [&] { return " at offset " + std::to_string(offset + i); };
      if (piece[i] == '{') {
        size_t close = piece.find('}', i);
        if (close == StringRef::npos)
          break; // LLVM's parser refuses it by itself
        i = close;
      } else if (piece[i] == '^') {
        if (i + 3 > piece.size())
          return "'^'" + at() + " needs two more characters in its constraint";
        i += 2;
      } else if (piece[i] == '@') {
        if (i + 1 == piece.size() || piece[i + 1] < '1' || piece[i + 1] > '9')
          return "'@'" + at() + " must be followed by a digit from 1 to 9";
        size_t count = piece[i + 1] - '0';
        if (i + 2 + count > piece.size())
          return "'@" + std::string(1, piece[i + 1]) + "'" + at() + " needs " +
                 std::to_string(count) + " more characters in its constraint";
        i += 1 + count;
      }
    }
    offset += piece.size() + 1;
  }
  return std::nullopt;
}

/// Whether a direct (no '*') operand's constraint asks for memory that the
/// target's instruction selection cannot give it. LLVM ranks memory above
/// registers when a constraint allows both, and stops the process when the
/// target cannot match the address ("Could not match memory address"), so
/// the check looks at every letter and alternative:
///  - an output's value has no address to go to: 'm', 'o', 'V', '{memory}'
///    are refused on both targets ('=*m' is the indirect form, with a
///    pointer operand; '=p' gets LLVM's own error, not a stop);
///  - an input is spilled and its stack address matched: NVPTX matches 'm'
///    only, AMDGPU none of 'm', 'o', 'V', 'p', '{memory}'.
static std::optional<std::string>
checkAsmMemoryOperands(StringRef constraints, const DeviceTarget &target) {
  // One constraint per comma, as LLVM splits them: with the string parsed,
  // piece i is infos[i].
  SmallVector<StringRef> pieces;
  constraints.split(pieces, ',');
  llvm::InlineAsm::ConstraintInfoVector infos =
      llvm::InlineAsm::ParseConstraints(constraints);
  auto memoryCode = [](const std::string &code) {
    return code == "m" || code == "o" || code == "V" || code == "p" ||
           code == "{memory}";
  };
  for (auto [index, info] : llvm::enumerate(infos)) {
    if (info.isIndirect || info.Type == llvm::InlineAsm::isClobber)
      continue;
    bool output = info.Type == llvm::InlineAsm::isOutput;
    // The first code the target cannot select, if any.
    std::optional<std::string> refused;
    auto look = [&](const std::vector<std::string> &codes) {
      for (const std::string &code : codes)
        if (!refused && memoryCode(code) &&
            (output ? code != "p" : code != "m" || !target.nvidia))
          refused = code;
    };
    look(info.Codes);
    for (const llvm::InlineAsm::SubConstraintInfo &alternative :
         info.multipleAlternatives)
      look(alternative.Codes);
    if (!refused)
      continue;
    StringRef piece = pieces[index];
    if (output)
      return ("inline asm output constraint '" + piece +
              "' allows memory, which a direct output cannot be (an indirect "
              "output is '=*m' with a pointer operand)")
          .str();
    return ("inline asm input constraint '" + piece + "' allows memory ('" +
            *refused + "'), which " + target.describe() +
            " cannot select for a direct operand (pass a pointer with '*m'" +
            (target.nvidia ? ", or use 'm'" : "") + ")")
        .str();
  }
  return std::nullopt;
}

/// Whether values of `type` hold no bits (i0, structs and arrays of none):
/// LLVM's argument lowering finds no registers for such a parameter or
/// result (NVPTX stops with "Empty parameter types are not supported",
/// AMDGPU crashes).
bool hasNoBits(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() == 0;
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type))
    return llvm::all_of(structType.getBody(), hasNoBits);
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return array.getNumElements() == 0 || hasNoBits(array.getElementType());
  return false;
}

/// Why `op` cannot be emitted for `target`, if so.
std::optional<std::string> checkOperation(Operation *op,
                                          const DeviceTarget &target) {
  std::string asked = " but " + target.describe() + " was requested";
  if (auto function = dyn_cast<LLVM::LLVMFuncOp>(op)) {
    auto noBits = [&](StringRef what, Type type) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "function '" << function.getName() << "' has a " << what
         << " of type '" << type
         << "' (no bits), which code generation does not support";
      return text;
    };
    LLVM::LLVMFunctionType signature = function.getFunctionType();
    for (Type type : signature.getParams())
      if (hasNoBits(type))
        return noBits("parameter", type);
    if (hasNoBits(signature.getReturnType()))
      return noBits("result", signature.getReturnType());
    if (auto problem = checkCallingConv(
            function.getName(), static_cast<unsigned>(function.getCConv()),
            target))
      return problem;
    // nvvm.kernel, nvvm.reqntid, rocdl.kernel, ...: the dialect translations
    // turn them into the vendor's calling convention and attributes.
    for (NamedAttribute attribute : function->getAttrs()) {
      StringRef name = attribute.getName().getValue();
      Vendor vendor = name.starts_with("nvvm.")    ? Vendor::NVIDIA
                      : name.starts_with("rocdl.") ? Vendor::AMD
                                                   : Vendor::None;
      if (vendor != Vendor::None && vendor != getVendor(target))
        return ("function '" + function.getName() + "' is marked for " +
                getVendorName(vendor) + " ('" + name + "')" + asked)
            .str();
    }
    return std::nullopt;
  }
  // An ELF object's .linker-options section holds key/value pairs; AMDGPU's
  // asm printer stops the process on an llvm.linker_options of any other size.
  if (auto linkerOptions = dyn_cast<LLVM::LinkerOptionsOp>(op))
    if (size_t count = linkerOptions.getOptions().size();
        !target.nvidia && count != 2)
      return "llvm.linker_options holds " + std::to_string(count) +
             (count == 1 ? " string" : " strings") + "; " +
             target.describe() + " (ELF) takes a key/value pair";
  if (auto call = dyn_cast<LLVM::CallOp>(op)) {
    if (std::optional<StringRef> callee = call.getCallee())
      return checkIntrinsic(*callee, target);
    return std::nullopt;
  }
  if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op))
    return checkIntrinsic(call.getIntrin(), target);
  if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op)) {
    // LLVM checks the constraint string only in its assertion builds
    // (InlineAsm::verify); a malformed one, such as an unterminated clobber
    // `~{memory`, crashes its register allocation (fuzz-translate).
    StringRef constraints = inlineAsm.getConstraints();
    if (std::optional<std::string> problem =
            checkMultiLetterCodes(constraints))
      return ("inline asm constraints '" + constraints +
              "' do not parse: " + *problem)
          .str();
    if (!constraints.empty() &&
        llvm::InlineAsm::ParseConstraints(constraints).empty())
      return ("inline asm constraints '" + constraints + "' do not parse")
          .str();
    // The same check of the constraints against the operand and result
    // types (one output constraint per result, one input per operand).
    llvm::LLVMContext llvmContext;
    LLVM::TypeToLLVMIRTranslator types(llvmContext);
    SmallVector<llvm::Type *> params;
    for (Value operand : inlineAsm.getOperands())
      params.push_back(types.translateType(operand.getType()));
    llvm::Type *result = inlineAsm.getNumResults()
                             ? types.translateType(inlineAsm.getResult(0).getType())
                             : llvm::Type::getVoidTy(llvmContext);
    if (llvm::Error error = llvm::InlineAsm::verify(
            llvm::FunctionType::get(result, params, false), constraints))
      return "inline asm constraints '" + constraints.str() +
             "' do not match its operands: " + llvm::toString(std::move(error));
    if (std::optional<std::string> problem =
            checkAsmMemoryOperands(inlineAsm.getConstraints(), target))
      return problem;
    if (std::optional<std::string> problem = checkAsmOperandReferences(
            inlineAsm.getAsmString(), inlineAsm.getConstraints()))
      return problem;
    if (!target.nvidia)
      return std::nullopt;
    if (const PtxFeature *feature =
            findMissingPtxFeature(inlineAsm.getAsmString(), target))
      return describeAsmMismatch(*feature, target);
    return std::nullopt;
  }
  Dialect *dialect = op->getDialect();
  StringRef ns = dialect ? dialect->getNamespace() : "";
  Vendor vendor = ns == "nvvm"    ? Vendor::NVIDIA
                  : ns == "rocdl" ? Vendor::AMD
                                  : Vendor::None;
  if (vendor == Vendor::None)
    return std::nullopt;
  std::string name = op->getName().getStringRef().str();
  if (vendor != getVendor(target))
    return "'" + name + "' is an " + getVendorName(vendor).str() +
           " operation" + asked;
  StringRef instruction = StringRef(name).drop_front(ns.size() + 1);
  if (!target.nvidia) {
    if (findMissingAmdFeature(instruction, target))
      return "'" + name + "' needs gfx942" + asked;
    return std::nullopt;
  }
  // The NVVM dialect records what most of its operations need.
  if (auto needsSM = dyn_cast<NVVM::RequiresSMInterface>(op)) {
    NVVM::NVVMCheckSMVersion needed = needsSM.getRequiredMinSMVersion();
    auto [sm, archSpecific] = parseNvidiaArch(target.arch);
    if (!needed.isCompatibleWith(NVVM::NVVMCheckSMVersion(archSpecific, sm))) {
      std::string requirement;
      if (needed.archAccelerated) {
        SmallVector<std::string> archs;
        for (int sm : needed.smVersionList)
          archs.push_back("sm_" + std::to_string(sm) + "a");
        requirement = llvm::join(archs, " or ");
      } else {
        requirement = describeRequirement(needed.smVersionList[0], false);
      }
      return "'" + name + "' needs " + requirement + asked;
    }
  }
  if (const PtxFeature *feature = findMissingPtxFeature(instruction, target))
    return "'" + name + "' needs " +
           describeRequirement(feature->sm, feature->archSpecific) + asked;
  return std::nullopt;
}

/// The most shared memory one block may use on an NVIDIA GPU of compute
/// capability `sm` (CUDA's opt-in maximum,
/// cudaDevAttrMaxSharedMemoryPerBlockOptin).
int64_t getNvidiaSharedMemoryLimit(int sm) {
  switch (sm) {
  case 70:
  case 72:
    return 96 * 1024;
  case 75:
    return 64 * 1024;
  case 80:
  case 87:
    return 163 * 1024;
  case 86:
  case 89:
    return 99 * 1024;
  default:
    // sm_90 and the data-center Blackwells (100, 103, 110) have 227 KiB, the
    // consumer ones (120, 121) 99 KiB.
    return sm >= 120 ? 99 * 1024 : 227 * 1024;
  }
}

} // namespace

std::string DeviceTarget::describe() const { return output + " for " + arch; }

bool mlir::triton::isNvidiaArch(StringRef arch) {
  return llvm::Regex("^sm_[0-9]+[af]?$").match(arch);
}

LogicalResult mlir::triton::checkTarget(ModuleOp module,
                                        const DeviceTarget &target) {
  // The module is the whole kernel: printed with the error, it would bury it.
  module.getContext()->printOpOnDiagnostic(false);
  if (auto lowered = module->getAttrOfType<StringAttr>("ttg.target")) {
    StringRef text = lowered.getValue();
    Vendor vendor = text.starts_with("cuda:")  ? Vendor::NVIDIA
                    : text.starts_with("hip:") ? Vendor::AMD
                                               : Vendor::None;
    if (vendor != Vendor::None && vendor != getVendor(target))
      return module.emitError("module was lowered for '")
             << text << "' (ttg.target) but " << target.describe()
             << " was requested";
  }
  // The lowering takes any lane count (IR written for layouts of other
  // warps lowers for inspection); NVIDIA hardware runs warps of 32 only.
  if (target.nvidia)
    if (auto lanes = module->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
      if (lanes.getInt() != 32)
        return module.emitError("module was lowered for warps of ")
               << lanes.getInt() << " threads (ttg.threads-per-warp) but "
               << target.describe() << " was requested, whose warps have 32";
  // The lowering takes whatever shared memory the allocation gave
  // (ttg.shared), as Triton 3.6's does (its launcher refuses the kernel);
  // the GPU it is compiled for has a limit, which a launch would hit.
  if (target.nvidia)
    if (auto shared = module->getAttrOfType<IntegerAttr>("ttg.shared")) {
      int sm = parseNvidiaArch(target.arch).first;
      int64_t limit = getNvidiaSharedMemoryLimit(sm);
      if (shared.getInt() > limit)
        return module.emitError("out of resource: shared memory, required ")
               << shared.getInt() << " bytes, the sm_" << sm
               << " limit per block is " << limit
               << " (fewer stages or smaller blocks need less)";
    }
  LogicalResult result = success();
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    std::optional<std::string> problem = checkOperation(op, target);
    if (!problem)
      return WalkResult::advance();
    result = op->emitError(*problem);
    return WalkResult::interrupt();
  });
  return result;
}

std::optional<TargetMismatch>
mlir::triton::findTargetMismatch(const llvm::Module &module,
                                 const DeviceTarget &target) {
  const llvm::Triple &triple = module.getTargetTriple();
  if (triple.getArch() != llvm::Triple::UnknownArch &&
      (target.nvidia ? !triple.isNVPTX() : !triple.isAMDGCN())) {
    TargetMismatch mismatch;
    mismatch.message = "the module's target triple is '" + triple.str() +
                       "' but " + target.describe() + " was requested";
    mismatch.triple = true;
    return mismatch;
  }
  for (const llvm::Function &function : module) {
    if (auto problem = checkCallingConv(function.getName(),
                                        function.getCallingConv(), target)) {
      TargetMismatch mismatch;
      mismatch.message = *problem;
      mismatch.function = function.getName().str();
      return mismatch;
    }
  }
  // Intrinsics are reported at their first call.
  for (const llvm::Function &function : module) {
    if (!function.isDeclaration())
      continue;
    std::optional<std::string> problem =
        checkIntrinsic(function.getName(), target);
    if (!problem)
      continue;
    TargetMismatch mismatch;
    mismatch.message = *problem;
    mismatch.intrinsic = function.getName().str();
    for (const llvm::User *user : function.users())
      if (auto *call = dyn_cast<llvm::CallBase>(user)) {
        mismatch.function = call->getFunction()->getName().str();
        break;
      }
    return mismatch;
  }
  if (!target.nvidia)
    return std::nullopt;
  for (const llvm::Function &function : module)
    for (const llvm::BasicBlock &block : function)
      for (const llvm::Instruction &instruction : block) {
        auto *call = dyn_cast<llvm::CallBase>(&instruction);
        auto *inlineAsm =
            call ? dyn_cast<llvm::InlineAsm>(call->getCalledOperand())
                 : nullptr;
        if (!inlineAsm)
          continue;
        if (const PtxFeature *feature =
                findMissingPtxFeature(inlineAsm->getAsmString(), target)) {
          TargetMismatch mismatch;
          mismatch.message = describeAsmMismatch(*feature, target);
          mismatch.function = function.getName().str();
          mismatch.asmKeyword = feature->keyword.str();
          return mismatch;
        }
      }
  return std::nullopt;
}

Location mlir::triton::locateMismatch(ModuleOp module,
                                      const TargetMismatch &mismatch) {
  Operation *scope = module;
  if (!mismatch.function.empty())
    if (Operation *function = module.lookupSymbol(mismatch.function))
      scope = function;
  Operation *found = nullptr;
  scope->walk([&](Operation *op) {
    if (auto call = dyn_cast<LLVM::CallOp>(op)) {
      if (!mismatch.intrinsic.empty() && call.getCallee() == mismatch.intrinsic)
        found = op;
    } else if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op)) {
      if (!mismatch.intrinsic.empty() && call.getIntrin() == mismatch.intrinsic)
        found = op;
    } else if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op)) {
      if (!mismatch.asmKeyword.empty() &&
          mentions(inlineAsm.getAsmString(), mismatch.asmKeyword))
        found = op;
    }
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found ? found->getLoc() : scope->getLoc();
}

Location mlir::triton::locateMismatch(llvm::MemoryBufferRef text,
                                      const TargetMismatch &mismatch,
                                      MLIRContext *context) {
  SmallVector<StringRef> lines;
  text.getBuffer().split(lines, '\n');
  auto at = [&](size_t line, size_t column) -> Location {
    return FileLineColLoc::get(context, text.getBufferIdentifier(), line + 1,
                               column + 1);
  };
  auto find = [&](size_t begin, size_t end,
                  llvm::function_ref<size_t(StringRef)> column)
      -> std::optional<std::pair<size_t, size_t>> {
    for (size_t i = begin; i < end; ++i) {
      size_t found = column(lines[i]);
      if (found != StringRef::npos)
        return std::make_pair(i, found);
    }
    return std::nullopt;
  };
  if (mismatch.triple)
    if (auto line = find(0, lines.size(), [](StringRef line) -> size_t {
          return line.starts_with("target triple") ? 0 : StringRef::npos;
        }))
      return at(line->first, line->second);
  // The function's body: from its define line to the closing brace.
  size_t begin = 0, end = lines.size();
  std::optional<std::pair<size_t, size_t>> definition;
  if (!mismatch.function.empty()) {
    std::string plain = "@" + mismatch.function + "(";
    std::string quoted = "@\"" + mismatch.function + "\"(";
    definition = find(0, lines.size(), [&](StringRef line) -> size_t {
      if (!line.starts_with("define") && !line.starts_with("declare"))
        return StringRef::npos;
      size_t column = line.find(plain);
      return column != StringRef::npos ? column : line.find(quoted);
    });
    if (definition) {
      begin = definition->first;
      for (end = begin + 1; end < lines.size(); ++end)
        if (lines[end].starts_with("}"))
          break;
    }
  }
  if (!mismatch.intrinsic.empty()) {
    std::string use = "@" + mismatch.intrinsic + "(";
    auto call = find(begin, end, [&](StringRef line) -> size_t {
      return line.starts_with("declare") ? StringRef::npos : line.find(use);
    });
    if (!call)
      call = find(0, lines.size(),
                  [&](StringRef line) -> size_t { return line.find(use); });
    if (call)
      return at(call->first, call->second);
  }
  if (!mismatch.asmKeyword.empty())
    if (auto use = find(begin, end, [&](StringRef line) -> size_t {
          if (!line.contains("asm") || !mentions(line, mismatch.asmKeyword))
            return StringRef::npos;
          return line.find(mismatch.asmKeyword);
        }))
      return at(use->first, use->second);
  if (definition)
    return at(definition->first, definition->second);
  return at(0, 0);
}

std::unique_ptr<llvm::Module>
mlir::triton::translateForTarget(ModuleOp module, const DeviceTarget &target,
                                 llvm::LLVMContext &context) {
  if (failed(checkTarget(module, target)))
    return nullptr;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule) {
    module.emitError("failed to translate the module to LLVM IR");
    return nullptr;
  }
  if (std::optional<TargetMismatch> mismatch =
          findTargetMismatch(*llvmModule, target)) {
    emitError(locateMismatch(module, *mismatch), mismatch->message);
    return nullptr;
  }
  return llvmModule;
}
