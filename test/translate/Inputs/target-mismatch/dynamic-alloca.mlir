// A stack buffer of a size known only at run time: PTX has it from ISA 7.3
// on, which LLVM reports through its context while generating code.
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  llvm.func @dynamic_alloca(%p: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel} {
    %buffer = llvm.alloca %n x f32 : (i32) -> !llvm.ptr
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    llvm.store %v, %buffer : f32, !llvm.ptr
    %w = llvm.load volatile %buffer : !llvm.ptr -> f32
    llvm.store %w, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
