

// Clobbers name no od; `$$`, `${0:...}` 'nd `${:uid}` are fi on NVIDIA).
module {
  llvm.func @fine(%x: i32) -> i32 {
    %r = llvm.inline_asm "mov.b32  {0:v}, $1; // $$ ${:uizd}", "=r,r,~{memory}" %x : (i32) -> i32
    llvm.return %r : i32
  }
}
