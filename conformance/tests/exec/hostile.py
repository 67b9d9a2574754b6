#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""hostile.py - an --exec child that misbehaves on purpose, for u8conform's tests.

Speaks conformance/PROTOCOL.md correctly with decode and validate from
CPython's UTF-8 codec (maximal subparts, so every check passes), except
where MODE says otherwise: most modes misbehave only on a batch holding a
request whose input contains the byte 0xC1, so u8conform's halving must
find that one input.  Self-contained on purpose: nothing is shared with
conformance/children/, whose children must stay well-behaved.
"""
import os
import shutil
import signal
import struct
import subprocess
import sys
import time

U32 = struct.Struct('<I')
TRIGGER = 0xC1
LINGER_NAME = 'u8-hostile-linger'
MODES = ('crash', 'exit', 'hang', 'stdout', 'garbage', 'short', 'linger',
         'badhello')


def frame(kind, payload):
    return U32.pack(1 + len(payload)) + kind + payload


def hello(mode):
    version = 2 if mode == 'badhello' else 1  # only 1 exists
    name, runtime = f'hostile {mode}'.encode(), sys.version.split()[0].encode()
    return frame(b'H', struct.pack('<III', version, 0b11, 0) +
                 U32.pack(len(name)) + name + U32.pack(len(runtime)) + runtime)


def answer(p):
    """The R payload for the B payload p, and whether p holds the trigger."""
    count, = U32.unpack_from(p, 1)
    out, at, triggered = bytearray(U32.pack(count)), 5, False
    for _ in range(count):
        fn, n = p[at], U32.unpack_from(p, at + 1)[0]
        b = p[at + 5:at + 5 + n]
        at += 5 + n
        triggered |= TRIGGER in b
        if fn == 0:
            text = b.decode('utf-8', 'replace')
            out += U32.pack(len(text)) + text.encode('utf-32-le')
        elif fn == 1:
            try:
                b.decode('utf-8')
                out += struct.pack('<II', 1, 0xFFFFFFFF)
            except UnicodeDecodeError as e:
                out += struct.pack('<II', 0, e.start)
        else:
            sys.exit(f'hostile.py: function {fn} was not declared')
    return bytes(out), triggered


def misbehave(mode, out, body):
    """Does MODE's harm to the batch whose answer is body."""
    if mode == 'crash':
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == 'exit':
        os._exit(3)
    elif mode == 'hang':
        while True:
            time.sleep(3600)
    elif mode == 'stdout':
        out.write(b'hostile.py was here\n')
        out.flush()
    elif mode == 'garbage':
        # One answer more than was asked for.
        count, = U32.unpack_from(body, 0)
        return U32.pack(count + 1) + body[4:]
    elif mode == 'short':
        whole = frame(b'R', body)
        out.write(whole[:len(whole) // 2])
        out.flush()
        os._exit(0)
    return body


def linger():
    """Starts a `sleep 1000` meant to outlive the run: its own session, deaf
    to the polite signals.  Its argv[0] is LINGER_NAME, so a test can look
    for it by command line from outside any PID namespace."""
    def deaf():
        for s in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
            signal.signal(s, signal.SIG_IGN)
    subprocess.Popen([LINGER_NAME, '1000'], executable=shutil.which('sleep'),
                     start_new_session=True, preexec_fn=deaf,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in MODES:
        sys.exit('usage: hostile.py ' + '|'.join(MODES))
    mode = sys.argv[1]
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    if mode == 'linger':
        linger()
    while True:
        head = inp.read(4)
        if not head:
            return 0
        p = inp.read(U32.unpack(head)[0])
        if p == b'Hu8x1':
            reply = hello(mode)
        else:
            body, triggered = answer(p)
            if triggered:
                body = misbehave(mode, out, body)
            reply = frame(b'R', body)
        out.write(reply)
        out.flush()


if __name__ == '__main__':
    sys.exit(main())
