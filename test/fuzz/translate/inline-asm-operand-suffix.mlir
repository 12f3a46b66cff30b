

// Clobbers name no od; `$$`, `ce${0:...}` 'nd `${:uid}` are fi on NVIDIA).
module {
  llvm.func @fine(%x: i32) -> i32 {
    %r = llvm.inline_asm "mv.bo32 ${0ce:v}, $1; // $$ ${:uid}", "=r,r,~{memory}" %x : (i32) -> i32
    llvm.return %r : i32
  }
}
