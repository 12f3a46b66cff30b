#!/usr/bin/env python3
"""Writes to the A registers of a running wgmma in a kernel's loop.

The PTX ISA leaves it undefined to write the registers holding a running
wgmma's A fragments before the wgmma.wait_group that retires it, and ptxas
keeps them only up to a wait it sees in the same iteration (issue 30: a wait
left for the next iteration's top let the next fragment loads write them).
For each file (a cubin, disassembled with cuobjdump -sass on the GPU machine,
or SASS text), this finds the innermost loop holding [HI]GMMA instructions (a
backward branch), and walks its body twice (so that the back edge is
crossed): every [HI]GMMA whose A is a register R<n> (4 registers) is running
until a WARPGROUP.DEPBAR.LE gsb0, 0x0; any other instruction whose
destination overlaps a running one's A registers is reported. A
WARPGROUP.DEPBAR with a non-zero count is taken to retire nothing (an upper
bound of the running set).

  wgmma_a_writes.py FILE...      one line per file, then up to 6 writes
"""
import re
import subprocess
import sys

NO_DESTINATION = ('ST', 'RED', 'BRA', 'BAR', 'EXIT', 'WARPGROUP', 'ATOM', 'CCTL',
                  'NOP', 'LDGSTS', 'DEPBAR', 'SYNCS', 'MEMBAR', 'FENCE', 'LDGDEPBAR')


def registers(token, width):
    match = re.fullmatch(r'R(\d+)', token)
    return set(range(int(match.group(1)), int(match.group(1)) + width)) if match else set()


def width(opcode):
    if '.128' in opcode:
        return 4
    if '.64' in opcode or '.WIDE' in opcode:
        return 2
    return 1


def instructions(sass):
    """(address, text) of each instruction, and the labels' indices."""
    found, labels = [], {}
    for line in sass.split('\n'):
        label = re.match(r'\s*(\.L_x_\d+):', line)
        if label:
            labels[label.group(1)] = len(found)
            continue
        inst = re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;', line)
        if inst:
            found.append((int(inst.group(1), 16), inst.group(2)))
    return found, labels


def check(name, sass):
    found, labels = instructions(sass)
    index = {address: i for i, (address, _) in enumerate(found)}
    loop = None
    for i, (_, text) in enumerate(found):
        branch = (re.search(r'BRA\s+`?\(?(\.L_x_\d+)', text)
                  or re.search(r'BRA\s+0x([0-9a-f]+)', text))
        if not branch:
            continue
        target = branch.group(1)
        start = labels.get(target) if target.startswith('.L') else index.get(int(target, 16))
        if start is not None and start < i and any('GMMA' in t for _, t in found[start:i]):
            loop = (start, i)
    if not loop:
        print(f'{name}: no loop with a wgmma')
        return 0
    body = found[loop[0]:loop[1] + 1]
    running, writes, count = [], set(), 0
    for walk in range(2):
        for address, text in body:
            text = re.sub(r'^@!?U?P\w+\s+', '', text)
            parts = text.split(None, 1)
            opcode = parts[0]
            operands = [o.strip() for o in parts[1].split(',')] if len(parts) > 1 else []
            if 'GMMA' in opcode:
                count += walk == 0
                if len(operands) > 1:
                    running.append(registers(operands[1], 4))
                continue
            if opcode.startswith('WARPGROUP.DEPBAR') and operands and operands[-1] == '0x0':
                running = []
                continue
            if not operands or opcode.startswith(NO_DESTINATION):
                continue
            destination = registers(operands[0], width(opcode))
            if destination and any(destination & r for r in running):
                writes.add(f'{address:04x} {text}')
    print(f"{name}: loop {body[0][0]:04x}-{body[-1][0]:04x}, {count} GMMA, "
          f"{len(writes)} writes to a running wgmma's A registers")
    for write in sorted(writes)[:6]:
        print('   ', write)
    return len(writes)


def main():
    total = 0
    for path in sys.argv[1:]:
        if path.endswith('.cubin'):
            sass = subprocess.run(['cuobjdump', '-sass', path], capture_output=True,
                                  text=True, check=True).stdout
        else:
            sass = open(path).read()
        total += check(path, sass)
    return 1 if total else 0


if __name__ == '__main__':
    sys.exit(main())
