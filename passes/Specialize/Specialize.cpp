//===- Specialize.cpp - Binding kernel arguments, naming clones -----------===//
//
// -triton-specialize: binds a kernel's arguments to constants (and marks the
// divisible ones), then specializes device functions on the constants they
// are called with, naming each clone with the frontend's mangling scheme.
//
//===----------------------------------------------------------------------===//

#include "passes/Specialize/Passes.h"

#include "passes/Specialize/Mangling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Error.h"

#define DEBUG_TYPE "triton-specialize"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONSPECIALIZE
#include "passes/Specialize/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::mangling;

namespace {

/// A bound argument: its index and the value it takes.
using ArgumentValue = std::pair<unsigned, TypedAttr>;

/// Clones are named after every call; this bounds the rounds of specializing
/// inside clones, which end on their own unless the IR keeps producing new
/// constants (it cannot: clones only copy constants that exist).
constexpr unsigned kMaxRounds = 1000;

/// Parses a decimal argument index.
std::optional<unsigned> parseIndex(StringRef text) {
  unsigned index;
  if (text.trim().getAsInteger(10, index))
    return std::nullopt;
  return index;
}

/// Parses `text` as an integer that fits `width` bits, signed or unsigned.
/// Returns std::nullopt for text that is not an integer and sets `fits`.
std::optional<APInt> parseInteger(StringRef text, unsigned width, bool &fits) {
  bool negative = text.consume_front("-");
  if (!negative)
    text.consume_front("+");
  APInt magnitude;
  if (text.empty() || !llvm::all_of(text, llvm::isDigit) ||
      text.getAsInteger(10, magnitude))
    return std::nullopt;
  unsigned activeBits = magnitude.getActiveBits();
  // Negative values fit down to -2^(width-1), positive ones up to 2^width - 1.
  fits = negative ? activeBits < width ||
                        (activeBits == width && magnitude.isPowerOf2())
                  : activeBits <= width;
  if (!fits)
    return APInt(width, 0);
  APInt value = magnitude.zextOrTrunc(width);
  if (negative)
    value.negate();
  return value;
}

class SpecializePass
    : public mlir::triton::impl::TritonSpecializeBase<SpecializePass> {
public:
  using Base::Base;

  void runOnOperation() override;

private:
  LogicalResult specializeKernel(ModuleOp module, SymbolTable &symbols);
  LogicalResult specializeCalls(ModuleOp module, SymbolTable &symbols,
                                Scheme scheme);
};

/// The value `text` gives argument `index` of `kernel`, or a diagnostic. It is
/// located at the kernel: argument locations are often bare names.
FailureOr<TypedAttr> parseArgumentValue(FuncOp kernel, unsigned index,
                                        StringRef text) {
  BlockArgument argument = kernel.getArgument(index);
  Type type = argument.getType();
  auto describe = [&](InFlightDiagnostic diag) {
    diag << "argument " << index << " of kernel '" << kernel.getSymName()
         << "' of type " << type;
    return diag;
  };
  auto notFitting = [&]() {
    describe(kernel.emitError() << "value '" << text << "' does not fit ");
    return failure();
  };
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width == 1) {
      std::optional<bool> flag = llvm::StringSwitch<std::optional<bool>>(text)
                                     .Cases({"true", "True"}, true)
                                     .Cases({"false", "False"}, false)
                                     .Default(std::nullopt);
      if (flag)
        return TypedAttr(IntegerAttr::get(integer, *flag ? 1 : 0));
    }
    bool fits = false;
    std::optional<APInt> value = parseInteger(text, width, fits);
    if (!value) {
      describe(kernel.emitError()
               << "value '" << text << "' is not an integer, for ");
      return failure();
    }
    // An i1 takes 0 and 1 only: -1 is no boolean.
    if (!fits || (width == 1 && text.starts_with("-")))
      return notFitting();
    return TypedAttr(IntegerAttr::get(integer, *value));
  }
  if (auto floating = dyn_cast<FloatType>(type)) {
    APFloat value(APFloat::IEEEdouble());
    llvm::Expected<APFloat::opStatus> status =
        value.convertFromString(text, APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      describe(kernel.emitError()
               << "value '" << text << "' is not a number, for ");
      return failure();
    }
    if (*status & APFloat::opOverflow)
      return notFitting();
    bool wasInfinite = value.isInfinity();
    bool losesInfo = false;
    APFloat::opStatus converted = value.convert(
        floating.getFloatSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
    if ((converted & (APFloat::opOverflow | APFloat::opInvalidOp)) ||
        (value.isInfinity() && !wasInfinite))
      return notFitting();
    return TypedAttr(FloatAttr::get(floating, value));
  }
  if (isa<PointerType>(getElementTypeOrSelf(type))) {
    kernel.emitError() << "cannot bind pointer argument " << index
                       << " of kernel '" << kernel.getSymName() << "' (" << type
                       << ")";
    return failure();
  }
  describe(kernel.emitError() << "cannot bind ")
      << ": only integer and floating-point scalars can be bound";
  return failure();
}

/// `1` of `type`, for an argument specialized equal to 1.
FailureOr<TypedAttr> oneOf(FuncOp kernel, unsigned index) {
  Type type = kernel.getArgument(index).getType();
  if (isa<IntegerType>(type))
    return TypedAttr(IntegerAttr::get(type, 1));
  if (isa<FloatType>(type))
    return TypedAttr(FloatAttr::get(type, 1.0));
  // The same diagnostics as binding the value through `constants`.
  return parseArgumentValue(kernel, index, "1");
}

/// Replaces the arguments of `func` listed in `values` by constants at the
/// start of its body (where they are used) and removes them from its
/// signature.
LogicalResult bindArguments(FuncOp func, ArrayRef<ArgumentValue> values) {
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  llvm::BitVector erased(func.getNumArguments());
  for (auto [index, value] : values) {
    BlockArgument argument = func.getArgument(index);
    erased.set(index);
    if (argument.use_empty())
      continue;
    auto constant =
        arith::ConstantOp::create(builder, argument.getLoc(), value);
    argument.replaceAllUsesWith(constant);
  }
  return func.eraseArguments(erased);
}

LogicalResult SpecializePass::specializeKernel(ModuleOp module,
                                               SymbolTable &symbols) {
  // Read the options before looking at the kernel: a malformed option is an
  // error whatever the module holds.
  SmallVector<std::pair<unsigned, std::string>> bound;
  for (StringRef entry : constants) {
    auto [indexText, valueText] = entry.split(':');
    std::optional<unsigned> index = parseIndex(indexText);
    if (!entry.contains(':') || !index || valueText.trim().empty())
      return module.emitError() << "malformed option 'constants' entry '"
                                << entry << "': expected IDX:VALUE";
    bound.emplace_back(*index, valueText.trim().str());
  }
  auto parseIndices = [&](ArrayRef<std::string> entries, StringRef option,
                          SmallVectorImpl<unsigned> &indices) -> LogicalResult {
    for (StringRef entry : entries) {
      std::optional<unsigned> index = parseIndex(entry);
      if (!index)
        return module.emitError()
               << "malformed option '" << option << "' entry '" << entry
               << "': expected an argument index";
      indices.push_back(*index);
    }
    return success();
  };
  SmallVector<unsigned> divisible, equalToOne;
  if (failed(parseIndices(divisibility, "divisibility", divisible)) ||
      failed(parseIndices(equalTo1, "equal-to-1", equalToOne)))
    return failure();

  if (kernel.empty()) {
    if (!bound.empty() || !divisible.empty() || !equalToOne.empty() ||
        kernelSuffix)
      return module.emitError()
             << "options 'constants', 'divisibility', 'equal-to-1' and "
                "'kernel-suffix' need option 'kernel'";
    return success();
  }

  auto func = symbols.lookup<FuncOp>(kernel);
  if (!func)
    return module.emitError() << "unknown kernel '" << kernel
                              << "': the module has no tt.func of that name";
  if (func.isExternal())
    return func.emitError() << "kernel '" << kernel << "' has no body";
  unsigned numArgs = func.getNumArguments();
  for (unsigned index : llvm::concat<unsigned>(llvm::make_first_range(bound),
                                               divisible, equalToOne))
    if (index >= numArgs)
      return func.emitError()
             << "argument index " << index << " is out of range: kernel '"
             << kernel << "' has " << numArgs << " arguments";
  bool changesSignature = !bound.empty() || !equalToOne.empty() || kernelSuffix;
  if (changesSignature && !SymbolTable::symbolKnownUseEmpty(func, module))
    return func.emitError() << "kernel '" << kernel
                            << "' is called, so its signature and name "
                               "cannot change";

  // The values of the bound arguments, in index order.
  SmallVector<ArgumentValue> values;
  llvm::SmallDenseSet<unsigned> seen;
  for (auto &[index, text] : bound) {
    if (!seen.insert(index).second)
      return func.emitError() << "argument " << index << " of kernel '"
                              << kernel << "' is bound twice";
    FailureOr<TypedAttr> value = parseArgumentValue(func, index, text);
    if (failed(value))
      return failure();
    values.emplace_back(index, *value);
  }
  for (unsigned index : equalToOne) {
    if (!seen.insert(index).second)
      return func.emitError() << "argument " << index << " of kernel '"
                              << kernel << "' is bound twice";
    FailureOr<TypedAttr> value = oneOf(func, index);
    if (failed(value))
      return failure();
    values.emplace_back(index, *value);
  }
  llvm::sort(values, llvm::less_first());

  Builder builder(&getContext());
  for (unsigned index : divisible) {
    Type type = func.getArgument(index).getType();
    if (!isa<IntegerType, PointerType>(type))
      return func.emitError()
             << "option 'divisibility' applies to integer and pointer "
                "arguments, not argument "
             << index << " of kernel '" << kernel << "' of type " << type;
    func.setArgAttr(index, "tt.divisibility", builder.getI32IntegerAttr(16));
  }

  // The suffix describes the original argument list.
  std::string suffix = mangling::kernelSuffix(numArgs, equalToOne, divisible);
  if (failed(bindArguments(func, values)))
    return func.emitError()
           << "cannot remove the bound arguments of kernel '" << kernel << "'";
  if (kernelSuffix) {
    std::string newName = kernel + "_" + suffix;
    if (symbols.lookup(newName))
      return func.emitError() << "cannot rename kernel '" << kernel << "' to '"
                              << newName << "': the name is taken";
    if (failed(symbols.rename(func, builder.getStringAttr(newName))))
      return func.emitError() << "cannot rename kernel '" << kernel << "'";
  }
  return success();
}

/// Drops the entries of `attrs` (an array of per-argument dictionaries) that
/// `erased` marks.
ArrayAttr dropErased(ArrayAttr attrs, const llvm::BitVector &erased) {
  if (!attrs)
    return attrs;
  SmallVector<Attribute> kept;
  for (auto [index, attr] : llvm::enumerate(attrs))
    if (!erased.test(index))
      kept.push_back(attr);
  return ArrayAttr::get(attrs.getContext(), kept);
}

LogicalResult SpecializePass::specializeCalls(ModuleOp module,
                                              SymbolTable &symbols,
                                              Scheme scheme) {
  // The callees some call was redirected from, erased at the end if unused.
  llvm::SetVector<Operation *> specialized;
  for (unsigned round = 0;; ++round) {
    if (round == kMaxRounds)
      return module.emitError()
             << "device-function specialization did not settle after "
             << kMaxRounds << " rounds";
    SmallVector<CallOp> calls;
    // Calls inside nested modules resolve against their own symbol tables.
    module.walk([&](CallOp call) {
      if (call->getParentOfType<ModuleOp>() == module)
        calls.push_back(call);
    });
    bool changed = false;
    for (CallOp call : calls) {
      auto callee = symbols.lookup<FuncOp>(call.getCallee());
      if (!callee || !callee.isPrivate() || callee.isExternal() ||
          isMangledName(callee.getSymName()))
        continue;

      // The operands that are constants of a Triton scalar type are bound.
      ArrayRef<Type> argTypes = callee.getArgumentTypes();
      if (argTypes.size() != call.getNumOperands())
        continue; // The call's verifier reports this.
      SmallVector<BoundConstant> constants;
      SmallVector<ArgumentValue> values;
      llvm::BitVector erased(call.getNumOperands());
      llvm::SetVector<Operation *> constantOps;
      for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
        auto constant = operand.getDefiningOp<arith::ConstantOp>();
        Type type = operand.getType();
        if (!constant || type != argTypes[index] ||
            !isa<IntegerType, FloatType>(type) || failed(mangleType(type)))
          continue;
        TypedAttr value = constant.getValue();
        FailureOr<std::string> repr = constexprReprOf(value);
        if (failed(repr))
          continue;
        constants.push_back({{static_cast<unsigned>(index)}, *repr});
        values.emplace_back(index, value);
        erased.set(index);
        constantOps.insert(constant);
      }
      if (constants.empty())
        continue;

      SmallVector<Type> remaining;
      for (auto [index, type] : llvm::enumerate(argTypes))
        if (!erased.test(index))
          remaining.push_back(type);
      FailureOr<std::string> name =
          mangleFunctionName(callee.getSymName(), remaining, constants, scheme);
      if (failed(name)) {
        Type unnamed = *llvm::find_if(
            remaining, [](Type type) { return failed(mangleType(type)); });
        return call.emitError()
               << "cannot name a specialization of '" << callee.getSymName()
               << "': argument type " << unnamed << " has no mangling";
      }

      auto expectedType =
          FunctionType::get(&getContext(), remaining, callee.getResultTypes());
      auto clone = symbols.lookup<FuncOp>(*name);
      if (clone) {
        if (clone.getFunctionType() != expectedType)
          return call.emitError()
                 << "cannot specialize '" << callee.getSymName() << "' as '"
                 << *name << "': that symbol exists with type "
                 << clone.getFunctionType() << ", not " << expectedType;
      } else {
        clone = callee.clone();
        clone.setSymName(*name);
        // Clones go before their callee, in the order they are made.
        symbols.insert(clone, callee->getIterator());
        if (failed(bindArguments(clone, values)))
          return call.emitError()
                 << "cannot remove the bound arguments of '" << *name << "'";
        LLVM_DEBUG(llvm::dbgs() << "specialized " << callee.getSymName()
                                << " as " << *name << "\n");
      }

      call.setCalleeAttr(FlatSymbolRefAttr::get(&getContext(), *name));
      call->eraseOperands(erased);
      if (ArrayAttr argAttrs = call.getArgAttrsAttr())
        call.setArgAttrsAttr(dropErased(argAttrs, erased));
      for (Operation *constantOp : constantOps)
        if (constantOp->use_empty())
          constantOp->erase();
      specialized.insert(callee);
      changed = true;
    }
    if (!changed)
      break;
  }

  // Erasing a callee can leave another without calls: repeat until none is.
  for (bool erasedAny = true; erasedAny;) {
    erasedAny = false;
    for (Operation *callee : specialized.takeVector()) {
      if (SymbolTable::symbolKnownUseEmpty(callee, module)) {
        symbols.erase(callee);
        erasedAny = true;
      } else {
        specialized.insert(callee);
      }
    }
  }
  return success();
}

void SpecializePass::runOnOperation() {
  ModuleOp module = getOperation();
  std::optional<Scheme> parsedScheme = parseScheme(scheme);
  if (!parsedScheme) {
    module.emitError() << "malformed option 'scheme=" << scheme
                       << "': expected 'seed' or '3.6'";
    return signalPassFailure();
  }
  SymbolTable symbols(module);
  if (failed(specializeKernel(module, symbols)) ||
      failed(specializeCalls(module, symbols, *parsedScheme)))
    return signalPassFailure();
}

} // namespace
