// SPDX-License-Identifier: MIT

// u8child.go - Go's UTF-8 decoders as a u8conform --exec child.
//
// Speaks conformance/PROTOCOL.md on stdin/stdout; the one argument picks
// the decoder judged (variants).  Go's standard library has a real
// one-character decoder (utf8.DecodeRune), so the utf8 variant declares
// next; it has no incremental decoder (that is golang.org/x/text, not the
// standard library), so no variant declares stream.
package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"unicode/utf8"
)

// Function numbers, PROTOCOL.md "Batches".
const (
	fnDecode   = 0
	fnValidate = 1
	fnNext     = 2
	fnEncode   = 3
)

const notKnown = 0xFFFFFFFF

// A variant answers the functions it has; nil means not declared.
type variant struct {
	name     string
	decode   func(b []byte) []rune
	validate func(b []byte) bool
	next     func(b []byte) (rune, int)
	encode   func(cp uint32) []byte
}

var variants = map[string]variant{
	"utf8": {
		name:     "Go unicode/utf8.DecodeRune",
		decode:   decodeRunes,
		validate: utf8.Valid,
		next:     utf8.DecodeRune,
		// AppendRune writes U+FFFD for a surrogate or a value past
		// U+10FFFF rather than refusing it; the bytes are reported as
		// they come.  A value past 0x7FFFFFFF is a negative rune.
		encode: func(cp uint32) []byte { return utf8.AppendRune(nil, rune(cp)) },
	},
	"range": {
		name:   "Go for range over string",
		decode: rangeRunes,
	},
	"tovalid": {
		name:   "Go strings.ToValidUTF8",
		decode: func(b []byte) []rune { return rangeRunes(toValid(b)) },
	},
}

func decodeRunes(b []byte) []rune {
	out := make([]rune, 0, len(b))
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		out = append(out, r)
		b = b[size:]
	}
	return out
}

func rangeRunes(b []byte) []rune {
	out := make([]rune, 0, len(b))
	for _, r := range string(b) {
		out = append(out, r)
	}
	return out
}

// toValid is strings.ToValidUTF8 with U+FFFD: the result is valid, so
// ranging over it reads back exactly what ToValidUTF8 wrote.
func toValid(b []byte) []byte {
	return []byte(strings.ToValidUTF8(string(b), "\uFFFD"))
}

// functions is the hello's bit set: bit fn for each function it has.
func (v variant) functions() uint32 {
	has := map[uint]bool{fnDecode: v.decode != nil, fnValidate: v.validate != nil,
		fnNext: v.next != nil, fnEncode: v.encode != nil}
	var bits uint32
	for fn, ok := range has {
		if ok {
			bits |= 1 << fn
		}
	}
	return bits
}

// reader takes u32s and byte strings off a frame's payload.
type reader struct {
	p  []byte
	at int
}

func (r *reader) u32() uint32 {
	v := binary.LittleEndian.Uint32(r.p[r.at:])
	r.at += 4
	return v
}

func (r *reader) bytes() []byte {
	n := int(r.u32())
	b := r.p[r.at : r.at+n]
	r.at += n
	return b
}

func putU32(out []byte, v uint32) []byte {
	return binary.LittleEndian.AppendUint32(out, v)
}

func putRunes(out []byte, rs []rune) []byte {
	out = putU32(out, uint32(len(rs)))
	for _, r := range rs {
		out = putU32(out, uint32(r))
	}
	return out
}

// walk steps through b as a caller of DecodeRune does (PROTOCOL.md,
// next): an error is (RuneError, 1); a real U+FFFD is 3 bytes long.
func walk(out []byte, next func([]byte) (rune, int), b []byte) []byte {
	type step struct{ value, length uint32 }
	var steps []step
	for at := 0; at < len(b); {
		r, size := next(b[at:])
		value := uint32(r)
		if r == utf8.RuneError && size == 1 {
			value = notKnown
		}
		steps = append(steps, step{value, uint32(size)})
		if size == 0 || size > len(b)-at {
			break
		}
		at += size
	}
	out = putU32(out, uint32(len(steps)))
	for _, s := range steps {
		out = putU32(putU32(out, s.value), s.length)
	}
	return out
}

func (v variant) batch(p []byte) ([]byte, error) {
	r := reader{p: p, at: 1}
	count := r.u32()
	out := putU32(append(make([]byte, 4, 64+4*len(p)), 'R'), count)
	for i := uint32(0); i < count; i++ {
		fn := r.p[r.at]
		r.at++
		switch {
		case fn == fnEncode && v.encode != nil:
			b := v.encode(r.u32())
			out = append(putU32(out, uint32(len(b))), b...)
		case fn == fnDecode && v.decode != nil:
			out = putRunes(out, v.decode(r.bytes()))
		case fn == fnValidate && v.validate != nil:
			valid := uint32(0)
			if v.validate(r.bytes()) {
				valid = 1
			}
			out = putU32(putU32(out, valid), notKnown)
		case fn == fnNext && v.next != nil:
			out = walk(out, v.next, r.bytes())
		default:
			return nil, fmt.Errorf("function %d was not declared", fn)
		}
	}
	return out, nil
}

func (v variant) hello() []byte {
	out := putU32(append(make([]byte, 4), 'H'), 1)
	out = putU32(putU32(out, v.functions()), 0)
	for _, text := range []string{v.name, strings.TrimPrefix(runtime.Version(), "go")} {
		out = append(putU32(out, uint32(len(text))), text...)
	}
	return out
}

func run(v variant) error {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	head := make([]byte, 4)
	for {
		if _, err := io.ReadFull(in, head); err == io.EOF {
			return nil // the end of stdin is the end of the run
		} else if err != nil {
			return err
		}
		p := make([]byte, binary.LittleEndian.Uint32(head))
		if _, err := io.ReadFull(in, p); err != nil {
			return err
		}
		var frame []byte
		var err error
		switch {
		case string(p) == "Hu8x1":
			frame = v.hello()
		case len(p) >= 5 && p[0] == 'B':
			frame, err = v.batch(p)
		default:
			err = fmt.Errorf("unexpected frame of %d bytes", len(p))
		}
		if err != nil {
			return err
		}
		// The 4 bytes kept at the front become the frame's size.
		binary.LittleEndian.PutUint32(frame, uint32(len(frame)-4))
		if _, err := out.Write(frame); err != nil {
			return err
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
}

func main() {
	v, ok := variant{}, false
	if len(os.Args) == 2 {
		v, ok = variants[os.Args[1]]
	}
	if !ok {
		fmt.Fprintln(os.Stderr, "usage: u8child utf8|range|tovalid")
		os.Exit(1)
	}
	if err := run(v); err != nil {
		fmt.Fprintln(os.Stderr, "u8child:", err)
		os.Exit(1)
	}
}
