/* SPDX-License-Identifier: MIT */
/*
 * shape_streams.h - the streaming shapes: a real library's streaming
 * decoder (CPython's stateful decoder, a Go transform.Transformer through
 * cgo, ICU's converter, iconv) as the three u8t_stream_ functions.
 */
#ifndef U8C_SHAPE_STREAMS_H
#define U8C_SHAPE_STREAMS_H

#include <stddef.h>
#include <stdint.h>

#include "u8t.h"

/* The most functions besides the bound one that a shape needs. */
enum { U8C_SHAPE_HELPERS = 5 };

struct u8c_stream_shape {
	/* Each helper is named as the bound symbol is around this stem:
	 * ucnv_toUnicode_72 has ucnv_open_72 beside it.               */
	const char *stem;
	const char *helpers[U8C_SHAPE_HELPERS]; /* NULL after the last  */
	u8t_stream_size_fn size; /* also starts what the library needs  */
	u8t_stream_init_fn init;
	u8t_stream_decode_fn decode;     /* the library keeps its tail, */
	u8t_stream_consumed_fn consumed; /* or it says what it took    */
};

extern const struct u8c_stream_shape u8c_stream_python, u8c_stream_transform,
    u8c_stream_icu, u8c_stream_iconv;

/* u8c_points_of_utf16 - UTF-16 units as code points into @out: a pair is
 * one, a lone surrogate stays itself.  Returns how many. */
size_t u8c_points_of_utf16(const uint16_t *units, size_t n, uint32_t *out);

/*
 * u8c_stream_shape_bind - find the helpers that shape @sh needs beside
 * @symbol (u8c_shape_bound) in the library @handle.  Returns 0, or
 * -1 with @err naming the helper the library does not export.
 */
int u8c_stream_shape_bind(const struct u8c_stream_shape *sh, void *handle,
                          const char *symbol, char *err, size_t errlen);

#endif /* U8C_SHAPE_STREAMS_H */
