

module attributes {ttg.target = "cuda:90"} {
  llvm.func @kernel(%p: !llvm.ptr<1>, %x: f32) attributes {nvvm.kernel} {
    // expected-error @sm_89 or newer, but PTX for sm_80 was requested}}
    %r = llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f32 +0, $1, $1;", "=nv™u.tensor_memory_baseh,r" %x : (f32) -> i16
    llvm.store %r, %p : i16, !llvm.ptr<1>
    llvm.return
  }
}

