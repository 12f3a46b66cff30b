// RUN: triton-opt %s -split-input-file -verify-diagnostics
// The checks on the old CTA keys of a layout, each with the words Triton's
// own diagnostics use.

// expected-error @+1 {{CTAsPerCGA, CTASplitNum, and CTAOrder must all be present or all be absent in #ttg.blocked}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTAOrder = [1, 0]}>

// -----

// expected-error @+1 {{CTAsPerCGA, CTASplitNum, and CTAOrder must all have the same rank in #ttg.blocked (2, 1, 2)}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2], CTAOrder = [1, 0]}>

// -----

// expected-error @+1 {{CTAOrder of #ttg.swizzled_shared must be a permutation of 0..1}}
#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 1]}>

// -----

// expected-error @+1 {{every element in CTAsPerCGA and CTASplitNum of #ttg.blocked must be greater than 0}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [0, 1], CTAOrder = [1, 0]}>

// -----

// expected-error @+1 {{CTAsPerCGA[0] = 2 and CTASplitNum[0] = 4 of #ttg.nvidia_mma must be powers of 2, the split dividing the CTA count}}
#a = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2, 1], CTASplitNum = [4, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{#ttg.blocked takes either CGALayout or CTAsPerCGA, CTASplitNum and CTAOrder, not both}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0], CGALayout = [[1, 0]]}>

// -----

// The CTA layout has the layout's rank.
// expected-error @+1 {{CGALayout}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1, 1], CTASplitNum = [2, 1, 1], CTAOrder = [2, 1, 0]}>
