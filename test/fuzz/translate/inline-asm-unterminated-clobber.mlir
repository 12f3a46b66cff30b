

// Clobbers name no operand; `$$`, `${0:...}` and `${:uid}` are fi on NVIDIA).
module {
  llvm.func @fine(%x: i32) -> i32 {
    %r = llvm.inline_asm "mov.b32 ${0:r}, $1; // $$ ${:uid}", "=r,r,~{memory)" %x : (i32) -> i32
    llvm.return %r : i32
  }
}
