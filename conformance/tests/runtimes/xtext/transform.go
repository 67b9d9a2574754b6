// SPDX-License-Identifier: MIT
//
// x/text's UTF-8 decoder, a transform.Transformer, exported through cgo
// in the shape u8conform's "transform" shape binds: u8conform keeps the
// tail it leaves (ErrShortSrc) and judges what it writes as a stream.
//
//	go build -buildmode=c-shared -o libxtext.so .
//	u8conform --symbol u8_transform --shape transform ./libxtext.so
package main

// #include <stddef.h>
// #include <stdint.h>
import "C"

import (
	"unsafe"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

var decoder transform.Transformer = unicode.UTF8.NewDecoder()

//export u8_transform
func u8_transform(dst *C.uint8_t, ndst C.size_t, src *C.uint8_t, nsrc C.size_t,
	atEOF C.int, nDst, nSrc *C.size_t) C.int {
	n, m, err := decoder.Transform(unsafe.Slice((*byte)(dst), int(ndst)),
		unsafe.Slice((*byte)(src), int(nsrc)), atEOF != 0)
	*nDst, *nSrc = C.size_t(n), C.size_t(m)
	switch err {
	case nil:
		return 0
	case transform.ErrShortDst:
		return 1
	case transform.ErrShortSrc:
		return 2
	}
	return -1
}

func main() {}
