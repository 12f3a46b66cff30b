//===- Builder.cpp - Build Triton IR from Python with Triton's calls ------===//
//
// The objects and builder methods a Triton frontend calls (the names, and
// argument orders, of Triton 3.6's `ir` module, as the reference frontend
// seeds/code_generator.py calls them): functions and their arguments'
// attributes, blocks, loops and ifs with carried values, calls, loads and
// stores, dots, reductions, constants and arithmetic. Values, types, blocks
// and regions are handles into IR owned by a module; the builder keeps the
// location of the ops it creates (set_loc).
//
//===----------------------------------------------------------------------===//

#include "bindings/python/PyCommon.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

namespace py = pybind11;
using namespace mlir;
using namespace triton_py;
namespace tt = mlir::triton;

namespace {

/// An operation handle (Triton's OpState).
struct PyOp {
  Operation *op;
};
/// A tt.func handle (Triton's `function`).
struct PyFunc : PyOp {};

/// The builder: an OpBuilder and the location given to what it creates.
struct PyBuilder {
  explicit PyBuilder(ContextRef context)
      : context(std::move(context)), builder(this->context->get()),
        loc(UnknownLoc::get(this->context->get())) {}
  ContextRef context;
  OpBuilder builder;
  Location loc;

  template <typename OpTy, typename... Args> OpTy create(Args &&...args) {
    return OpTy::create(builder, loc, std::forward<Args>(args)...);
  }
  /// An op by name, for the tt ops whose generated builders take more than
  /// the frontend gives; inherent attributes go to its properties.
  Operation *createGeneric(StringRef name, ValueRange operands,
                           TypeRange results,
                           ArrayRef<NamedAttribute> attributes = {}) {
    OperationState state(loc, name);
    state.addOperands(operands);
    state.addTypes(results);
    state.addAttributes(attributes);
    return builder.create(state);
  }
  NamedAttribute attr(StringRef name, Attribute value) {
    return builder.getNamedAttr(name, value);
  }
};

template <typename T> std::string printed(T &&object) {
  std::string text;
  llvm::raw_string_ostream os(text);
  object.print(os);
  return text;
}

/// What a load of `ptr` gives: the pointee, shaped as `ptr` when it is a
/// tensor of pointers.
Type pointeeOf(Type ptr) {
  if (auto tensor = dyn_cast<RankedTensorType>(ptr))
    if (auto element = dyn_cast<tt::PointerType>(tensor.getElementType()))
      return tensor.clone(element.getPointeeType());
  if (auto pointer = dyn_cast<tt::PointerType>(ptr))
    return pointer.getPointeeType();
  throw py::type_error("expected a pointer or a tensor of pointers, got " +
                       printed(ptr));
}

Type elementOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return type;
}

Value constantInt(PyBuilder &self, Type type, int64_t value) {
  return self.create<arith::ConstantIntOp>(type, value);
}

Value constantFloat(PyBuilder &self, FloatType type, double value) {
  APFloat number(value);
  bool lossy;
  number.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                 &lossy);
  return self.create<arith::ConstantFloatOp>(type, number);
}

Region &regionOf(PyOp &self, unsigned index) {
  if (index >= self.op->getNumRegions())
    throw py::index_error("'" + self.op->getName().getStringRef().str() +
                          "' has no region " + std::to_string(index));
  return self.op->getRegion(index);
}

template <typename OpTy> OpTy as(PyOp &self, const char *what) {
  auto op = dyn_cast<OpTy>(self.op);
  if (!op)
    throw py::type_error(std::string(what) + " of '" +
                         self.op->getName().getStringRef().str() + "'");
  return op;
}

void defineValues(py::module_ &m) {
  py::class_<Type>(m, "type")
      .def("__str__", [](Type &self) { return printed(self); })
      .def("__eq__", [](Type &self, Type &other) { return self == other; })
      .def("__hash__",
           [](Type &self) { return (size_t)self.getAsOpaquePointer(); })
      .def("is_integer", [](Type &self) { return self.isInteger(); })
      .def("is_floating", [](Type &self) { return isa<FloatType>(self); })
      .def("is_block", [](Type &self) { return isa<RankedTensorType>(self); })
      .def("is_ptr", [](Type &self) { return isa<tt::PointerType>(self); })
      .def("get_int_width", [](Type &self) {
        return self.isIntOrFloat() ? self.getIntOrFloatBitWidth() : 0;
      });
  py::class_<Attribute>(m, "attribute")
      .def("__str__", [](Attribute &self) { return printed(self); });
  py::class_<Location>(m, "location")
      .def("__str__", [](Location &self) { return printed(self); });
  py::class_<Value>(m, "value")
      .def("get_type", &Value::getType)
      .def("set_type", &Value::setType)
      .def("get_loc", &Value::getLoc)
      .def("set_loc", &Value::setLoc)
      .def("replace_all_uses_with",
           [](Value &self, Value &other) { self.replaceAllUsesWith(other); })
      .def("get_defining_op",
           [](Value &self) -> py::object {
             if (Operation *op = self.getDefiningOp())
               return py::cast(PyOp{op});
             return py::none();
           })
      .def("set_attr",
           [](Value &self, const std::string &name, Attribute &attr) {
             if (Operation *op = self.getDefiningOp())
               op->setAttr(name, attr);
             else
               throw py::value_error("a block argument has no attributes");
           })
      .def("id", [](Value &self) { return (uintptr_t)self.getAsOpaquePointer(); })
      .def("__str__", [](Value &self) { return printed(self); });
}

void defineBlocks(py::module_ &m) {
  auto ref = py::return_value_policy::reference;
  py::class_<Region, std::unique_ptr<Region, py::nodelete>>(m, "region")
      .def("size", [](Region &self) { return self.getBlocks().size(); })
      .def("empty", &Region::empty)
      .def("front", [](Region &self) -> Block * { return &self.front(); }, ref)
      .def("push_back", [](Region &self, Block *block) { self.push_back(block); })
      .def("get_parent_region", &Region::getParentRegion, ref)
      .def("id", [](Region &self) { return (uintptr_t)&self; });
  py::class_<Block, std::unique_ptr<Block, py::nodelete>>(m, "block")
      .def("arg",
           [](Block &self, unsigned index) -> Value {
             if (index >= self.getNumArguments())
               throw py::index_error("the block has " +
                                     std::to_string(self.getNumArguments()) +
                                     " arguments");
             return self.getArgument(index);
           })
      .def("get_num_arguments", &Block::getNumArguments)
      .def("add_argument",
           [](Block &self, Type type) {
             self.addArgument(type, UnknownLoc::get(type.getContext()));
           })
      .def("has_terminator",
           [](Block &self) {
             return !self.empty() &&
                    self.back().hasTrait<OpTrait::IsTerminator>();
           })
      .def("has_return",
           [](Block &self) {
             return !self.empty() &&
                    self.back().hasTrait<OpTrait::ReturnLike>();
           })
      .def("get_terminator",
           [](Block &self) -> py::object {
             if (self.empty() ||
                 !self.back().hasTrait<OpTrait::IsTerminator>())
               return py::none();
             return py::cast(PyOp{&self.back()});
           })
      // Moves this block's ops to the start of `dest` and erases it, as
      // Triton's frontend does to put a generated body into an scf region.
      .def("merge_block_before",
           [](Block &self, Block &dest) {
             if (self.getNumArguments() != 0)
               throw py::value_error("a block with arguments cannot be merged");
             dest.getOperations().splice(dest.begin(), self.getOperations());
             self.dropAllUses();
             self.erase();
           })
      .def("move_before", [](Block &self, Block &other) { self.moveBefore(&other); })
      .def("get_parent", &Block::getParent, ref)
      .def("erase", [](Block &self) { self.erase(); })
      .def("id", [](Block &self) { return (uintptr_t)&self; })
      .def("__str__", [](Block &self) { return printed(self); });
}

void defineOps(py::module_ &m,
               py::class_<Module, std::shared_ptr<Module>> &module) {
  auto ref = py::return_value_policy::reference;
  py::class_<PyOp>(m, "OpState")
      .def("get_result",
           [](PyOp &self, unsigned index) -> Value {
             if (index >= self.op->getNumResults())
               throw py::index_error("the op has " +
                                     std::to_string(self.op->getNumResults()) +
                                     " results");
             return self.op->getResult(index);
           })
      .def("get_num_results", [](PyOp &self) { return self.op->getNumResults(); })
      .def("get_num_regions", [](PyOp &self) { return self.op->getNumRegions(); })
      .def("get_region", &regionOf, ref)
      .def("set_attr",
           [](PyOp &self, const std::string &name, Attribute &attr) {
             self.op->setAttr(name, attr);
           })
      .def("get_attr",
           [](PyOp &self, const std::string &name) -> py::object {
             if (Attribute attr = self.op->getAttr(name))
               return py::cast(attr);
             return py::none();
           })
      .def("get_name",
           [](PyOp &self) { return self.op->getName().getStringRef().str(); })
      .def("get_loc", [](PyOp &self) { return self.op->getLoc(); })
      .def("erase", [](PyOp &self) { self.op->erase(); })
      .def("verify",
           [](PyOp &self) { return succeeded(mlir::verify(self.op)); })
      .def("__str__", [](PyOp &self) { return printed(*self.op); })
      // scf.for: the body (the block of region 0), the induction variable.
      .def(
          "get_body",
          [](PyOp &self, unsigned index) -> Block * {
            Region &region = regionOf(self, 0);
            if (index >= region.getBlocks().size())
              throw py::index_error("no block " + std::to_string(index));
            return &*std::next(region.begin(), index);
          },
          ref)
      .def("get_induction_var",
           [](PyOp &self) -> Value {
             return as<scf::ForOp>(self, "get_induction_var")
                 .getInductionVar();
           })
      // scf.if
      .def(
          "get_then_block",
          [](PyOp &self) { return as<scf::IfOp>(self, "get_then_block").thenBlock(); },
          ref)
      .def(
          "get_else_block",
          [](PyOp &self) { return as<scf::IfOp>(self, "get_else_block").elseBlock(); },
          ref)
      // scf.while
      .def(
          "get_before",
          [](PyOp &self) -> Region * {
            return &as<scf::WhileOp>(self, "get_before").getBefore();
          },
          ref)
      .def(
          "get_after",
          [](PyOp &self) -> Region * {
            return &as<scf::WhileOp>(self, "get_after").getAfter();
          },
          ref);

  py::class_<PyFunc, PyOp>(m, "function")
      .def("args",
           [](PyFunc &self, unsigned index) -> Value {
             auto func = cast<tt::FuncOp>(self.op);
             if (index >= func.getNumArguments())
               throw py::index_error("function argument index out of range");
             return func.getArgument(index);
           })
      .def("get_num_args",
           [](PyFunc &self) { return cast<tt::FuncOp>(self.op).getNumArguments(); })
      .def(
          "add_entry_block",
          [](PyFunc &self) { return cast<tt::FuncOp>(self.op).addEntryBlock(); },
          ref)
      .def("set_arg_attr",
           [](PyFunc &self, unsigned index, const std::string &name, int value) {
             auto func = cast<tt::FuncOp>(self.op);
             if (index >= func.getNumArguments())
               throw py::index_error("function argument index out of range");
             func.setArgAttr(index, name,
                             IntegerAttr::get(
                                 IntegerType::get(func.getContext(), 32), value));
           })
      .def("finalize", [](PyFunc &) {})
      .def_property_readonly(
          "type", [](PyFunc &self) -> Type {
            return cast<tt::FuncOp>(self.op).getFunctionType();
          })
      .def("reset_type",
           [](PyFunc &self, Type type) {
             auto functionType = dyn_cast<FunctionType>(type);
             if (!functionType)
               throw py::type_error("expected a function type");
             cast<tt::FuncOp>(self.op).setType(functionType);
           })
      .def("get_name", [](PyFunc &self) {
        return cast<tt::FuncOp>(self.op).getName().str();
      });

  module
      .def("push_back",
           [](Module &self, PyFunc &func) {
             if (func.op->getBlock())
               func.op->remove();
             self.op.getBody()->push_back(func.op);
           })
      .def("has_function",
           [](Module &self, const std::string &name) {
             return (bool)self.op.lookupSymbol(name);
           })
      .def("get_function",
           [](Module &self, const std::string &name) -> py::object {
             if (auto func = self.op.lookupSymbol<tt::FuncOp>(name))
               return py::cast(PyFunc{{func}});
             return py::none();
           })
      .def(
          "get_body", [](Module &self) { return self.op.getBody(); }, ref)
      .def("set_attr",
           [](Module &self, const std::string &name, Attribute &attr) {
             self.op->setAttr(name, attr);
           })
      .def("get_int_attr", [](Module &self, const std::string &name) -> py::object {
        if (auto attr = self.op->getAttrOfType<IntegerAttr>(name))
          return py::int_(attr.getInt());
        return py::none();
      });
}

/// Binary arith ops under Triton's names.
template <typename OpTy>
void binary(py::class_<PyBuilder> &cls, const char *name) {
  cls.def(name, [](PyBuilder &self, Value &lhs, Value &rhs) -> Value {
    return self.create<OpTy>(lhs, rhs);
  });
}

/// Unary math ops under Triton's names.
template <typename OpTy>
void unary(py::class_<PyBuilder> &cls, const char *name) {
  cls.def(name,
          [](PyBuilder &self, Value &x) -> Value { return self.create<OpTy>(x); });
}

void defineBuilderMethods(py::class_<PyBuilder> &cls) {
  auto ref = py::return_value_policy::reference;
  cls.def(py::init([](ContextRef context) {
        return std::make_unique<PyBuilder>(context ? context : getDefaultContext());
      }),
      py::arg("context") = nullptr)
      .def("create_module",
           [](PyBuilder &self) {
             return std::make_shared<Module>(
                 self.context, OwningOpRef<ModuleOp>(ModuleOp::create(self.loc)));
           })
      // Insertion points
      .def("set_insertion_point_to_start",
           [](PyBuilder &self, Block &block) {
             self.builder.setInsertionPointToStart(&block);
           })
      .def("set_insertion_point_to_end",
           [](PyBuilder &self, Block &block) {
             self.builder.setInsertionPointToEnd(&block);
           })
      .def("set_insertion_point_after",
           [](PyBuilder &self, PyOp &op) { self.builder.setInsertionPointAfter(op.op); })
      .def(
          "get_insertion_block",
          [](PyBuilder &self) { return self.builder.getInsertionBlock(); }, ref)
      .def("get_insertion_point",
           [](PyBuilder &self) { return self.builder.saveInsertionPoint(); })
      .def("restore_insertion_point",
           [](PyBuilder &self, OpBuilder::InsertPoint point) {
             self.builder.restoreInsertionPoint(point);
           })
      // Attributes
      .def("get_unit_attr",
           [](PyBuilder &self) -> Attribute { return self.builder.getUnitAttr(); })
      .def("get_bool_attr", [](PyBuilder &self, bool v) -> Attribute {
        return self.builder.getBoolAttr(v);
      })
      .def("get_int32_attr", [](PyBuilder &self, int32_t v) -> Attribute {
        return self.builder.getI32IntegerAttr(v);
      })
      .def("get_string_attr", [](PyBuilder &self, std::string v) -> Attribute {
        return self.builder.getStringAttr(v);
      })
      // Constants
      .def("get_int1", [](PyBuilder &self, bool v) {
        return constantInt(self, self.builder.getI1Type(), v);
      });
  static const std::pair<const char *, unsigned> widths[] = {
      {"int8", 8}, {"int16", 16}, {"int32", 32}, {"int64", 64}};
  for (auto [name, bits] : widths) {
    cls.def((std::string("get_") + name).c_str(),
            [bits = bits](PyBuilder &self, int64_t v) {
              return constantInt(self, self.builder.getIntegerType(bits), v);
            });
    cls.def((std::string("get_u") + name).c_str(),
            [bits = bits](PyBuilder &self, uint64_t v) {
              return constantInt(self, self.builder.getIntegerType(bits),
                                 (int64_t)v);
            });
  }
  cls.def("get_fp16", [](PyBuilder &self, double v) {
       return constantFloat(self, self.builder.getF16Type(), v);
     })
      .def("get_bf16", [](PyBuilder &self, double v) {
        return constantFloat(self, self.builder.getBF16Type(), v);
      })
      .def("get_fp32", [](PyBuilder &self, double v) {
        return constantFloat(self, self.builder.getF32Type(), v);
      })
      .def("get_fp64", [](PyBuilder &self, double v) {
        return constantFloat(self, self.builder.getF64Type(), v);
      })
      .def("get_null_value",
           [](PyBuilder &self, Type type) -> Value {
             if (auto f = dyn_cast<FloatType>(type))
               return constantFloat(self, f, 0);
             if (isa<IntegerType>(type))
               return constantInt(self, type, 0);
             throw py::type_error("no null value of " + printed(type));
           })
      .def("get_all_ones_value", [](PyBuilder &self, Type type) -> Value {
        if (isa<IntegerType>(type))
          return constantInt(self, type, -1);
        throw py::type_error("no all-ones value of " + printed(type));
      });
  // Types
  cls.def("get_void_ty",
          [](PyBuilder &self) -> Type { return self.builder.getNoneType(); })
      .def("get_int1_ty", [](PyBuilder &self) -> Type { return self.builder.getI1Type(); })
      .def("get_int8_ty", [](PyBuilder &self) -> Type { return self.builder.getI8Type(); })
      .def("get_int16_ty", [](PyBuilder &self) -> Type { return self.builder.getI16Type(); })
      .def("get_int32_ty", [](PyBuilder &self) -> Type { return self.builder.getI32Type(); })
      .def("get_int64_ty", [](PyBuilder &self) -> Type { return self.builder.getI64Type(); })
      .def("get_half_ty", [](PyBuilder &self) -> Type { return self.builder.getF16Type(); })
      .def("get_bf16_ty", [](PyBuilder &self) -> Type { return self.builder.getBF16Type(); })
      .def("get_float_ty", [](PyBuilder &self) -> Type { return self.builder.getF32Type(); })
      .def("get_double_ty", [](PyBuilder &self) -> Type { return self.builder.getF64Type(); })
      .def("get_fp8e4nv_ty",
           [](PyBuilder &self) -> Type { return self.builder.getType<Float8E4M3FNType>(); })
      .def("get_fp8e5_ty",
           [](PyBuilder &self) -> Type { return self.builder.getType<Float8E5M2Type>(); })
      .def("get_ptr_ty",
           [](PyBuilder &, Type element, int addressSpace) -> Type {
             return tt::PointerType::get(element, addressSpace);
           })
      .def("get_block_ty",
           [](PyBuilder &, Type element, std::vector<int64_t> shape) -> Type {
             return RankedTensorType::get(shape, element);
           })
      .def("get_function_ty",
           [](PyBuilder &self, std::vector<Type> ins, std::vector<Type> outs) -> Type {
             return self.builder.getFunctionType(ins, outs);
           });
  // Locations
  cls.def("set_loc", [](PyBuilder &self, Location loc) { self.loc = loc; })
      .def("set_loc",
           [](PyBuilder &self, const std::string &file, unsigned line,
              unsigned column) {
             self.loc = FileLineColLoc::get(self.builder.getContext(), file,
                                            line, column);
           })
      .def("set_loc",
           [](PyBuilder &self, const std::string &name) {
             self.loc = NameLoc::get(self.builder.getStringAttr(name));
           })
      .def("get_loc", [](PyBuilder &self) { return self.loc; })
      .def("create_loc", [](PyBuilder &self, const std::string &file,
                            unsigned line, unsigned column) -> Location {
        return FileLineColLoc::get(self.builder.getContext(), file, line,
                                   column);
      });
  // Functions, blocks and control flow
  cls.def("get_or_insert_function",
          [](PyBuilder &self, Module &module, const std::string &name,
             Type type, const std::string &visibility, bool noinline) {
            if (auto existing = module.op.lookupSymbol<tt::FuncOp>(name))
              return PyFunc{{existing}};
            auto functionType = dyn_cast<FunctionType>(type);
            if (!functionType)
              throw py::type_error("expected a function type, got " +
                                   printed(type));
            NamedAttribute attrs[] = {
                self.attr("sym_visibility", self.builder.getStringAttr(visibility)),
                self.attr("noinline", self.builder.getBoolAttr(noinline))};
            // Made detached: module.push_back places it, wherever the
            // builder's insertion point is (inside another function).
            OpBuilder::InsertionGuard guard(self.builder);
            self.builder.clearInsertionPoint();
            return PyFunc{{self.create<tt::FuncOp>(name, functionType, attrs)}};
          })
      .def(
          "create_block",
          [](PyBuilder &self) {
            Block *current = self.builder.getInsertionBlock();
            if (!current)
              throw py::value_error("no insertion block to create a block beside");
            return self.builder.createBlock(current->getParent());
          },
          ref)
      .def(
          "create_block_with_parent",
          [](PyBuilder &self, Region &parent, std::vector<Type> types) {
            SmallVector<Location> locs(types.size(), self.loc);
            return self.builder.createBlock(&parent, {}, types, locs);
          },
          ref)
      .def(
          "new_block", [](PyBuilder &) { return new Block(); }, ref)
      .def("ret",
           [](PyBuilder &self, std::vector<Value> values) {
             return PyOp{self.create<tt::ReturnOp>(values)};
           })
      .def("call",
           [](PyBuilder &self, PyFunc &callee, std::vector<Value> args) {
             return PyOp{self.create<tt::CallOp>(cast<tt::FuncOp>(callee.op), args)};
           })
      .def("create_branch",
           [](PyBuilder &self, Block *dest, std::vector<Value> args) {
             return PyOp{self.create<cf::BranchOp>(dest, args)};
           })
      .def("create_cond_branch",
           [](PyBuilder &self, Value cond, Block *trueDest, Block *falseDest) {
             return PyOp{self.create<cf::CondBranchOp>(cond, trueDest, falseDest)};
           })
      .def("create_for_op",
           [](PyBuilder &self, Value lb, Value ub, Value step,
              std::vector<Value> init) {
             return PyOp{self.create<scf::ForOp>(lb, ub, step, init)};
           })
      .def("create_if_op",
           [](PyBuilder &self, std::vector<Type> types, Value cond, bool withElse) {
             return PyOp{self.create<scf::IfOp>(types, cond, withElse)};
           })
      .def("create_yield_op",
           [](PyBuilder &self, std::vector<Value> values) {
             return PyOp{self.create<scf::YieldOp>(values)};
           })
      .def("create_while_op",
           [](PyBuilder &self, std::vector<Type> types, std::vector<Value> init) {
             return PyOp{self.create<scf::WhileOp>(types, init)};
           })
      .def("create_condition_op",
           [](PyBuilder &self, Value cond, std::vector<Value> args) {
             return PyOp{self.create<scf::ConditionOp>(cond, args)};
           })
      .def("create_poison", [](PyBuilder &self, Type type) -> Value {
        return self.create<ub::PoisonOp>(type);
      });
  // Program ids, ranges, shapes, pointers
  cls.def("create_get_program_id",
          [](PyBuilder &self, int axis) -> Value {
            if (axis < 0 || axis > 2)
              throw py::index_error("program_id axis must be 0, 1 or 2");
            return self.create<tt::GetProgramIdOp>(axis);
          })
      .def("create_get_num_programs",
           [](PyBuilder &self, int axis) -> Value {
             if (axis < 0 || axis > 2)
               throw py::index_error("num_programs axis must be 0, 1 or 2");
             return self.create<tt::GetNumProgramsOp>(axis);
           })
      .def("create_make_range",
           [](PyBuilder &self, Type type, int start, int end) -> Value {
             return self.createGeneric(
                 "tt.make_range", {}, type,
                 {self.attr("start", self.builder.getI32IntegerAttr(start)),
                  self.attr("end", self.builder.getI32IntegerAttr(end))})
                 ->getResult(0);
           })
      .def("create_splat",
           [](PyBuilder &self, Type type, Value value) -> Value {
             return self.createGeneric("tt.splat", value, type)->getResult(0);
           })
      .def("create_broadcast",
           [](PyBuilder &self, Value value, std::vector<int64_t> shape) -> Value {
             auto tensor = dyn_cast<RankedTensorType>(value.getType());
             if (!tensor)
               throw py::type_error("create_broadcast takes a tensor; use "
                                    "create_splat for a scalar");
             return self.createGeneric("tt.broadcast", value, tensor.clone(shape))
                 ->getResult(0);
           })
      .def("create_expand_dims",
           [](PyBuilder &self, Value value, int axis) -> Value {
             auto tensor = dyn_cast<RankedTensorType>(value.getType());
             if (!tensor || axis < 0 || axis > tensor.getRank())
               throw py::value_error("expand_dims needs a tensor and an axis "
                                     "up to its rank");
             SmallVector<int64_t> shape(tensor.getShape());
             shape.insert(shape.begin() + axis, 1);
             return self
                 .createGeneric("tt.expand_dims", value, tensor.clone(shape),
                                {self.attr("axis",
                                           self.builder.getI32IntegerAttr(axis))})
                 ->getResult(0);
           })
      .def("create_addptr", [](PyBuilder &self, Value ptr, Value offset) -> Value {
        return self.createGeneric("tt.addptr", {ptr, offset}, ptr.getType())
            ->getResult(0);
      });
  // Memory
  cls.def("create_load",
          [](PyBuilder &self, Value ptr, tt::CacheModifier cache,
             tt::EvictionPolicy evict, bool isVolatile) -> Value {
            pointeeOf(ptr.getType()); // a TypeError for what is no pointer
            return self.create<tt::LoadOp>(ptr, Value(), Value(), cache, evict,
                                           isVolatile);
          })
      .def("create_masked_load",
           [](PyBuilder &self, Value ptr, Value mask, std::optional<Value> other,
              tt::CacheModifier cache, tt::EvictionPolicy evict,
              bool isVolatile) -> Value {
             pointeeOf(ptr.getType());
             return self.create<tt::LoadOp>(ptr, mask, other.value_or(Value()),
                                            cache, evict, isVolatile);
           })
      .def("create_store",
           [](PyBuilder &self, Value ptr, Value value, tt::CacheModifier cache,
              tt::EvictionPolicy evict) {
             self.createGeneric(
                 "tt.store", {ptr, value}, {},
                 {self.attr("cache", self.builder.getI32IntegerAttr((int32_t)cache)),
                  self.attr("evict", self.builder.getI32IntegerAttr((int32_t)evict))});
           })
      .def("create_masked_store",
           [](PyBuilder &self, Value ptr, Value value, Value mask,
              tt::CacheModifier cache, tt::EvictionPolicy evict) {
             self.createGeneric(
                 "tt.store", {ptr, value, mask}, {},
                 {self.attr("cache", self.builder.getI32IntegerAttr((int32_t)cache)),
                  self.attr("evict", self.builder.getI32IntegerAttr((int32_t)evict))});
           });
  // Dots and reductions
  cls.def("create_dot",
          [](PyBuilder &self, Value a, Value b, Value c,
             tt::InputPrecision precision, int maxNumImpreciseAcc) -> Value {
            return self
                .createGeneric(
                    "tt.dot", {a, b, c}, c.getType(),
                    {self.attr("inputPrecision",
                               self.builder.getI32IntegerAttr((int32_t)precision)),
                     self.attr("maxNumImpreciseAcc",
                               self.builder.getI32IntegerAttr(maxNumImpreciseAcc))})
                ->getResult(0);
          })
      .def("create_reduce",
           [](PyBuilder &self, std::vector<Value> operands, int axis) {
             return PyOp{self.create<tt::ReduceOp>(operands, axis)};
           })
      .def("create_reduce_ret", [](PyBuilder &self, py::args args) {
        SmallVector<Value> values;
        for (py::handle arg : args)
          values.push_back(arg.cast<Value>());
        return PyOp{self.create<tt::ReduceReturnOp>(values)};
      });
  // Casts
  cls.def("create_int_cast",
          [](PyBuilder &self, Value src, Type type, bool isSigned) -> Value {
            unsigned from = elementOf(src.getType()).getIntOrFloatBitWidth();
            unsigned to = elementOf(type).getIntOrFloatBitWidth();
            if (from == to)
              return src;
            if (from > to)
              return self.create<arith::TruncIOp>(type, src);
            if (isSigned)
              return self.create<arith::ExtSIOp>(type, src);
            return self.create<arith::ExtUIOp>(type, src);
          })
      .def("create_fp_ext", [](PyBuilder &self, Value src, Type type) -> Value {
        return self.create<arith::ExtFOp>(type, src);
      })
      .def("create_fp_trunc", [](PyBuilder &self, Value src, Type type) -> Value {
        return self.create<arith::TruncFOp>(type, src);
      })
      .def("create_si_to_fp", [](PyBuilder &self, Value src, Type type) -> Value {
        return self.create<arith::SIToFPOp>(type, src);
      })
      .def("create_ui_to_fp", [](PyBuilder &self, Value src, Type type) -> Value {
        return self.create<arith::UIToFPOp>(type, src);
      })
      .def("create_fp_to_si", [](PyBuilder &self, Value src, Type type) -> Value {
        return self.create<arith::FPToSIOp>(type, src);
      })
      .def("create_fp_to_ui", [](PyBuilder &self, Value src, Type type) -> Value {
        return self.create<arith::FPToUIOp>(type, src);
      })
      .def("create_bitcast", [](PyBuilder &self, Value src, Type type) -> Value {
        if (isa<tt::PointerType>(elementOf(type)))
          return self.createGeneric("tt.bitcast", src, type)->getResult(0);
        return self.create<arith::BitcastOp>(type, src);
      })
      .def("create_select",
           [](PyBuilder &self, Value cond, Value t, Value f) -> Value {
             return self.create<arith::SelectOp>(cond, t, f);
           });
  // Arithmetic
  binary<arith::AddIOp>(cls, "create_add");
  binary<arith::SubIOp>(cls, "create_sub");
  binary<arith::MulIOp>(cls, "create_mul");
  binary<arith::DivSIOp>(cls, "create_sdiv");
  binary<arith::DivUIOp>(cls, "create_udiv");
  binary<arith::RemSIOp>(cls, "create_srem");
  binary<arith::RemUIOp>(cls, "create_urem");
  binary<arith::AndIOp>(cls, "create_and");
  binary<arith::OrIOp>(cls, "create_or");
  binary<arith::XOrIOp>(cls, "create_xor");
  binary<arith::ShLIOp>(cls, "create_shl");
  binary<arith::ShRUIOp>(cls, "create_lshr");
  binary<arith::ShRSIOp>(cls, "create_ashr");
  binary<arith::MaxSIOp>(cls, "create_maxsi");
  binary<arith::MinSIOp>(cls, "create_minsi");
  binary<arith::MaxUIOp>(cls, "create_maxui");
  binary<arith::MinUIOp>(cls, "create_minui");
  binary<arith::AddFOp>(cls, "create_fadd");
  binary<arith::SubFOp>(cls, "create_fsub");
  binary<arith::MulFOp>(cls, "create_fmul");
  binary<arith::DivFOp>(cls, "create_fdiv");
  binary<arith::RemFOp>(cls, "create_frem");
  binary<arith::MaximumFOp>(cls, "create_maximumf");
  binary<arith::MinimumFOp>(cls, "create_minimumf");
  binary<arith::MaxNumFOp>(cls, "create_maxnumf");
  binary<arith::MinNumFOp>(cls, "create_minnumf");
  unary<arith::NegFOp>(cls, "create_fneg");
  unary<math::ExpOp>(cls, "create_exp");
  unary<math::Exp2Op>(cls, "create_exp2");
  unary<math::LogOp>(cls, "create_log");
  unary<math::Log2Op>(cls, "create_log2");
  unary<math::SqrtOp>(cls, "create_sqrt");
  unary<math::RsqrtOp>(cls, "create_rsqrt");
  unary<math::SinOp>(cls, "create_sin");
  unary<math::CosOp>(cls, "create_cos");
  unary<math::AbsFOp>(cls, "create_fabs");
  unary<math::AbsIOp>(cls, "create_iabs");
  using IP = arith::CmpIPredicate;
  static const std::pair<const char *, IP> intPredicates[] = {
       {"create_icmpSLE", IP::sle}, {"create_icmpSLT", IP::slt},
        {"create_icmpSGE", IP::sge}, {"create_icmpSGT", IP::sgt},
        {"create_icmpULE", IP::ule}, {"create_icmpULT", IP::ult},
        {"create_icmpUGE", IP::uge}, {"create_icmpUGT", IP::ugt},
        {"create_icmpEQ", IP::eq}, {"create_icmpNE", IP::ne}};
  for (auto [name, predicate] : intPredicates)
    cls.def(name, [predicate = predicate](PyBuilder &self, Value lhs,
                                          Value rhs) -> Value {
      return self.create<arith::CmpIOp>(predicate, lhs, rhs);
    });
  using FP = arith::CmpFPredicate;
  static const std::pair<const char *, FP> floatPredicates[] = {
       {"create_fcmpOLT", FP::OLT}, {"create_fcmpOGT", FP::OGT},
        {"create_fcmpOLE", FP::OLE}, {"create_fcmpOGE", FP::OGE},
        {"create_fcmpOEQ", FP::OEQ}, {"create_fcmpONE", FP::ONE},
        {"create_fcmpULT", FP::ULT}, {"create_fcmpUGT", FP::UGT},
        {"create_fcmpULE", FP::ULE}, {"create_fcmpUGE", FP::UGE},
        {"create_fcmpUEQ", FP::UEQ}, {"create_fcmpUNE", FP::UNE}};
  for (auto [name, predicate] : floatPredicates)
    cls.def(name, [predicate = predicate](PyBuilder &self, Value lhs,
                                          Value rhs) -> Value {
      return self.create<arith::CmpFOp>(predicate, lhs, rhs);
    });
}

} // namespace

void triton_py::defineBuilder(
    py::module_ &m, py::class_<Module, std::shared_ptr<Module>> &module) {
  py::enum_<tt::CacheModifier>(m, "CACHE_MODIFIER")
      .value("NONE", tt::CacheModifier::NONE)
      .value("CA", tt::CacheModifier::CA)
      .value("CG", tt::CacheModifier::CG)
      .value("WB", tt::CacheModifier::WB)
      .value("CS", tt::CacheModifier::CS)
      .value("WT", tt::CacheModifier::WT)
      .value("CV", tt::CacheModifier::CV);
  py::enum_<tt::EvictionPolicy>(m, "EVICTION_POLICY")
      .value("NORMAL", tt::EvictionPolicy::NORMAL)
      .value("EVICT_FIRST", tt::EvictionPolicy::EVICT_FIRST)
      .value("EVICT_LAST", tt::EvictionPolicy::EVICT_LAST);
  py::enum_<tt::InputPrecision>(m, "INPUT_PRECISION")
      .value("TF32", tt::InputPrecision::TF32)
      .value("TF32x3", tt::InputPrecision::TF32x3)
      .value("IEEE", tt::InputPrecision::IEEE)
      .value("BF16x3", tt::InputPrecision::BF16x3)
      .value("BF16x6", tt::InputPrecision::BF16x6);
  py::class_<OpBuilder::InsertPoint>(m, "InsertPoint");
  defineValues(m);
  defineBlocks(m);
  defineOps(m, module);
  py::class_<PyBuilder> builder(m, "builder", py::dynamic_attr());
  defineBuilderMethods(builder);
}
