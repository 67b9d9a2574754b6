/* SPDX-License-Identifier: MIT */
/*
 * check_stream.c - a streaming oracle (ABI version 2), cut anywhere,
 * gives what its own u8t_decode gives on the whole input.
 *
 * Every test runs for every oracle built to stream (u8_oracle's STREAM),
 * on every input of stream_inputs.c.  What is judged is the oracle
 * against itself: one chunk is its u8t_decode, any chunking is one
 * chunk, and a tail cut by the end of the input is replaced at the last
 * chunk, empty or not.  Whether those values are Table 3-7's is the
 * other suites' business, but for the reference, whose stream must give
 * u8ref's one-shot decoding exactly.  When values come is
 * check_stream_prompt.c's, state check_stream_state.c's, reads and
 * writes at guard pages check_stream_fence.c's.
 */
#include <check.h>

#include "stream_util.h"
#include "suites.h"
#include "u8ref.h"

#define FFFD 0xFFFDu

/* The values of x in one chunk, with last: what every chunking must
 * give. */
static size_t
whole(const struct u8o_oracle *o, const struct u8o_input *x, uint32_t *out)
{
	const struct u8o_chunking one = {{0}, 0, 0};

	return u8o_stream_chunked(o, x->in, x->n, &one, out, NULL);
}

/* (a) One chunk, with last, is the oracle's own u8t_decode, on every
 * input; and an empty input (NULL, 0, last) is no values. */
START_TEST(test_stream_one_chunk_is_decode)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	const struct u8o_chunking one = {{0}, 0, 0};
	const struct u8o_input empty = {"empty input", {0}, 0};
	uint32_t want[U8O_STREAM_IN_MAX], got[U8O_STREAM_OUT_MAX];
	size_t i, nwant, ngot;

	for (i = 0; i < u8o_stream_input_count(); i++) {
		const struct u8o_input *x = u8o_stream_input(i);

		nwant = o.decode(x->in, x->n, want, x->n);
		ngot = whole(&o, x, got);
		u8o_require_same(&o, x, &one, got, ngot, want, nwant,
		                 "u8t_decode");
	}
	ngot = u8o_stream_chunked(&o, NULL, 0, &one, got, NULL);
	u8o_require_same(&o, &empty, &one, got, ngot, want, 0, "nothing");
	u8o_unload(&o);
}
END_TEST

/*
 * (a') The reference is u8ref: its u8t_decode and its stream in one chunk
 * and a byte a chunk give u8ref_decode_all's values exactly.  (b) below
 * carries this to every other chunking.
 */
START_TEST(test_stream_ref_is_u8ref)
{
	struct u8o_oracle o = u8o_load("ref");
	size_t i, k;

	ck_assert_msg(o.stream_decode != NULL, "ref: does not stream");
	for (i = 0; i < u8o_stream_input_count(); i++) {
		const struct u8o_input *x = u8o_stream_input(i);
		uint32_t want[U8O_STREAM_IN_MAX], got[U8O_STREAM_OUT_MAX];
		size_t nwant = u8ref_decode_all(NULL, x->in, x->n, want, x->n),
		       ngot;
		struct u8o_chunking c = {{0}, 0, 0};

		ngot = o.decode(x->in, x->n, got, x->n);
		u8o_require_same(&o, x, &c, got, ngot, want, nwant,
		                 "u8ref_decode_all (vs u8t_decode)");
		ngot = whole(&o, x, got);
		u8o_require_same(&o, x, &c, got, ngot, want, nwant,
		                 "u8ref_decode_all");
		for (k = 1; k < x->n; k++)
			c.cut[c.ncut++] = k;
		ngot = u8o_stream_chunked(&o, x->in, x->n, &c, got, NULL);
		u8o_require_same(&o, x, &c, got, ngot, want, nwant,
		                 "u8ref_decode_all");
	}
	u8o_unload(&o);
}
END_TEST

/* Fails unless x chunked as c gives the values of one chunk. */
static void
require_like_whole(const struct u8o_oracle *o, const struct u8o_input *x,
                   const struct u8o_chunking *c, const uint32_t *want,
                   size_t nwant)
{
	uint32_t got[U8O_STREAM_OUT_MAX];
	size_t ngot = u8o_stream_chunked(o, x->in, x->n, c, got, NULL);

	u8o_require_same(o, x, c, got, ngot, want, nwant, "one chunk");
}

/*
 * (b) Every single cut and every pair of cuts (i <= j: an empty middle
 * chunk when i == j, an empty first when i == 0, an empty last when j ==
 * n; a four-byte character in three chunks), each also followed by an
 * empty last chunk; every byte its own chunk, and with an empty chunk
 * after each.  All give the values of one chunk: ICU documents that
 * ucnv_toUnicode without flush holds a cut character for the next call,
 * POSIX that iconv's EINVAL leaves it unconsumed (glibc_iconv.c holds
 * it), u8ref that its stream gives u8ref_decode_all wherever the input
 * is cut.
 */
START_TEST(test_stream_cuts_are_one_chunk)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	size_t t;

	for (t = 0; t < u8o_stream_input_count(); t++) {
		const struct u8o_input *x = u8o_stream_input(t);
		uint32_t want[U8O_STREAM_OUT_MAX];
		size_t nwant = whole(&o, x, want), i, j;
		struct u8o_chunking c;

		for (c.empty_last = 0; c.empty_last <= 1; c.empty_last++) {
			c.ncut = 1;
			for (i = 0; i <= x->n; i++) {
				c.cut[0] = i;
				require_like_whole(&o, x, &c, want, nwant);
			}
			c.ncut = 2;
			for (i = 0; i <= x->n; i++)
				for (j = i; j <= x->n; j++) {
					c.cut[0] = i;
					c.cut[1] = j;
					require_like_whole(&o, x, &c, want,
					                   nwant);
				}
			c.ncut = 0;
			for (i = 1; i < x->n; i++)
				c.cut[c.ncut++] = i;
			require_like_whole(&o, x, &c, want, nwant);
			c.ncut = 0;
			for (i = 1; i <= x->n; i++) {
				c.cut[c.ncut++] = i;
				c.cut[c.ncut++] = i;
			}
			require_like_whole(&o, x, &c, want, nwant);
		}
	}
	u8o_unload(&o);
}
END_TEST

/*
 * One byte of each class Table 3-7 and glibc tell apart: ASCII; the
 * ends of the trail ranges of rows E0 (A0..BF), ED (80..9F), F0 (90..BF)
 * and F4 (80..8F); C0, a lead of no row; the leads C2, E0, ED, F0, F4;
 * F5, F8, FC, which begin no row but glibc reads as leads of four, five
 * and six bytes; FF.
 */
static const uint8_t classes[] = {0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
                                  0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0,
                                  0xF4, 0xF5, 0xF8, 0xFC, 0xFF};

enum { SWEEP_LEN = 4 };

/*
 * (b') Every input of 1..4 bytes over those classes, in every chunking
 * into non-empty chunks (a cut or not after each byte but the last),
 * gives the values of one chunk: the combinations the list above does
 * not name, such as a carried prefix broken by every class.
 */
START_TEST(test_stream_sweep_is_one_chunk)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	const size_t nc = U8O_COUNT(classes);
	size_t n, idx, total, mask, i;

	for (n = 1, total = nc; n <= SWEEP_LEN; n++, total *= nc)
		for (idx = 0; idx < total; idx++) {
			struct u8o_input x = {"sweep", {0}, n};
			uint32_t want[U8O_STREAM_OUT_MAX];
			size_t nwant, t = idx;

			for (i = 0; i < n; i++, t /= nc)
				x.in[i] = classes[t % nc];
			nwant = whole(&o, &x, want);
			for (mask = 1; mask < (size_t)1 << (n - 1); mask++) {
				struct u8o_chunking c = {{0}, 0, 0};

				for (i = 1; i < n; i++)
					if (mask >> (i - 1) & 1)
						c.cut[c.ncut++] = i;
				require_like_whole(&o, &x, &c, want, nwant);
			}
		}
	u8o_unload(&o);
}
END_TEST

/* Whether Table 3-7 holds bytes at the end of s[0..p): u8ref's stream,
 * fed it as a chunk that is not the last, keeps some back. */
static int
ref_holds(const uint8_t *s, size_t p)
{
	struct u8ref_stream st;
	uint32_t out[U8O_STREAM_IN_MAX + U8REF_STREAM_HOLD];
	size_t used;

	u8ref_stream_init(&st, NULL);
	u8ref_stream_decode(&st, s, p, 0, out, U8O_COUNT(out), &used);
	return st.nheld > 0;
}

/*
 * (d) Flush: every prefix s[0..p) of every input, fed as one chunk that
 * is not the last and then an empty last chunk, or as s[0..q) and then
 * s[q..p) with last for every q, gives the oracle's own decoding of
 * s[0..p).  Where Table 3-7 holds a tail of s[0..p), that decoding ends
 * in U+FFFD, and the empty last call is what writes it.
 */
START_TEST(test_stream_tail_replaced_at_last)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	size_t t;

	for (t = 0; t < u8o_stream_input_count(); t++) {
		const struct u8o_input *full = u8o_stream_input(t);
		size_t p, q;

		for (p = 1; p <= full->n; p++) {
			struct u8o_input x = *full;
			uint32_t own[U8O_STREAM_IN_MAX],
			    got[U8O_STREAM_OUT_MAX];
			size_t nown = o.decode(x.in, p, own, p), k;
			size_t after[U8O_CHUNKS_MAX + 1];
			struct u8o_chunking empty_last = {{0}, 0, 1};

			x.n = p;
			k = u8o_stream_chunked(&o, x.in, p, &empty_last, got,
			                       after);
			u8o_require_same(&o, &x, &empty_last, got, k, own, nown,
			                 "u8t_decode");
			if (ref_holds(x.in, p))
				U8O_REQUIRE(
				    nown > 0 && own[nown - 1] == FFFD &&
				        k > after[0],
				    "%s, %s (%s) cut: the empty last "
				    "chunk writes nothing, or no U+FFFD",
				    o.title, x.what, u8o_hex(x.in, p).text);
			for (q = 0; q <= p; q++) {
				struct u8o_chunking c = {{q}, 1, 0};

				k = u8o_stream_chunked(&o, x.in, p, &c, got,
				                       NULL);
				u8o_require_same(&o, &x, &c, got, k, own, nown,
				                 "u8t_decode");
			}
		}
	}
	u8o_unload(&o);
}
END_TEST

Suite *
stream_suite(void)
{
	Suite *s = suite_create("stream");
	TCase *tc = tcase_create("stream");
	int n = (int)u8o_stream_oracle_count();

	tcase_add_loop_test(tc, test_stream_one_chunk_is_decode, 0, n);
	if (u8o_oracle_built("ref"))
		tcase_add_test(tc, test_stream_ref_is_u8ref);
	tcase_add_loop_test(tc, test_stream_cuts_are_one_chunk, 0, n);
	tcase_add_loop_test(tc, test_stream_sweep_is_one_chunk, 0, n);
	tcase_add_loop_test(tc, test_stream_tail_replaced_at_last, 0, n);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
