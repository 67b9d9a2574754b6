/* SPDX-License-Identifier: MIT */
/*
 * stream_util.c - feeding a streaming oracle its input in chunks.
 *
 * Nothing here judges values: it calls the oracle as the harness does
 * (a 16-aligned state of the size asked for, cap exactly n + 4) and
 * fails only where u8t.h is broken by a single call.
 */
#define _POSIX_C_SOURCE 200809L /* posix_memalign */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream_util.h"

enum { SENTINEL = 0x5A5A5A5A }; /* in out[] past cap */

struct u8o_oracle
u8o_load_streaming(int i)
{
	struct u8o_oracle o = u8o_load(u8o_stream_oracle_name((size_t)i));

	ck_assert_msg(o.stream_size && o.stream_init && o.stream_decode,
	              "%s: built to stream but exports no stream functions",
	              o.title);
	return o;
}

void *
u8o_state_new(const struct u8o_oracle *o, uint8_t junk)
{
	size_t size = o->stream_size();
	void *st = NULL;

	U8O_REQUIRE(size >= 1 && size <= 4096, "%s: u8t_stream_size() is %zu",
	            o->title, size);
	U8O_REQUIRE(posix_memalign(&st, 16, size) == 0, "out of memory");
	memset(st, junk, size);
	return st;
}

struct u8o_cuts_text
u8o_cuts_text(const struct u8o_chunking *c)
{
	struct u8o_cuts_text t;
	size_t i, k = 0;

	t.text[0] = '\0';
	for (i = 0; i < c->ncut; i++)
		k += (size_t)snprintf(t.text + k, sizeof t.text - k, "|%zu",
		                      c->cut[i]);
	if (c->ncut == 0)
		k += (size_t)snprintf(t.text, sizeof t.text, "one chunk");
	if (c->empty_last)
		snprintf(t.text + k, sizeof t.text - k, ", then empty last");
	return t;
}

size_t
u8o_stream_call(const struct u8o_oracle *o, void *state, const uint8_t *s,
                size_t n, int last, uint32_t *all, size_t *k)
{
	uint8_t *chunk = n > 0 ? u8o_exact_copy(s, n) : NULL;
	uint32_t out[U8O_STREAM_IN_MAX + 4 + 4];
	size_t cap = n + 4, i, got;

	U8O_REQUIRE(cap + 4 <= U8O_COUNT(out), "chunk of %zu bytes", n);
	for (i = 0; i < U8O_COUNT(out); i++)
		out[i] = SENTINEL;
	got = o->stream_decode(state, chunk, n, last, out, cap);
	free(chunk);
	U8O_REQUIRE(got <= cap,
	            "%s, chunk %s (last %d): %zu values for cap %zu", o->title,
	            u8o_hex(s, n).text, last, got, cap);
	for (i = cap; i < U8O_COUNT(out); i++)
		U8O_REQUIRE(out[i] == SENTINEL,
		            "%s, chunk %s (last %d): wrote out[%zu], cap %zu",
		            o->title, u8o_hex(s, n).text, last, i, cap);
	U8O_REQUIRE(*k + got <= U8O_STREAM_OUT_MAX,
	            "%s: more values than the chunks have room for", o->title);
	memcpy(all + *k, out, got * sizeof *out);
	*k += got;
	return got;
}

size_t
u8o_stream_chunked(const struct u8o_oracle *o, const uint8_t *s, size_t n,
                   const struct u8o_chunking *c, uint32_t *out, size_t *after)
{
	void *state = u8o_state_new(o, 0xA5);
	size_t i, from = 0, k = 0;

	o->stream_init(state);
	for (i = 0; i <= c->ncut; i++) {
		size_t to = i < c->ncut ? c->cut[i] : n;
		int last = i == c->ncut && !c->empty_last;

		/* s is NULL only for the empty input: no offset to it */
		u8o_stream_call(o, state, s != NULL ? s + from : NULL,
		                to - from, last, out, &k);
		if (after != NULL)
			after[i] = k;
		from = to;
	}
	if (c->empty_last)
		u8o_stream_call(o, state, NULL, 0, 1, out, &k);
	free(state);
	return k;
}

void
u8o_require_same(const struct u8o_oracle *o, const struct u8o_input *x,
                 const struct u8o_chunking *c, const uint32_t *got, size_t ngot,
                 const uint32_t *want, size_t nwant, const char *want_what)
{
	U8O_REQUIRE(ngot == nwant && memcmp(got, want, ngot * sizeof *got) == 0,
	            "%s, %s (%s) chunked %s: gives %s, %s gives %s", o->title,
	            x->what, u8o_hex(x->in, x->n).text, u8o_cuts_text(c).text,
	            u8o_values(got, ngot).text, want_what,
	            u8o_values(want, nwant).text);
}
