// SPDX-License-Identifier: MIT
//
// U8Child.java - Java's UTF-8 decoders as a u8conform --exec child.
//
// Speaks conformance/PROTOCOL.md on stdin/stdout; the one argument picks
// the decoder judged (variant()).  Java's strings are UTF-16, so answers go
// out as code points: a valid surrogate pair becomes one value and a lone
// surrogate stays itself (Character.codePointAt).  Java has no
// one-character decoder, so next is not declared.  Runs as a single source
// file on JDK 11 and later: java U8Child.java VARIANT.

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public class U8Child {
    // Function numbers, PROTOCOL.md "Batches".
    static final int DECODE = 0, VALIDATE = 1, ENCODE = 3, STREAM = 4;
    static final int NOT_KNOWN = 0xFFFFFFFF;

    /** One decoder's answers; a function not in functions() is never called. */
    abstract static class Variant {
        abstract String name();

        abstract int functions();

        abstract CharSequence decode(byte[] p, int at, int n);

        /** Whether p[at..at+n) is valid, and where it is not. */
        int[] validate(byte[] p, int at, int n) {
            throw new UnsupportedOperationException();
        }

        /** The bytes for cp; none when the encoder refuses it. */
        abstract byte[] encode(int cp);

        /** A fresh incremental decoder. */
        Stream stream() {
            throw new UnsupportedOperationException();
        }
    }

    interface Stream {
        CharSequence take(byte[] p, int at, int n, boolean end);
    }

    /** new String(bytes, UTF_8) and String.getBytes(UTF_8). */
    static final class StringVariant extends Variant {
        String name() {
            return "Java new String(byte[], UTF_8)";
        }

        int functions() {
            return 1 << DECODE | 1 << ENCODE;
        }

        CharSequence decode(byte[] p, int at, int n) {
            return new String(p, at, n, StandardCharsets.UTF_8);
        }

        byte[] encode(int cp) {
            // getBytes replaces a lone surrogate rather than refusing it:
            // the bytes are reported as they come.
            return new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The java.nio.charset coders, with the error action each call names. */
    static final class DecoderVariant extends Variant {
        final CharsetDecoder replacing = replacing();
        final CharsetDecoder reporting = StandardCharsets.UTF_8.newDecoder();
        final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder();

        static CharsetDecoder replacing() {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE);
        }

        String name() {
            return "Java CharsetDecoder UTF-8";
        }

        int functions() {
            return 1 << DECODE | 1 << VALIDATE | 1 << ENCODE | 1 << STREAM;
        }

        CharSequence decode(byte[] p, int at, int n) {
            try {
                return replacing.decode(ByteBuffer.wrap(p, at, n));
            } catch (CharacterCodingException e) {
                throw new IllegalStateException("REPLACE reported an error", e);
            }
        }

        int[] validate(byte[] p, int at, int n) {
            ByteBuffer in = ByteBuffer.wrap(p, at, n).slice();
            CharBuffer out = CharBuffer.allocate(n);
            reporting.reset();
            CoderResult cr = reporting.decode(in, out, true);
            if (cr.isUnderflow())
                cr = reporting.flush(out);
            // On an error the input's position is where the malformed bytes start.
            return cr.isError() ? new int[] {0, in.position()} : new int[] {1, NOT_KNOWN};
        }

        byte[] encode(int cp) {
            try {
                ByteBuffer b = encoder.encode(CharBuffer.wrap(Character.toChars(cp)));
                return Arrays.copyOf(b.array(), b.limit());
            } catch (CharacterCodingException e) {
                return new byte[0]; // REPORT refuses a lone surrogate
            }
        }

        Stream stream() {
            CharsetDecoder d = replacing();
            // CharsetDecoder leaves an incomplete tail in its input for the
            // caller to give back, first, with the next chunk.
            ByteBuffer[] tail = {ByteBuffer.allocate(0)};
            return (p, at, n, end) -> {
                ByteBuffer in = ByteBuffer.allocate(tail[0].remaining() + n);
                in.put(tail[0]).put(p, at, n).flip();
                // Room for one char per byte is enough: a 4-byte sequence
                // makes 2 chars and a replacement 1.
                CharBuffer out = CharBuffer.allocate(in.remaining());
                CoderResult cr = d.decode(in, out, end);
                if (end && cr.isUnderflow())
                    cr = d.flush(out);
                if (!cr.isUnderflow())
                    throw new IllegalStateException("decoder said " + cr);
                tail[0] = in;
                return out.flip();
            };
        }
    }

    /** A growing little-endian output; the first 4 bytes become the frame's size. */
    static final class Out {
        byte[] b = new byte[1 << 16];
        int len = 4;

        void room(int n) {
            if (len + n > b.length)
                b = Arrays.copyOf(b, Math.max(2 * b.length, len + n));
        }

        void u32At(int at, int v) {
            b[at] = (byte) v;
            b[at + 1] = (byte) (v >>> 8);
            b[at + 2] = (byte) (v >>> 16);
            b[at + 3] = (byte) (v >>> 24);
        }

        void u32(int v) {
            room(4);
            u32At(len, v);
            len += 4;
        }

        void bytes(byte[] x) {
            room(x.length);
            System.arraycopy(x, 0, b, len, x.length);
            len += x.length;
        }

        /** The count, then the code points of s. */
        void codePoints(CharSequence s) {
            int countAt = len, k = 0;
            u32(0);
            for (int i = 0; i < s.length(); k++) {
                int cp = Character.codePointAt(s, i);
                u32(cp);
                i += Character.charCount(cp);
            }
            u32At(countAt, k);
        }
    }

    static int u32(byte[] p, int at) {
        return (p[at] & 0xFF) | (p[at + 1] & 0xFF) << 8 | (p[at + 2] & 0xFF) << 16
                | (p[at + 3] & 0xFF) << 24;
    }

    static void hello(Variant v, Out out) {
        out.bytes(new byte[] {'H'});
        out.u32(1);
        out.u32(v.functions());
        out.u32(0);
        for (String text : new String[] {v.name(), System.getProperty("java.version")}) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            out.u32(b.length);
            out.bytes(b);
        }
    }

    static void batch(Variant v, byte[] p, Out out) {
        int count = u32(p, 1), at = 5;
        out.bytes(new byte[] {'R'});
        out.u32(count);
        for (int r = 0; r < count; r++) {
            int fn = p[at] & 0xFF;
            if (fn > STREAM || (v.functions() >> fn & 1) == 0)
                throw new IllegalStateException("function " + fn + " was not declared");
            if (fn == ENCODE) {
                int cp = u32(p, at + 1);
                at += 5;
                byte[] b;
                try {
                    b = v.encode(cp);
                } catch (IllegalArgumentException e) {
                    b = new byte[0]; // toChars refuses values past U+10FFFF
                }
                out.u32(b.length);
                out.bytes(b);
            } else if (fn == STREAM) {
                boolean last = u32(p, at + 1) == 1;
                int chunks = u32(p, at + 5);
                Stream s = v.stream();
                at += 9;
                out.u32(chunks);
                for (int i = 0; i < chunks; i++) {
                    int n = u32(p, at);
                    out.codePoints(s.take(p, at + 4, n, last && i == chunks - 1));
                    at += 4 + n;
                }
            } else {
                int n = u32(p, at + 1);
                if (fn == DECODE) {
                    out.codePoints(v.decode(p, at + 5, n));
                } else {
                    int[] answer = v.validate(p, at + 5, n);
                    out.u32(answer[0]);
                    out.u32(answer[1]);
                }
                at += 5 + n;
            }
        }
    }

    static Variant variant(String name) {
        switch (name) {
        case "string":
            return new StringVariant();
        case "decoder":
            return new DecoderVariant();
        default:
            return null;
        }
    }

    public static void main(String[] args) throws IOException {
        Variant v = args.length == 1 ? variant(args[0]) : null;
        if (v == null) {
            System.err.println("usage: java U8Child.java string|decoder");
            System.exit(1);
        }
        InputStream stdin = new BufferedInputStream(System.in, 1 << 16);
        DataInputStream in = new DataInputStream(stdin);
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        byte[] head = new byte[4];
        for (;;) {
            int first = in.read();
            if (first < 0)
                return; // the end of stdin is the end of the run
            head[0] = (byte) first;
            in.readFully(head, 1, 3);
            byte[] p = new byte[u32(head, 0)];
            in.readFully(p);
            Out out = new Out();
            if (Arrays.equals(p, new byte[] {'H', 'u', '8', 'x', '1'}))
                hello(v, out);
            else if (p.length >= 5 && p[0] == 'B')
                batch(v, p, out);
            else
                throw new IOException("unexpected frame of " + p.length + " bytes");
            out.u32At(0, out.len - 4);
            stdout.write(out.b, 0, out.len);
            stdout.flush();
        }
    }
}
