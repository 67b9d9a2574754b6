/* SPDX-License-Identifier: MIT */
/*
 * check_stream_prompt.c - when a streaming oracle writes: every
 * character by the chunk it ends in, a truncated tail only at the last.
 *
 * After a chunk that is not the last and ends at s[p], an oracle has
 * written exactly its own decoding of s[0..p) but for the one U+FFFD
 * that ends it when s[p-h..p) is a tail it may still complete: Table
 * 3-7's held prefix for every oracle (none at a character boundary), and
 * for glibc-iconv the longer tail glibc's iconv itself stops at with
 * EINVAL, which the shim holds as POSIX says.  Writing less is a late
 * character, more an early replacement; both fail.  (Not its decoding
 * of s[0..p-h): glibc reads F1 80 80 as one incomplete sequence at the
 * end of an input, three ill-formed bytes before E1.)  One departure is
 * by design: a tail of more
 * than four bytes (glibc's FC or FD and four trail bytes) can never
 * convert, so glibc_iconv.c writes its U+FFFD when it holds it, to stay
 * within cap n + 4.
 */
#include <check.h>
#include <errno.h>
#include <iconv.h>
#include <string.h>

#include "stream_util.h"
#include "suites.h"
#include "u8ref.h"

/* A held tail longer than this has its U+FFFD written already
 * (glibc_iconv.c: no sequence longer converts). */
enum { CONVERTS_MAX = 4 };

/* Bytes Table 3-7 holds at the end of s[0..p): u8ref's stream, fed it as
 * a chunk that is not the last. */
static size_t
ref_held(const uint8_t *s, size_t p)
{
	struct u8ref_stream st;
	uint32_t out[U8O_STREAM_IN_MAX + U8REF_STREAM_HOLD];
	size_t used;

	u8ref_stream_init(&st, NULL);
	u8ref_stream_decode(&st, s, p, 0, out, U8O_COUNT(out), &used);
	return st.nheld;
}

/*
 * Bytes at the end of s[0..p) where glibc's iconv stops with EINVAL
 * ("incomplete"), converting as u8t_decode does: past each EILSEQ by one
 * byte.  0 when it converts to the end.
 */
static size_t
iconv_tail(const uint8_t *s, size_t p)
{
	iconv_t cd = iconv_open("UTF-32LE", "UTF-8");
	size_t at = 0, tail = 0;

	ck_assert_msg(cd != (iconv_t)-1, "iconv_open failed");
	while (at < p) {
		uint32_t buf[U8O_STREAM_IN_MAX];
		/* POSIX iconv takes char **, and does not write the input */
		char *in = (char *)s + at, *o = (char *)buf;
		size_t left = p - at, room = sizeof buf;

		if (iconv(cd, &in, &left, &o, &room) != (size_t)-1)
			break;
		if (errno == EINVAL) {
			tail = left;
			break;
		}
		ck_assert_msg(errno == EILSEQ, "iconv failed otherwise");
		at = p - left + 1;
	}
	iconv_close(cd);
	return tail;
}

/* What the oracle may hold at the end of s[0..p). */
static size_t
may_hold(const struct u8o_oracle *o, const uint8_t *s, size_t p)
{
	size_t h = ref_held(s, p);

	if (strcmp(o->name, "glibc-iconv") == 0) {
		size_t g = iconv_tail(s, p);

		h = g > h ? g : h;
	}
	return h;
}

/*
 * For every input, every p and every q <= p: s[0..q), then s[q..p), then
 * the rest with last.  By the end of the second chunk exactly the values
 * described above are written.  Counts where glibc-iconv may hold more
 * than Table 3-7, to show that its rule is exercised.
 */
START_TEST(test_stream_prompt_and_not_early)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	size_t t, p, q, beyond = 0;

	for (t = 0; t < u8o_stream_input_count(); t++) {
		const struct u8o_input *x = u8o_stream_input(t);

		for (p = 0; p <= x->n; p++) {
			size_t h = may_hold(&o, x->in, p), nwant;
			uint32_t want[U8O_STREAM_IN_MAX];
			uint32_t got[U8O_STREAM_OUT_MAX];
			size_t after[U8O_CHUNKS_MAX + 1];

			/* Its decoding of s[0..p) replaces the held tail
			 * with one U+FFFD, last: all but that one. */
			nwant = o.decode(x->in, p, want, p);
			if (h > 0)
				U8O_REQUIRE(nwant > 0 &&
				                want[nwant - 1] == 0xFFFD,
				            "%s, %s cut at %zu: no U+FFFD last",
				            o.title, x->what, p);
			if (h > 0 && h <= CONVERTS_MAX)
				nwant--;
			beyond += h > ref_held(x->in, p);
			for (q = 0; q <= p; q++) {
				struct u8o_chunking c = {{q, p}, 2, 0};

				u8o_stream_chunked(&o, x->in, x->n, &c, got,
				                   after);
				U8O_REQUIRE(
				    after[1] == nwant &&
				        memcmp(got, want,
				               nwant * sizeof *got) == 0,
				    "%s, %s (%s) chunked %s: by byte %zu "
				    "writes %s, want %s (%zu bytes held)",
				    o.title, x->what, u8o_hex(x->in, x->n).text,
				    u8o_cuts_text(&c).text, p,
				    u8o_values(got, after[1]).text,
				    u8o_values(want, nwant).text, h);
			}
		}
	}
	if (strcmp(o.name, "glibc-iconv") == 0)
		ck_assert_msg(beyond > 0,
		              "%s: never holds more than Table 3-7 here",
		              o.title);
	u8o_unload(&o);
}
END_TEST

Suite *
stream_prompt_suite(void)
{
	Suite *s = suite_create("stream_prompt");
	TCase *tc = tcase_create("stream_prompt");
	int n = (int)u8o_stream_oracle_count();

	tcase_add_loop_test(tc, test_stream_prompt_and_not_early, 0, n);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
