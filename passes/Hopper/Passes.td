//===- Passes.td - Hopper warp specialization -------------*- tablegen -*-===//
//
// Triton 3.6's sm_90 warp specialization (upstream
// third_party/nvidia/hopper): a loop marked `tt.warp_specialize` is split
// into a producer warp group that loads and consumer warp groups that
// compute, handing buffers over through mbarriers. The four test passes run
// its steps one at a time under upstream's flags.
//
//===----------------------------------------------------------------------===//

#ifndef HOPPER_TRANSFORMS_PASSES_TD
#define HOPPER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def NVGPUWarpSpecialization
    : Pass<"nvgpu-warp-specialization", "mlir::ModuleOp"> {
  let summary = "Splits loops marked tt.warp_specialize into producer and consumer warp groups";
  let description = [{
    For each function of a 4-warp module holding an `scf.for` with the unit
    attribute `tt.warp_specialize` (what `tl.range(..., warp_specialize=True)`
    sets) and no `scf.if` with an else block, runs the steps of the test
    passes below: task partition, task-id propagation, data partition and
    code partition with `num-stages` buffers. As 3.6, it first tries one
    producer and two consumer groups, each owning half of the dots' rows
    (data partition, see below), and takes one consumer group where the work
    cannot be cut so; functions marked with `async_task_id` by hand keep
    their tasks. The function body becomes one `ttg.warp_specialize`: its
    default region is the producer (warp group 0: TMA loads, `tt.load`s that
    feed dots), `partition0` (and `partition1`) the consumers (4 warps each,
    232 requested registers each: the dots and what follows them). Every loop of the function then gets `tt.num_stages = 0`, so the
    software pipeliner leaves it alone. Functions without the attribute, or
    whose num-warps is not 4, are left as they are.

    ```mlir
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %a = tt.descriptor_load %descA[%m, %off] : ... -> tensor<128x64xf16, #blocked>
      %sa = ttg.local_alloc %a : ... -> !ttg.memdesc<128x64xf16, #shared, #smem>
      ...
      %d = ttng.warp_group_dot %sa, %sb, %acc ...
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    // becomes
    ttg.warp_specialize(%descA, ...) attributes {requestedRegisters = array<i32: 232>}
    default {
      scf.for ... {   // waits on empty[slot], TMA-copies into buffers[slot], arrives on full[slot]
      } {tt.num_stages = 0 : i32}
      ttg.warp_yield
    }
    partition0(...) num_warps(4) {
      scf.for ... {   // waits on full[slot], wgmma on buffers[slot], arrives on empty[slot]
      } {tt.num_stages = 0 : i32}
      ttg.warp_return
    } : (...) -> ()
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"0",
           "buffers per producer-consumer channel (0 or 1: one)">,
    Option<"dumpIntermediateSteps", "dump-intermediate-steps", "bool",
           /*default=*/"false", "print the IR after each step to stderr">
  ];
}

def NVGPUTestWSTaskPartition
    : Pass<"nvgpu-test-ws-task-partition", "mlir::ModuleOp"> {
  let summary = "Marks loads with the producer task and dots and stores with the consumer tasks";
  let description = [{
    In a function with no `async_task_id` yet, a loop, and a
    `ttng.warp_group_dot`: the `tt.descriptor_load`s feeding a dot's A or B
    operand (its backward slice, not through block arguments), and the
    `tt.load`s there of at least one element per thread, get
    `async_task_id = array<i32: 0>`; every dot and every `tt.store` /
    `tt.descriptor_store` gets the consumer tasks `1 .. num-warp-groups - 1`.
    Nothing happens below two warp groups.

    ```mlir
    %a = tt.descriptor_load %desc[%i, %k] {async_task_id = array<i32: 0>} : ...
    %d = ttng.warp_group_dot %sa, %sb, %acc {async_task_id = array<i32: 1, 2>, ...} : ...
    ```
  }];
  let options = [
    Option<"numWarpGroups", "num-warp-groups", "int32_t", /*default=*/"0",
           "warp groups: one producer and the rest consumers">
  ];
}

def NVGPUTestWSTaskIdPropagate
    : Pass<"nvgpu-test-taskid-propagate", "mlir::ModuleOp"> {
  let summary = "Gives every op the tasks of the annotated ops that use its results";
  let description = [{
    Task ids flow backwards from the ops annotated with `async_task_id`
    (their own) and from the other ops (the union over their results): to
    their operands, from an `scf.for`'s results and iteration arguments to
    its initial values and yielded values, from an `scf.if`'s results to its
    yields, from a `tt.reduce`'s results into its combiner, and from any op
    to the bounds and step of the loops and the conditions of the `scf.if`s
    around it. Each op then carries the union over its results (over its
    operands when it has none), annotated ops keep theirs (constants are
    overwritten), and enclosing ops also get their contents' tasks. With
    `num-warp-groups=0` the annotations are removed instead.

    ```mlir
    %c64 = arith.constant 64 : i32
    %next = arith.addi %off, %c64 : i32
    %a = tt.descriptor_load %desc[%m, %next] {async_task_id = array<i32: 0>} : ...
    // becomes
    %c64 = arith.constant {async_task_id = array<i32: 0>} 64 : i32
    %next = arith.addi %off, %c64 {async_task_id = array<i32: 0>} : i32
    ```
  }];
  let options = [
    Option<"numWarpGroups", "num-warp-groups", "int32_t", /*default=*/"0",
           "warp groups; 0 removes the annotations">
  ];
}

def NVGPUTestWSDataPartition
    : Pass<"nvgpu-test-ws-data-partition", "mlir::ModuleOp"> {
  let summary = "Cuts the work consumer warp groups share along M, one slice each";
  let description = [{
    With `num-warp-groups` n above 2, the dots marked with all n - 1 consumer
    tasks are cut along M into n - 1 slices of whole wgmmas (64 rows), one
    per consumer task, with everything connected to their A operand,
    accumulator and result through ops that keep the rows: splat constants,
    elementwise ops, layout conversions, shared-memory copies, loads and
    stores through pointers or descriptors, loop values. A descriptor made in
    the kernel gets the smaller block, and the load or store of slice i moves
    down by i blocks; B is read whole by every consumer. What cannot be cut
    (rows reduced or transposed, a descriptor or operand given by the
    caller, fewer rows than one wgmma per slice) is a located error; with one
    consumer group (`num-warp-groups` at most 2) the IR is unchanged.

    ```mlir
    %x = tt.descriptor_load %da[%m, %k] {async_task_id = array<i32: 0>} : ... -> tensor<128x64xf16, #blocked>
    %d = ttng.warp_group_dot %xs, %b, %acc {async_task_id = array<i32: 1, 2>} : ... -> tensor<128x128xf32, #mma>
    // becomes
    %x0 = tt.descriptor_load %da[%m, %k] {async_task_id = array<i32: 0>} : ... -> tensor<64x64xf16, #blocked>
    %x1 = tt.descriptor_load %da[%m64, %k] {async_task_id = array<i32: 0>} : ... -> tensor<64x64xf16, #blocked>
    %d0 = ttng.warp_group_dot %xs0, %b, %acc0 {async_task_id = array<i32: 1>} : ... -> tensor<64x128xf32, #mma>
    %d1 = ttng.warp_group_dot %xs1, %b, %acc1 {async_task_id = array<i32: 2>} : ... -> tensor<64x128xf32, #mma>
    ```
  }];
  let options = [
    Option<"numWarpGroups", "num-warp-groups", "int32_t", /*default=*/"0",
           "warp groups: one producer and the rest consumers">
  ];
}

def NVGPUTestWSCodePartition
    : Pass<"nvgpu-test-ws-code-partition", "mlir::ModuleOp"> {
  let summary = "Turns a function annotated with async tasks into a ttg.warp_specialize";
  let description = [{
    Takes a function whose ops carry `async_task_id` (task 0 the producer)
    and builds one `ttg.warp_specialize` holding the body: the default region
    runs the ops of task 0, `partitionN` (4 warps) those of task N + 1, each
    op cloned into every region of its tasks, loops and ifs keeping the
    iteration values their region uses. A value made by task 0 and used by a
    consumer inside the same loop is a channel, handed over through
    `num-buffers` shared-memory slots and two mbarrier arrays:
      * a `tt.descriptor_load` is a TMA copy into the slot
        (`ttng.barrier_expect` + `ttng.async_tma_copy_global_to_local` on
        full[slot]);
      * a `tt.load` is stored into the slot (`ttg.local_store`,
        `ttng.fence_async_shared`, `ttg.local_barrier`) and arrived on;
    the producer first waits for empty[slot]. Consumers wait for full[slot],
    read the slot (directly where the value fed a `ttg.local_alloc` of the
    slot's layout, through `ttg.local_load` otherwise) and arrive on
    empty[slot] after their last use of it. The slot is the count of
    handovers so far (carried through the loops) modulo `num-buffers`, the
    phase its quotient's parity. Kernel-made descriptors stay before the
    `ttg.warp_specialize`; other tensors made there reach the partitions
    through shared memory. A channel inside an `scf.if`, between consumer
    tasks, or of a scalar is a located "not supported yet" error.
    Registers: `requestedRegisters` = `requested-registers` per partition.

    ```mlir
    ttg.warp_specialize(%desc, %bufs, %full, %empty) attributes {requestedRegisters = array<i32: 232>}
    default {
      ... ttng.wait_barrier %emptySlot, %phase; ttng.barrier_expect %fullSlot, 16384, %true
      ... ttng.async_tma_copy_global_to_local %desc[...] %bufSlot, %fullSlot, %true
    }
    partition0(...) num_warps(4) {
      ... ttng.wait_barrier %fullSlot, %phase; ttng.warp_group_dot %bufSlot, ...
      ... ttng.arrive_barrier %emptySlot, 1
    } : (...) -> ()
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
  let options = [
    Option<"numBuffers", "num-buffers", "int32_t", /*default=*/"0",
           "shared-memory slots per channel (0 or 1: one)">,
    Option<"numWarpGroups", "num-warp-groups", "int32_t", /*default=*/"0",
           "unused: the tasks present decide the partitions">,
    Option<"requestedRegisters", "requested-registers", "int32_t",
           /*default=*/"232", "registers each consumer partition asks for">
  ];
}

#endif // HOPPER_TRANSFORMS_PASSES_TD
