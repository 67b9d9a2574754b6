/* SPDX-License-Identifier: MIT */
/*
 * stream_inputs.h - the inputs the stream suites cut into chunks
 * (stream_inputs.c): the telling inputs of cases_3_7.c, every row of
 * Table 3-7 at both ends, the ill-formed forms around it, and every
 * proper prefix of a well-formed character, alone and broken by the byte
 * after it.
 */
#ifndef STREAM_INPUTS_H
#define STREAM_INPUTS_H

#include <stddef.h>
#include <stdint.h>

enum { U8O_STREAM_IN_MAX = 16 }; /* longest input */

struct u8o_input {
	char what[64];                 /* the input, named       */
	uint8_t in[U8O_STREAM_IN_MAX]; /* its bytes              */
	size_t n;                      /* how many               */
};

/* How many inputs there are, and the i-th, i < the count.  The list is
 * made at the first call and never changes. */
size_t u8o_stream_input_count(void);
const struct u8o_input *u8o_stream_input(size_t i);

/* The input called what; NULL if none is. */
const struct u8o_input *u8o_stream_input_named(const char *what);

#endif /* STREAM_INPUTS_H */
