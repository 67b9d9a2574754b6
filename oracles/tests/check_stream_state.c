/* SPDX-License-Identifier: MIT */
/*
 * check_stream_state.c - a streaming oracle keeps everything in its
 * state and nothing else: its size holds still, init forgets, and two
 * states do not mix.
 *
 * Every input of stream_inputs.c is paired with a few partners that
 * leave a state holding something (a cut four-byte character, glibc's
 * five-byte tail whose U+FFFD is written already, text) rather than with
 * every other input, which would cost the square of the list.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "stream_util.h"
#include "suites.h"

static const char *const partners[] = {
    "U+1F600 cut to 3",
    "RFC 2279 six-byte U+4000000",
    "A U+00E9 U+20AC U+1F600 B",
    "U+20AC cut by U+20AC cut",
};

static const struct u8o_input *
partner(size_t i)
{
	const struct u8o_input *x = u8o_stream_input_named(partners[i]);

	ck_assert_msg(x != NULL, "no input called %s", partners[i]);
	return x;
}

/* u8t.h: 1..4096 bytes, the same at every call. */
START_TEST(test_stream_size)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	size_t size = o.stream_size();

	ck_assert_msg(size >= 1 && size <= 4096, "%s: u8t_stream_size() is %zu",
	              o.title, size);
	ck_assert_msg(o.stream_size() == size,
	              "%s: u8t_stream_size() changed its mind", o.title);
	u8o_unload(&o);
}
END_TEST

/* The values of y from state st, initialised now, in one last chunk. */
static size_t
after_init(const struct u8o_oracle *o, void *st, const struct u8o_input *y,
           uint32_t *out)
{
	size_t k = 0;

	o->stream_init(st);
	u8o_stream_call(o, st, y->in, y->n, 1, out, &k);
	return k;
}

/* Fails unless y, decoded after init over x cut at p, gives what a fresh
 * state gives. */
static void
require_forgets(const struct u8o_oracle *o, void *st, const struct u8o_input *x,
                size_t p, const struct u8o_input *y)
{
	const struct u8o_chunking one = {{0}, 0, 0};
	uint32_t want[U8O_STREAM_OUT_MAX], got[U8O_STREAM_OUT_MAX],
	    junk[U8O_STREAM_OUT_MAX];
	size_t nwant, ngot, njunk = 0;

	nwant = u8o_stream_chunked(o, y->in, y->n, &one, want, NULL);
	o->stream_init(st);
	u8o_stream_call(o, st, x->in, p, 0, junk, &njunk);
	ngot = after_init(o, st, y, got);
	U8O_REQUIRE(ngot == nwant && memcmp(got, want, ngot * 4) == 0,
	            "%s, %s (%s) after init over %s cut at %zu: gives %s, a "
	            "fresh state %s",
	            o->title, y->what, u8o_hex(y->in, y->n).text, x->what, p,
	            u8o_values(got, ngot).text, u8o_values(want, nwant).text);
}

/*
 * init forgets: a state of junk (00, FF, A5) initialised, and a state
 * fed any prefix of any input (a character cut or not, never flushed)
 * and initialised again, decode as a fresh state does: every input after
 * every partner's prefixes, every partner after every input's.  Then
 * the same state initialised a thousand times over, which leaks under
 * LeakSanitizer if init takes a resource.
 */
START_TEST(test_stream_init_forgets)
{
	static const uint8_t junk[] = {0x00, 0xFF, 0xA5};
	struct u8o_oracle o = u8o_load_streaming(_i);
	void *st;
	size_t a, b, p, j, i;

	for (a = 0; a < u8o_stream_input_count(); a++) {
		const struct u8o_input *y = u8o_stream_input(a);
		const struct u8o_chunking one = {{0}, 0, 0};
		uint32_t want[U8O_STREAM_OUT_MAX], got[U8O_STREAM_OUT_MAX];
		size_t nwant = u8o_stream_chunked(&o, y->in, y->n, &one, want,
		                                  NULL),
		       ngot;

		for (j = 0; j < U8O_COUNT(junk); j++) {
			st = u8o_state_new(&o, junk[j]);
			ngot = after_init(&o, st, y, got);
			U8O_REQUIRE(ngot == nwant &&
			                memcmp(got, want, ngot * 4) == 0,
			            "%s, %s (%s) from a state of %02X bytes: "
			            "gives %s, from one of A5 %s",
			            o.title, y->what, u8o_hex(y->in, y->n).text,
			            junk[j], u8o_values(got, ngot).text,
			            u8o_values(want, nwant).text);
			free(st);
		}
	}
	st = u8o_state_new(&o, 0xFF);
	for (a = 0; a < u8o_stream_input_count(); a++) {
		const struct u8o_input *x = u8o_stream_input(a);

		for (b = 0; b < U8O_COUNT(partners); b++) {
			const struct u8o_input *y = partner(b);

			for (p = 0; p <= x->n; p++)
				require_forgets(&o, st, x, p, y);
			for (p = 0; p <= y->n; p++)
				require_forgets(&o, st, y, p, x);
		}
	}
	for (i = 0; i < 1000; i++) {
		uint32_t out[U8O_STREAM_OUT_MAX];
		size_t k = 0;
		static const uint8_t cut[] = {0xF0, 0x9F, 0x98};

		o.stream_init(st);
		u8o_stream_call(&o, st, cut, sizeof cut, 0, out, &k);
	}
	free(st);
	u8o_unload(&o);
}
END_TEST

/* x and y a byte a chunk, then an empty last chunk, in two states
 * taking turns; each must give what it gives alone. */
static void
require_independent(const struct u8o_oracle *o, const struct u8o_input *x,
                    const struct u8o_input *y)
{
	const struct u8o_input *in[2] = {x, y};
	uint32_t want[2][U8O_STREAM_OUT_MAX], got[2][U8O_STREAM_OUT_MAX];
	size_t nwant[2], ngot[2] = {0, 0}, side, i;
	struct u8o_chunking bytes = {{0}, 0, 1};
	void *st[2];

	for (side = 0; side < 2; side++) {
		bytes.ncut = 0;
		for (i = 1; i < in[side]->n; i++)
			bytes.cut[bytes.ncut++] = i;
		nwant[side] = u8o_stream_chunked(o, in[side]->in, in[side]->n,
		                                 &bytes, want[side], NULL);
		st[side] = u8o_state_new(o, (uint8_t)(0x11 * side));
		o->stream_init(st[side]);
	}
	for (i = 0; i <= U8O_STREAM_IN_MAX; i++)
		for (side = 0; side < 2; side++) {
			const struct u8o_input *z = in[side];

			if (i < z->n)
				u8o_stream_call(o, st[side], z->in + i, 1, 0,
				                got[side], &ngot[side]);
			else if (i == z->n)
				u8o_stream_call(o, st[side], NULL, 0, 1,
				                got[side], &ngot[side]);
		}
	for (side = 0; side < 2; side++) {
		U8O_REQUIRE(
		    ngot[side] == nwant[side] &&
		        memcmp(got[side], want[side], ngot[side] * 4) == 0,
		    "%s, %s (%s) a byte a chunk, turn about with %s: "
		    "gives %s, alone %s",
		    o->title, in[side]->what,
		    u8o_hex(in[side]->in, in[side]->n).text, in[1 - side]->what,
		    u8o_values(got[side], ngot[side]).text,
		    u8o_values(want[side], nwant[side]).text);
		free(st[side]);
	}
}

/* Two states fed turn about give what each gives alone: no state lives
 * outside the state.  Every input with every partner, both ways. */
START_TEST(test_stream_states_independent)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	size_t a, b;

	for (a = 0; a < u8o_stream_input_count(); a++)
		for (b = 0; b < U8O_COUNT(partners); b++) {
			require_independent(&o, u8o_stream_input(a),
			                    partner(b));
			require_independent(&o, partner(b),
			                    u8o_stream_input(a));
		}
	u8o_unload(&o);
}
END_TEST

Suite *
stream_state_suite(void)
{
	Suite *s = suite_create("stream_state");
	TCase *tc = tcase_create("stream_state");
	int n = (int)u8o_stream_oracle_count();

	tcase_add_loop_test(tc, test_stream_size, 0, n);
	tcase_add_loop_test(tc, test_stream_init_forgets, 0, n);
	tcase_add_loop_test(tc, test_stream_states_independent, 0, n);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
