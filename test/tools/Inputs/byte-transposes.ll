; 4 x 4 byte blocks as the 8-bit operand transposes leave them (four words
; loaded, sixteen bytes taken out, four words put together and stored), and
; near misses that must stay as they are.
target triple = "nvptx64-nvidia-cuda"

; The four columns of four loaded words: rebuilt in two rounds.
define void @block(ptr addrspace(3) %src, ptr addrspace(3) %dst) {
  %w0 = load <4 x i8>, ptr addrspace(3) %src, align 4
  %p1 = getelementptr i8, ptr addrspace(3) %src, i32 128
  %w1 = load <4 x i8>, ptr addrspace(3) %p1, align 4
  %p2 = getelementptr i8, ptr addrspace(3) %src, i32 256
  %w2 = load <4 x i8>, ptr addrspace(3) %p2, align 4
  %p3 = getelementptr i8, ptr addrspace(3) %src, i32 384
  %w3 = load <4 x i8>, ptr addrspace(3) %p3, align 4
  %e00 = extractelement <4 x i8> %w0, i32 0
  %o0_0 = insertelement <4 x i8> undef, i8 %e00, i32 0
  %e01 = extractelement <4 x i8> %w1, i32 0
  %o0_1 = insertelement <4 x i8> %o0_0, i8 %e01, i32 1
  %e02 = extractelement <4 x i8> %w2, i32 0
  %o0_2 = insertelement <4 x i8> %o0_1, i8 %e02, i32 2
  %e03 = extractelement <4 x i8> %w3, i32 0
  %o0 = insertelement <4 x i8> %o0_2, i8 %e03, i32 3
  %q0 = getelementptr i8, ptr addrspace(3) %dst, i32 0
  store <4 x i8> %o0, ptr addrspace(3) %q0, align 4
  %e10 = extractelement <4 x i8> %w0, i32 1
  %o1_0 = insertelement <4 x i8> undef, i8 %e10, i32 0
  %e11 = extractelement <4 x i8> %w1, i32 1
  %o1_1 = insertelement <4 x i8> %o1_0, i8 %e11, i32 1
  %e12 = extractelement <4 x i8> %w2, i32 1
  %o1_2 = insertelement <4 x i8> %o1_1, i8 %e12, i32 2
  %e13 = extractelement <4 x i8> %w3, i32 1
  %o1 = insertelement <4 x i8> %o1_2, i8 %e13, i32 3
  %q1 = getelementptr i8, ptr addrspace(3) %dst, i32 128
  store <4 x i8> %o1, ptr addrspace(3) %q1, align 4
  %e20 = extractelement <4 x i8> %w0, i32 2
  %o2_0 = insertelement <4 x i8> undef, i8 %e20, i32 0
  %e21 = extractelement <4 x i8> %w1, i32 2
  %o2_1 = insertelement <4 x i8> %o2_0, i8 %e21, i32 1
  %e22 = extractelement <4 x i8> %w2, i32 2
  %o2_2 = insertelement <4 x i8> %o2_1, i8 %e22, i32 2
  %e23 = extractelement <4 x i8> %w3, i32 2
  %o2 = insertelement <4 x i8> %o2_2, i8 %e23, i32 3
  %q2 = getelementptr i8, ptr addrspace(3) %dst, i32 256
  store <4 x i8> %o2, ptr addrspace(3) %q2, align 4
  %e30 = extractelement <4 x i8> %w0, i32 3
  %o3_0 = insertelement <4 x i8> undef, i8 %e30, i32 0
  %e31 = extractelement <4 x i8> %w1, i32 3
  %o3_1 = insertelement <4 x i8> %o3_0, i8 %e31, i32 1
  %e32 = extractelement <4 x i8> %w2, i32 3
  %o3_2 = insertelement <4 x i8> %o3_1, i8 %e32, i32 2
  %e33 = extractelement <4 x i8> %w3, i32 3
  %o3 = insertelement <4 x i8> %o3_2, i8 %e33, i32 3
  %q3 = getelementptr i8, ptr addrspace(3) %dst, i32 384
  store <4 x i8> %o3, ptr addrspace(3) %q3, align 4
  ret void
}

; Words inside wider vectors (16 bytes loaded at once): their lanes are
; taken out first.
define void @wide(ptr addrspace(3) %src, ptr addrspace(3) %dst) {
  %v0 = load <16 x i8>, ptr addrspace(3) %src, align 16
  %p1 = getelementptr i8, ptr addrspace(3) %src, i32 128
  %v1 = load <16 x i8>, ptr addrspace(3) %p1, align 16
  %e30 = extractelement <16 x i8> %v0, i32 7
  %o3_0 = insertelement <4 x i8> undef, i8 %e30, i32 0
  %e31 = extractelement <16 x i8> %v0, i32 15
  %o3_1 = insertelement <4 x i8> %o3_0, i8 %e31, i32 1
  %e32 = extractelement <16 x i8> %v1, i32 3
  %o3_2 = insertelement <4 x i8> %o3_1, i8 %e32, i32 2
  %e33 = extractelement <16 x i8> %v1, i32 11
  %o3 = insertelement <4 x i8> %o3_2, i8 %e33, i32 3
  %q3 = getelementptr i8, ptr addrspace(3) %dst, i32 384
  store <4 x i8> %o3, ptr addrspace(3) %q3, align 4
  %e20 = extractelement <16 x i8> %v0, i32 6
  %o2_0 = insertelement <4 x i8> undef, i8 %e20, i32 0
  %e21 = extractelement <16 x i8> %v0, i32 14
  %o2_1 = insertelement <4 x i8> %o2_0, i8 %e21, i32 1
  %e22 = extractelement <16 x i8> %v1, i32 2
  %o2_2 = insertelement <4 x i8> %o2_1, i8 %e22, i32 2
  %e23 = extractelement <16 x i8> %v1, i32 10
  %o2 = insertelement <4 x i8> %o2_2, i8 %e23, i32 3
  %q2 = getelementptr i8, ptr addrspace(3) %dst, i32 256
  store <4 x i8> %o2, ptr addrspace(3) %q2, align 4
  %e10 = extractelement <16 x i8> %v0, i32 5
  %o1_0 = insertelement <4 x i8> undef, i8 %e10, i32 0
  %e11 = extractelement <16 x i8> %v0, i32 13
  %o1_1 = insertelement <4 x i8> %o1_0, i8 %e11, i32 1
  %e12 = extractelement <16 x i8> %v1, i32 1
  %o1_2 = insertelement <4 x i8> %o1_1, i8 %e12, i32 2
  %e13 = extractelement <16 x i8> %v1, i32 9
  %o1 = insertelement <4 x i8> %o1_2, i8 %e13, i32 3
  %q1 = getelementptr i8, ptr addrspace(3) %dst, i32 128
  store <4 x i8> %o1, ptr addrspace(3) %q1, align 4
  %e00 = extractelement <16 x i8> %v0, i32 4
  %o0_0 = insertelement <4 x i8> undef, i8 %e00, i32 0
  %e01 = extractelement <16 x i8> %v0, i32 12
  %o0_1 = insertelement <4 x i8> %o0_0, i8 %e01, i32 1
  %e02 = extractelement <16 x i8> %v1, i32 0
  %o0_2 = insertelement <4 x i8> %o0_1, i8 %e02, i32 2
  %e03 = extractelement <16 x i8> %v1, i32 8
  %o0 = insertelement <4 x i8> %o0_2, i8 %e03, i32 3
  %q0 = getelementptr i8, ptr addrspace(3) %dst, i32 0
  store <4 x i8> %o0, ptr addrspace(3) %q0, align 4
  ret void
}

; Three columns only: left to InstCombine.
define void @three_columns(ptr addrspace(3) %src, ptr addrspace(3) %dst) {
  %w0 = load <4 x i8>, ptr addrspace(3) %src, align 4
  %p1 = getelementptr i8, ptr addrspace(3) %src, i32 128
  %w1 = load <4 x i8>, ptr addrspace(3) %p1, align 4
  %p2 = getelementptr i8, ptr addrspace(3) %src, i32 256
  %w2 = load <4 x i8>, ptr addrspace(3) %p2, align 4
  %p3 = getelementptr i8, ptr addrspace(3) %src, i32 384
  %w3 = load <4 x i8>, ptr addrspace(3) %p3, align 4
  %e00 = extractelement <4 x i8> %w0, i32 0
  %o0_0 = insertelement <4 x i8> undef, i8 %e00, i32 0
  %e01 = extractelement <4 x i8> %w1, i32 0
  %o0_1 = insertelement <4 x i8> %o0_0, i8 %e01, i32 1
  %e02 = extractelement <4 x i8> %w2, i32 0
  %o0_2 = insertelement <4 x i8> %o0_1, i8 %e02, i32 2
  %e03 = extractelement <4 x i8> %w3, i32 0
  %o0 = insertelement <4 x i8> %o0_2, i8 %e03, i32 3
  %q0 = getelementptr i8, ptr addrspace(3) %dst, i32 0
  store <4 x i8> %o0, ptr addrspace(3) %q0, align 4
  %e10 = extractelement <4 x i8> %w0, i32 1
  %o1_0 = insertelement <4 x i8> undef, i8 %e10, i32 0
  %e11 = extractelement <4 x i8> %w1, i32 1
  %o1_1 = insertelement <4 x i8> %o1_0, i8 %e11, i32 1
  %e12 = extractelement <4 x i8> %w2, i32 1
  %o1_2 = insertelement <4 x i8> %o1_1, i8 %e12, i32 2
  %e13 = extractelement <4 x i8> %w3, i32 1
  %o1 = insertelement <4 x i8> %o1_2, i8 %e13, i32 3
  %q1 = getelementptr i8, ptr addrspace(3) %dst, i32 128
  store <4 x i8> %o1, ptr addrspace(3) %q1, align 4
  %e30 = extractelement <4 x i8> %w0, i32 3
  %o3_0 = insertelement <4 x i8> undef, i8 %e30, i32 0
  %e31 = extractelement <4 x i8> %w1, i32 3
  %o3_1 = insertelement <4 x i8> %o3_0, i8 %e31, i32 1
  %e32 = extractelement <4 x i8> %w2, i32 3
  %o3_2 = insertelement <4 x i8> %o3_1, i8 %e32, i32 2
  %e33 = extractelement <4 x i8> %w3, i32 3
  %o3 = insertelement <4 x i8> %o3_2, i8 %e33, i32 3
  %q3 = getelementptr i8, ptr addrspace(3) %dst, i32 384
  store <4 x i8> %o3, ptr addrspace(3) %q3, align 4
  ret void
}

; A word repeated in every column: no transpose.
define void @repeated_word(ptr addrspace(3) %src, ptr addrspace(3) %dst) {
  %w0 = load <4 x i8>, ptr addrspace(3) %src, align 4
  %p1 = getelementptr i8, ptr addrspace(3) %src, i32 128
  %w1 = load <4 x i8>, ptr addrspace(3) %p1, align 4
  %p2 = getelementptr i8, ptr addrspace(3) %src, i32 256
  %w2 = load <4 x i8>, ptr addrspace(3) %p2, align 4
  %p3 = getelementptr i8, ptr addrspace(3) %src, i32 384
  %w3 = load <4 x i8>, ptr addrspace(3) %p3, align 4
  %e00 = extractelement <4 x i8> %w0, i32 0
  %o0_0 = insertelement <4 x i8> undef, i8 %e00, i32 0
  %e01 = extractelement <4 x i8> %w1, i32 0
  %o0_1 = insertelement <4 x i8> %o0_0, i8 %e01, i32 1
  %e02 = extractelement <4 x i8> %w1, i32 0
  %o0_2 = insertelement <4 x i8> %o0_1, i8 %e02, i32 2
  %e03 = extractelement <4 x i8> %w3, i32 0
  %o0 = insertelement <4 x i8> %o0_2, i8 %e03, i32 3
  %q0 = getelementptr i8, ptr addrspace(3) %dst, i32 0
  store <4 x i8> %o0, ptr addrspace(3) %q0, align 4
  %e10 = extractelement <4 x i8> %w0, i32 1
  %o1_0 = insertelement <4 x i8> undef, i8 %e10, i32 0
  %e11 = extractelement <4 x i8> %w1, i32 1
  %o1_1 = insertelement <4 x i8> %o1_0, i8 %e11, i32 1
  %e12 = extractelement <4 x i8> %w1, i32 1
  %o1_2 = insertelement <4 x i8> %o1_1, i8 %e12, i32 2
  %e13 = extractelement <4 x i8> %w3, i32 1
  %o1 = insertelement <4 x i8> %o1_2, i8 %e13, i32 3
  %q1 = getelementptr i8, ptr addrspace(3) %dst, i32 128
  store <4 x i8> %o1, ptr addrspace(3) %q1, align 4
  %e20 = extractelement <4 x i8> %w0, i32 2
  %o2_0 = insertelement <4 x i8> undef, i8 %e20, i32 0
  %e21 = extractelement <4 x i8> %w1, i32 2
  %o2_1 = insertelement <4 x i8> %o2_0, i8 %e21, i32 1
  %e22 = extractelement <4 x i8> %w1, i32 2
  %o2_2 = insertelement <4 x i8> %o2_1, i8 %e22, i32 2
  %e23 = extractelement <4 x i8> %w3, i32 2
  %o2 = insertelement <4 x i8> %o2_2, i8 %e23, i32 3
  %q2 = getelementptr i8, ptr addrspace(3) %dst, i32 256
  store <4 x i8> %o2, ptr addrspace(3) %q2, align 4
  %e30 = extractelement <4 x i8> %w0, i32 3
  %o3_0 = insertelement <4 x i8> undef, i8 %e30, i32 0
  %e31 = extractelement <4 x i8> %w1, i32 3
  %o3_1 = insertelement <4 x i8> %o3_0, i8 %e31, i32 1
  %e32 = extractelement <4 x i8> %w1, i32 3
  %o3_2 = insertelement <4 x i8> %o3_1, i8 %e32, i32 2
  %e33 = extractelement <4 x i8> %w3, i32 3
  %o3 = insertelement <4 x i8> %o3_2, i8 %e33, i32 3
  %q3 = getelementptr i8, ptr addrspace(3) %dst, i32 384
  store <4 x i8> %o3, ptr addrspace(3) %q3, align 4
  ret void
}
