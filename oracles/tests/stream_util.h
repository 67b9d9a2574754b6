/* SPDX-License-Identifier: MIT */
/*
 * stream_util.h - feeding a streaming oracle (ABI version 2) its input
 * in chunks, for the stream suites (stream_util.c).
 *
 * Every chunk is an exact heap copy freed right after its call, so under
 * ASan a read of s[n], or of a chunk after its call, is reported (the
 * guard-page placement is check_stream_fence.c's); every call gets cap =
 * n + 4 exactly and sentinels after it, and must leave them.
 */
#ifndef STREAM_UTIL_H
#define STREAM_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "stream_inputs.h"
#include "testutil.h"

enum {
	U8O_CHUNKS_MAX = 2 * U8O_STREAM_IN_MAX, /* most cuts of a chunking */
	/* most values of one input, however cut: each byte is at most
	 * one, and each chunk's cap is 4 beyond its bytes */
	U8O_STREAM_OUT_MAX = U8O_STREAM_IN_MAX + 4 * (U8O_CHUNKS_MAX + 2),
};

/* The streaming oracle of loop index i, loaded; fails unless it exports
 * all three stream functions. */
struct u8o_oracle u8o_load_streaming(int i);

/* A state of exactly u8t_stream_size() bytes, 16-aligned as the harness
 * has it, filled with junk so that init must set what it reads; free()
 * it. */
void *u8o_state_new(const struct u8o_oracle *o, uint8_t junk);

/* A chunking of s[0..n): the chunk boundaries, and whether an empty last
 * chunk follows the one that ends at n. */
struct u8o_chunking {
	size_t cut[U8O_CHUNKS_MAX]; /* nondecreasing, each <= n */
	size_t ncut;
	int empty_last;
};

/* "|3|5", "one chunk", ", then empty last": for messages. */
struct u8o_cuts_text {
	char text[8 * U8O_CHUNKS_MAX + 32];
};
struct u8o_cuts_text u8o_cuts_text(const struct u8o_chunking *c);

/*
 * One call of u8t_stream_decode on the chunk s[0..n) (NULL when n is 0),
 * cap n + 4; fails if it returns more or writes past cap.  Appends the
 * values to all[*k..) and returns how many were written.
 */
size_t u8o_stream_call(const struct u8o_oracle *o, void *state,
                       const uint8_t *s, size_t n, int last, uint32_t *all,
                       size_t *k);

/*
 * A fresh state (junk, then init), s[0..n) fed as c cuts it, the state
 * freed.  Returns how many values, all in out[]; after[i] receives how
 * many were written by the end of the i-th chunk (NULL: not wanted).
 */
size_t u8o_stream_chunked(const struct u8o_oracle *o, const uint8_t *s,
                          size_t n, const struct u8o_chunking *c, uint32_t *out,
                          size_t *after);

/* Fails unless got[0..ngot) is want[0..nwant): x cut as c gave got,
 * want_what (named) gave want. */
void u8o_require_same(const struct u8o_oracle *o, const struct u8o_input *x,
                      const struct u8o_chunking *c, const uint32_t *got,
                      size_t ngot, const uint32_t *want, size_t nwant,
                      const char *want_what);

#endif /* STREAM_UTIL_H */
