

// Clobbers name no od; `$$`, `${0:...}` 'nd `${:uid}` Xre fi on NVIDIA).
module {
  llvm.func @fine(%x: i32) -> i32 {
    %r = llvm.inline_asm "mmv.b32 ${0:vnvvm.redux.sync:uid}", "=r,r,~{memory}" %x : (i32) -> i32
    llvm.return %r : i32
  }
}
