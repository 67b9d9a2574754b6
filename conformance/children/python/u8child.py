#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""u8child.py - CPython's UTF-8 codec as a u8conform --exec child.

Speaks conformance/PROTOCOL.md on stdin/stdout.  The one argument picks
the codec and error handler judged (VARIANTS); every answer is what that
codec gave, unedited.  Python has no one-character decoder, so `next` is
not declared.  Speed matters more than elegance in the batch loop: one
read per frame, struct on a bytes object, one write per answer frame.
"""
import codecs
import platform
import struct
import sys

# Function bits and numbers, PROTOCOL.md "Hello" and "Batches".
DECODE, VALIDATE, ENCODE, STREAM = 0, 1, 3, 4
FUNCTIONS = 1 << DECODE | 1 << VALIDATE | 1 << ENCODE | 1 << STREAM
NOT_KNOWN = 0xFFFFFFFF

# variant: (codec, decode errors, encode errors, what is judged)
VARIANTS = {
    'codecs': ('utf-8', 'replace', 'strict',
               "bytes.decode('utf-8', 'replace')"),
    'surrogateescape': ('utf-8', 'surrogateescape', 'surrogateescape',
                        "bytes.decode('utf-8', 'surrogateescape')"),
    'sig': ('utf-8-sig', 'replace', 'strict',
            "bytes.decode('utf-8-sig', 'replace')"),
}

U32 = struct.Struct('<I')
PAIR = struct.Struct('<II')


def values(text):
    """Count and code points of text as the answer's u32s.

    surrogatepass lets the lone surrogates of surrogateescape through as
    themselves, as PROTOCOL.md asks."""
    return U32.pack(len(text)) + text.encode('utf-32-le', 'surrogatepass')


def answer_batch(p, variant, out):
    """Append the answers to the requests in p (a B payload) to out."""
    codec, errors, enc_errors, _ = variant
    count, = U32.unpack_from(p, 1)
    out += U32.pack(count)
    at = 5
    for _ in range(count):
        fn = p[at]
        if fn == ENCODE:
            cp, = U32.unpack_from(p, at + 1)
            at += 5
            try:
                b = chr(cp).encode(codec, enc_errors)
            except (ValueError, OverflowError):
                b = b''  # chr() or the encoder refused it
            out += U32.pack(len(b)) + b
            continue
        if fn == STREAM:
            last, chunks = PAIR.unpack_from(p, at + 1)
            at += 9
            # A fresh decoder: no state survives from one stream to the next.
            dec = codecs.getincrementaldecoder(codec)(errors)
            out += U32.pack(chunks)
            for i in range(chunks):
                n, = U32.unpack_from(p, at)
                at += 4
                final = last == 1 and i == chunks - 1
                out += values(dec.decode(p[at:at + n], final))
                at += n
            continue
        n, = U32.unpack_from(p, at + 1)
        b = p[at + 5:at + 5 + n]
        at += 5 + n
        if fn == DECODE:
            out += values(b.decode(codec, errors))
        elif fn == VALIDATE:
            try:
                b.decode(codec)
                out += PAIR.pack(1, NOT_KNOWN)
            except UnicodeDecodeError as e:
                out += PAIR.pack(0, e.start)
        else:
            sys.exit(f'u8child.py: function {fn} was not declared')


def read_exactly(inp, n):
    data = inp.read(n)
    if len(data) != n:
        sys.exit('u8child.py: stdin ended inside a frame')
    return data


def write_frame(outp, frame):
    """frame starts with 4 spare bytes; they become its size."""
    U32.pack_into(frame, 0, len(frame) - 4)
    outp.write(frame)
    outp.flush()


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in VARIANTS:
        sys.exit('usage: u8child.py ' + '|'.join(VARIANTS))
    variant = VARIANTS[sys.argv[1]]
    inp, outp = sys.stdin.buffer, sys.stdout.buffer
    while True:
        head = inp.read(4)
        if not head:
            return 0  # the end of stdin is the end of the run
        if len(head) != 4:
            sys.exit('u8child.py: stdin ended inside a frame')
        size, = U32.unpack(head)
        p = read_exactly(inp, size)
        frame = bytearray(4)
        if p == b'Hu8x1':
            name = f'{platform.python_implementation()} {variant[3]}'
            version = platform.python_version()
            frame += b'H' + struct.pack('<III', 1, FUNCTIONS, 0)
            for text in (name, version):
                frame += U32.pack(len(text.encode())) + text.encode()
        elif p[:1] == b'B':
            frame += b'R'
            answer_batch(p, variant, frame)
        else:
            sys.exit(f'u8child.py: unexpected frame {p[:8]!r}')
        write_frame(outp, frame)


if __name__ == '__main__':
    sys.exit(main())
