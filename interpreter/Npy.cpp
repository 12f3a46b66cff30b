//===- Npy.cpp - NumPy .npy files -----------------------------------------===//

#include "interpreter/Npy.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::triton::interp;
using llvm::SmallVector;
using llvm::StringRef;

std::string mlir::triton::interp::npyDescr(StringRef dtype) {
  return llvm::StringSwitch<std::string>(dtype)
      .Case("i1", "|b1")
      .Case("i8", "|i1")
      .Case("u8", "|u1")
      .Case("i16", "<i2")
      .Case("u16", "<u2")
      .Case("i32", "<i4")
      .Case("u32", "<u4")
      .Case("i64", "<i8")
      .Case("u64", "<u8")
      .Case("f16", "<f2")
      .Case("bf16", "<u2")
      .Case("f32", "<f4")
      .Case("f64", "<f8")
      .Case("f8e4nv", "|u1")
      .Case("f8e5", "|u1")
      .Default("");
}

llvm::Error mlir::triton::interp::writeNpy(const Buffer &buffer,
                                           StringRef path) {
  std::string header = "{'descr': '" + npyDescr(buffer.dtype) +
                       "', 'fortran_order': False, 'shape': (";
  for (int64_t d : buffer.shape)
    header += std::to_string(d) + ", ";
  if (buffer.shape.size() > 1)
    header.resize(header.size() - 2); // (2, 3) but (4,)
  else if (buffer.shape.size() == 1)
    header.pop_back();
  header += "), }";
  size_t total = 10 + header.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  header += std::string(padded - total, ' ') + "\n";
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return llvm::createStringError("cannot write '" + path +
                                   "': " + ec.message());
  os << "\x93NUMPY" << char(1) << char(0);
  uint16_t len = header.size();
  os << char(len & 0xff) << char(len >> 8) << header;
  os.write((const char *)buffer.bytes.data(), buffer.bytes.size());
  return llvm::Error::success();
}

llvm::Error mlir::triton::interp::readNpy(Buffer &buffer, StringRef path) {
  auto fileOr = llvm::MemoryBuffer::getFile(path);
  if (!fileOr)
    return llvm::createStringError("cannot read '" + path +
                                   "': " + fileOr.getError().message());
  StringRef data = (*fileOr)->getBuffer();
  auto bad = [&](const std::string &why) {
    return llvm::createStringError("'" + path +
                                   "' is not a usable .npy file: " + why);
  };
  if (data.size() < 10 || !data.starts_with("\x93NUMPY"))
    return bad("bad magic");
  unsigned major = (unsigned char)data[6];
  size_t hlen, start;
  if (major == 1) {
    hlen = (unsigned char)data[8] | ((unsigned char)data[9] << 8);
    start = 10;
  } else {
    if (data.size() < 12)
      return bad("truncated header");
    hlen = (unsigned char)data[8] | ((unsigned char)data[9] << 8) |
           ((unsigned char)data[10] << 16) |
           ((size_t)(unsigned char)data[11] << 24);
    start = 12;
  }
  if (data.size() < start + hlen)
    return bad("truncated header");
  StringRef header = data.substr(start, hlen);
  auto field = [&](StringRef key) -> StringRef {
    size_t at = header.find("'" + key.str() + "'");
    if (at == StringRef::npos)
      return "";
    StringRef rest = header.drop_front(at + key.size() + 2).ltrim(" :");
    return rest;
  };
  StringRef descr = field("descr");
  if (!descr.consume_front("'"))
    return bad("no descr");
  descr = descr.take_until([](char c) { return c == '\''; });
  std::string want = npyDescr(buffer.dtype);
  // Byte order marks are irrelevant for one-byte types.
  auto norm = [](std::string d) {
    if (d.size() == 3 && d[2] == '1')
      d[0] = '|';
    if (!d.empty() && d[0] == '=')
      d[0] = '<';
    return d;
  };
  if (norm(descr.str()) != norm(want))
    return bad("its dtype is '" + descr.str() + "', the buffer's " +
               buffer.dtype + " needs '" + want + "'");
  if (field("fortran_order").starts_with("True"))
    return bad("Fortran order is not supported");
  StringRef shape = field("shape");
  if (!shape.consume_front("("))
    return bad("no shape");
  shape = shape.take_until([](char c) { return c == ')'; });
  int64_t count = 1;
  SmallVector<StringRef, 4> dims;
  shape.split(dims, ',', -1, false);
  for (StringRef d : dims) {
    d = d.trim();
    if (d.empty())
      continue;
    int64_t v;
    if (d.getAsInteger(10, v))
      return bad("bad shape");
    count *= v;
  }
  size_t bytes = buffer.bytes.size();
  int64_t want_count = 1;
  for (int64_t d : buffer.shape)
    want_count *= d;
  if (count != want_count)
    return bad("it holds " + std::to_string(count) + " elements, the buffer " +
               std::to_string(want_count));
  if (data.size() < start + hlen + bytes)
    return bad("truncated data");
  std::copy(data.begin() + start + hlen, data.begin() + start + hlen + bytes,
            buffer.bytes.begin());
  return llvm::Error::success();
}
