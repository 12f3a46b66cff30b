//===- AxisInfo.cpp - Divisibility, contiguity and constancy --------------===//

#include "passes/Analysis/AxisInfo.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;

//===----------------------------------------------------------------------===//
// The lattice value
//===----------------------------------------------------------------------===//

namespace {
constexpr int64_t kMaxDivisor = int64_t(1) << 62;

int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }
int64_t gcd(int64_t a, int64_t b, int64_t c) {
  return std::gcd(std::gcd(a, b), c);
}
int64_t clampedProduct(int64_t a, int64_t b) {
  if (a > kMaxDivisor / std::max<int64_t>(b, 1))
    return kMaxDivisor;
  return std::min(a * b, kMaxDivisor);
}
bool isPowerOf2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

/// A value's dimensions: a tensor's shape, or [1] for a scalar.
SmallVector<int64_t, 4> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t, 4>(tensor.getShape());
  return {1};
}

/// Reads a per-argument attribute: an integer for every dimension, or a
/// dense tensor with one entry per dimension.
std::optional<AxisInfo::DimVector> readArgAttr(Attribute attr, int64_t rank) {
  if (auto integer = dyn_cast_if_present<IntegerAttr>(attr))
    return AxisInfo::DimVector(rank, integer.getInt());
  if (auto dense = dyn_cast_if_present<DenseIntElementsAttr>(attr)) {
    AxisInfo::DimVector values;
    for (APInt v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
    if (static_cast<int64_t>(values.size()) == rank)
      return values;
  }
  return std::nullopt;
}
} // namespace

int64_t mlir::triton::highestPowerOf2Divisor(int64_t n) {
  // 0 is divisible by everything; INT64_MIN's own lowest bit (2^63) does not
  // fit the positive range: both get the cap.
  if (n == 0)
    return kMaxDivisor;
  return std::min<uint64_t>(uint64_t(n) & (~(uint64_t(n) - 1)), kMaxDivisor);
}

AxisInfo AxisInfo::getPessimistic(int64_t rank) {
  return AxisInfo(DimVector(rank, 1), DimVector(rank, 1), DimVector(rank, 1));
}

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  int64_t rank = shapeOf(value.getType()).size();
  AxisInfo info = getPessimistic(rank);
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return info;
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func)
    return info;
  unsigned index = arg.getArgNumber();
  if (auto div = readArgAttr(func.getArgAttr(index, "tt.divisibility"), rank))
    info.divisibility = *div;
  if (auto cont = readArgAttr(func.getArgAttr(index, "tt.contiguity"), rank))
    info.contiguity = *cont;
  if (auto cst = readArgAttr(func.getArgAttr(index, "tt.constancy"), rank))
    info.constancy = *cst;
  return info;
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isKnown())
    return rhs;
  if (!rhs.isKnown())
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return getPessimistic(std::max(lhs.getRank(), rhs.getRank()));
  DimVector cont, div, cst;
  for (int64_t d = 0; d < lhs.getRank(); ++d) {
    cont.push_back(gcd(lhs.contiguity[d], rhs.contiguity[d]));
    div.push_back(gcd(lhs.divisibility[d], rhs.divisibility[d]));
    cst.push_back(gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> value;
  if (lhs.constantValue == rhs.constantValue)
    value = lhs.constantValue;
  return AxisInfo(cont, div, cst, value);
}

void AxisInfo::print(raw_ostream &os) const {
  if (!known) {
    os << "<unknown>";
    return;
  }
  auto list = [&](StringRef name, const DimVector &v) {
    os << name << " = [";
    llvm::interleaveComma(v, os);
    os << "]";
  };
  list("contiguity", contiguity);
  os << ", ";
  list("divisibility", divisibility);
  os << ", ";
  list("constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {

using DimVector = AxisInfo::DimVector;

/// A constant (scalar or splat) of `shape`.
AxisInfo constantInfo(int64_t value, ArrayRef<int64_t> shape) {
  return AxisInfo(DimVector(shape.size(), 1),
                  DimVector(shape.size(), highestPowerOf2Divisor(value)),
                  DimVector(shape.begin(), shape.end()), value);
}

/// An elementwise op of two operands, dimension by dimension.
template <typename ContFn, typename DivFn, typename CstFn>
AxisInfo elementwise(const AxisInfo &lhs, const AxisInfo &rhs, ContFn cont,
                     DivFn div, CstFn cst, std::optional<int64_t> value) {
  DimVector c, v, k;
  for (int64_t d = 0; d < lhs.getRank(); ++d) {
    c.push_back(cont(d));
    v.push_back(div(d));
    k.push_back(cst(d));
  }
  return AxisInfo(c, v, k, value);
}

/// The divisibility of the first elements of runs of `run` elements of a value
/// whose own runs are longer: those start inside its runs, at multiples of
/// `run` from the run's start.
int64_t divisibilityForRuns(const AxisInfo &info, int64_t d, int64_t run) {
  if (info.getContiguity(d) > run)
    return gcd(info.getDivisibility(d), run);
  return info.getDivisibility(d);
}

AxisInfo visitAdd(const AxisInfo &lhs, const AxisInfo &rhs, bool isSub,
                  int64_t rhsScale, std::optional<int64_t> value) {
  // A contiguous run plus (or minus) a constant run stays contiguous.
  auto contiguity = [&](int64_t d) {
    int64_t c = gcd(lhs.getContiguity(d), rhs.getConstancy(d));
    if (!isSub)
      c = std::max(c, gcd(lhs.getConstancy(d), rhs.getContiguity(d)));
    return c;
  };
  return elementwise(
      lhs, rhs, contiguity,
      [&](int64_t d) {
        int64_t run = contiguity(d);
        return gcd(divisibilityForRuns(lhs, d, run),
                   clampedProduct(divisibilityForRuns(rhs, d, run), rhsScale));
      },
      [&](int64_t d) { return gcd(lhs.getConstancy(d), rhs.getConstancy(d)); },
      value);
}

AxisInfo visitMul(const AxisInfo &lhs, const AxisInfo &rhs,
                  std::optional<int64_t> value) {
  return elementwise(
      lhs, rhs,
      [&](int64_t d) -> int64_t {
        if (rhs.getConstantValue() == 1)
          return lhs.getContiguity(d);
        if (lhs.getConstantValue() == 1)
          return rhs.getContiguity(d);
        return 1;
      },
      [&](int64_t d) {
        // Multiplied by anything but 1, a contiguous run no longer is one: its
        // elements count one by one.
        int64_t lhsDiv = rhs.getConstantValue() == 1
                             ? lhs.getDivisibility(d)
                             : divisibilityForRuns(lhs, d, 1);
        int64_t rhsDiv = lhs.getConstantValue() == 1
                             ? rhs.getDivisibility(d)
                             : divisibilityForRuns(rhs, d, 1);
        return clampedProduct(lhsDiv, rhsDiv);
      },
      [&](int64_t d) { return gcd(lhs.getConstancy(d), rhs.getConstancy(d)); },
      value);
}

/// lhs / 2^k (divisor a positive constant).
AxisInfo visitDiv(const AxisInfo &lhs, const AxisInfo &rhs,
                  std::optional<int64_t> value) {
  std::optional<int64_t> divisor = rhs.getConstantValue();
  return elementwise(
      lhs, rhs,
      [&](int64_t d) -> int64_t {
        return divisor == 1 ? lhs.getContiguity(d) : 1;
      },
      [&](int64_t d) -> int64_t {
        if (divisor == 1)
          return lhs.getDivisibility(d);
        int64_t lhsDiv = divisibilityForRuns(lhs, d, 1);
        if (divisor && isPowerOf2(*divisor) && lhsDiv >= *divisor)
          return lhsDiv / *divisor;
        return 1;
      },
      [&](int64_t d) {
        int64_t c = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
        // Runs of `divisor` consecutive values, aligned to it, divide to one
        // value.
        if (divisor && isPowerOf2(*divisor))
          c = std::max(
              c, gcd(lhs.getContiguity(d), *divisor, lhs.getDivisibility(d)));
        // Likewise for a divisor unknown but the same everywhere along d and
        // a multiple of g: aligned runs of g consecutive values never cross
        // one of its multiples (idx // HW, a channel per HW elements), as
        // 3.6 reasons for non-negative values.
        else if (rhs.getConstancy(d) >= lhs.getContiguity(d) &&
                 rhs.getConstancy(d) > 1)
          c = std::max(c, gcd(lhs.getContiguity(d), lhs.getDivisibility(d),
                              rhs.getDivisibility(d)));
        return c;
      },
      value);
}

/// lhs % m for a positive power-of-two constant m.
AxisInfo visitRem(const AxisInfo &lhs, const AxisInfo &rhs,
                  std::optional<int64_t> value) {
  // A run of lhs starting at a multiple of g, with the divisor constant over
  // the run and a multiple of g, never crosses a multiple of the divisor: its
  // remainders stay consecutive (for non-negative lhs, as Triton assumes).
  // So (pid * BLOCK + arange) % N with N divisible by 16 keeps runs of 16.
  return elementwise(
      lhs, rhs,
      [&](int64_t d) -> int64_t {
        return gcd(gcd(lhs.getContiguity(d), lhs.getDivisibility(d)),
                   gcd(rhs.getDivisibility(d), rhs.getConstancy(d)));
      },
      [&](int64_t d) -> int64_t {
        // A divisor that varies within its runs (a contiguous one) says
        // nothing of each element: 64 % 5 is 4.
        return gcd(lhs.getDivisibility(d), divisibilityForRuns(rhs, d, 1));
      },
      [&](int64_t d) { return gcd(lhs.getConstancy(d), rhs.getConstancy(d)); },
      value);
}

/// A comparison: equal along runs where both sides are constant, and along
/// aligned blocks of a contiguous run compared with a constant, where the
/// boundary falls between blocks: x < c and x >= c flip at c, a multiple of
/// the block; x <= c and x > c flip after c, inside a block. So the contiguous
/// side must be the left one for < and >=, the right one for > and <=.
AxisInfo visitCmp(arith::CmpIPredicate predicate, const AxisInfo &lhs,
                  const AxisInfo &rhs, std::optional<int64_t> value) {
  using P = arith::CmpIPredicate;
  bool lhsRuns = predicate == P::slt || predicate == P::ult ||
                 predicate == P::sge || predicate == P::uge;
  bool rhsRuns = predicate == P::sgt || predicate == P::ugt ||
                 predicate == P::sle || predicate == P::ule;
  return elementwise(
      lhs, rhs, [](int64_t) -> int64_t { return 1; },
      [](int64_t) -> int64_t { return 1; },
      [&](int64_t d) {
        int64_t c = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
        int64_t aligned = gcd(lhs.getDivisibility(d), rhs.getDivisibility(d));
        if (lhsRuns)
          c = std::max(
              c, gcd(gcd(lhs.getContiguity(d), rhs.getConstancy(d)), aligned));
        if (rhsRuns)
          c = std::max(
              c, gcd(gcd(rhs.getContiguity(d), lhs.getConstancy(d)), aligned));
        return c;
      },
      value);
}

std::optional<int64_t> compare(arith::CmpIPredicate predicate, int64_t a,
                               int64_t b) {
  using P = arith::CmpIPredicate;
  uint64_t ua = a, ub = b;
  switch (predicate) {
  case P::eq:
    return a == b;
  case P::ne:
    return a != b;
  case P::slt:
    return a < b;
  case P::sle:
    return a <= b;
  case P::sgt:
    return a > b;
  case P::sge:
    return a >= b;
  case P::ult:
    return ua < ub;
  case P::ule:
    return ua <= ub;
  case P::ugt:
    return ua > ub;
  case P::uge:
    return ua >= ub;
  }
  return std::nullopt;
}

std::optional<int64_t>
fold(std::optional<int64_t> a, std::optional<int64_t> b,
     function_ref<std::optional<int64_t>(int64_t, int64_t)> fn) {
  if (!a || !b)
    return std::nullopt;
  return fn(*a, *b);
}

/// The size in bytes of what a pointer (or tensor of pointers) points to.
int64_t pointeeBytes(Type type) {
  Type elt = getElementTypeOrSelf(type);
  auto ptr = dyn_cast<PointerType>(elt);
  if (!ptr)
    return 1;
  Type pointee = ptr.getPointeeType();
  if (pointee.isIntOrFloat())
    return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  return 1;
}

/// The facts about op's first result, or nullopt where nothing is known.
std::optional<AxisInfo> transfer(Operation *op, ArrayRef<AxisInfo> in) {
  Type resultType = op->getResult(0).getType();
  SmallVector<int64_t, 4> shape = shapeOf(resultType);
  auto binary = [&](auto fn) -> std::optional<AxisInfo> {
    return fn(in[0], in[1]);
  };

  return TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([&](arith::ConstantOp constant) -> std::optional<AxisInfo> {
        APInt value;
        if (!matchPattern(constant.getResult(), m_ConstantInt(&value)))
          return std::nullopt;
        // A boolean true is 1 (as a mask compares), not -1.
        return constantInfo(value.getBitWidth() == 1 ? value.getZExtValue()
                                                     : value.getSExtValue(),
                            shape);
      })
      .Case([&](ub::PoisonOp) -> std::optional<AxisInfo> {
        // No execution reads a poison value, so it may claim every fact: a
        // join with it (an scf.if whose other branch yields poison) keeps
        // exactly the facts of the real value.
        DimVector most(shape.size(), kMaxDivisor);
        return AxisInfo(most, most, most);
      })
      .Case([&](MakeRangeOp range) -> std::optional<AxisInfo> {
        int64_t start = range.getStart();
        // The range's values are i32: a start of 0 is divisible by the
        // largest power of two of that width's convention (2^30, two bits
        // below the width, as for 64-bit values' 2^62). Analyses only compare
        // divisibility against small alignments, and tests of the remarks
        // written for Triton read 2^30 here.
        int64_t divisibility =
            start == 0 ? int64_t(1) << 30 : highestPowerOf2Divisor(start);
        return AxisInfo({int64_t(range.getEnd()) - start}, {divisibility}, {1});
      })
      .Case([&](SplatOp) -> std::optional<AxisInfo> {
        return AxisInfo(DimVector(shape.size(), 1),
                        DimVector(shape.size(), in[0].getDivisibility(0)),
                        DimVector(shape.begin(), shape.end()),
                        in[0].getConstantValue());
      })
      .Case([&](BroadcastOp broadcast) -> std::optional<AxisInfo> {
        SmallVector<int64_t, 4> srcShape =
            shapeOf(broadcast.getSrc().getType());
        DimVector cont, div, cst;
        for (size_t d = 0; d < shape.size(); ++d) {
          bool expanded = srcShape[d] == 1 && shape[d] != 1;
          cont.push_back(expanded ? 1 : in[0].getContiguity(d));
          div.push_back(in[0].getDivisibility(d));
          cst.push_back(expanded ? shape[d] : in[0].getConstancy(d));
        }
        return AxisInfo(cont, div, cst, in[0].getConstantValue());
      })
      .Case([&](ExpandDimsOp expand) -> std::optional<AxisInfo> {
        const AxisInfo &src = in[0];
        int64_t newDiv = 1;
        if (src.getConstantValue()) {
          newDiv = highestPowerOf2Divisor(*src.getConstantValue());
        } else {
          newDiv = kMaxDivisor;
          for (int64_t d = 0; d < src.getRank(); ++d)
            newDiv = gcd(newDiv,
                         src.getContiguity(d) > 1 ? 1 : src.getDivisibility(d));
        }
        DimVector cont = src.getContiguity(), div = src.getDivisibility(),
                  cst = src.getConstancy();
        unsigned axis = expand.getAxis();
        cont.insert(cont.begin() + axis, 1);
        div.insert(div.begin() + axis, newDiv);
        cst.insert(cst.begin() + axis, 1);
        return AxisInfo(cont, div, cst, src.getConstantValue());
      })
      .Case([&](TransOp trans) -> std::optional<AxisInfo> {
        DimVector cont, div, cst;
        for (int32_t d : trans.getOrder()) {
          cont.push_back(in[0].getContiguity(d));
          div.push_back(in[0].getDivisibility(d));
          cst.push_back(in[0].getConstancy(d));
        }
        return AxisInfo(cont, div, cst, in[0].getConstantValue());
      })
      .Case<arith::AddIOp, arith::SubIOp>(
          [&](auto add) -> std::optional<AxisInfo> {
            bool isSub = isa<arith::SubIOp>(op);
            auto value =
                fold(in[0].getConstantValue(), in[1].getConstantValue(),
                     [&](int64_t a, int64_t b) -> std::optional<int64_t> {
                       return isSub ? a - b : a + b;
                     });
            return visitAdd(in[0], in[1], isSub, 1, value);
          })
      .Case([&](LoadOp load) -> std::optional<AxisInfo> {
        // Where the pointers (and mask and `other`) repeat, so do the loaded
        // values, as in 3.6: an index loaded per row makes addresses that
        // are contiguous along the row (a gather of rows, Inductor's
        // index_copy and embedding kernels).
        if (shapeOf(load.getPtr().getType()).size() != shape.size())
          return std::nullopt; // a block pointer
        // A splat `other` (0.0, as usual) repeats everywhere, even where
        // float constants are not tracked.
        Attribute otherAttr;
        bool splatOther =
            load.getOther() &&
            matchPattern(load.getOther(), m_Constant(&otherAttr)) &&
            isa<SplatElementsAttr>(otherAttr);
        DimVector cont(shape.size(), 1), div(shape.size(), 1), cst;
        for (size_t d = 0; d < shape.size(); ++d) {
          int64_t c = in[0].getConstancy(d);
          for (auto [operand, info] :
               llvm::zip(op->getOperands().drop_front(), in.drop_front()))
            if (!(splatOther && operand == load.getOther()))
              c = gcd(c, info.getConstancy(d));
          cst.push_back(c);
        }
        return AxisInfo(cont, div, cst, std::nullopt);
      })
      .Case([&](AddPtrOp addptr) -> std::optional<AxisInfo> {
        return visitAdd(in[0], in[1], /*isSub=*/false,
                        pointeeBytes(addptr.getType()), std::nullopt);
      })
      .Case([&](arith::MulIOp) {
        return binary([&](const AxisInfo &a, const AxisInfo &b) {
          std::optional<int64_t> value =
              fold(a.getConstantValue(), b.getConstantValue(),
                   [](int64_t x, int64_t y) -> std::optional<int64_t> {
                     return x * y;
                   });
          if (a.getConstantValue() == 0 || b.getConstantValue() == 0)
            value = 0;
          return visitMul(a, b, value);
        });
      })
      .Case<arith::DivSIOp, arith::DivUIOp>([&](auto) {
        return binary([&](const AxisInfo &a, const AxisInfo &b) {
          return visitDiv(
              a, b,
              fold(a.getConstantValue(), b.getConstantValue(),
                   [](int64_t x, int64_t y) -> std::optional<int64_t> {
                     if (y == 0)
                       return std::nullopt;
                     return x / y;
                   }));
        });
      })
      .Case<arith::RemSIOp, arith::RemUIOp>([&](auto) {
        return binary([&](const AxisInfo &a, const AxisInfo &b) {
          std::optional<int64_t> value =
              fold(a.getConstantValue(), b.getConstantValue(),
                   [](int64_t x, int64_t y) -> std::optional<int64_t> {
                     if (y == 0)
                       return std::nullopt;
                     return x % y;
                   });
          if (b.getConstantValue() == 1)
            value = 0;
          return visitRem(a, b, value);
        });
      })
      .Case([&](arith::ShLIOp) -> std::optional<AxisInfo> {
        std::optional<int64_t> k = in[1].getConstantValue();
        // By an unknown amount: the low zero bits of each element stay zero.
        if (!k)
          return elementwise(
              in[0], in[1], [](int64_t) -> int64_t { return 1; },
              [&](int64_t d) { return divisibilityForRuns(in[0], d, 1); },
              [&](int64_t d) {
                return gcd(in[0].getConstancy(d), in[1].getConstancy(d));
              },
              std::nullopt);
        if (*k < 0 || *k > 30)
          return AxisInfo::getPessimistic(shape.size());
        return visitMul(
            in[0], constantInfo(int64_t(1) << *k, shape),
            fold(in[0].getConstantValue(), k,
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   return x << y;
                 }));
      })
      .Case<arith::ShRUIOp, arith::ShRSIOp>(
          [&](auto) -> std::optional<AxisInfo> {
            std::optional<int64_t> k = in[1].getConstantValue();
            if (!k || *k < 0 || *k > 30)
              return elementwise(
                  in[0], in[1], [](int64_t) -> int64_t { return 1; },
                  [](int64_t) -> int64_t { return 1; },
                  [&](int64_t d) {
                    return gcd(in[0].getConstancy(d), in[1].getConstancy(d));
                  },
                  std::nullopt);
            // Like a division by 2^k, except that a shifted contiguous run
            // is not taken as constant over aligned blocks: Triton's
            // analysis (and its alignment tests) keep only the operands'
            // common constancy for shifts.
            AxisInfo divided = visitDiv(
                in[0], constantInfo(int64_t(1) << *k, shape),
                fold(in[0].getConstantValue(), k,
                     [](int64_t x, int64_t y) -> std::optional<int64_t> {
                       return x >> y;
                     }));
            DimVector cst;
            for (int64_t d = 0; d < in[0].getRank(); ++d)
              cst.push_back(
                  *k == 0 ? divided.getConstancy(d)
                          : gcd(in[0].getConstancy(d), in[1].getConstancy(d)));
            return AxisInfo(divided.getContiguity(), divided.getDivisibility(),
                            cst, divided.getConstantValue());
          })
      .Case([&](arith::CmpIOp cmp) -> std::optional<AxisInfo> {
        // A scalar comparison is left unknown, as Triton's analysis does (its
        // tests read no constant there); constant conditions fold earlier.
        if (!isa<RankedTensorType>(cmp.getType()))
          return std::nullopt;
        return visitCmp(cmp.getPredicate(), in[0], in[1],
                        fold(in[0].getConstantValue(), in[1].getConstantValue(),
                             [&](int64_t a, int64_t b) {
                               return compare(cmp.getPredicate(), a, b);
                             }));
      })
      .Case([&](arith::SelectOp) -> std::optional<AxisInfo> {
        const AxisInfo &cond = in[0], &a = in[1], &b = in[2];
        if (cond.getConstantValue())
          return *cond.getConstantValue() ? a : b;
        if (a.getConstantValue() &&
            a.getConstantValue() == b.getConstantValue())
          return constantInfo(*a.getConstantValue(), shape);
        // A scalar condition picks one whole operand.
        bool scalarCond = !isa<RankedTensorType>(op->getOperand(0).getType());
        DimVector cont, div, cst;
        for (int64_t d = 0; d < a.getRank(); ++d) {
          int64_t condRun = scalarCond ? shape[d] : cond.getConstancy(d);
          int64_t run = gcd(a.getContiguity(d), b.getContiguity(d), condRun);
          cont.push_back(run);
          div.push_back(gcd(divisibilityForRuns(a, d, run),
                            divisibilityForRuns(b, d, run)));
          cst.push_back(gcd(a.getConstancy(d), b.getConstancy(d), condRun));
        }
        return AxisInfo(cont, div, cst);
      })
      .Case([&](UnrealizedConversionCastOp) -> std::optional<AxisInfo> {
        // Through a cast (to an LLVM struct and back, during lowering) the
        // facts stay, unless the result's rank cannot carry them.
        auto tensor = dyn_cast<RankedTensorType>(resultType);
        if (op->getNumOperands() != 1 ||
            (tensor && tensor.getRank() != in[0].getRank()))
          return std::nullopt;
        return in[0];
      })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp,
            arith::IndexCastUIOp, BitcastOp, IntToPtrOp, PtrToIntOp,
            gpu::ConvertLayoutOp>(
          [&](auto) -> std::optional<AxisInfo> { return in[0]; })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
          [&](auto) -> std::optional<AxisInfo> {
            // Bitwise ops (masks combined with & and |, mostly): equal inputs
            // give equal outputs, so runs of constants survive; low zero bits
            // common to both inputs stay zero.
            std::optional<int64_t> value =
                fold(in[0].getConstantValue(), in[1].getConstantValue(),
                     [&](int64_t x, int64_t y) -> std::optional<int64_t> {
                       if (isa<arith::AndIOp>(op))
                         return x & y;
                       return isa<arith::OrIOp>(op) ? (x | y) : (x ^ y);
                     });
            if (value)
              return constantInfo(*value, shape);
            return elementwise(
                in[0], in[1], [](int64_t) -> int64_t { return 1; },
                [&](int64_t d) {
                  return gcd(divisibilityForRuns(in[0], d, 1),
                             divisibilityForRuns(in[1], d, 1));
                },
                [&](int64_t d) {
                  return gcd(in[0].getConstancy(d), in[1].getConstancy(d));
                },
                std::nullopt);
          })
      .Case<arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp>(
          [&](auto) -> std::optional<AxisInfo> {
            std::optional<int64_t> value =
                fold(in[0].getConstantValue(), in[1].getConstantValue(),
                     [&](int64_t x, int64_t y) -> std::optional<int64_t> {
                       uint64_t ux = x, uy = y;
                       if (isa<arith::MaxSIOp>(op))
                         return std::max(x, y);
                       if (isa<arith::MinSIOp>(op))
                         return std::min(x, y);
                       if (isa<arith::MaxUIOp>(op))
                         return int64_t(std::max(ux, uy));
                       return int64_t(std::min(ux, uy));
                     });
            if (value)
              return constantInfo(*value, shape);
            // max(a + i, b + i) = max(a, b) + i: over runs where both are
            // contiguous the result is too, starting at one of their starts.
            auto run = [&](int64_t d) {
              return gcd(in[0].getContiguity(d), in[1].getContiguity(d));
            };
            return elementwise(
                in[0], in[1], run,
                [&](int64_t d) {
                  return gcd(divisibilityForRuns(in[0], d, run(d)),
                             divisibilityForRuns(in[1], d, run(d)));
                },
                [&](int64_t d) {
                  return gcd(in[0].getConstancy(d), in[1].getConstancy(d));
                },
                std::nullopt);
          })
      .Default([](Operation *) { return std::nullopt; });
}

/// `info` with the facts the frontend's hints state (tl.multiple_of,
/// tl.max_contiguous, tl.max_constancy) put in place of the derived ones, as
/// Triton does: attributes `tt.divisibility`, `tt.contiguity`, `tt.constancy`
/// (suffixed `_argN` on a loop for its block argument N).
AxisInfo withHints(Operation *holder, StringRef suffix, int64_t rank,
                   AxisInfo info) {
  auto read = [&](StringRef name) {
    return readArgAttr(holder->getDiscardableAttr((name + suffix).str()), rank);
  };
  std::optional<DimVector> div = read("tt.divisibility"),
                           cont = read("tt.contiguity"),
                           cst = read("tt.constancy");
  if (!div && !cont && !cst)
    return info;
  if (!info.isKnown())
    info = AxisInfo::getPessimistic(rank);
  return AxisInfo(cont ? *cont : info.getContiguity(),
                  div ? *div : info.getDivisibility(),
                  cst ? *cst : info.getConstancy(), info.getConstantValue());
}

/// A loop-carried value's facts with the loop's `_argN` hints applied.
AxisInfo withBlockArgHints(Value value, AxisInfo info) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg ||
      !isa_and_nonnull<scf::ForOp, scf::WhileOp>(arg.getOwner()->getParentOp()))
    return info;
  return withHints(arg.getOwner()->getParentOp(),
                   ("_arg" + Twine(arg.getArgNumber())).str(),
                   shapeOf(value.getType()).size(), info);
}

} // namespace

LogicalResult
AxisInfoAnalysis::visitOperation(Operation *op,
                                 ArrayRef<const AxisInfoLattice *> operands,
                                 ArrayRef<AxisInfoLattice *> results) {
  SmallVector<AxisInfo, 4> in;
  for (auto [operand, lattice] : llvm::zip(op->getOperands(), operands)) {
    if (!lattice->getValue().isKnown())
      return success(); // wait until every operand is known
    in.push_back(withBlockArgHints(operand, lattice->getValue()));
  }
  // Every type counts, floats too: most float ops know nothing, but a bitcast
  // keeps the facts of the integers it reinterprets, and a cast to an LLVM
  // struct keeps a tensor's.
  std::optional<AxisInfo> info;
  if (op->getNumResults() == 1) {
    SmallVector<int64_t, 4> shape = shapeOf(op->getResult(0).getType());
    std::optional<AxisInfo> derived = transfer(op, in);
    // A known constant's facts follow from its value alone (1 + 127 is
    // divisible by 128, whatever the operands' divisibility said).
    if (derived && derived->isKnown() && derived->getConstantValue() &&
        derived->getRank() == static_cast<int64_t>(shape.size()))
      derived = constantInfo(*derived->getConstantValue(), shape);
    info = withHints(op, "", shape.size(), derived.value_or(AxisInfo()));
  }
  if (info && !info->isKnown())
    info.reset(); // no transfer function, no hint: nothing known
  for (auto [index, lattice] : llvm::enumerate(results)) {
    AxisInfo value = (info && index == 0)
                         ? *info
                         : AxisInfo::getPessimistic(
                               shapeOf(op->getResult(index).getType()).size());
    propagateIfChanged(lattice, lattice->join(value));
  }
  return success();
}

void AxisInfoAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<AxisInfoLattice *> argLattices, unsigned firstIndex) {
  // The induction variable of scf.for: lb, lb + step, ...
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    const AxisInfoLattice *lb =
        getLatticeElementFor(getProgramPointAfter(op), loop.getLowerBound());
    const AxisInfoLattice *step =
        getLatticeElementFor(getProgramPointAfter(op), loop.getStep());
    if (!lb->getValue().isKnown() || !step->getValue().isKnown())
      return;
    int64_t div = gcd(lb->getValue().getDivisibility(0),
                      step->getValue().getDivisibility(0));
    AxisInfo iv({1}, {div}, {1});
    for (AxisInfoLattice *lattice : argLattices)
      if (lattice->getAnchor() == loop.getInductionVar())
        propagateIfChanged(lattice, lattice->join(iv));
    return;
  }
  SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
      op, successor, argLattices, firstIndex);
}

void AxisInfoAnalysis::setToEntryState(AxisInfoLattice *lattice) {
  Value anchor = lattice->getAnchor();
  // A warp-specialized partition's arguments are the explicit captures of its
  // ttg.warp_specialize: they hold what the captured values do (the region is
  // isolated, so the framework knows no such edge; this visit depends on the
  // captures' facts and reruns when they change).
  if (auto arg = dyn_cast<BlockArgument>(anchor)) {
    if (auto partitions = dyn_cast<gpu::WarpSpecializePartitionsOp>(
            arg.getOwner()->getParentOp())) {
      auto ws = partitions->getParentOfType<gpu::WarpSpecializeOp>();
      if (ws && arg.getArgNumber() < ws.getExplicitCaptures().size()) {
        const AxisInfoLattice *capture =
            getLatticeElementFor(getProgramPointBefore(arg.getOwner()),
                                 ws.getExplicitCaptures()[arg.getArgNumber()]);
        if (capture->getValue().isKnown())
          propagateIfChanged(lattice, lattice->join(capture->getValue()));
        return;
      }
    }
  }
  if (calleeArgs) {
    auto it = calleeArgs->find(anchor);
    if (it != calleeArgs->end()) {
      propagateIfChanged(lattice, lattice->join(it->second));
      return;
    }
  }
  propagateIfChanged(lattice,
                     lattice->join(AxisInfo::getPessimisticValueState(anchor)));
}

namespace {
/// What holds at every call site of a function for its argument `arg`, given
/// the facts of the operands passed there, tightened by the argument's own
/// attributes (a promise of the frontend). Only scalars and 1-D values pass:
/// more dimensions would need the call's shapes to agree.
std::optional<AxisInfo> joinCallSites(BlockArgument arg,
                                      ArrayRef<AxisInfo> operands) {
  AxisInfo joined;
  for (const AxisInfo &info : operands) {
    if (info.getRank() != 1)
      return std::nullopt;
    // Constants are not passed on: a callee is one body for every caller.
    joined = AxisInfo::join(joined, AxisInfo(info.getContiguity(),
                                             info.getDivisibility(),
                                             info.getConstancy()));
  }
  if (!joined.isKnown())
    return std::nullopt;
  auto func = cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  auto tighten = [&](StringRef name, const DimVector &derived) {
    DimVector out = derived;
    if (auto attr = readArgAttr(func.getArgAttr(arg.getArgNumber(), name), 1))
      out[0] = gcd(out[0], (*attr)[0]);
    return out;
  };
  return AxisInfo(tighten("tt.contiguity", joined.getContiguity()),
                  tighten("tt.divisibility", joined.getDivisibility()),
                  tighten("tt.constancy", joined.getConstancy()));
}
} // namespace

ModuleAxisInfo::ModuleAxisInfo(Operation *root) {
  // A function called from the module takes for its arguments what holds at
  // all its call sites (Triton passes a kernel's aligned pointers down to
  // helpers). Each round of the analysis settles one more level of the call
  // graph; kernels do not recurse, so rounds stop once nothing changes, or
  // after one per function.
  SmallVector<std::pair<CallOpInterface, FunctionOpInterface>> calls;
  DenseSet<Operation *> callees;
  root->walk([&](CallOpInterface call) {
    auto callee =
        dyn_cast_if_present<FunctionOpInterface>(call.resolveCallable());
    if (!callee || callee.isExternal())
      return;
    calls.push_back({call, callee});
    callees.insert(callee);
  });
  run(root);
  for (size_t round = 0; round < callees.size(); ++round) {
    DenseMap<BlockArgument, SmallVector<AxisInfo>> atCallSites;
    for (auto [call, callee] : calls) {
      Block &entry = callee.getFunctionBody().front();
      for (auto [operand, arg] :
           llvm::zip(call.getArgOperands(), entry.getArguments()))
        atCallSites[arg].push_back(get(operand));
    }
    DenseMap<Value, AxisInfo> next;
    for (auto &[arg, infos] : atCallSites)
      if (std::optional<AxisInfo> joined = joinCallSites(arg, infos))
        next[arg] = *joined;
    bool same = next.size() == calleeArgs.size() &&
                llvm::all_of(next, [&](const auto &entry) {
                  auto it = calleeArgs.find(entry.first);
                  return it != calleeArgs.end() && it->second == entry.second;
                });
    if (same)
      break;
    calleeArgs = std::move(next);
    run(root);
  }
}

void ModuleAxisInfo::run(Operation *root) {
  solver = std::make_unique<DataFlowSolver>();
  solver->load<dataflow::DeadCodeAnalysis>();
  solver->load<dataflow::SparseConstantPropagation>();
  solver->load<AxisInfoAnalysis>(&calleeArgs);
  (void)solver->initializeAndRun(root);
}

AxisInfo ModuleAxisInfo::get(Value value) const {
  if (const auto *lattice = solver->lookupState<AxisInfoLattice>(value))
    if (lattice->getValue().isKnown())
      return withBlockArgHints(value, lattice->getValue());
  return AxisInfo::getPessimistic(shapeOf(value.getType()).size());
}
