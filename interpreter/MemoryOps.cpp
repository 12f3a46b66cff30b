//===- MemoryOps.cpp - Loads, stores, atomics, block pointers -------------===//
//
// Every access is resolved against the bound buffers before anything is read
// or written: an access that is out of bounds or misaligned stops the run
// with the op's location, the program id and the offending address range, and
// a store that fails writes nothing.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "dialects/Triton/IR/Dialect.h"

#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::triton::interp;

namespace {

std::string hex(int64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

struct ElemAccess {
  ElemType elem; ///< the pointee's type
  unsigned bytes;
};

ElemAccess accessOf(Type pointee) {
  ElemAccess a;
  a.elem = classify(pointee);
  a.bytes = storageBytes(getElementTypeOrSelf(pointee));
  return a;
}

inline void readElem(const uint8_t *p, const ElemAccess &a, Tensor &dst,
                     size_t i) {
  if (a.elem.isFloat) {
    if (a.elem.kind == FloatKind::F32) {
      float f;
      std::memcpy(&f, p, 4);
      dst.floats[i] = f;
      return;
    }
    uint64_t bits = 0;
    std::memcpy(&bits, p, a.bytes);
    dst.floats[i] = bitsToFloat(bits, a.elem.kind);
    return;
  }
  int64_t v = 0;
  std::memcpy(&v, p, a.bytes);
  dst.ints[i] = wrapInt(v, a.elem.isPtr ? 64 : a.elem.width);
}

inline void writeElem(uint8_t *p, const ElemAccess &a, const Tensor &src,
                      size_t i) {
  if (a.elem.isFloat) {
    if (a.elem.kind == FloatKind::F32) {
      float f = (float)src.floats[i];
      std::memcpy(p, &f, 4);
      return;
    }
    uint64_t bits = floatToBits(src.floats[i], a.elem.kind);
    std::memcpy(p, &bits, a.bytes);
    return;
  }
  int64_t v = src.ints[i];
  if (a.elem.width == 1)
    v = v ? 1 : 0;
  std::memcpy(p, &v, a.bytes);
}

/// Whether `addr` is a multiple of `bytes`; element sizes are nearly always
/// powers of two, where this is a mask rather than a division.
inline bool isAligned(int64_t addr, unsigned bytes) {
  return (bytes & (bytes - 1)) == 0 ? (addr & (int64_t)(bytes - 1)) == 0
                                    : addr % bytes == 0;
}

/// Host addresses of the active elements of `ptrs`; null for inactive ones.
/// Reports the first bad access (out of bounds or misaligned).
LogicalResult resolve(Executor &ex, Operation *op, StringRef what,
                      ArrayRef<int64_t> ptrs, const std::vector<char> &active,
                      unsigned bytes, std::vector<uint8_t *> &host) {
  size_t n = ptrs.size();
  host.assign(n, nullptr);
  int64_t badLo = std::numeric_limits<int64_t>::max(), badHi = 0;
  int64_t firstBad = -1, badCount = 0;
  bool misaligned = false;
  for (size_t i = 0; i < n; ++i) {
    if (!active[i])
      continue;
    int64_t addr = ptrs[i];
    uint8_t *h =
        isAligned(addr, bytes) ? ex.memory.translate(addr, bytes) : nullptr;
    if (!h) {
      if (firstBad < 0) {
        firstBad = i;
        misaligned = addr % bytes != 0 && ex.memory.find(addr, bytes);
      }
      ++badCount;
      badLo = std::min(badLo, addr);
      badHi = std::max(badHi, addr + (int64_t)bytes);
      continue;
    }
    host[i] = h;
  }
  if (firstBad < 0)
    return success();
  auto diag = ex.error(op);
  diag << (misaligned ? "misaligned " : "out-of-bounds ") << what << " of "
       << badCount << " element(s) of " << bytes
       << " byte(s) in address range [" << hex(badLo) << ", " << hex(badHi)
       << ") (first at element " << firstBad << ", address "
       << hex(ptrs[firstBad]) << "); "
       << ex.memory.describeNear(ptrs[firstBad]);
  return failure();
}

std::vector<char> activeOf(const Tensor *mask, size_t n) {
  std::vector<char> active(n, 1);
  if (mask) {
    bool bc = mask->ints.size() == 1;
    for (size_t i = 0; i < n; ++i)
      active[i] = mask->ints[bc ? 0 : i] != 0;
  }
  return active;
}

/// Pointers and in-bounds flags of a block pointer or descriptor block.
void materialize(const BlockPtr &bp, ArrayRef<int64_t> offsets,
                 ArrayRef<int64_t> blockShape, unsigned bytes,
                 ArrayRef<int32_t> checkDims, bool checkAll,
                 std::vector<int64_t> &ptrs, std::vector<char> &inBounds) {
  size_t rank = blockShape.size();
  int64_t n = 1;
  for (int64_t d : blockShape)
    n *= d;
  ptrs.assign(n, 0);
  inBounds.assign(n, 1);
  SmallVector<bool, 4> check(rank, checkAll);
  for (int32_t d : checkDims)
    if (d >= 0 && (size_t)d < rank)
      check[d] = true;
  SmallVector<int64_t, 4> idx(rank, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t elemOff = 0;
    bool ok = true;
    for (size_t d = 0; d < rank; ++d) {
      int64_t c = offsets[d] + idx[d];
      elemOff += c * bp.strides[d];
      if (check[d] && (c < 0 || c >= bp.shape[d]))
        ok = false;
    }
    ptrs[i] = bp.base + elemOff * (int64_t)bytes;
    inBounds[i] = ok;
    for (int64_t d = (int64_t)rank - 1; d >= 0; --d) {
      if (++idx[d] < blockShape[d])
        break;
      idx[d] = 0;
    }
  }
}

TensorPtr loadFrom(Executor &ex, Operation *op, ArrayRef<int64_t> ptrs,
                   const std::vector<char> &active, const ElemAccess &a,
                   ArrayRef<int64_t> shape, const Tensor *other,
                   double padFloat) {
  auto r = a.elem.isFloat ? Tensor::ofFloats(shape) : Tensor::ofInts(shape);
  size_t n = ptrs.size();
  bool obc = other && other->size() == 1;
  // Elements are read as they are resolved: a load has no effect to undo, so
  // only when some address is bad does resolve() run, to report them all.
  for (size_t i = 0; i < n; ++i) {
    if (active[i]) {
      int64_t addr = ptrs[i];
      uint8_t *h = isAligned(addr, a.bytes) ? ex.memory.translate(addr, a.bytes)
                                            : nullptr;
      if (!h) {
        std::vector<uint8_t *> host;
        (void)resolve(ex, op, "load", ptrs, active, a.bytes, host);
        return nullptr;
      }
      readElem(h, a, *r, i);
    } else if (other) {
      if (r->isFloat)
        r->floats[i] = other->floats[obc ? 0 : i];
      else
        r->ints[i] = other->ints[obc ? 0 : i];
    } else if (r->isFloat) {
      r->floats[i] = padFloat;
    }
  }
  return r;
}

LogicalResult storeTo(Executor &ex, Operation *op, ArrayRef<int64_t> ptrs,
                      const std::vector<char> &active, const ElemAccess &a,
                      const Tensor &value) {
  std::vector<uint8_t *> host;
  if (failed(resolve(ex, op, "store", ptrs, active, a.bytes, host)))
    return failure();
  bool bc = value.size() == 1;
  for (size_t i = 0, n = ptrs.size(); i < n; ++i)
    if (host[i])
      writeElem(host[i], a, value, bc ? 0 : i);
  return success();
}

const Tensor *optional(Executor &ex, Value v) {
  return v ? ex.get(v).get() : nullptr;
}

/// The block a descriptor op touches at `indices`.
LogicalResult descriptorBlock(Executor &ex, Operation *op, const BlockPtr &bp,
                              ValueRange indexValues, unsigned bytes,
                              std::vector<int64_t> &ptrs,
                              std::vector<char> &inBounds) {
  SmallVector<int64_t, 4> offsets;
  for (Value v : indexValues)
    offsets.push_back(asSigned(ex.get(v)->ints[0], 32));
  if (offsets.size() != bp.shape.size())
    return ex.error(op) << "descriptor of rank " << bp.shape.size()
                        << " indexed with " << offsets.size() << " indices";
  if ((offsets.back() * bytes) % 16 != 0)
    return ex.error(op)
           << "block offset start must be 16-byte aligned, got element offset "
           << offsets.back();
  materialize(bp, offsets, bp.blockShape, bytes, {}, true, ptrs, inBounds);
  return success();
}

int64_t rmwInt(triton::RMWOp kind, int64_t old, int64_t v, unsigned w) {
  using K = triton::RMWOp;
  switch (kind) {
  case K::AND:
    return old & v;
  case K::OR:
    return old | v;
  case K::XOR:
    return wrapInt(old ^ v, w);
  case K::ADD:
    return wrapInt((int64_t)((uint64_t)old + (uint64_t)v), w);
  case K::MAX:
    return asSigned(old, w) >= asSigned(v, w) ? old : v;
  case K::MIN:
    return asSigned(old, w) <= asSigned(v, w) ? old : v;
  case K::UMAX:
    return asUnsigned(old, w) >= asUnsigned(v, w) ? old : v;
  case K::UMIN:
    return asUnsigned(old, w) <= asUnsigned(v, w) ? old : v;
  case K::XCHG:
    return v;
  default:
    return old;
  }
}

double rmwFloat(triton::RMWOp kind, double old, double v, FloatKind k) {
  using K = triton::RMWOp;
  switch (kind) {
  case K::FADD:
    return roundFloat(old + v, k);
  case K::MAX:
    return std::fmax(old, v);
  case K::MIN:
    return std::fmin(old, v);
  case K::XCHG:
    return v;
  default:
    return old;
  }
}

/// A read-modify-write of `kind` with `val` at `ptrs` (the elements of a
/// tensor of `shape`, where `mask` allows); the old values are the result.
LogicalResult rmwAt(Executor &ex, Operation *op, triton::RMWOp kind,
                    ArrayRef<int64_t> ptrs, ArrayRef<int64_t> shape,
                    Value valValue, Value maskValue) {
  const Tensor &val = *ex.get(valValue);
  ElemAccess a = accessOf(valValue.getType());
  bool floatOp = a.elem.isFloat;
  using K = triton::RMWOp;
  if (floatOp &&
      !(kind == K::FADD || kind == K::MAX || kind == K::MIN || kind == K::XCHG))
    return ex.error(op) << "atomic_rmw " << triton::stringifyRMWOp(kind)
                        << " on floats is not supported";
  if (!floatOp && kind == K::FADD)
    return ex.error(op) << "atomic_rmw fadd on integers is not supported";
  size_t n = ptrs.size();
  std::vector<char> active = activeOf(optional(ex, maskValue), n);
  std::vector<uint8_t *> host;
  if (failed(resolve(ex, op, "atomic_rmw", ptrs, active, a.bytes, host)))
    return failure();
  auto old = floatOp ? Tensor::ofFloats(shape) : Tensor::ofInts(shape);
  auto tmp = floatOp ? Tensor::ofFloats({}) : Tensor::ofInts({});
  bool bc = val.size() == 1;
  for (size_t i = 0; i < n; ++i) {
    if (!host[i])
      continue;
    readElem(host[i], a, *old, i);
    if (floatOp)
      tmp->floats[0] =
          rmwFloat(kind, old->floats[i], val.floats[bc ? 0 : i], a.elem.kind);
    else
      tmp->ints[0] =
          rmwInt(kind, old->ints[i], val.ints[bc ? 0 : i], a.elem.width);
    writeElem(host[i], a, *tmp, 0);
  }
  ex.set(op->getResult(0), old);
  return success();
}

LogicalResult atomicRMW(Executor &ex, triton::AtomicRMWOp op) {
  const Tensor &ptr = *ex.get(op.getPtr());
  return rmwAt(ex, op, op.getAtomicRmwOp(), ptr.ints, ptr.shape, op.getVal(),
               op.getMask());
}

/// A compare-and-swap of `val` where `cmp` is found at `ptrs` (the elements
/// of a tensor of `shape`); the old values are the result.
LogicalResult casAt(Executor &ex, Operation *op, ArrayRef<int64_t> ptrs,
                    ArrayRef<int64_t> shape, Value cmpValue,
                    Value valValue) {
  const Tensor &cmp = *ex.get(cmpValue), &val = *ex.get(valValue);
  ElemAccess a = accessOf(valValue.getType());
  size_t n = ptrs.size();
  std::vector<char> active(n, 1);
  std::vector<uint8_t *> host;
  if (failed(resolve(ex, op, "atomic_cas", ptrs, active, a.bytes, host)))
    return failure();
  auto old = a.elem.isFloat ? Tensor::ofFloats(shape) : Tensor::ofInts(shape);
  for (size_t i = 0; i < n; ++i) {
    readElem(host[i], a, *old, i);
    bool eq = a.elem.isFloat ? floatToBits(old->floats[i], a.elem.kind) ==
                                   floatToBits(cmp.floats[i], a.elem.kind)
                             : asUnsigned(old->ints[i], a.elem.width) ==
                                   asUnsigned(cmp.ints[i], a.elem.width);
    if (eq)
      writeElem(host[i], a, val, i);
  }
  ex.set(op->getResult(0), old);
  return success();
}

LogicalResult atomicCAS(Executor &ex, triton::AtomicCASOp op) {
  const Tensor &ptr = *ex.get(op.getPtr());
  return casAt(ex, op, ptr.ints, ptr.shape, op.getCmp(), op.getVal());
}

/// What a TMA copy between `buffer` and the block of `desc` (a descriptor
/// of type `descType`) needs: the buffer holds exactly one block (its
/// leading unit dimensions may be left out), and a
/// descriptor read from memory moves that block the way the lowering issues
/// the copy (its box, element size and swizzle).
LogicalResult checkTMACopy(Executor &ex, Operation *op, const BlockPtr &desc,
                           triton::TensorDescType descType,
                           triton::gpu::MemDescType buffer) {
  RankedTensorType block = descType.getBlockType();
  auto shapeText = [](ArrayRef<int64_t> shape) {
    std::string s;
    for (auto [i, d] : llvm::enumerate(shape))
      s += (i ? "x" : "") + std::to_string(d);
    return s;
  };
  // The buffer may leave out the block's leading unit dimensions (a load
  // the frontend folded a reshape into): the same elements in the same order.
  ArrayRef<int64_t> bufferShape = buffer.getShape(),
                    blockShape = block.getShape();
  bool sameElements = bufferShape.size() <= blockShape.size() &&
                      blockShape.take_back(bufferShape.size()) == bufferShape &&
                      llvm::all_of(blockShape.drop_back(bufferShape.size()),
                                   [](int64_t d) { return d == 1; });
  if (!sameElements)
    return ex.error(op)
           << "copies a " << shapeText(block.getShape())
           << " block of the descriptor "
           << (isa<triton::nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op)
                   ? "into"
                   : "from")
           << " a buffer of shape " << shapeText(buffer.getShape());
  if (desc.box.empty())
    return success(); // a host descriptor: made for this block type
  auto dataType = triton::nvidia_gpu::getTMADataType(block.getElementType());
  if (!dataType || *dataType != desc.tmaDataType)
    return ex.error(op) << "the TMA descriptor's data type " << desc.tmaDataType
                        << " is not the one of " << block.getElementType()
                        << " elements ("
                        << (dataType ? std::to_string(*dataType) : "none")
                        << ")";
  SmallVector<int64_t> box(desc.box.begin(), desc.box.end());
  auto encoding = triton::nvidia_gpu::getTMAEncoding(block);
  if (encoding) {
    SmallVector<int64_t> expected = triton::nvidia_gpu::getTMABoxShape(block);
    if (box != expected)
      return ex.error(op) << "the TMA descriptor's box " << shapeText(box)
                          << " is not the box copies of a "
                          << shapeText(block.getShape()) << " block move ("
                          << shapeText(expected) << ")";
  } else {
    for (auto [d, b] : llvm::zip(block.getShape(), box))
      if (d % b != 0)
        return ex.error(op) << "the TMA descriptor's box " << shapeText(box)
                            << " does not tile the "
                            << shapeText(block.getShape()) << " block";
  }
  if (auto bufferEncoding =
          dyn_cast_or_null<triton::gpu::NVMMASharedEncodingAttr>(
              buffer.getEncoding())) {
    int swizzle = triton::nvidia_gpu::getTMASwizzleMode(bufferEncoding);
    if (swizzle != desc.tmaSwizzle)
      return ex.error(op) << "the TMA descriptor swizzles with mode "
                          << desc.tmaSwizzle
                          << ", the buffer's layout with mode " << swizzle;
  }
  return success();
}

/// Combines `value` (one element per pointer) into memory with `kind`, as a
/// descriptor reduction (tt.descriptor_reduce, ttng.async_tma_reduce) does;
/// out-of-bounds elements are left alone.
LogicalResult reduceInto(Executor &ex, Operation *op,
                         triton::DescriptorReduceKind kind,
                         const std::vector<int64_t> &ptrs,
                         const std::vector<char> &inBounds, const ElemAccess &a,
                         const Tensor &value) {
  std::vector<uint8_t *> host;
  if (failed(
          resolve(ex, op, "descriptor_reduce", ptrs, inBounds, a.bytes, host)))
    return failure();
  using K = triton::DescriptorReduceKind;
  if (a.elem.isFloat && kind != K::ADD && kind != K::MIN && kind != K::MAX)
    return ex.error(op) << "descriptor_reduce "
                        << triton::stringifyDescriptorReduceKind(kind)
                        << " on floats is not supported";
  unsigned w = a.elem.width;
  auto cur = a.elem.isFloat ? Tensor::ofFloats({1}) : Tensor::ofInts({1});
  for (size_t i = 0; i < ptrs.size(); ++i) {
    if (!host[i])
      continue;
    readElem(host[i], a, *cur, 0);
    if (a.elem.isFloat) {
      double o = cur->floats[0], v = value.floats[i];
      cur->floats[0] = kind == K::ADD   ? roundFloat(o + v, a.elem.kind)
                       : kind == K::MIN ? std::fmin(o, v)
                                        : std::fmax(o, v);
    } else {
      int64_t o = cur->ints[0], v = value.ints[i];
      uint64_t uo = asUnsigned(o, w), uv = asUnsigned(v, w);
      int64_t r = o;
      switch (kind) {
      case K::ADD:
        r = wrapInt((int64_t)(uo + uv), w);
        break;
      case K::MIN:
        r = asSigned(o, w) <= asSigned(v, w) ? o : v;
        break;
      case K::MAX:
        r = asSigned(o, w) >= asSigned(v, w) ? o : v;
        break;
      case K::AND:
        r = o & v;
        break;
      case K::OR:
        r = o | v;
        break;
      case K::XOR:
        r = wrapInt(o ^ v, w);
        break;
      // CUDA's atomicInc / atomicDec wrap-around counters.
      case K::INC:
        r = uo >= uv ? 0 : wrapInt((int64_t)(uo + 1), w);
        break;
      case K::DEC:
        r = (uo == 0 || uo > uv) ? v : wrapInt((int64_t)(uo - 1), w);
        break;
      }
      cur->ints[0] = r;
    }
    writeElem(host[i], a, *cur, 0);
  }
  return success();
}

/// The block a TMA copy between `buffer` and descriptor `desc` moves at
/// `coord`: the descriptor, its element access, and each element's address
/// and whether it is in bounds.
struct TMABlock {
  std::shared_ptr<const BlockPtr> desc;
  ElemAccess access;
  std::vector<int64_t> ptrs;
  std::vector<char> inBounds;
};

LogicalResult tmaBlockOf(Executor &ex, Operation *op, Value desc, Value buffer,
                         ValueRange coord, TMABlock &block) {
  block.desc = blockOf(ex, op, desc);
  if (!block.desc)
    return failure();
  auto descType = cast<triton::TensorDescType>(desc.getType());
  if (failed(checkTMACopy(ex, op, *block.desc, descType,
                          cast<triton::gpu::MemDescType>(buffer.getType()))))
    return failure();
  block.access = accessOf(descType.getBlockType().getElementType());
  return descriptorBlock(ex, op, *block.desc, coord, block.access.bytes,
                         block.ptrs, block.inBounds);
}

bool isBlockPointerType(Type t) {
  auto p = dyn_cast<triton::PointerType>(t);
  return p && isa<RankedTensorType>(p.getPointeeType());
}

} // namespace

namespace {

LogicalResult evalLoad(Executor &ex, triton::LoadOp op) {
  const Tensor &ptr = *ex.get(op.getPtr());
  Type resTy = op.getType();
  ElemAccess a = accessOf(getElementTypeOrSelf(resTy));
  auto shape = shapeOf(resTy);
  if (isBlockPointerType(op.getPtr().getType()) &&
      !blockOf(ex, op, op.getPtr()))
    return failure();
  if (ptr.block) {
    std::vector<int64_t> ptrs;
    std::vector<char> inBounds;
    materialize(*ptr.block, ptr.block->offsets, shape, a.bytes,
                op.getBoundaryCheck(), false, ptrs, inBounds);
    auto pad = op.getPadding();
    double padFloat = pad && *pad == triton::PaddingOption::PAD_NAN
                          ? std::numeric_limits<double>::quiet_NaN()
                          : 0.0;
    // The load's own mask (a hoisted load's guard) adds to the bounds; its
    // masked-off elements take `other` where given.
    const Tensor *mask = optional(ex, op.getMask());
    std::vector<char> own = activeOf(mask, ptrs.size());
    for (size_t i = 0; i < ptrs.size(); ++i)
      inBounds[i] = inBounds[i] && own[i];
    TensorPtr r = loadFrom(ex, op, ptrs, inBounds, a, shape, nullptr, padFloat);
    if (!r)
      return failure();
    if (const Tensor *other = optional(ex, op.getOther())) {
      bool bc = other->size() == 1;
      for (size_t i = 0; i < ptrs.size(); ++i) {
        if (own[i])
          continue;
        if (r->isFloat)
          r->floats[i] = other->floats[bc ? 0 : i];
        else
          r->ints[i] = other->ints[bc ? 0 : i];
      }
    }
    ex.set(op.getResult(), r);
    return success();
  }
  std::vector<char> active =
      activeOf(optional(ex, op.getMask()), ptr.ints.size());
  TensorPtr r = loadFrom(ex, op, ptr.ints, active, a, shape,
                         optional(ex, op.getOther()), 0.0);
  if (!r)
    return failure();
  ex.set(op.getResult(), r);
  return success();
}

LogicalResult
evalAsyncCopyGlobalToLocal(Executor &ex,
                           triton::gpu::AsyncCopyGlobalToLocalOp op) {
  // A load into shared memory, complete at once (see SharedMemoryOps.cpp).
  const Executor::MemDescView *view = ex.getView(op.getResult());
  if (!view)
    return ex.error(op) << "copies into a buffer that was not allocated here";
  const Tensor &ptr = *ex.get(op.getSrc());
  Type pointee =
      cast<triton::PointerType>(getElementTypeOrSelf(op.getSrc().getType()))
          .getPointeeType();
  std::vector<char> active =
      activeOf(optional(ex, op.getMask()), ptr.ints.size());
  TensorPtr r = loadFrom(ex, op, ptr.ints, active, accessOf(pointee),
                         shapeOf(op.getSrc().getType()),
                         optional(ex, op.getOther()), 0.0);
  if (!r)
    return failure();
  ex.writeView(*view, *r);
  ex.set(op.getToken(), Tensor::ofInts({}, 0));
  return success();
}

LogicalResult evalAsyncTMACopyGlobalToLocal(
    Executor &ex, triton::nvidia_gpu::AsyncTMACopyGlobalToLocalOp op) {
  // A TMA load: the block at the coordinates, complete at once; its bytes
  // complete the barrier's transaction.
  if (ex.get(op.getPred())->ints[0] == 0)
    return success();
  const Executor::MemDescView *view = ex.getView(op.getResult());
  if (!view)
    return ex.error(op) << "copies into a buffer that was not allocated here";
  TMABlock block;
  if (failed(tmaBlockOf(ex, op, op.getDesc(), op.getResult(), op.getCoord(),
                        block)))
    return failure();
  const BlockPtr *bpp = block.desc.get();
  const ElemAccess &a = block.access;
  const std::vector<int64_t> &ptrs = block.ptrs;
  const std::vector<char> &inBounds = block.inBounds;
  double pad = bpp->padNan ? std::numeric_limits<double>::quiet_NaN() : 0.0;
  TensorPtr r =
      loadFrom(ex, op, ptrs, inBounds, a, bpp->blockShape, nullptr, pad);
  if (!r)
    return failure();
  ex.writeView(*view, *r);
  return completeTransaction(ex, op, op.getBarrier(),
                             (int64_t)ptrs.size() * a.bytes);
}

LogicalResult evalAsyncTMACopyLocalToGlobal(
    Executor &ex, triton::nvidia_gpu::AsyncTMACopyLocalToGlobalOp op) {
  // A TMA store: the buffer written to the block, clipped to the bounds.
  const Executor::MemDescView *view = ex.getView(op.getSrc());
  if (!view)
    return ex.error(op) << "copies from a buffer that was not allocated here";
  TMABlock block;
  if (failed(
          tmaBlockOf(ex, op, op.getDesc(), op.getSrc(), op.getCoord(), block)))
    return failure();
  return storeTo(ex, op, block.ptrs, block.inBounds, block.access,
                 *ex.readView(*view));
}

LogicalResult evalStore(Executor &ex, triton::StoreOp op) {
  const Tensor &ptr = *ex.get(op.getPtr());
  const Tensor &value = *ex.get(op.getValue());
  ElemAccess a = accessOf(getElementTypeOrSelf(op.getValue().getType()));
  if (isBlockPointerType(op.getPtr().getType()) &&
      !blockOf(ex, op, op.getPtr()))
    return failure();
  if (ptr.block) {
    std::vector<int64_t> ptrs;
    std::vector<char> inBounds;
    materialize(*ptr.block, ptr.block->offsets, value.shape, a.bytes,
                op.getBoundaryCheck(), false, ptrs, inBounds);
    return storeTo(ex, op, ptrs, inBounds, a, value);
  }
  std::vector<char> active =
      activeOf(optional(ex, op.getMask()), ptr.ints.size());
  return storeTo(ex, op, ptr.ints, active, a, value);
}

LogicalResult evalMakeTensorPtr(Executor &ex, triton::MakeTensorPtrOp mk) {
  auto bp = std::make_shared<BlockPtr>();
  bp->base = ex.get(mk.getBase())->ints[0];
  for (Value v : mk.getShape())
    bp->shape.push_back(ex.get(v)->ints[0]);
  for (Value v : mk.getStrides())
    bp->strides.push_back(ex.get(v)->ints[0]);
  for (Value v : mk.getOffsets())
    bp->offsets.push_back(asSigned(ex.get(v)->ints[0], 32));
  auto t = Tensor::ofInts({});
  t->block = bp;
  ex.set(mk.getResult(), t);
  return success();
}

LogicalResult evalAdvance(Executor &ex, triton::AdvanceOp op) {
  std::shared_ptr<const BlockPtr> srcBlock = blockOf(ex, op, op.getPtr());
  if (!srcBlock)
    return failure();
  auto bp = std::make_shared<BlockPtr>(*srcBlock);
  if (op.getOffsets().size() != bp->offsets.size())
    return ex.error(op) << "tt.advance with " << op.getOffsets().size()
                        << " offsets for a block pointer of rank "
                        << bp->offsets.size();
  for (auto [i, v] : llvm::enumerate(op.getOffsets()))
    bp->offsets[i] += asSigned(ex.get(v)->ints[0], 32);
  auto t = Tensor::ofInts({});
  t->block = bp;
  ex.set(op.getResult(), t);
  return success();
}

LogicalResult evalMakeTensorDesc(Executor &ex, triton::MakeTensorDescOp op) {
  auto bp = std::make_shared<BlockPtr>();
  bp->isDescriptor = true;
  bp->base = ex.get(op.getBase())->ints[0];
  for (Value v : op.getShape())
    bp->shape.push_back(asSigned(ex.get(v)->ints[0], 32));
  for (Value v : op.getStrides())
    bp->strides.push_back(ex.get(v)->ints[0]);
  auto descTy = cast<triton::TensorDescType>(op.getType());
  RankedTensorType blockTy = descTy.getBlockType();
  bp->blockShape.assign(blockTy.getShape().begin(), blockTy.getShape().end());
  bp->padNan = op.getPadding() == triton::PaddingOption::PAD_NAN;
  unsigned bytes = storageBytes(blockTy.getElementType());
  if (bp->base % 16 != 0)
    return ex.error(op)
           << "tensor descriptor base must be 16-byte aligned, got "
           << hex(bp->base);
  if (bp->shape.empty())
    return ex.error(op) << "tensor descriptor cannot be 0-dimensional";
  if (bp->blockShape.size() != bp->shape.size())
    return ex.error(op)
           << "tensor descriptor block rank differs from its shape's";
  for (size_t d = 0; d + 1 < bp->strides.size(); ++d)
    if ((bp->strides[d] * bytes) % 16 != 0)
      return ex.error(op) << "tensor descriptor stride " << d << " ("
                          << bp->strides[d]
                          << " elements) must be 16-byte aligned";
  if (bp->strides.back() != 1)
    return ex.error(op) << "tensor descriptor's last dimension must be "
                           "contiguous, got stride "
                        << bp->strides.back();
  auto t = Tensor::ofInts({});
  t->block = bp;
  ex.set(op.getResult(), t);
  return success();
}

LogicalResult evalDescriptorLoad(Executor &ex, triton::DescriptorLoadOp op) {
  std::shared_ptr<const BlockPtr> bpp = blockOf(ex, op, op.getDesc());
  if (!bpp)
    return failure();
  const BlockPtr &bp = *bpp;
  ElemAccess a = accessOf(getElementTypeOrSelf(op.getType()));
  std::vector<int64_t> ptrs;
  std::vector<char> inBounds;
  if (failed(descriptorBlock(ex, op, bp, op.getIndices(), a.bytes, ptrs,
                             inBounds)))
    return failure();
  double pad = bp.padNan ? std::numeric_limits<double>::quiet_NaN() : 0.0;
  TensorPtr r =
      loadFrom(ex, op, ptrs, inBounds, a, bp.blockShape, nullptr, pad);
  if (!r)
    return failure();
  r->shape = shapeOf(op.getType());
  ex.set(op.getResult(), r);
  return success();
}

LogicalResult evalDescriptorStore(Executor &ex, triton::DescriptorStoreOp op) {
  std::shared_ptr<const BlockPtr> bpp = blockOf(ex, op, op.getDesc());
  if (!bpp)
    return failure();
  const BlockPtr &bp = *bpp;
  const Tensor &value = *ex.get(op.getSrc());
  ElemAccess a = accessOf(getElementTypeOrSelf(op.getSrc().getType()));
  std::vector<int64_t> ptrs;
  std::vector<char> inBounds;
  if (failed(descriptorBlock(ex, op, bp, op.getIndices(), a.bytes, ptrs,
                             inBounds)))
    return failure();
  return storeTo(ex, op, ptrs, inBounds, a, value);
}

LogicalResult evalDescriptorReduce(Executor &ex,
                                   triton::DescriptorReduceOp op) {
  std::shared_ptr<const BlockPtr> bpp = blockOf(ex, op, op.getDesc());
  if (!bpp)
    return failure();
  const Tensor &value = *ex.get(op.getSrc());
  ElemAccess a = accessOf(getElementTypeOrSelf(op.getSrc().getType()));
  std::vector<int64_t> ptrs;
  std::vector<char> inBounds;
  if (failed(descriptorBlock(ex, op, *bpp, op.getIndices(), a.bytes, ptrs,
                             inBounds)))
    return failure();
  return reduceInto(ex, op, op.getKind(), ptrs, inBounds, a, value);
}

LogicalResult evalAsyncTMAReduce(Executor &ex,
                                 triton::nvidia_gpu::AsyncTMAReduceOp op) {
  // 3.6's TMA form of a descriptor reduction: the buffer combined into the
  // block, clipped to the bounds.
  const Executor::MemDescView *view = ex.getView(op.getSrc());
  if (!view)
    return ex.error(op) << "reduces from a buffer that was not allocated here";
  TMABlock block;
  if (failed(
          tmaBlockOf(ex, op, op.getDesc(), op.getSrc(), op.getCoord(), block)))
    return failure();
  return reduceInto(ex, op, op.getKind(), block.ptrs, block.inBounds,
                    block.access, *ex.readView(*view));
}

/// The addresses an AMD buffer op reaches: a scalar base plus element
/// offsets.
std::vector<int64_t> bufferAddresses(Executor &ex, Value base, Value offsets,
                                     unsigned bytes) {
  int64_t b = ex.get(base)->ints.at(0);
  std::vector<int64_t> ptrs;
  for (int64_t offset : ex.get(offsets)->ints)
    ptrs.push_back(b + offset * bytes);
  return ptrs;
}

LogicalResult evalBufferLoad(Executor &ex, triton::amdgpu::BufferLoadOp load) {
  ElemAccess a = accessOf(getElementTypeOrSelf(load.getType()));
  std::vector<int64_t> ptrs =
      bufferAddresses(ex, load.getPtr(), load.getOffsets(), a.bytes);
  std::vector<char> active =
      activeOf(optional(ex, load.getMask()), ptrs.size());
  TensorPtr r = loadFrom(ex, load, ptrs, active, a, shapeOf(load.getType()),
                         optional(ex, load.getOther()), 0.0);
  if (!r)
    return failure();
  return ex.setResult(load, r);
}

LogicalResult evalBufferLoadToLocal(Executor &ex,
                                    triton::amdgpu::BufferLoadToLocalOp op) {
  // A buffer load into shared memory, complete at once, as
  // evalAsyncCopyGlobalToLocal.
  const Executor::MemDescView *view = ex.getView(op.getDest());
  if (!view)
    return ex.error(op) << "copies into a buffer that was not allocated here";
  Type elementType = op.getDest().getType().getElementType();
  ElemAccess a = accessOf(elementType);
  std::vector<int64_t> ptrs =
      bufferAddresses(ex, op.getPtr(), op.getOffsets(), a.bytes);
  std::vector<char> active = activeOf(optional(ex, op.getMask()), ptrs.size());
  TensorPtr r =
      loadFrom(ex, op, ptrs, active, a, shapeOf(op.getOffsets().getType()),
               optional(ex, op.getOther()), 0.0);
  if (!r)
    return failure();
  ex.writeView(*view, *r);
  ex.set(op.getToken(), Tensor::ofInts({}, 0));
  return success();
}

LogicalResult evalBufferStore(Executor &ex,
                              triton::amdgpu::BufferStoreOp store) {
  ElemAccess a = accessOf(getElementTypeOrSelf(store.getValue().getType()));
  std::vector<int64_t> ptrs =
      bufferAddresses(ex, store.getPtr(), store.getOffsets(), a.bytes);
  std::vector<char> active =
      activeOf(optional(ex, store.getMask()), ptrs.size());
  return storeTo(ex, store, ptrs, active, a, *ex.get(store.getValue()));
}

LogicalResult evalBufferAtomicRMW(Executor &ex,
                                  triton::amdgpu::BufferAtomicRMWOp op) {
  ElemAccess a = accessOf(getElementTypeOrSelf(op.getType()));
  std::vector<int64_t> ptrs =
      bufferAddresses(ex, op.getPtr(), op.getOffsets(), a.bytes);
  return rmwAt(ex, op, op.getAtomicRmwOp(), ptrs, shapeOf(op.getType()),
               op.getValue(), op.getMask());
}

LogicalResult evalBufferAtomicCAS(Executor &ex,
                                  triton::amdgpu::BufferAtomicCASOp op) {
  ElemAccess a = accessOf(getElementTypeOrSelf(op.getType()));
  std::vector<int64_t> ptrs =
      bufferAddresses(ex, op.getPtr(), op.getOffsets(), a.bytes);
  return casAt(ex, op, ptrs, shapeOf(op.getType()), op.getCmp(), op.getVal());
}

LogicalResult evalTMAStoreWait(Executor &, triton::nvidia_gpu::TMAStoreWaitOp) {
  return success(); // TMA stores complete when issued
}

/// The addresses of a descriptor gather or scatter: one row per x offset,
/// `cols` columns from y.
LogicalResult gatherAddresses(Executor &ex, Operation *op, Value desc,
                              Value xOffsets, Value yOffset, Type dataType,
                              std::shared_ptr<const BlockPtr> &bpp,
                              ElemAccess &a, std::vector<int64_t> &ptrs,
                              std::vector<char> &inBounds) {
  bpp = blockOf(ex, op, desc);
  if (!bpp)
    return failure();
  const BlockPtr &bp = *bpp;
  const Tensor &xOff = *ex.get(xOffsets);
  int64_t y = asSigned(ex.get(yOffset)->ints[0], 32);
  auto shape = shapeOf(dataType);
  a = accessOf(getElementTypeOrSelf(dataType));
  if (bp.shape.size() != 2)
    return ex.error(op) << "descriptor gather/scatter needs a 2-D descriptor";
  int64_t rowsN = shape[0], cols = shape[1];
  ptrs.assign(rowsN * cols, 0);
  inBounds.assign(rowsN * cols, 0);
  for (int64_t r = 0; r < rowsN; ++r) {
    int64_t x = asSigned(xOff.ints[r], 32);
    for (int64_t c = 0; c < cols; ++c) {
      int64_t col = y + c;
      ptrs[r * cols + c] =
          bp.base + (x * bp.strides[0] + col * bp.strides[1]) * a.bytes;
      inBounds[r * cols + c] =
          x >= 0 && x < bp.shape[0] && col >= 0 && col < bp.shape[1];
    }
  }
  return success();
}

LogicalResult evalDescriptorGather(Executor &ex,
                                   triton::DescriptorGatherOp gather) {
  std::shared_ptr<const BlockPtr> bp;
  ElemAccess a;
  std::vector<int64_t> ptrs;
  std::vector<char> inBounds;
  if (failed(gatherAddresses(ex, gather, gather.getDesc(), gather.getXOffsets(),
                             gather.getYOffset(), gather.getType(), bp, a, ptrs,
                             inBounds)))
    return failure();
  double pad = bp->padNan ? std::numeric_limits<double>::quiet_NaN() : 0.0;
  TensorPtr r = loadFrom(ex, gather, ptrs, inBounds, a,
                         shapeOf(gather.getType()), nullptr, pad);
  if (!r)
    return failure();
  return ex.setResult(gather, r);
}

LogicalResult evalDescriptorScatter(Executor &ex,
                                    triton::DescriptorScatterOp scatter) {
  std::shared_ptr<const BlockPtr> bp;
  ElemAccess a;
  std::vector<int64_t> ptrs;
  std::vector<char> inBounds;
  if (failed(gatherAddresses(ex, scatter, scatter.getDesc(),
                             scatter.getXOffsets(), scatter.getYOffset(),
                             scatter.getSrc().getType(), bp, a, ptrs,
                             inBounds)))
    return failure();
  return storeTo(ex, scatter, ptrs, inBounds, a, *ex.get(scatter.getSrc()));
}

} // namespace

void mlir::triton::interp::addMemoryEvaluators(EvaluatorTable &table) {
  table.add<evalLoad>();
  table.add<evalAsyncCopyGlobalToLocal>();
  table.add<evalBufferLoadToLocal>();
  table.add<evalAsyncTMACopyGlobalToLocal>();
  table.add<evalAsyncTMACopyLocalToGlobal>();
  table.add<evalStore>();
  table.add<atomicRMW>();
  table.add<atomicCAS>();
  table.add<evalMakeTensorPtr>();
  table.add<evalAdvance>();
  table.add<evalMakeTensorDesc>();
  table.add<evalDescriptorLoad>();
  table.add<evalDescriptorStore>();
  table.add<evalDescriptorReduce>();
  table.add<evalAsyncTMAReduce>();
  table.add<evalBufferLoad>();
  table.add<evalBufferStore>();
  table.add<evalBufferAtomicRMW>();
  table.add<evalBufferAtomicCAS>();
  table.add<evalTMAStoreWait>();
  table.add<evalDescriptorGather>();
  table.add<evalDescriptorScatter>();
}
