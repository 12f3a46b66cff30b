#!/usr/bin/env python3
"""Runs one program (CTA) of a kernel lowered to the LLVM and NVVM dialects on
the CPU, to check index computations without a GPU.

The input is what -convert-triton-gpu-to-llvm (then -canonicalize -cse
-reconcile-unrealized-casts) prints with --mlir-print-op-generic. Every thread
runs in lockstep, op by op; branches must be uniform over the threads (loops
with one trip count, ifs on program ids): each SSA value is a NumPy array
with one entry per thread. Warp shuffles (nvvm.shfl.sync
bfly/idx/up/down) and reductions (nvvm.redux.sync), barriers, shared memory, the inline-PTX global loads and
stores of the NVIDIA lowering, cp.async (completing at once), ldmatrix,
mma.sync with 8- and 16-bit operands and wgmma are modelled; shared memory is race-checked:
a read of bytes another warp wrote, or a write of bytes another warp read,
with no barrier between, and two threads writing different values to one
address in one store, are reported. Alignment is checked: a global access of
the inline PTX must be aligned to its whole width (global buffers start
4096-aligned), and an llvm.load or llvm.store claiming `alignment = N` must
reach a multiple of N in every thread (LLVM's vectorizers trust the claim).

    outs, races = run(text, "kernel", [np.array(...), ...], num_threads, shared_bytes)

returns the arrays passed for pointer arguments after the run, and the races.
Warp-group MMA (the wgmma.mma_async inline asm of ttng.warp_group_dot) is
modelled from the PTX ISA's description: matrix descriptors (start, leading
and stride byte offsets, swizzle mode) name the operands in shared memory,
registers hold A and the accumulator in the instruction's fragment layout,
and the product is computed at once (wgmma.fence, commit_group and
wait_group only order; a wait returns its tied registers). Vectors
(insert/extractelement, vector loads and stores, bitcasts) are lists of
per-thread arrays, like structs.

The AMD lowering's ops are modelled too (run(..., warp_size=64)): work-item
and workgroup ids, s_barrier (rocdl.barrier too), cross-lane moves (DPP,
ds_swizzle, ds_bpermute, readlane), MFMA (rocdl.mfma.*) from the CDNA3 ISA's
description of its operand and result fragments (see mfma()), and raw
buffer loads, stores and atomics through a buffer resource (out-of-range
offsets read zero, write nothing; atomics one thread after another).
A branch that is not uniform is taken only in the shape amdg.cond_barrier
lowers to (a block holding just an s_barrier, then the join): the warps
whose predicate holds pass one more barrier than the others, which then
run that many barrier intervals ahead of them (block ping-pong). Lockstep
execution stays faithful when no two warps touch the same shared bytes
between two barriers of the simulation (reported as before); accesses are
also race-checked in real time, where the lagging warps' intervals are
shifted, and warps that end with different barrier counts are reported
(a GPU would hang).

Only the ops the reduce/scan, wgmma and MFMA lowerings and their tests produce
are modelled; anything else raises.
"""
import re
import sys

import numpy as np

DYN = -2147483648


def int_width(t):
    m = re.fullmatch(r"i(\d+)", t)
    return int(m.group(1)) if m else None


def type_size(t):
    w = int_width(t)
    if w:
        return max(1, w // 8)
    return {"f32": 4, "f16": 2, "bf16": 2, "f64": 8}.get(t, 8 if t.startswith("!llvm.ptr") else None)


FLOATS = {"f32": np.float32, "f16": np.float16, "f64": np.float64}


def split_top(s, sep=","):
    out, depth, cur, q = [], 0, "", False
    for i, ch in enumerate(s):
        if ch == '"' and (i == 0 or s[i - 1] != "\\"):
            q = not q
        if not q:
            if ch in "(<[{":
                depth += 1
            elif ch in ")>]}":
                depth -= 1
            elif ch == sep and depth == 0:
                out.append(cur.strip())
                cur = ""
                continue
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def struct_fields(t):
    m = re.fullmatch(r"!llvm\.struct<\((.*)\)>", t)
    return split_top(m.group(1)) if m else None


def vector_type(t):
    """vector<NxT> -> (N, T), else None."""
    m = re.fullmatch(r"vector<(\d+)x(\w+)>", t or "")
    return (int(m.group(1)), m.group(2)) if m else None


class Trapped(Exception):
    """The kernel trapped (llvm.intr.trap); `printed` is what its threads
    printed before: (thread, stream, text) tuples."""

    def __init__(self, printed):
        super().__init__("the kernel trapped")
        self.printed = printed


def string_globals(text):
    """The module's string constants: symbol -> bytes (MLIR's escapes
    decoded)."""
    out = {}
    for m in re.finditer(r'"llvm\.mlir\.global"\(\) <\{[^\n]*?sym_name = "([\w.$]+)"[^\n]*?'
                         r'value = "((?:[^"\\]|\\.)*)"', text):
        raw, data, i = m.group(2), bytearray(), 0
        while i < len(raw):
            if raw[i] == "\\" and raw[i + 1] in "\\\"":
                data.append(ord(raw[i + 1]))
                i += 2
            elif raw[i] == "\\":
                data.append(int(raw[i + 1:i + 3], 16))
                i += 3
            else:
                data += raw[i].encode()
                i += 1
        out[m.group(1)] = bytes(data)
    return out


def c_format(fmt, args):
    """printf's formatting of `fmt` with `args` (i64 bits, as the hostcall
    passes them: doubles by their bits)."""
    args = list(args)

    def one(m):
        spec = m.group(0)
        if spec == "%%":
            return "%"
        conv, bits = spec[-1], int(args.pop(0)) & ((1 << 64) - 1)
        flags = re.sub(r"(ll|l|hh|h)(?=[a-zA-Z]$)", "", spec)
        if conv in "fFeEgG":
            return flags % float(np.array([bits], dtype=np.uint64).view(np.float64)[0])
        if conv in "di":
            return flags.replace("i", "d") % (bits - (1 << 64) if bits >> 63 else bits)
        if conv == "p":
            return hex(bits)
        return flags % bits

    return re.sub(r"%%|%[-+ 0#]*\d*(?:\.\d+)?(?:ll|l|hh|h)?[diuxXfFeEgGpc]", one, fmt)


def hostcall_printf(sim, callee, v, nthreads):
    """The ockl printf entry points: a message per thread, its text appended
    string by string; arguments fill the format's conversions in order."""
    if callee in ("__ockl_printf_begin", "__ockl_fprintf_stderr_begin"):
        ids = np.arange(nthreads, dtype=np.uint64) + np.uint64(len(sim.messages))
        stream = "stderr" if "stderr" in callee else "stdout"
        for th in range(nthreads):
            sim.messages.append([stream, th, b"", []])
        return ids
    msgs = [sim.messages[int(m)] for m in v[0]]
    if callee == "__ockl_printf_append_string_n":
        for th, msg in enumerate(msgs):
            buf, off = sim.gmem(int(v[1][th]), int(v[2][th]))
            msg[2] += bytes(buf[off:off + int(v[2][th])]).rstrip(b"\0")
        last = v[3]
    else:  # __ockl_printf_append_args(msg, n, a0..a6, last)
        for th, msg in enumerate(msgs):
            msg[3] += [v[2 + i][th] for i in range(int(v[1][th]))]
        last = v[9]
    for th, msg in enumerate(msgs):
        if last[th]:
            sim.printed.append((msg[1], msg[0], c_format(msg[2].decode(), msg[3])))
    return v[0]


class Sim:
    def __init__(self, nthreads, shared_bytes, warp_size=32):
        self.T = nthreads
        self.warp_size = warp_size
        self.shared = np.zeros(shared_bytes, dtype=np.uint8)
        self.shared_write = {}  # byte -> (epoch, thread, value)
        self.shared_read = {}  # byte -> (epoch, set of warps)
        self.epoch = 0
        # Barriers each warp passed beyond self.epoch (amdg.cond_barrier), and
        # the accesses by barrier interval of the warps' own timelines:
        # byte -> {interval: thread} / {interval: set of warps}.
        self.lag = np.zeros((nthreads + warp_size - 1) // warp_size, dtype=np.int64)
        self.real_write = {}
        self.real_read = {}
        self.globals = {}  # base -> bytearray
        self.next_base = 1 << 32
        self.races = []
        self.messages = []  # hostcall printf: [stream, thread, text, args]
        self.printed = []  # (thread, stream, text)
        # The threads running a guarded block (see run); None: all of them.
        self.active = None

    def alloc(self, data):
        base = self.next_base
        self.next_base += ((len(data) + 4095) // 4096 + 1) * 4096
        self.globals[base] = bytearray(data)
        return base

    def gmem(self, addr, size):
        for base, buf in self.globals.items():
            if base <= addr and addr + size <= base + len(buf):
                return buf, addr - base
        raise RuntimeError(f"global access out of bounds at {addr:#x}")

    # --- values -------------------------------------------------------------
    def const(self, t, v):
        return self.cast_arr(np.full(self.T, v), t)

    def cast_arr(self, a, t):
        if t in FLOATS:
            return np.asarray(a, dtype=FLOATS[t])
        # bf16 values are only moved, never computed with: kept as bits.
        w = 16 if t == "bf16" else int_width(t)
        if w == 1:
            return np.asarray(a).astype(bool)
        if w:
            a = np.asarray(a)
            if a.dtype.kind == "f":
                a = a.astype(np.int64)
            a = a.astype(np.int64).astype(np.uint64)
            return a & np.uint64((1 << w) - 1) if w < 64 else a
        return np.asarray(a).astype(np.uint64)  # pointers

    @staticmethod
    def signed(a, w):
        a = a.astype(np.uint64)
        if w == 64:
            return a.view(np.int64)
        a = a.astype(np.int64)
        return np.where(a >= (1 << (w - 1)), a - (1 << w), a)

    def to_bits(self, a, t):
        """Value -> uint64 raw bits."""
        if t in FLOATS:
            ut = {"f32": np.uint32, "f16": np.uint16, "f64": np.uint64}[t]
            return a.astype(FLOATS[t]).view(ut).astype(np.uint64)
        if t == "i1":
            return a.astype(np.uint64)
        return a.astype(np.uint64)

    def from_bits(self, bits, t):
        if t in FLOATS:
            ut = {"f32": np.uint32, "f16": np.uint16, "f64": np.uint64}[t]
            return bits.astype(ut).view(FLOATS[t])
        return self.cast_arr(bits, t)

    # --- memory --------------------------------------------------------------
    def load(self, ptrs, t, space, mask=None):
        if mask is None:
            mask = self.active
        size = type_size(t)
        out = np.zeros(self.T, dtype=np.uint64)
        for th in range(self.T):
            if mask is not None and not mask[th]:
                continue
            addr = int(ptrs[th])
            if space == 3:
                self.check_shared_bounds(addr, size)
                self.check_read(addr, size, th)
                raw = bytes(self.shared[addr:addr + size])
            else:
                buf, off = self.gmem(addr, size)
                raw = bytes(buf[off:off + size])
            out[th] = int.from_bytes(raw, "little")
        return out

    def store(self, ptrs, bits, t, space, mask=None):
        if mask is None:
            mask = self.active
        size = type_size(t)
        written = {}
        for th in range(self.T):
            if mask is not None and not mask[th]:
                continue
            addr = int(ptrs[th])
            val = int(bits[th]) & ((1 << (8 * size)) - 1)
            if addr in written and written[addr] != val:
                self.races.append(f"threads write different values to {space}:{addr} in one store")
            written[addr] = val
            raw = val.to_bytes(size, "little")
            if space == 3:
                self.check_shared_bounds(addr, size)
                self.check_write(addr, size, th, val)
                self.shared[addr:addr + size] = np.frombuffer(raw, dtype=np.uint8)
            else:
                buf, off = self.gmem(addr, size)
                buf[off:off + size] = raw

    def check_shared_bounds(self, addr, size):
        if addr < 0 or addr + size > len(self.shared):
            raise RuntimeError(f"shared access at {addr} of {size} bytes is outside the "
                               f"{len(self.shared)} bytes of ttg.shared")

    def check_real_time(self, b, th, byte_val=None):
        """Races between barrier intervals of the warps' own timelines (the
        same as the simulation's unless some warps lag); byte_val: the byte
        written, None for a read. Warps may write one value to a byte."""
        warp = th // self.warp_size
        now = self.epoch + int(self.lag[warp])
        writes = self.real_write.setdefault(b, {})
        other = writes.get(now)
        if (other is not None and other[0] // self.warp_size != warp
                and (byte_val is None or byte_val != other[1])):
            self.races.append(f"shared byte {b} written by thread {other[0]} and accessed by "
                              f"thread {th} between the same two barriers of their warps")
            return False
        reads = self.real_read.setdefault(b, {})
        if byte_val is not None:
            if reads.get(now, set()) - {warp}:
                self.races.append(f"write of shared byte {b} by thread {th} after a read by "
                                  f"another warp between the same two barriers of their warps")
                return False
            writes[now] = (th, byte_val)
        else:
            reads.setdefault(now, set()).add(warp)
        # Intervals before the simulation's are over for every warp.
        for d in (writes, reads):
            if len(d) > 4:
                for k in [k for k in d if k < self.epoch]:
                    del d[k]
        return True

    def check_read(self, addr, size, th):
        warp = th // self.warp_size
        for b in range(addr, addr + size):
            if not self.check_real_time(b, th):
                break
            w = self.shared_write.get(b)
            if w and w[0] == self.epoch and w[1] // self.warp_size != warp:
                self.races.append(f"read of shared byte {b} by thread {th} written by thread "
                                  f"{w[1]} without a barrier between")
                break
            e, warps = self.shared_read.get(b, (None, None))
            if e != self.epoch:
                self.shared_read[b] = (self.epoch, {warp})
            else:
                warps.add(warp)

    def check_write(self, addr, size, th, val):
        warp = th // self.warp_size
        for b in range(addr, addr + size):
            if not self.check_real_time(b, th, (val >> (8 * (b - addr))) & 0xFF):
                break
            r = self.shared_read.get(b)
            if r and r[0] == self.epoch and (r[1] - {warp}):
                self.races.append(f"write of shared byte {b} by thread {th} after a read by "
                                  f"another warp without a barrier between")
                break
            w = self.shared_write.get(b)
            if w and w[0] == self.epoch and w[1] // self.warp_size != warp:
                byte_val = (val >> (8 * (b - addr))) & 0xFF
                if w[2] != byte_val:
                    self.races.append(f"two warps write shared byte {b} between barriers")
                    break
            self.shared_write[b] = (self.epoch, th, (val >> (8 * (b - addr))) & 0xFF)


LINE = re.compile(r'^\s*(?:(%[\w.#:]+) = )?"([\w.]+)"\((.*?)\)(.*)$')


def parse_func(text, name):
    """The function's arguments and its blocks: {label: (arg names, arg types,
    lines)}, the entry block labelled ^bb0."""
    lines = text.splitlines()
    start = None
    for i, l in enumerate(lines):
        if '"llvm.func"' in l and f'sym_name = "{name}"' in l:
            start = i
            break
    if start is None:
        raise RuntimeError(f"no llvm.func {name}")
    blocks, current = {}, None
    args = argtypes = None
    for l in lines[start + 1:]:
        s = l.split("  //")[0].strip()
        m = re.match(r"^(\^bb\d+)(?:\((.*)\))?:$", s)
        if m:
            params = split_top(m.group(2)) if m.group(2) else []
            names = [a.split(":")[0].strip() for a in params]
            types_ = [a.split(":", 1)[1].strip() for a in params]
            current = m.group(1)
            blocks[current] = (names, types_, [])
            if args is None:
                args, argtypes = names, types_
            continue
        if s.startswith("})"):
            break
        if current is None:
            current = "^bb0"
            blocks[current] = ([], [], [])
            args, argtypes = [], []
        blocks[current][2].append(s)
    return args, argtypes, blocks


def attr(rest, key):
    m = re.search(key + r" = ([^,}>]+(?:<[^>]*>)?)", rest)
    return m.group(1).strip() if m else None


def run(text, name, args_in, nthreads, shared_bytes, pid=0, warp_size=32):
    argnames, argtypes, blocks = parse_func(text, name)
    sim = Sim(nthreads, shared_bytes, warp_size)
    strings, string_bases = string_globals(text), {}
    env, types = {}, {}
    bufs = []
    for nm, t, spec in zip(argnames, argtypes, args_in + [None] * (len(argnames) - len(args_in))):
        if spec is None:
            env[nm] = sim.const("i64", 0)
        elif isinstance(spec, np.ndarray):
            base = sim.alloc(spec.tobytes())
            bufs.append((base, spec))
            env[nm] = np.full(nthreads, base, dtype=np.uint64)
        else:
            env[nm] = sim.const(t, spec)
        types[nm] = t
    tid = np.arange(nthreads, dtype=np.uint64)

    # Branches must be uniform over the threads (loops with the same trip
    # count everywhere, ifs on program ids): one block runs at a time. The
    # exception is a guarded block (AMD's masked stores, owner-only
    # accesses): cond_br to a block of straight-line code that branches to
    # the other target, the join. Every thread runs it, only those taking it
    # access memory (sim.active), and the join's arguments are chosen per
    # thread.
    block = next(iter(blocks))
    body = blocks[block][2]
    pc = 0
    guard = None  # (join block, condition, values on the branch-around path)
    while pc < len(body):
        line = body[pc]
        pc += 1
        if line.startswith('"llvm.br"') or line.startswith('"llvm.cond_br"'):
            m = re.match(r'^"llvm\.(br|cond_br)"\((.*?)\)\[(.*?)\](.*)$', line)
            kind, opnds, targets = m.group(1), m.group(2), [t.strip() for t in m.group(3).split(",")]
            ops = [o.strip() for o in opnds.split(",") if o.strip()]
            if guard is not None:
                join, cond, around = guard
                if kind != "br" or targets[0] != join:
                    raise RuntimeError("a branch inside a guarded block")
                names, btypes, lines_ = blocks[join]
                for nm, bt, o, other in zip(names, btypes, ops, around):
                    val = env[o]
                    env[nm] = ([np.where(cond, x, y) for x, y in zip(val, other)]
                               if isinstance(val, list) else np.where(cond, val, other))
                    types[nm] = bt
                guard, sim.active = None, None
                body, pc = lines_, 0
                continue
            if kind == "br":
                target, passed = targets[0], ops
            else:
                sizes = [int(x) for x in re.search(r"operandSegmentSizes = array<i32: ([^>]*)>",
                                                   m.group(4)).group(1).split(",")]
                cond = env[ops[0]] & 1
                guarded = blocks[targets[0]][2]
                if (not (cond == cond[0]).all() and not blocks[targets[0]][0] and guarded
                        and re.match(r'^"llvm\.br"\(.*\)\[' + re.escape(targets[1]) + r'\]',
                                     guarded[-1])
                        and not any(g.startswith(('"llvm.cond_br"', '"rocdl.s.barrier"',
                                                  '"rocdl.barrier"'))
                                    for g in guarded)):
                    false_ops = ops[1 + sizes[1]:1 + sizes[1] + sizes[2]]
                    guard = (targets[1], cond.astype(bool), [env[o] for o in false_ops])
                    sim.active = cond.astype(bool)
                    body, pc = guarded, 0
                    continue
                if not (cond == cond[0]).all():
                    # amdg.cond_barrier: the warps that take the barrier
                    # fall one interval behind; all go on at the join.
                    wait = blocks[targets[0]][2]
                    if (len(wait) != 2 or not wait[0].startswith('"rocdl.s.barrier"')
                            or not re.match(r'^"llvm\.br"\(\)\[' + re.escape(targets[1]) + r'\]',
                                            wait[1])
                            or sizes[1] or sizes[2] or blocks[targets[1]][0]):
                        raise RuntimeError("a branch that is not uniform over the threads")
                    per_warp = cond.reshape(-1, sim.warp_size)
                    if not (per_warp == per_warp[:, :1]).all():
                        raise RuntimeError("a barrier taken by part of a warp")
                    sim.lag += per_warp[:, 0].astype(np.int64)
                    body, pc = blocks[targets[1]][2], 0
                    continue
                taken = int(cond[0])
                true_ops = ops[1:1 + sizes[1]]
                false_ops = ops[1 + sizes[1]:1 + sizes[1] + sizes[2]]
                target, passed = (targets[0], true_ops) if taken else (targets[1], false_ops)
            names, btypes, lines_ = blocks[target]
            values = [env[o] for o in passed]
            for nm, bt, val in zip(names, btypes, values):
                env[nm] = val
                types[nm] = bt
            body, pc = lines_, 0
            continue
        m = LINE.match(line)
        if not m:
            raise RuntimeError("cannot parse: " + line)
        res, op, opnds, rest = m.groups()
        ops = [o.strip() for o in opnds.split(",") if o.strip()]
        sig = rest.rsplit(" : ", 1)[1] if " : " in rest else ""
        rtype = sig.rsplit(") -> ", 1)[1].strip() if ") -> " in sig else None
        if rtype == "()":
            rtype = None
        intypes = split_top(sig.rsplit(") -> ", 1)[0].strip()[1:]) if sig else []
        v = [env[o] for o in ops]
        t0 = types.get(ops[0]) if ops else None
        out = None
        w = int_width(rtype) if rtype else None
        if op in ("llvm.load", "llvm.store"):
            check_alignment(sim, op, v, rest, types, ops, t0)
        if op == "llvm.mlir.constant":
            lit = re.match(r"(true|false|0x[0-9A-Fa-f]+|[-+0-9.eE]+)", attr(rest, "value")).group(1)
            if lit in ("true", "false"):
                out = sim.const(rtype, lit == "true")
            elif lit.startswith("0x"):
                out = sim.from_bits(np.full(nthreads, int(lit, 16), dtype=np.uint64), rtype)
            elif rtype in FLOATS:
                out = sim.const(rtype, float(lit))
            else:
                out = sim.cast_arr(np.full(nthreads, int(lit) % (1 << 64), dtype=np.uint64), rtype)
        elif op in ("llvm.mlir.undef", "llvm.mlir.poison", "llvm.mlir.zero"):
            f = struct_fields(rtype)
            vt = vector_type(rtype)
            if vt:
                f = [vt[1]] * vt[0]
            # Undefined values are garbage, not zeros: NaN floats and a bit
            # pattern for integers, so a result that depends on one shows.
            def filler(t):
                if op == "llvm.mlir.zero":
                    return sim.const(t, 0)
                if t in FLOATS:
                    return sim.const(t, float("nan"))
                w = 16 if t == "bf16" else int_width(t)
                return sim.const(t, 0x5A5A5A5A5A5A5A5A % (1 << w) if w and w > 1 else 0)
            out = [filler(ft) for ft in f] if f else filler(rtype)
        elif op == "llvm.mlir.addressof":
            symbol = re.search(r"global_name = @([\w.$]+)", rest).group(1)
            if symbol in strings:
                if symbol not in string_bases:
                    string_bases[symbol] = sim.alloc(strings[symbol])
                out = np.full(nthreads, string_bases[symbol], dtype=np.uint64)
            else:
                out = np.zeros(nthreads, dtype=np.uint64)
        elif op == "llvm.addrspacecast":
            out = v[0]
        elif op == "llvm.intr.trap":
            raise Trapped(sim.printed)
        elif op == "rocdl.workitem.id.x":
            out = tid.copy()
        elif op.startswith("rocdl.workgroup.id"):
            out = np.full(nthreads, pid if op.endswith(".x") else 0, dtype=np.uint64)
        elif op in ("rocdl.s.barrier", "rocdl.barrier"):
            # rocdl.barrier is s_barrier between workgroup fences.
            sim.epoch += 1
        elif op == "llvm.fence":
            pass  # orders memory around s_barrier; threads run in lockstep here
        elif op in ("rocdl.update.dpp", "rocdl.ds_swizzle", "rocdl.ds_bpermute",
                    "rocdl.readlane"):
            if sim.active is not None:
                raise RuntimeError(op + " inside a guarded block")
            out = cross_lane(op, rest, v, sim.warp_size)
        elif op in ("rocdl.s.setprio", "rocdl.sched.barrier"):
            pass  # issue priority and scheduling fences: one wave runs here
        elif op.startswith("rocdl.mfma."):
            out = mfma(op, v, types, ops, rtype, nthreads)
        elif op in ("rocdl.cvt.pk.fp8.f32", "rocdl.cvt.pk.bf8.f32"):
            out = cvt_pk_to_fnuz(op, v, attr(rest, "wordSel") == "true")
        elif op in ("rocdl.cvt.pk.f32.fp8", "rocdl.cvt.pk.f32.bf8"):
            out = cvt_pk_from_fnuz(op, v[0], attr(rest, "wordSel") == "true", rtype)
        elif op == "nvvm.read.ptx.sreg.tid.x":
            out = tid.copy()
        elif op.startswith("nvvm.read.ptx.sreg.ctaid"):
            out = np.full(nthreads, pid if op.endswith(".x") else 0, dtype=np.uint64)
        elif op.startswith("nvvm.read.ptx.sreg.nctaid"):
            out = np.full(nthreads, 1, dtype=np.uint64)
        elif op in ("nvvm.wgmma.fence.aligned", "nvvm.wgmma.commit.group.sync.aligned",
                    "nvvm.cp.async.commit.group", "nvvm.cp.async.wait.group",
                    "nvvm.wgmma.wait.group.sync.aligned", "nvvm.fence.proxy"):
            pass  # wgmma runs at once here: the fences and groups only order it
        elif op in ("nvvm.barrier0", "nvvm.barrier", "nvvm.bar.warp.sync"):
            if op != "nvvm.bar.warp.sync":
                sim.epoch += 1
        elif op == "nvvm.shfl.sync":
            kind = re.search(r"shfl_kind (\w+)", rest).group(1)
            x, b, c = v[1], v[2].astype(np.int64), v[3].astype(np.int64)
            lane = tid.astype(np.int64) % 32
            base = tid.astype(np.int64) - lane
            segmask = (c >> 8) & 0x1F
            cval = c & 0x1F
            minl = lane & segmask
            maxl = minl | (cval & ~segmask)
            if kind == "bfly":
                j = lane ^ b
                p = j <= maxl
            elif kind == "idx":
                j = minl | (b & 0x1F & ~segmask)
                p = j <= maxl
            elif kind == "up":
                j = lane - b
                p = j >= maxl
            else:
                j = lane + b
                p = j <= maxl
            j = np.where(p, j, lane)
            out = x[(base + j).astype(np.int64)]
        elif op == "nvvm.redux.sync":
            # Every lane of the warp gets the reduction of the warp's 32-bit
            # values (the lowering passes a full member mask).
            kind = re.search(r"redux_kind\s*<?\s*(\w+)", rest).group(1)
            x = v[0].astype(np.uint64) & np.uint64(0xFFFFFFFF)
            sx = Sim.signed(x, 32)
            out = np.zeros(nthreads, dtype=np.uint64)
            for base in range(0, nthreads, 32):
                u, s_ = x[base:base + 32], sx[base:base + 32]
                if kind == "add":
                    r = int(u.sum()) & 0xFFFFFFFF
                elif kind in ("and", "or", "xor"):
                    r = int(u[0])
                    for e in u[1:]:
                        r = (r & int(e)) if kind == "and" else (r | int(e)) if kind == "or" else (r ^ int(e))
                elif kind in ("min", "max"):
                    r = int(s_.min() if kind == "min" else s_.max()) & 0xFFFFFFFF
                elif kind in ("umin", "umax"):
                    r = int(u.min() if kind == "umin" else u.max())
                else:
                    raise NotImplementedError("redux.sync " + kind)
                out[base:base + 32] = r
            out = sim.cast_arr(out, rtype)
        elif op == "llvm.extractvalue":
            pos = int(re.search(r"position = array<i64: (\d+)>", rest).group(1))
            out = v[0][pos]
        elif op == "llvm.insertelement":
            idx = np.asarray(v[2])
            out = list(v[0])
            if (idx == idx[0]).all():
                out[int(idx[0])] = v[1]
            else:  # a position per thread
                out = [np.where(idx == i, v[1], x).astype(x.dtype) for i, x in enumerate(out)]
        elif op == "llvm.extractelement":
            idx = np.asarray(v[1])
            if (idx == idx[0]).all():
                out = v[0][int(idx[0])]
            else:
                out = v[0][0].copy()
                for i, x in enumerate(v[0]):
                    out = np.where(idx == i, x, out).astype(x.dtype)
        elif op == "llvm.insertvalue":
            pos = int(re.search(r"position = array<i64: (\d+)>", rest).group(1))
            out = list(v[0])
            out[pos] = v[1]
        elif op in ("llvm.add", "llvm.sub", "llvm.mul", "llvm.and", "llvm.or", "llvm.xor",
                    "llvm.shl", "llvm.lshr", "llvm.ashr", "llvm.udiv", "llvm.urem", "llvm.sdiv",
                    "llvm.srem"):
            a, b = v[0].astype(np.uint64), v[1].astype(np.uint64)
            if w == 1:
                a, b = a & np.uint64(1), b & np.uint64(1)
            name_ = op[5:]
            if name_ == "add":
                r = a + b
            elif name_ == "sub":
                r = a - b
            elif name_ == "mul":
                r = a * b
            elif name_ == "and":
                r = a & b
            elif name_ == "or":
                r = a | b
            elif name_ == "xor":
                r = a ^ b
            elif name_ == "shl":
                r = np.where(b < w, a << np.minimum(b, 63), 0).astype(np.uint64)
            elif name_ == "lshr":
                r = np.where(b < w, a >> np.minimum(b, 63), 0).astype(np.uint64)
            elif name_ == "ashr":
                r = (Sim.signed(a, w) >> Sim.signed(b, w)).astype(np.int64)
            elif name_ == "udiv":
                r = a // b
            elif name_ == "urem":
                r = a % b
            elif name_ == "sdiv":
                sa, sb = Sim.signed(a, w), Sim.signed(b, w)
                r = (np.sign(sa) * np.sign(sb) * (np.abs(sa) // np.abs(sb))).astype(np.int64)
            else:
                sa, sb = Sim.signed(a, w), Sim.signed(b, w)
                r = np.fmod(sa, sb).astype(np.int64)
            out = sim.cast_arr(np.asarray(r).astype(np.int64) if np.asarray(r).dtype.kind == "i" else r, rtype) if w != 1 else (np.asarray(r) & np.uint64(1)).astype(bool)
        elif op == "llvm.icmp":
            pred = int(attr(rest, "predicate").split(":")[0])
            wt = int_width(t0) or 64
            a, b = v[0].astype(np.uint64), v[1].astype(np.uint64)
            sa, sb = Sim.signed(a, wt), Sim.signed(b, wt)
            out = [a == b, a != b, sa < sb, sa <= sb, sa > sb, sa >= sb, a < b, a <= b, a > b,
                   a >= b][pred]
        elif op == "llvm.fcmp":
            pred = int(attr(rest, "predicate").split(":")[0])
            a, b = v[0], v[1]
            un = np.isnan(a) | np.isnan(b)
            # The LLVM dialect's FCmpPredicate numbering (not LLVM IR's: uno
            # is 14 there, after the unordered comparisons).
            table = {0: np.zeros_like(un), 1: (a == b), 2: (a > b), 3: (a >= b), 4: (a < b),
                     5: (a <= b), 6: (a != b) & ~un, 7: ~un, 8: un | (a == b), 9: un | (a > b),
                     10: un | (a >= b), 11: un | (a < b), 12: un | (a <= b), 13: un | (a != b),
                     14: un, 15: np.ones_like(un)}
            out = table[pred]
        elif op == "llvm.select":
            c = v[0].astype(bool)
            if isinstance(v[1], list):
                out = [np.where(c, x, y) for x, y in zip(v[1], v[2])]
            else:
                out = np.where(c, v[1], v[2]).astype(v[1].dtype)
        elif op in ("llvm.zext", "llvm.trunc"):
            out = sim.cast_arr(v[0].astype(np.uint64), rtype)
        elif op == "llvm.sext":
            out = sim.cast_arr(Sim.signed(v[0].astype(np.uint64), int_width(t0)), rtype)
        elif op == "llvm.bitcast" and (vector_type(t0) or vector_type(rtype)):
            out = bitcast_vector(sim, v[0], t0, rtype)
        elif op == "llvm.bitcast":
            out = sim.from_bits(sim.to_bits(v[0], t0), rtype)
        elif op in ("llvm.ptrtoint", "llvm.inttoptr"):
            out = v[0].astype(np.uint64)
        elif op == "llvm.sitofp":
            out = Sim.signed(v[0].astype(np.uint64), int_width(t0)).astype(FLOATS[rtype])
        elif op == "llvm.uitofp":
            out = v[0].astype(np.uint64).astype(FLOATS[rtype])
        elif op == "llvm.fptosi":
            out = sim.cast_arr(v[0].astype(np.int64), rtype)
        elif op == "llvm.fpext" and t0 == "bf16" and rtype in FLOATS:
            # bf16 bits are f32's upper half.
            f32 = (np.asarray(v[0]).astype(np.uint64) << np.uint64(16)).astype(np.uint32)
            out = f32.view(np.float32).astype(FLOATS[rtype])
        elif op == "llvm.fptrunc" and rtype == "bf16":
            out = f32_to_bf16_bits(np.asarray(v[0]).astype(np.float32))
        elif op in ("llvm.fptrunc", "llvm.fpext") and rtype in FLOATS:
            out = v[0].astype(FLOATS[rtype])
        elif op in ("llvm.fadd", "llvm.fsub", "llvm.fmul", "llvm.fdiv"):
            f = {"llvm.fadd": np.add, "llvm.fsub": np.subtract, "llvm.fmul": np.multiply,
                 "llvm.fdiv": np.divide}[op]
            if rtype == "bf16":
                # Kept as bits: computed in f32 and rounded to bf16 (a product
                # of two bf16 is exact in f32, so it is rounded once).
                x, y = [(np.asarray(a).astype(np.uint64) << np.uint64(16)).astype(np.uint32)
                        .view(np.float32) for a in v[:2]]
                with np.errstate(over="ignore", invalid="ignore"):
                    out = f32_to_bf16_bits(f(x, y).astype(np.float32))
            else:
                with np.errstate(over="ignore", invalid="ignore"):  # IEEE: inf, NaN
                    out = f(v[0], v[1]).astype(FLOATS[rtype])
        elif op in ("llvm.intr.smax", "llvm.intr.smin", "llvm.intr.umax", "llvm.intr.umin"):
            wt = int_width(rtype)
            a, b = v[0].astype(np.uint64), v[1].astype(np.uint64)
            if op[-4] == "s":
                sa, sb = Sim.signed(a, wt), Sim.signed(b, wt)
                pick = sa >= sb if op.endswith("max") else sa <= sb
            else:
                pick = a >= b if op.endswith("max") else a <= b
            out = np.where(pick, a, b).astype(np.uint64)
        elif op in ("llvm.intr.fabs", "llvm.intr.roundeven", "llvm.intr.trunc") and \
                rtype in FLOATS:
            f = {"llvm.intr.fabs": np.abs, "llvm.intr.roundeven": np.rint,
                 "llvm.intr.trunc": np.trunc}[op]
            out = f(v[0]).astype(FLOATS[rtype])
        elif op == "llvm.fptoui":
            with np.errstate(invalid="ignore"):  # out of range: poison
                out = sim.cast_arr(v[0].astype(np.uint64), rtype)
        elif op in ("llvm.intr.maxnum", "llvm.intr.minnum", "llvm.intr.maximum",
                    "llvm.intr.minimum"):
            f = {"llvm.intr.maxnum": np.fmax, "llvm.intr.minnum": np.fmin,
                 "llvm.intr.maximum": np.maximum, "llvm.intr.minimum": np.minimum}[op]
            out = f(v[0], v[1]).astype(FLOATS[rtype])
        elif op == "llvm.getelementptr":
            et = attr(rest, "elem_type")
            raw = re.search(r"rawConstantIndices = array<i32: ([^>]*)>", rest)
            idxs = [int(x) for x in raw.group(1).split(",")] if raw else [DYN] * (len(v) - 1)
            size = type_size(et)
            addr = v[0].astype(np.int64)
            dyn = iter(v[1:])
            assert len(idxs) == 1, line
            i0 = idxs[0]
            iv = next(dyn) if i0 == DYN else np.full(nthreads, i0)
            wt = int_width(intypes[1]) if i0 == DYN else 32
            iv = Sim.signed(np.asarray(iv).astype(np.uint64), wt) if i0 == DYN else iv
            out = (addr + iv.astype(np.int64) * size).astype(np.uint64)
        elif op == "llvm.load" and vector_type(rtype):
            space = 3 if "ptr<3>" in t0 else 1
            n, et = vector_type(rtype)
            out = [sim.from_bits(sim.load(v[0] + np.uint64(i * type_size(et)), et, space), et)
                   for i in range(n)]
        elif op == "llvm.load":
            space = 3 if "ptr<3>" in t0 else 1
            out = sim.from_bits(sim.load(v[0], rtype, space), rtype)
        elif op == "llvm.store" and vector_type(types[ops[0]]):
            space = 3 if "ptr<3>" in types[ops[1]] else 1
            n, et = vector_type(types[ops[0]])
            for i in range(n):
                sim.store(v[1] + np.uint64(i * type_size(et)), sim.to_bits(v[0][i], et), et, space)
        elif op == "llvm.store":
            space = 3 if "ptr<3>" in types[ops[1]] else 1
            sim.store(v[1], sim.to_bits(v[0], types[ops[0]]), types[ops[0]], space)
        elif op == "nvvm.ldmatrix":
            num = int(re.search(r"num = (\d+)", rest).group(1))
            out = ldmatrix(sim, v[0], num, "mma_layout<col>" in rest, attr(rest, "eltType"))
            # One matrix (.x1) gives an i32, not a struct of them.
            if num == 1:
                out = out[0]
        elif op == "nvvm.stmatrix":
            stmatrix(sim, v[0], v[1:], "mma_layout<col>" in rest, attr(rest, "eltType"))
        elif op == "llvm.inline_asm":
            asm = re.search(r'asm_string = "((?:[^"\\]|\\.)*)"', rest).group(1)
            cons = re.search(r'constraints = "([^"]*)"', rest).group(1).split(",")
            out = inline_asm(sim, asm, cons, v, [types[o] for o in ops], rtype, nthreads)
        elif op == "llvm.return":
            if (sim.lag != sim.lag[0]).any():
                sim.races.append("warps end the kernel after different numbers of barriers "
                                 "(a GPU would wait forever)")
            break
        elif op == "llvm.call":
            callee = re.search(r"callee = @([\w.]+)", rest).group(1)
            if callee.startswith(("__ockl_printf", "__ockl_fprintf")):
                out = hostcall_printf(sim, callee, v, nthreads)
                if res:
                    env[res] = out
                    types[res] = rtype
                continue
            fns = {"__nv_fmaxf": np.fmax, "__nv_fminf": np.fmin, "__nv_expf": np.exp,
                   "__nv_exp2f": np.exp2, "__nv_fmax": np.fmax, "__nv_fmin": np.fmin}
            out = fns[callee](*v).astype(FLOATS[rtype])
        elif op == "llvm.atomicrmw":
            out = atomic_fadd(sim, rest, v, types[ops[1]])
        elif op == "rocdl.make.buffer.rsrc":
            # A buffer resource stands for its base and its size in bytes.
            out = ("rsrc", v[0], v[2])
        elif op == "rocdl.raw.ptr.buffer.load":
            out = buffer_load(sim, v[0], v[1], v[2], rtype)
        elif op == "rocdl.raw.ptr.buffer.store":
            buffer_store(sim, v[0], types[ops[0]], v[1], v[2], v[3])
        elif op == "rocdl.raw.ptr.buffer.atomic.cmpswap":
            out = buffer_atomic(sim, "cmpswap", v, rtype)
        elif op == "llvm.call_intrinsic" and "llvm.amdgcn.raw.ptr.buffer.atomic." in rest:
            intrin = re.search(r'intrin = "([\w.]+)"', rest).group(1)
            out = buffer_atomic(sim, intrin.rsplit(".", 1)[1], v, rtype)
        elif op == "llvm.call_intrinsic":
            intrin = re.search(r'intrin = "([\w.]+)"', rest).group(1)
            fns = {"llvm.nvvm.div.full": np.divide, "llvm.nvvm.ex2.approx.f32": np.exp2,
                   "llvm.nvvm.ex2.approx.ftz.f": np.exp2,
                   # Correctly rounded here; the hardware's is within 1 ulp.
                   "llvm.amdgcn.sqrt.f32": np.sqrt}
            # AMD's FMA dots (fused or not: exact in f64 for f16 operands).
            for t in ("f16", "f32", "f64"):
                fns["llvm.fmuladd." + t] = lambda a, b, c: (
                    np.asarray(a, np.float64) * b + c)
            out = fns[intrin](*v).astype(FLOATS[rtype])
        elif op == "builtin.unrealized_conversion_cast":
            out = v[0]
        else:
            raise RuntimeError("op not simulated: " + op)
        if res:
            if ":" in res:
                raise RuntimeError("multi-result op: " + line)
            env[res] = out
            types[res] = rtype
    outs = []
    for base, arr in bufs:
        outs.append(np.frombuffer(bytes(sim.globals[base]), dtype=arr.dtype).reshape(arr.shape))
    return outs, sim.races


def buffer_addresses(rsrc, voffset, soffset):
    """Byte addresses of a raw buffer access and whether each is in range
    (the offset, a 32-bit unsigned value, below the resource's size)."""
    _, base, size = rsrc
    offset = (voffset.astype(np.uint64) + soffset.astype(np.uint64)) & np.uint64(0xFFFFFFFF)
    return base.astype(np.uint64) + offset, offset < size.astype(np.uint64)


def check_alignment(sim, op, v, rest, types, ops, t0):
    """An llvm.load or llvm.store of shared or global memory claiming
    `alignment = N` must reach an address that is a multiple of N in every
    active thread (global buffers start 4096-aligned here):
    LLVM's vectorizer joins accesses by that claim, and a wrong one is a
    misaligned vector access on the GPU."""
    m = re.search(r"alignment = (\d+)", rest)
    ptr_type = t0 if op == "llvm.load" else types[ops[1]]
    if not m or ("ptr<3>" not in ptr_type and "ptr<1>" not in ptr_type):
        return
    alignment = int(m.group(1))
    ptrs = v[0] if op == "llvm.load" else v[1]
    for th in range(sim.T):
        if sim.active is not None and not sim.active[th]:
            continue
        if int(ptrs[th]) % alignment:
            raise RuntimeError(f"{op} claims alignment {alignment} but thread {th} "
                               f"reaches address {int(ptrs[th]):#x}")


def buffer_load(sim, rsrc, voffset, soffset, rtype):
    """rocdl.raw.ptr.buffer.load: out-of-range lanes read zeros."""
    addrs, inb = buffer_addresses(rsrc, voffset, soffset)
    vt = vector_type(rtype)
    if vt:
        n, et = vt
        return [sim.from_bits(sim.load(addrs + np.uint64(i * type_size(et)), et, 1, inb), et)
                for i in range(n)]
    return sim.from_bits(sim.load(addrs, rtype, 1, inb), rtype)


def buffer_store(sim, data, dtype, rsrc, voffset, soffset):
    """rocdl.raw.ptr.buffer.store: out-of-range lanes write nothing."""
    addrs, inb = buffer_addresses(rsrc, voffset, soffset)
    vt = vector_type(dtype)
    if vt:
        n, et = vt
        for i in range(n):
            sim.store(addrs + np.uint64(i * type_size(et)), sim.to_bits(data[i], et), et, 1, inb)
    else:
        sim.store(addrs, sim.to_bits(data, dtype), dtype, 1, inb)


def buffer_atomic(sim, kind, v, rtype):
    """llvm.amdgcn.raw.ptr.buffer.atomic.<kind> (cmpswap also as rocdl's op,
    the same operands): the threads' atomics one
    after another in thread order; each returns the value before it, an
    out-of-range lane does nothing and returns 0."""
    if kind == "cmpswap":
        value, compare, rsrc, voffset, soffset = v[:5]
    else:
        value, rsrc, voffset, soffset = v[:4]
        compare = None
    addrs, inb = buffer_addresses(rsrc, voffset, soffset)
    size = type_size(rtype)
    bits = 8 * size
    mask = (1 << bits) - 1
    vbits = sim.to_bits(value, rtype)
    cbits = sim.to_bits(compare, rtype) if compare is not None else None
    old = np.zeros(sim.T, dtype=np.uint64)
    ftype = {"f32": np.float32, "f64": np.float64}.get(rtype)

    def as_float(b):
        ut = np.uint32 if rtype == "f32" else np.uint64
        return np.array([b], dtype=ut).view(ftype)[0]

    def float_bits(f):
        return int(np.array([f], dtype=ftype).view(np.uint32 if rtype == "f32" else np.uint64)[0])

    def signed(b):
        return b - (1 << bits) if b >> (bits - 1) else b

    for th in range(sim.T):
        if not inb[th]:
            continue
        buf, off = sim.gmem(int(addrs[th]), size)
        cur = int.from_bytes(bytes(buf[off:off + size]), "little")
        x = int(vbits[th]) & mask
        if kind == "cmpswap":
            new = x if cur == (int(cbits[th]) & mask) else cur
        elif kind == "add":
            new = (cur + x) & mask
        elif kind == "sub":
            new = (cur - x) & mask
        elif kind == "and":
            new = cur & x
        elif kind == "or":
            new = cur | x
        elif kind == "xor":
            new = cur ^ x
        elif kind == "swap":
            new = x
        elif kind == "umax":
            new = max(cur, x)
        elif kind == "umin":
            new = min(cur, x)
        elif kind == "smax":
            new = cur if signed(cur) >= signed(x) else x
        elif kind == "smin":
            new = cur if signed(cur) <= signed(x) else x
        elif kind in ("fadd", "fmax", "fmin") and ftype is not None:
            a, b = as_float(cur), as_float(x)
            f = a + b if kind == "fadd" else (np.fmax(a, b) if kind == "fmax" else np.fmin(a, b))
            new = float_bits(f)
        else:
            raise RuntimeError(f"buffer atomic {kind} on {rtype} not simulated")
        buf[off:off + size] = new.to_bytes(size, "little")
        old[th] = cur
    return sim.from_bits(old, rtype)


def ldmatrix(sim, ptrs, num, trans, elt):
    """ldmatrix.sync.aligned.m8n8.x{num}[.trans].shared.b16, per warp as the
    PTX ISA describes its fragments: lane 8 j + r holds the address of row r
    (16 contiguous bytes, 16-byte aligned) of matrix j; register j of lane t
    is matrix j's row t / 4, elements 2 (t % 4) and 2 (t % 4) + 1, or with
    .trans its rows 2 (t % 4) and 2 (t % 4) + 1 at column t / 4 (low half
    first)."""
    if "b16" not in elt:
        raise RuntimeError("ldmatrix element type not simulated: " + elt)

    def read(addr, size, th):
        sim.check_shared_bounds(addr, size)
        sim.check_read(addr, size, th)
        return int.from_bytes(bytes(sim.shared[addr:addr + size]), "little")

    words = [np.zeros(sim.T, dtype=np.uint64) for _ in range(num)]
    for th in range(sim.T):
        warp, t = th // 32 * 32, th % 32
        for j in range(num):
            rows = [int(ptrs[warp + 8 * j + r]) for r in range(8)]
            if any(a % 16 for a in rows):
                raise RuntimeError("ldmatrix row address not 16-byte aligned")
            if not trans:
                words[j][th] = read(rows[t // 4] + 4 * (t % 4), 4, th)
            else:
                lo = read(rows[2 * (t % 4)] + 2 * (t // 4), 2, th)
                hi = read(rows[2 * (t % 4) + 1] + 2 * (t // 4), 2, th)
                words[j][th] = lo | hi << 16
    return [sim.cast_arr(w, "i32") for w in words]


def stmatrix(sim, ptrs, words, trans, elt):
    """stmatrix.sync.aligned.m8n8.x{num}[.trans].shared.b16: ldmatrix's
    fragments (see ldmatrix) written instead of read."""
    if "b16" not in elt:
        raise RuntimeError("stmatrix element type not simulated: " + elt)

    def write(addr, value, th):
        sim.check_shared_bounds(addr, 2)
        sim.check_write(addr, 2, th, value)
        sim.shared[addr:addr + 2] = np.frombuffer(int(value).to_bytes(2, "little"), np.uint8)

    bits = [sim.to_bits(w, "i32").astype(np.uint64) for w in words]
    for th in range(sim.T):
        warp, t = th // 32 * 32, th % 32
        for j, word in enumerate(bits):
            rows = [int(ptrs[warp + 8 * j + r]) for r in range(8)]
            if any(a % 16 for a in rows):
                raise RuntimeError("stmatrix row address not 16-byte aligned")
            lo, hi = int(word[th]) & 0xFFFF, int(word[th]) >> 16 & 0xFFFF
            if not trans:
                write(rows[t // 4] + 4 * (t % 4), lo, th)
                write(rows[t // 4] + 4 * (t % 4) + 2, hi, th)
            else:
                write(rows[2 * (t % 4)] + 2 * (t // 4), lo, th)
                write(rows[2 * (t % 4) + 1] + 2 * (t // 4), hi, th)


def atomic_fadd(sim, rest, v, t):
    """llvm.atomicrmw fadd (bin_op 11) on global memory, scalar or vector:
    the active threads one after another, each getting the old value."""
    if int(attr(rest, "bin_op").split(":")[0]) != 11:
        raise NotImplementedError("llvm.atomicrmw other than fadd")
    vt = vector_type(t)
    n, et = vt if vt else (1, t)
    size = type_size(et)
    lanes = v[1] if vt else [v[1]]
    old = [np.zeros(sim.T, dtype=FLOATS[et]) for _ in range(n)]
    for th in range(sim.T):
        if sim.active is not None and not sim.active[th]:
            continue
        for k in range(n):
            buf, off = sim.gmem(int(v[0][th]) + k * size, size)
            cur = np.frombuffer(bytes(buf[off:off + size]), dtype=FLOATS[et])[0]
            old[k][th] = cur
            new = (cur + lanes[k][th]).astype(FLOATS[et])
            buf[off:off + size] = new.tobytes()
    return old if vt else old[0]


def cross_lane(op, rest, v, warp_size):
    """The gfx9 cross-lane moves, per wave of 64 lanes (CDNA3 ISA):
    rocdl.update.dpp(old, src): 4 rows of 16 lanes, 4 banks of 4 per row; a
    lane outside row_mask/bank_mask keeps `old`, one whose source is out of
    range reads 0 with bound_ctrl, else keeps `old`; ds_swizzle in bit mode
    (offset bit 15 clear: source ((lane & and) | or) ^ xor within 32 lanes);
    ds_bpermute(address, src): lane address / 4 (mod 64); readlane(src, l)."""
    if warp_size != 64:
        raise NotImplementedError(op + " outside a 64-lane wave")
    n = len(v[0])
    tid = np.arange(n)
    lane, base = tid % 64, tid - tid % 64
    if op == "rocdl.readlane":
        return v[0][base + uniform(v[1]) % 64]
    if op == "rocdl.ds_bpermute":
        src = base + (v[0].astype(np.int64) // 4) % 64
        return v[1][src]
    if op == "rocdl.ds_swizzle":
        offset = uniform(v[1])
        if offset & 0x8000:
            raise NotImplementedError("ds_swizzle quad-permute mode")
        and_, or_, xor = offset & 0x1F, (offset >> 5) & 0x1F, (offset >> 10) & 0x1F
        src = base + (lane & 32) + (((lane & 31 & and_) | or_) ^ xor)
        return v[0][src]
    ctrl = int(attr(rest, "dppCtrl").split(":")[0])
    row_mask = int(attr(rest, "rowMask").split(":")[0])
    bank_mask = int(attr(rest, "bankMask").split(":")[0])
    bound = attr(rest, "boundCtrl").startswith("true")
    old, src = v[0], v[1]
    row, in_row = lane // 16, lane % 16
    if ctrl <= 0xFF:
        source, valid = (lane & ~3) | ((ctrl >> (2 * (lane & 3))) & 3), np.ones(n, bool)
    elif 0x101 <= ctrl <= 0x10F:
        k = ctrl - 0x100
        source, valid = lane + k, in_row + k < 16
    elif 0x111 <= ctrl <= 0x11F:
        k = ctrl - 0x110
        source, valid = lane - k, in_row >= k
    elif ctrl == 0x142:
        source, valid = row * 16 - 1, row >= 1
    elif ctrl == 0x143:
        source, valid = np.full(n, 31), row >= 2
    else:
        raise NotImplementedError(f"DPP control {ctrl:#x}")
    writes = ((row_mask >> row) & 1).astype(bool) & ((bank_mask >> (in_row // 4)) & 1).astype(bool)
    moved = src[base + np.clip(source, 0, 63)]
    zero = np.zeros_like(src)
    got = np.where(valid, moved, zero if bound else old)
    return np.where(writes, got, old).astype(src.dtype)


def uniform(a):
    """The value every thread holds (an element index, say)."""
    a = np.asarray(a)
    if not (a == a[0]).all():
        raise RuntimeError("expected a value uniform over the threads")
    return int(a[0])


def bitcast_vector(sim, value, src, dst):
    """Bitcasts between vectors and scalars: element 0 in the low bits."""
    def parts(t):
        vt = vector_type(t)
        return vt if vt else (1, t)
    n, et = parts(src)
    elems = value if vector_type(src) else [value]
    bits = np.zeros(sim.T, dtype=object)
    width = 8 * type_size(et)
    for i in range(n):
        bits = bits | (sim.to_bits(elems[i], et).astype(object) << (i * width))
    m, dt = parts(dst)
    dwidth = 8 * type_size(dt)
    out = [sim.from_bits(np.array([(int(b) >> (j * dwidth)) & ((1 << dwidth) - 1)
                                   for b in bits], dtype=np.uint64), dt) for j in range(m)]
    return out if vector_type(dst) else out[0]


def decode_elements(bits, kind):
    """Raw element bits (uint64 array) as float64/int64 values of a wgmma type."""
    bits = bits.astype(np.uint64)
    if kind == "f16":
        return bits.astype(np.uint16).view(np.float16).astype(np.float64)
    if kind == "bf16":
        return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32).astype(np.float64)
    if kind == "tf32":  # the low 13 mantissa bits are ignored
        return (bits.astype(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32).astype(np.float64)
    if kind == "s8":
        return Sim.signed(bits, 8).astype(np.int64)
    if kind in ("e4m3", "e5m2"):
        mbits, bias = (3, 7) if kind == "e4m3" else (2, 15)
        b = bits.astype(np.int64)
        sign = np.where(b & 0x80, -1.0, 1.0)
        exp = (b >> mbits) & ((1 << (7 - mbits)) - 1)
        man = b & ((1 << mbits) - 1)
        val = np.where(exp == 0, man / (1 << mbits) * 2.0 ** (1 - bias),
                       (1 + man / (1 << mbits)) * 2.0 ** (exp - bias))
        return sign * val
    raise RuntimeError("wgmma type not simulated: " + kind)


MFMA = re.compile(r"rocdl\.mfma\.(f32|i32)\.(\d+)x(\d+)x(\d+)\.?(\w+(?:\.\w+)?)")


def decode_fnuz(bits, kind):
    """gfx942's 8-bit floats (fnuz: no infinities or negative zero, 0x80 is
    NaN): fp8 is e4m3 with bias 8, bf8 e5m2 with bias 16."""
    mbits, bias = (3, 8) if kind == "fp8" else (2, 16)
    b = bits.astype(np.int64)
    sign = np.where(b & 0x80, -1.0, 1.0)
    exp = (b >> mbits) & ((1 << (7 - mbits)) - 1)
    man = b & ((1 << mbits) - 1)
    val = np.where(exp == 0, man / (1 << mbits) * 2.0 ** (1 - bias),
                   (1 + man / (1 << mbits)) * 2.0 ** (exp - bias))
    return np.where(b == 0x80, np.nan, sign * val)


def f32_to_bf16_bits(x):
    """f32 -> bf16 bits, rounding to nearest even (LLVM's fptrunc); a NaN
    keeps its sign and upper payload, quieted."""
    b = x.view(np.uint32).astype(np.uint64)
    upper = b >> np.uint64(16)
    rounded = (b + np.uint64(0x7FFF) + (upper & np.uint64(1))) >> np.uint64(16)
    return np.where(np.isnan(x), upper | np.uint64(0x40), rounded & np.uint64(0xFFFF))


def encode_fnuz(x, kind):
    """The CDNA3 ISA's f32 -> fp8 (e4m3, bias 8) / bf8 (e5m2, bias 16) fnuz
    conversion without clamping (V_CVT_PK_FP8_F32 / _BF8_F32 as the
    compiler emits them, MODE rounding to nearest even): the value rounded
    to the format's precision at its exponent (subnormals below the least
    normal exponent, 1 - bias); NaN, infinities and anything rounding past
    the largest finite value (240 / 57344) give the one NaN, 0x80; a zero
    result of either sign is 0x00 (the format has no negative zero)."""
    with np.errstate(invalid="ignore"):
        return _encode_fnuz(np.asarray(x, dtype=np.float64), kind)


def _encode_fnuz(x, kind):
    mbits, bias = (3, 8) if kind == "fp8" else (2, 16)
    a = np.abs(x)
    finite = np.isfinite(a)
    safe = np.where(finite & (a > 0), a, 1.0)
    e = np.maximum(np.frexp(safe)[1] - 1, 1 - bias)
    quantum = np.exp2(e - mbits)
    r = np.where(finite, np.round(np.where(finite, a, 0) / quantum) * quantum, np.inf)
    largest = (2 - 2.0 ** -mbits) * 2.0 ** ((1 << (7 - mbits)) - 1 - bias)
    r_safe = np.where(np.isfinite(r) & (r > 0), r, 1.0)
    er = np.frexp(r_safe)[1] - 1
    normal = er >= 1 - bias
    exp_field = np.where(normal, er + bias, 0)
    man = np.where(normal, (r_safe / np.exp2(er.astype(np.float64)) - 1) * (1 << mbits),
                   r_safe / 2.0 ** (1 - bias - mbits))
    code = (exp_field.astype(np.int64) << mbits) | np.round(man).astype(np.int64)
    code = np.where(r == 0, 0, code | np.where(x < 0, 0x80, 0))
    return np.where((r > largest) | ~finite, 0x80, code).astype(np.uint64)


def cvt_pk_to_fnuz(op, v, high):
    """rocdl.cvt.pk.fp8.f32 / .bf8.f32 (srcA, srcB, old): the two f32
    converted (encode_fnuz) into bytes 0 and 1 of the word selected (low or
    high 16 bits of old), the other word kept."""
    kind = "fp8" if ".fp8." in op else "bf8"
    with np.errstate(invalid="ignore"):  # signalling NaNs
        a, b = (encode_fnuz(np.asarray(x, dtype=np.float32).astype(np.float64), kind)
                for x in v[:2])
    shift = np.uint64(16 if high else 0)
    kept = np.asarray(v[2]).astype(np.uint64) & ~(np.uint64(0xFFFF) << shift) & np.uint64(0xFFFFFFFF)
    return kept | ((a | (b << np.uint64(8))) << shift)


def cvt_pk_from_fnuz(op, word, high, rtype):
    """rocdl.cvt.pk.f32.fp8 / .f32.bf8: the two fnuz bytes of the selected
    16-bit word as two f32 (exact; 0x80 is NaN), as vector<2xf32> or i64."""
    kind = "fp8" if op.endswith("fp8") else "bf8"
    w = np.asarray(word).astype(np.uint64) >> np.uint64(16 if high else 0)
    pair = [decode_fnuz(((w >> np.uint64(8 * i)) & np.uint64(0xFF)), kind).astype(np.float32)
            for i in range(2)]
    if vector_type(rtype):
        return pair
    bits = [p.view(np.uint32).astype(np.uint64) for p in pair]
    return bits[0] | (bits[1] << np.uint64(32))


def mfma_lane_elements(value, t, kind, kbase):
    """One MFMA source operand of every lane as kbase lists of float64/int64
    values: a scalar f32, a vector (f16, f32 for xf32, i16 bits of bf16), or
    an integer packing kbase bytes (int8, fp8/bf8), element 0 lowest."""
    vt = vector_type(t)
    if kbase == 1:
        return [np.asarray(value, dtype=np.float64)]
    if vt:
        n, et = vt
        assert n == kbase, (t, kbase)
        if et == "i16":  # bf16 bits
            return [(np.asarray(x).astype(np.uint32) << np.uint32(16)).view(np.float32)
                    .astype(np.float64) for x in value]
        return [np.asarray(x, dtype=np.float64) for x in value]
    bits = np.asarray(value).astype(np.uint64)
    out = []
    for j in range(kbase):
        byte = (bits >> np.uint64(8 * j)) & np.uint64(0xFF)
        out.append(Sim.signed(byte, 8).astype(np.int64) if kind == "i8"
                   else decode_fnuz(byte, kind))
    return out


def mfma(op, v, types, ops, rtype, T):
    """The CDNA3 ISA's v_mfma on each wave of 64 lanes: D = A B + C with
    A (nonK x K) row l % nonK, K elements kbase (l / nonK) + j from lane l;
    B (K x nonK) the same K elements of column l % nonK; C/D element i of
    lane l at column l % nonK, row R(i) + 4 (l / nonK), R(i) = 8 (i / 4) +
    i % 4 for 32x32 and i for 16x16. cbsz/abid/blgp must be 0, but for the
    16-block 4x4 forms (mfma_4x4())."""
    m = MFMA.fullmatch(op)
    if not m:
        raise RuntimeError("MFMA not simulated: " + op)
    dkind, mdim, ndim, kdim = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
    suffix = m.group(5)
    if mdim == ndim == 4:
        return mfma_4x4(op, dkind, kdim, suffix, v, types, ops, rtype, T)
    assert mdim == ndim and mdim in (16, 32), op
    kinds = {"f16": ("f16", "f16"), "f32": ("f32", "f32"), "xf32": ("f32", "f32"),
             "bf16.1k": ("bf16", "bf16"), "i8": ("i8", "i8"), "fp8.fp8": ("fp8", "fp8"),
             "fp8.bf8": ("fp8", "bf8"), "bf8.fp8": ("bf8", "fp8"), "bf8.bf8": ("bf8", "bf8")}
    kind, bkind = kinds[suffix]
    for x in v[3:6]:
        if uniform(x) != 0:
            raise RuntimeError("MFMA with cbsz/abid/blgp not simulated")
    nonk, groups = mdim, 64 // mdim
    kbase = kdim // groups
    a = mfma_lane_elements(v[0], types[ops[0]], kind, kbase)
    b = mfma_lane_elements(v[1], types[ops[1]], bkind, kbase)
    acc = [np.asarray(x) for x in v[2]]
    nout = len(acc)
    assert nout == nonk * nonk // 64, op
    out = [np.array(x, copy=True) for x in acc]
    lanes = np.arange(64)
    rows = lanes % nonk
    kgroup = lanes // nonk
    for w in range(T // 64):
        sl = slice(64 * w, 64 * w + 64)
        X = np.zeros((nonk, kdim))
        Y = np.zeros((kdim, nonk))
        for j in range(kbase):
            X[rows, kbase * kgroup + j] = a[j][sl]
            Y[kbase * kgroup + j, rows] = b[j][sl]
        Z = X @ Y
        for i in range(nout):
            r = (8 * (i // 4) + i % 4 if nonk == 32 else i) + 4 * kgroup
            prod = Z[r, rows]
            if dkind == "i32":
                c = Sim.signed(acc[i][sl].astype(np.uint64), 32)
                out[i][sl] = ((c + prod.astype(np.int64)) & 0xFFFFFFFF).astype(np.uint64)
            else:
                out[i][sl] = acc[i][sl].astype(np.float64) + prod
    et = vector_type(rtype)[1]
    return [o.astype(np.float32) if et == "f32" else o.astype(np.uint64) for o in out]


def mfma_4x4(op, dkind, kdim, suffix, v, types, ops, rtype, T):
    """The CDNA3 ISA's 16-block 4x4 MFMAs (v_mfma_f32_4x4x1_16b_f32,
    _4x4x4_16b_f16, _4x4x4_16b_bf16, v_mfma_i32_4x4x4_16b_i8): 16
    independent products D_b = A_b B_b + C_b of 4 x kdim by kdim x 4, block
    b on lanes 4b..4b+3; lane 4b+i holds row i of A_b and column i of B_b
    (kdim elements) and D_b's column i (element r at row r). CBSZ/ABID
    broadcast A: in every group of 2^CBSZ consecutive blocks, block ABID of
    the group supplies A to all of them. BLGP must be 0."""
    kinds = {"f16": "f16", "f32": "f32", "bf16.1k": "bf16", "i8": "i8"}
    if suffix not in kinds:
        raise RuntimeError("MFMA not simulated: " + op)
    kind = kinds[suffix]
    cbsz, abid, blgp = (uniform(x) for x in v[3:6])
    if blgp != 0 or not 0 <= cbsz <= 4 or not 0 <= abid < (1 << cbsz):
        raise RuntimeError(f"MFMA 4x4 with cbsz={cbsz} abid={abid} blgp={blgp} not simulated")
    a = mfma_lane_elements(v[0], types[ops[0]], kind, kdim)
    b = mfma_lane_elements(v[1], types[ops[1]], kind, kdim)
    acc = [np.asarray(x) for x in v[2]]
    assert len(acc) == 4, op
    out = [np.array(x, copy=True) for x in acc]
    for w in range(T // 64):
        base = 64 * w
        for blk in range(16):
            src = (blk >> cbsz << cbsz) + abid
            X = np.array([[a[k][base + 4 * src + i] for k in range(kdim)] for i in range(4)],
                         dtype=np.float64)
            Y = np.array([[b[k][base + 4 * blk + j] for j in range(4)] for k in range(kdim)],
                         dtype=np.float64)
            Z = X @ Y
            for j in range(4):
                lane = base + 4 * blk + j
                for r in range(4):
                    if dkind == "i32":
                        c = int(Sim.signed(np.uint64(acc[r][lane]), 32))
                        out[r][lane] = np.uint64((c + int(Z[r, j])) & 0xFFFFFFFF)
                    else:
                        out[r][lane] = np.float64(acc[r][lane]) + Z[r, j]
    et = vector_type(rtype)[1]
    return [o.astype(np.float32) if et == "f32" else o.astype(np.uint64) for o in out]


MMA_SYNC = re.compile(r"mma\.sync\.aligned\.m16n8k(32|16)\.row\.col\.(s32|f32)\.(s8|e4m3|e5m2|bf16|f16)\."
                      r"(s8|e4m3|e5m2|bf16|f16)\.(s32|f32) \{([^}]*)\}, \{([^}]*)\}, \{([^}]*)\}, "
                      r"\{([^}]*)\};")


def mma_sync(sim, m, operand, rtype, T):
    """mma.sync.aligned.m16n8k32 with 8-bit operands (int8, e4m3, e5m2) and
    m16n8k16 with 16-bit ones (bf16, f16), f32 or s32 accumulators, on each
    warp, from the PTX ISA's fragments: with g = lane / 4, q = lane % 4 and
    E = 32 / element bits elements a register, A register i holds row
    g + 8 (i % 2), columns E q + K/2 (i / 2) + e; B register i rows
    E q + K/2 i + e of column g; C/D register i row g + 8 (i / 2), column
    2 q + i % 2."""
    K = int(m.group(1))
    dkind, akind, bkind = m.group(2), m.group(3), m.group(4)
    regs = [[int(x.strip()[1:]) for x in m.group(i).split(",")] for i in range(6, 10)]
    dregs, aregs, bregs, cregs = regs
    bits = 16 if akind in ("bf16", "f16") else 8
    if (len(dregs), len(aregs), len(bregs), len(cregs)) != (4, 4, 2, 4) or \
            (K == 16) != (bits == 16):
        raise RuntimeError("mma.sync operand counts not simulated")
    per = 32 // bits
    mask = np.uint64((1 << bits) - 1)
    lane = np.arange(T) % 32
    warp = np.arange(T) // 32
    g, q = lane // 4, lane % 4
    a = np.zeros((T // 32, 16, K), dtype=np.uint64)
    b = np.zeros((T // 32, K, 8), dtype=np.uint64)
    for i, r in enumerate(aregs):
        word = np.asarray(operand(r)).astype(np.uint64)
        for e in range(per):
            a[warp, g + 8 * (i % 2), per * q + K // 2 * (i // 2) + e] = \
                (word >> np.uint64(bits * e)) & mask
    for i, r in enumerate(bregs):
        word = np.asarray(operand(r)).astype(np.uint64)
        for e in range(per):
            b[warp, per * q + K // 2 * i + e, g] = (word >> np.uint64(bits * e)) & mask
    prod = decode_elements(a, akind) @ decode_elements(b, bkind)
    fields = struct_fields(rtype)
    out = []
    for i, r in enumerate(cregs):
        d = prod[warp, g + 8 * (i // 2), 2 * q + i % 2]
        c = np.asarray(operand(r))
        if dkind == "s32":
            d = (Sim.signed(c.astype(np.uint64), 32) + d.astype(np.int64)) & 0xFFFFFFFF
            out.append(sim.cast_arr(d.astype(np.uint64), fields[i]))
        else:
            out.append(sim.cast_arr((c.astype(np.float32).astype(np.float64) + d)
                                    .astype(np.float32), fields[i]))
    return out


WGMMA = re.compile(r"wgmma\.mma_async\.sync\.aligned\.m64n(\d+)k(\d+)\.(\w+)\.(\w+)\.(\w+) "
                   r"\{([^}]*)\}, (\{[^}]*\}|\$\d+), \$(\d+), (\$\d+|0)((?:, -?\d+)*);")


def read_operand(sim, desc, rows, cols, elem_bytes, mn_major, reader):
    """The rows x cols (MN x K) matrix a descriptor names, as raw bits: the
    canonical layouts of the PTX ISA, built from 8-row core matrices (16-byte
    rows unswizzled, swizzle-width rows otherwise) and the 16-byte-chunk XOR
    of each swizzle mode over absolute shared addresses."""
    start = (desc & 0x3FFF) << 4
    lbo = ((desc >> 16) & 0x3FFF) << 4
    sbo = ((desc >> 32) & 0x3FFF) << 4
    width = {0: 0, 1: 128, 2: 64, 3: 32}[desc >> 62]
    t = 16 // elem_bytes  # elements per 16 bytes
    out = np.zeros((rows, cols), dtype=np.uint64)
    for mn in range(rows):
        for k in range(cols):
            if not mn_major and width == 0:
                off = (mn // 8) * sbo + (k // t) * lbo + (mn % 8) * 16 + (k % t) * elem_bytes
            elif not mn_major:
                off = (mn // 8) * sbo + (mn % 8) * width + k * elem_bytes
            elif width == 0:
                off = (mn // t) * sbo + (k // 8) * lbo + (k % 8) * 16 + (mn % t) * elem_bytes
            else:
                per_row = width // elem_bytes
                off = (mn // per_row) * lbo + (k // 8) * sbo + (k % 8) * width + \
                    (mn % per_row) * elem_bytes
            addr = start + off
            if width:
                addr ^= ((addr >> 7) & (width // 16 - 1)) << 4
            out[mn, k] = reader(addr, elem_bytes)
    return out


def wgmma(sim, m, cons, operand, nout, rtype, T):
    """One wgmma.mma_async per warpgroup: D = A * B (+ C when scale-d)."""
    n, k = int(m.group(1)), int(m.group(2))
    dkind, akind, bkind = m.group(3), m.group(4), m.group(5)
    imms = [int(x) for x in re.findall(r"-?\d+", m.group(10))]
    a_regs = m.group(7).startswith("{")
    elem_bytes = {"f16": 2, "bf16": 2, "tf32": 4, "e4m3": 1, "e5m2": 1, "s8": 1}[akind]
    scale_a = scale_b = 1
    trans_a = trans_b = 0
    if akind in ("f16", "bf16"):
        if a_regs:
            scale_a, scale_b, trans_b = imms
        else:
            scale_a, scale_b, trans_a, trans_b = imms
    elif akind != "s8":
        scale_a, scale_b = imms
    # scale-d is a predicate operand with the accumulator's registers tied
    # after the outputs, or the immediate 0 with no accumulator (D = A * B).
    reads_c = m.group(9) != "0"
    if reads_c:
        acc = [operand(nout + i) for i in range(nout)]
    else:
        acc = [np.zeros(T, dtype=np.float64 if dkind == "f32" else np.uint64) for _ in range(nout)]
    fields = struct_fields(rtype)
    out = [np.array(a, copy=True) for a in acc]
    for g in range(T // 128):
        lo = 128 * g
        th = np.arange(lo, lo + 128)
        warp, lane = (th - lo) // 32, th % 32

        def reader(addr, size):
            sim.check_shared_bounds(addr, size)
            sim.check_read(addr, size, lo)
            return int.from_bytes(bytes(sim.shared[addr:addr + size]), "little")
        bdesc = uniform(operand(int(m.group(8)))[lo:lo + 128])
        b = decode_elements(read_operand(sim, bdesc, n, k, elem_bytes, trans_b, reader), bkind).T
        if a_regs:
            regs = [int(x[1:]) for x in m.group(7)[1:-1].split(",")]
            per = 4 // elem_bytes
            a = np.zeros((64, k), dtype=np.uint64)
            for q, r in enumerate(regs):
                word = operand(r).astype(np.uint64)[lo:lo + 128]
                for e in range(per):
                    rows = 16 * warp + lane // 4 + 8 * (q % 2)
                    cols = (lane % 4) * per + (q // 2) * (k // 2) + e
                    a[rows, cols] = (word >> np.uint64(8 * elem_bytes * e)) & \
                        np.uint64((1 << (8 * elem_bytes)) - 1)
        else:
            adesc = uniform(operand(int(m.group(7)[1:]))[lo:lo + 128])
            a = read_operand(sim, adesc, 64, k, elem_bytes, trans_a, reader)
        a = decode_elements(a, akind)
        prod = (scale_a * a) @ (scale_b * b)
        scale_d = uniform(operand(int(m.group(9)[1:]))[lo:lo + 128].astype(np.int64)) if reads_c else 0
        # The D fragment: register i of thread (warp, lane) at row
        # 16 warp + lane / 4 + 8 (i / 2 % 2), column 2 (lane % 4) + i % 2 +
        # 8 (i / 4); f16 accumulators pack columns c, c + 1 per register.
        packed = dkind == "f16"
        per_reg = 2 if packed else 1
        for i in range(nout):
            for h in range(per_reg):
                e = 2 * i + h if packed else i
                rows = 16 * warp + lane // 4 + 8 * ((e // 2) % 2)
                cols = 2 * (lane % 4) + e % 2 + 8 * (e // 4)
                if packed:
                    old = (acc[i][lo:lo + 128].astype(np.uint64) >> np.uint64(16 * h)) & np.uint64(0xFFFF)
                    c = old.astype(np.uint16).view(np.float16).astype(np.float64)
                    d = prod[rows, cols] + (c if scale_d else 0)
                    bits = d.astype(np.float16).view(np.uint16).astype(np.uint64) << np.uint64(16 * h)
                    keep = out[i][lo:lo + 128].astype(np.uint64) & ~(np.uint64(0xFFFF) << np.uint64(16 * h))
                    out[i][lo:lo + 128] = keep | bits
                elif dkind == "s32":
                    c = Sim.signed(acc[i][lo:lo + 128].astype(np.uint64), 32)
                    d = prod[rows, cols].astype(np.int64) + (c if scale_d else 0)
                    out[i][lo:lo + 128] = (d & 0xFFFFFFFF).astype(np.uint64)
                else:
                    c = acc[i][lo:lo + 128].astype(np.float64)
                    out[i][lo:lo + 128] = prod[rows, cols] + (c if scale_d else 0)
    return [sim.cast_arr(o, f) for o, f in zip(out, fields)]


def inline_asm(sim, asm, cons, v, vtypes, rtype, T):
    asm = asm.replace("\\0A", "\n").replace("\\09", "\t").replace("\\n", "\n").replace("\\t", "\t")
    outs = [c for c in cons if c.startswith("=")]
    ins = [c for c in cons if not c.startswith("=")]
    nout = len(outs)
    # operand $i: outputs first, then inputs
    def operand(i):
        return v[i - nout]
    mm = WGMMA.match(asm)
    if mm:
        return wgmma(sim, mm, cons, operand, nout, rtype, T)
    mm = MMA_SYNC.fullmatch(asm.strip())
    if mm:
        return mma_sync(sim, mm, operand, rtype, T)
    if re.fullmatch(r"(?:// wait for regs: [$\d,]*\n\t)?wgmma\.wait_group\.sync\.aligned \d+;", asm):
        # The outputs are the tied inputs, unchanged (-convert-nv-gpu-to-llvm
        # names them in a comment first and returns a struct even of one).
        is_struct = rtype.startswith("!llvm.struct")
        fields = struct_fields(rtype) if is_struct else [rtype]
        res = [sim.cast_arr(np.asarray(v[i]), f) for i, f in enumerate(fields)]
        return res if is_struct else res[0]
    cp = re.fullmatch(r"(?:@\$(\d+) )?cp\.async\.c[ag]\.shared\.global(?:\.L2::\w+)? "
                      r"\[ \$(\d+) \+ 0 \], \[ \$(\d+) \+ 0 \], (\d+|0x[0-9a-f]+)(?:, \$(\d+)|, \3)?;", asm)
    if cp:
        # Asynchronous copies complete at once here (threads run in
        # lockstep): the first src-size bytes from global memory, zeros
        # after; an ignore-src predicate (an i1 last operand) copies zeros.
        pred = operand(int(cp.group(1))).astype(bool) if cp.group(1) else np.ones(T, bool)
        dst, src = operand(int(cp.group(2))), operand(int(cp.group(3)))
        size = int(cp.group(4), 0)
        src_size = np.full(T, size, dtype=np.uint64)
        if cp.group(5):
            last = np.asarray(operand(int(cp.group(5))))
            src_size = (np.where(last, 0, size) if last.dtype == bool else last).astype(np.uint64)
        for off in range(0, size, 4):
            take = pred & (np.uint64(off) < src_size)
            word = np.where(take, sim.load(src + np.uint64(off), "i32", 1, take), 0)
            sim.store(dst + np.uint64(off), word.astype(np.uint64), "i32", 3, pred)
        return None
    if asm.strip() == "mov.b64 $0, {$1, $2};":
        # A 64-bit register from two 32-bit halves, low first.
        low, high = (np.asarray(operand(i)).astype(np.uint64) & np.uint64(0xFFFFFFFF)
                     for i in (1, 2))
        return (high << np.uint64(32)) | low
    if re.fullmatch(r"cp\.async\.(commit_group|wait_group \d+|wait_all);", asm.strip()):
        return None
    if re.fullmatch(r"mov\.u64 \$0, 0x0;\s*createpolicy\.fractional\.L2::\w+\.b64 \$0, 1\.0;",
                    asm.strip()):
        # An L2 eviction policy: a cache hint, nothing to simulate.
        return np.zeros(T, dtype=np.uint64)
    # A load or store, predicated by an operand or (unmasked) not at all.
    m = re.search(r"(?:@\$(\d+) )?(ld|st)\.global[\w.:]*?(?:\.v(\d))?\.(b32|b16|b8|u8|b64)", asm)
    if not m:
        raise RuntimeError("inline asm not simulated: " + asm)
    pred = operand(int(m.group(1))).astype(bool) if m.group(1) else np.ones(T, bool)
    nvec = int(m.group(3) or 1)
    wbits = {"b32": 32, "b16": 16, "b8": 8, "u8": 8, "b64": 64}[m.group(4)]
    wt = f"i{wbits}"
    addr_op = int(re.search(r"\[ \$(\d+) \+ 0 \]", asm).group(1))
    addr = operand(addr_op)
    # The GPU faults on a global access that is not aligned to its whole
    # width (a vector of four 32-bit words: 16 bytes); buffers here start
    # 4096-aligned, as the driver's do.
    width = nvec * wbits // 8
    for th in range(T):
        if pred[th] and (sim.active is None or sim.active[th]) and int(addr[th]) % width:
            raise RuntimeError(f"{m.group(2)}.global of {width} bytes at {int(addr[th]):#x} "
                               f"(thread {th}) is not {width}-byte aligned")
    if m.group(2) == "st":
        srcs = re.search(r"\], \{? ?([^;}]*?) ?\}?(?:, \$\d+)?;", asm).group(1)
        regs = [int(x.strip()[1:]) for x in srcs.split(",")]
        for k, r in enumerate(regs):
            bits = operand(r).astype(np.uint64) if vtypes[r - nout].startswith("i") else \
                sim.to_bits(operand(r), vtypes[r - nout])
            sim.store(addr + np.uint64(k * wbits // 8), bits, wt, 1, pred)
        return None
    # load: outputs $0..$n-1, defaults from mov lines
    results = []
    for k in range(nout):
        default = np.zeros(T, dtype=np.uint64)
        mm = re.search(r"mov\.[bu]\d+ \$%d, (\$\d+|0x[0-9a-f]+);" % k, asm)
        if mm and mm.group(1).startswith("$"):
            default = operand(int(mm.group(1)[1:])).astype(np.uint64)
        elif mm:
            default = np.full(T, int(mm.group(1), 16), dtype=np.uint64)
        loaded = sim.load(addr + np.uint64(k * wbits // 8), wt, 1, pred)
        results.append(np.where(pred, loaded, default))
    fields = struct_fields(rtype) if rtype else None
    if fields:
        return [sim.cast_arr(r, f) for r, f in zip(results, fields)]
    return sim.cast_arr(results[0], rtype)
