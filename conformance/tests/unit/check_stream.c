/* SPDX-License-Identifier: MIT */
/*
 * check_stream.c - the chunkings of an input and the stream's judge,
 * driven with hand-written chunks and answers.
 *
 * Each case is an input in chunks ("E0 A0 E0 | 80"), the values a target
 * wrote after each chunk, and the one check that must not pass, or none.
 * The whole input in one chunk is judged first, with the reference's
 * values (a stream right in one chunk), as the harness does.
 */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calls.h"
#include "chunking.h"
#include "judge.h"
#include "only_failed.h"
#include "stream.h"
#include "suites.h"

enum { MAX = 16 };

/* SEP ends a chunk's values, END the list. */
#define SEP 0xFFFFFFF0u
#define END 0xFFFFFFFEu

static const struct stream_case {
	const char *what;
	const char *chunks;   /* hex with a bar at each cut            */
	uint32_t values[MAX]; /* each chunk's values, SEP between, END */
	const char *check;    /* the check that fails, or NULL         */
	enum u8c_level level;
} cases[] = {
    {"a character split and kept", "C3 | A9", {SEP, 0xE9, END}, NULL, U8C_PASS},
    {"a character split and lost",
     "C3 | A9",
     {SEP, END},
     "stream/row-C2-DF",
     U8C_FAIL},
    {"a tail replaced before the last chunk",
     "C2 |",
     {0xFFFD, SEP, END},
     "stream/early",
     U8C_FAIL},
    {"a tail never replaced at an empty last chunk",
     "C2 |",
     {SEP, END},
     "stream/flush",
     U8C_FAIL},
    {"a character held back a chunk",
     "41 | 42",
     {SEP, 0x41, 0x42, END},
     "stream/prompt",
     U8C_WARN},
    /* E0 A0 is a prefix that E0 breaks: a decoder giving U+FFFD per byte
     * writes two for it where the reference writes one, and holds the
     * second E0 as the reference does; nothing was written early */
    {"one U+FFFD a byte, none for the held tail",
     "E0 A0 E0 | 80",
     {0xFFFD, 0xFFFD, SEP, 0xFFFD, END},
     NULL,
     U8C_PASS},
    {"a U+FFFD more than one a byte: the held tail's",
     "E0 A0 E0 | 80",
     {0xFFFD, 0xFFFD, 0xFFFD, SEP, END},
     "stream/early",
     U8C_FAIL},
    /* a U+FFFD spelt out is one character, not three bytes replaced */
    {"EF BF BD decoded, then a tail replaced early",
     "EF BF BD C2 | 41",
     {0xFFFD, 0xFFFD, SEP, 0x41, END},
     "stream/early",
     U8C_FAIL},
    {"a breaking byte lost after a held prefix",
     "E0 | 41",
     {SEP, 0xFFFD, END},
     "stream/row-00-7F",
     U8C_FAIL},
};

/* Case @c's chunks and values into a's buffers; the item's chunking
 * is the given one. */
static void
answers_of(const struct stream_case *c, uint8_t *s, size_t *n,
           struct u8c_stream_answers *a, uint32_t *out, size_t *after)
{
	static uint16_t cuts[MAX];
	size_t ncuts, k = 0;

	ck_assert_msg(u8c_chunks_parse(c->chunks, s, MAX, n, cuts, &ncuts) == 0,
	              "%s: bad chunks %s", c->what, c->chunks);
	u8c_chunking_given_set(cuts, ncuts);
	memset(a, 0, sizeof *a);
	a->ncuts = ncuts;
	a->cuts = cuts;
	a->out = out;
	a->after = after;
	a->over = a->scribbled = SIZE_MAX;
	for (size_t i = 0; c->values[i] != END; i++) {
		if (c->values[i] == SEP)
			after[k++] = a->nout;
		else
			out[a->nout++] = c->values[i];
	}
	after[k++] = a->nout;
	ck_assert_msg(k == ncuts + 1, "%s: %zu chunks of values for %zu",
	              c->what, k, ncuts + 1);
}

/* The stream on s[0..n): one chunk with the reference's values, then
 * @a in its chunks. */
static const struct u8c_tallies *
judge_stream(const uint8_t *s, size_t n, const struct u8c_stream_answers *a)
{
	static struct u8c_tallies t;
	static struct u8c_reading in;
	static struct u8c_stream_ref ref;
	static struct u8c_stream_whole whole;
	static size_t after_whole[1];
	struct u8c_judging j = {u8ref_profile_at(0), NULL, 0, 0, 0, 0};
	struct u8c_item item = {
	    U8C_ITEM_BYTES, s, n, 0, {U8C_CHUNK_WHOLE, 0, 0}};
	struct u8c_stream_answers one = {0};

	u8c_tallies_clear(&t);
	u8c_read(j.profile, s, n, &in);
	u8c_stream_ref_make(&ref, j.profile, s, n);
	one.out = in.want;
	one.nout = in.nwant;
	after_whole[0] = in.nwant;
	one.after = after_whole;
	one.over = one.scribbled = SIZE_MAX;
	u8c_judge_stream(&t, &j, &item, &in, &ref, &one, &whole);
	item.chunking = (struct u8c_chunking){U8C_CHUNK_GIVEN, 0, 0};
	u8c_judge_stream(&t, &j, &item, &in, &ref, a, &whole);
	return &t;
}

START_TEST(test_stream_case)
{
	const struct stream_case *c = &cases[_i];
	static uint8_t s[MAX];
	static uint32_t out[MAX];
	static size_t after[MAX];
	struct u8c_stream_answers a;
	size_t n;

	answers_of(c, s, &n, &a, out, after);
	only_failed(judge_stream(s, n, &a), c->what, c->chunks, c->check,
	            c->level);
}
END_TEST

/* u8c_stream_ref_read, which reads the stream off the reading, and
 * u8c_stream_held, the worker's pass for its cuts, against the walk a
 * byte at a time: on every class sequence (what the stream
 * holds and writes depends only on the classes of the bytes, and on
 * which three bytes spell U+FFFD, which the text around them has), the
 * long forms, the text and the runs, every input of one and two bytes
 * and the first 1 << 16 of three. */
START_TEST(test_stream_ref_read)
{
	static const struct {
		const struct u8c_family *family;
		size_t count; /* 0: all of it */
	} families[] = {
	    {&u8c_family_categories, 0}, {&u8c_family_short, 256 + 65536 * 2},
	    {&u8c_family_long_forms, 0}, {&u8c_family_context, 0},
	    {&u8c_family_runs, 0},
	};
	static struct u8c_stream_ref walked, read;
	static struct u8c_reading in;
	static uint8_t buf[U8C_MAX_INPUT], held[U8C_MAX_INPUT + 1];
	const struct u8ref_profile *p = u8ref_profile_at(0);
	size_t tried = 0;

	for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
		const struct u8c_family *fam = families[f].family;
		size_t count =
		    families[f].count ? families[f].count : fam->count();

		for (size_t i = 0; i < count; i++, tried++) {
			struct u8c_item it = u8c_family_item(fam, i, buf);
			size_t n = it.n;

			u8c_read(p, it.s, n, &in);
			u8c_stream_ref_make(&walked, p, it.s, n);
			u8c_stream_ref_read(&read, p, &in);
			ck_assert_msg(
			    read.n == n &&
			        memcmp(read.written, walked.written,
			               (n + 1) * sizeof read.written[0]) == 0 &&
			        memcmp(read.allowed, walked.allowed,
			               (n + 1) * sizeof read.allowed[0]) == 0 &&
			        memcmp(read.held, walked.held, n + 1) == 0,
			    "%s, item %zu: the reading's stream is not the "
			    "walk's",
			    fam->name, i);
			ck_assert_msg(
			    u8c_stream_held(p, it.s, n, held) == in.error_at &&
			        memcmp(held, walked.held, n + 1) == 0,
			    "%s, item %zu: the worker's held bytes or "
			    "first error are not the walk's",
			    fam->name, i);
		}
	}
	ck_assert_uint_gt(tried, 1500000);
}
END_TEST

/* The chunkings of a mode, counted and cut: the list the harness and
 * --input "a|b" rely on. */
START_TEST(test_chunkings)
{
	static const uint8_t s[4] = {0xF0, 0x9F, 0x98, 0x80};
	static struct u8c_chunking list[U8C_CHUNKINGS_MAX];
	uint16_t cuts[U8C_MAX_CUTS];
	/* whole, cuts 0..4, pairs (1,1) (1,2) (1,3) (2,2) (2,3) (3,3) (4,4),
	 * a byte a chunk */
	size_t n = u8c_chunkings_list(U8C_STREAM_PAIRS, s, 4, NULL, list);

	ck_assert_uint_eq(n, 1 + 5 + 7 + 1);
	ck_assert_int_eq(list[0].kind, U8C_CHUNK_WHOLE);
	ck_assert_uint_eq(u8c_chunking_cuts(&list[0], 4, cuts), 0);
	ck_assert_uint_eq(u8c_chunking_cuts(&list[13], 4, cuts), 3);
	ck_assert_uint_eq(cuts[0], 1);
	ck_assert_uint_eq(cuts[2], 3);
	/* whole and the three inner cuts */
	ck_assert_uint_eq(
	    u8c_chunkings_list(U8C_STREAM_INNER, s, 4, NULL, list), 4);
	ck_assert_uint_eq(u8c_chunkings_list(U8C_STREAM_CUTS, s, 4, NULL, list),
	                  6);
	ck_assert_uint_eq(u8c_chunkings_list(U8C_STREAM_NONE, s, 4, NULL, list),
	                  0);
}
END_TEST

/* LONG's chunks of a byte and random ones, on a long input, only where
 * its first multi-byte piece ends a 16-byte block or begins one. */
START_TEST(test_chunkings_long)
{
	static struct u8c_chunking list[U8C_CHUNKINGS_MAX];
	uint8_t s[100];

	for (size_t at = 0; at + 2 <= sizeof s; at++) {
		size_t nk, fine = 0;

		memset(s, 'a', sizeof s);
		s[at] = 0xC2, s[at + 1] = 0x80;
		nk = u8c_chunkings_list(U8C_STREAM_LONG, s, sizeof s, NULL,
		                        list);
		for (size_t k = 0; k < nk; k++)
			fine += list[k].kind == U8C_CHUNK_BYTES ||
			        list[k].kind == U8C_CHUNK_RANDOM;
		ck_assert_msg(fine == (at % 16 >= 13 || at % 16 == 0
		                           ? 1 + U8C_RANDOM_CHUNKINGS
		                           : 0),
		              "C2 80 at %zu: %zu fine chunkings", at, fine);
	}
	/* a short input keeps them wherever its piece is: the whole, cuts
	 * 0, 4, 5, 6 and 16, the random ones and a byte a chunk */
	memset(s, 'a', 16);
	s[4] = 0xC2, s[5] = 0x80;
	ck_assert_uint_eq(
	    u8c_chunkings_list(U8C_STREAM_LONG, s, 16, NULL, list),
	    1 + 5 + U8C_RANDOM_CHUNKINGS + 1);
}
END_TEST

/* The chunkings of mode @m on the input @hex, as text ("C2 | 80, ..."),
 * under the reference's pieces. */
static const char *
chunkings_text(enum u8c_stream_mode m, const char *hex)
{
	static struct u8c_chunking list[U8C_CHUNKINGS_MAX];
	static struct u8c_stream_ref ref;
	static char text[512];
	uint8_t s[MAX];
	uint16_t cuts[MAX];
	size_t n, ncuts, nk, len = 0;

	ck_assert_int_eq(u8c_chunks_parse(hex, s, sizeof s, &n, cuts, &ncuts),
	                 0);
	u8c_stream_ref_make(&ref, u8ref_profile_at(0), s, n);
	nk = u8c_chunkings_list(m, s, n, ref.held, list);
	text[0] = 0;
	for (size_t k = 0; k < nk; k++) {
		len += (size_t)snprintf(text + len, sizeof text - len, "%s",
		                        k > 0 ? ", " : "");
		len += u8c_chunks_format(text + len, sizeof text - len, s, n,
		                         &list[k]);
	}
	return text;
}

/* The default families' modes keep a chunking only on the shortest
 * input of its window: every cut and pair inside one piece of a
 * character, none between letters but on the shortest inputs, a
 * breaker's piece once. */
START_TEST(test_chunkings_pieces)
{
	static const struct {
		enum u8c_stream_mode m;
		const char *input, *chunkings;
	} pieces_cases[] = {
	    {U8C_STREAM_PIECES, "F0 9F 98 80",
	     "F0 9F 98 80, F0 | 9F 98 80, F0 9F | 98 80, F0 9F 98 | 80, "
	     "F0 | | 9F 98 80, F0 | 9F | 98 80, F0 | 9F 98 | 80, "
	     "F0 9F | | 98 80, F0 9F | 98 | 80, F0 9F 98 | | 80, "
	     "F0 | 9F | 98 | 80"},
	    {U8C_STREAM_PIECES, "41 41 41 41", "41 41 41 41"},
	    {U8C_STREAM_PIECES, "41", "41, | 41, 41 |, 41 | |"},
	    {U8C_STREAM_PIECES, "41 41", "41 41, 41 | 41, 41 | | 41"},
	    {U8C_STREAM_PIECES, "C2 00", "C2 00, C2 | 00, C2 | | 00"},
	    {U8C_STREAM_PIECES, "E1 E1 E1 E1",
	     "E1 E1 E1 E1, E1 E1 | E1 E1, E1 | E1 | E1 E1, E1 E1 | | E1 E1, "
	     "E1 E1 | E1 | E1"},
	    {U8C_STREAM_PIECES_INNER, "41 41 41 41", ""},
	    {U8C_STREAM_PIECES_INNER, "E0 A0 80",
	     "E0 A0 80, E0 | A0 80, E0 A0 | 80"},
	    {U8C_STREAM_TAILS, "F0 9F 98 80", "F0 9F 98 80, F0 9F 98 | 80"},
	    {U8C_STREAM_TAILS, "F0 90 80 80",
	     "F0 90 80 80, F0 | 90 80 80, F0 90 | 80 80, F0 90 80 | 80"},
	};

	for (size_t i = 0; i < sizeof pieces_cases / sizeof pieces_cases[0];
	     i++)
		ck_assert_str_eq(
		    chunkings_text(pieces_cases[i].m, pieces_cases[i].input),
		    pieces_cases[i].chunkings);
}
END_TEST

/* "E0|A0 80" and back, bars at the ends and empty chunks too. */
START_TEST(test_chunks_text)
{
	static const char *const texts[] = {"E0 | A0 80", "C2 |", "C2 | |",
	                                    "| 41", "F0 | 90 | 80 80"};
	uint8_t s[MAX];
	uint16_t cuts[MAX];
	char back[64];
	size_t n, ncuts;
	struct u8c_chunking given = {U8C_CHUNK_GIVEN, 0, 0};

	for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
		ck_assert_int_eq(
		    u8c_chunks_parse(texts[k], s, MAX, &n, cuts, &ncuts), 0);
		u8c_chunking_given_set(cuts, ncuts);
		u8c_chunks_format(back, sizeof back, s, n, &given);
		ck_assert_str_eq(back, texts[k]);
	}
	/* too long for its buffer: cut, with " ...", inside it (for every
	 * room, under the sanitizers) */
	memset(s, 0x41, MAX);
	for (size_t room = 8; room < 64; room++) {
		static const struct u8c_chunking bytes = {U8C_CHUNK_BYTES, 0,
		                                          0};
		char *cut = malloc(room);
		size_t len = u8c_chunks_format(cut, room, s, MAX, &bytes);

		ck_assert_uint_lt(len, room);
		ck_assert_uint_eq(strlen(cut), len);
		if (room < 3 * MAX * 2)
			ck_assert_str_eq(cut + len - 4, " ...");
		free(cut);
	}
	ck_assert_int_eq(u8c_chunks_parse("E0|A", s, MAX, &n, cuts, &ncuts),
	                 -1);
	ck_assert_int_eq(u8c_chunks_parse("E0|zz", s, MAX, &n, cuts, &ncuts),
	                 -1);
}
END_TEST

/* The fence around a stream's state: a fake u8t_stream_decode changes
 * one byte at scribble_at from the state's start, on every size the
 * pattern's 8-, 4-, 2- and 1-byte pieces can add up to. */
static ptrdiff_t scribble_at;

static void
fake_init(void *state)
{
	(void)state;
}

static size_t
fake_decode(void *state, const uint8_t *s, size_t n, int last, uint32_t *out,
            size_t cap)
{
	(void)s, (void)n, (void)last, (void)out, (void)cap;
	((uint8_t *)state)[scribble_at] ^= 1;
	return 0;
}

START_TEST(test_state_fence)
{
	static struct u8c_stage st;
	struct u8c_target t = {.stream_init = fake_init,
	                       .stream_decode = fake_decode};
	struct u8c_item item = {U8C_ITEM_BYTES,
	                        (const uint8_t *)"A",
	                        1,
	                        0,
	                        {U8C_CHUNK_WHOLE, 0, 0}};
	struct u8c_stream_answers a;

	ck_assert_int_eq(u8c_stage_init(&st), 0);
	for (t.state_size = 1; t.state_size <= 48; t.state_size++) {
		ptrdiff_t size = (ptrdiff_t)t.state_size,
		          room = (size + 15) / 16 * 16;

		/* 16 bytes before the state, and up to the next 16 after */
		for (scribble_at = -16; scribble_at < room; scribble_at++) {
			int inside = scribble_at >= 0 && scribble_at < size;

			u8c_call_stream(&st, &t, &item, 1, &a);
			ck_assert_msg(
			    (a.scribbled == SIZE_MAX) == inside,
			    "state of %zu bytes, byte %td changed: %s",
			    t.state_size, scribble_at,
			    inside ? "taken for a scribble" : "not seen");
		}
	}
}
END_TEST

Suite *
stream_suite(void)
{
	Suite *s = suite_create("stream");
	TCase *tc = tcase_create("stream");
	/* 1.5 M inputs walked a byte at a time, under ASan too */
	TCase *proof = tcase_create("stream_ref_read");

	tcase_add_loop_test(tc, test_stream_case, 0,
	                    (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_chunkings);
	tcase_add_test(tc, test_chunkings_pieces);
	tcase_add_test(tc, test_chunkings_long);
	tcase_add_test(tc, test_chunks_text);
	tcase_add_test(tc, test_state_fence);
	suite_add_tcase(s, tc);
	tcase_set_timeout(proof, 120);
	tcase_add_test(proof, test_stream_ref_read);
	suite_add_tcase(s, proof);
	return s;
}
