// u8t_ exports over Go's unicode/utf8, built with -buildmode=c-shared.
// To test your package, call it in the two marked lines.
package main

/*
#include <stddef.h>
#include <stdint.h>
*/
import "C"

import (
	"unicode/utf8"
	"unsafe"
)

var name = C.CString("Go unicode/utf8")

//export u8t_name
func u8t_name() *C.char { return name }

// u8t_decode copies its input into Go memory, as a Go API would take
// it: every call allocates, and the collector has work to do.
//
//export u8t_decode
func u8t_decode(s *C.uint8_t, n C.size_t, out *C.uint32_t, capacity C.size_t) C.size_t {
	in := C.GoBytes(unsafe.Pointer(s), C.int(n))
	dst := unsafe.Slice((*uint32)(unsafe.Pointer(out)), int(capacity))
	k := 0
	for len(in) > 0 {
		r, size := utf8.DecodeRune(in) // change: your decoder
		if k < len(dst) {
			dst[k] = uint32(r)
		}
		k++
		in = in[size:]
	}
	return C.size_t(k)
}

//export u8t_validate
func u8t_validate(s *C.uint8_t, n C.size_t, errAt *C.size_t) C.int {
	in := C.GoBytes(unsafe.Pointer(s), C.int(n))
	if utf8.Valid(in) { // change: your validator
		return 1
	}
	if errAt != nil {
		off := 0
		for off < len(in) {
			r, size := utf8.DecodeRune(in[off:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			off += size
		}
		*errAt = C.size_t(off)
	}
	return 0
}

func main() {}
