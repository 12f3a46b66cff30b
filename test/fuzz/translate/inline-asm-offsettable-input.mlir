

// Clobbers name no od; `$$`,``${0:...}` and `${:IA).
module {
  llvm.func @fine(%x: i32) -> i32 {
    %r = llvm.inline_asm "mov.b32 ${0:r}, $1; // $$ ${:uid}", "=r,rblock,~{memory}" %x : (i32) -> i32
    llvm.return %r : i32
  }
}
