"""Prints the registers per thread a cubin's kernel was given: the
EIATTR_REGCOUNT attribute (0x2f) of its .nv.info section."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
shoff = struct.unpack_from("<Q", data, 0x28)[0]
entsize, count, names_index = struct.unpack_from("<HHH", data, 0x3A)
sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * entsize) for i in range(count)]
names = sections[names_index][4]


def name(section):
    start = names + section[0]
    return data[start:data.index(b"\0", start)].decode()


for section in sections:
    if name(section) != ".nv.info":
        continue
    offset, size = section[4], section[5]
    at = offset
    while at < offset + size:
        form, attribute = data[at], data[at + 1]
        if form == 4:  # a sized value: its size follows
            length = struct.unpack_from("<H", data, at + 2)[0]
            if attribute == 0x2F:
                print(f"{struct.unpack_from('<II', data, at + 4)[1]} registers")
                sys.exit(0)
            at += 4 + length
        else:  # a value within the 4-byte header
            at += 4
sys.exit("no register count in " + sys.argv[1])
