/* SPDX-License-Identifier: MIT */
/*
 * stream_inputs.c - the inputs the stream suites cut into chunks.
 *
 * Three parts, in this order: every telling input of cases_3_7.c; the
 * seeds below, one comment per group naming the row of Table 3-7 that
 * decides it; and, generated from every well-formed seed of two bytes or
 * more, each proper prefix (a character truncated) alone and followed by
 * each breaker byte.  A prefix ending one chunk and its breaker starting
 * the next is what tests a carried prefix: the stream must decide the
 * held bytes from a byte it has not seen before.  Duplicates are dropped
 * (the first name stays).  What an oracle makes of them is not written
 * here: the suites compare each oracle with itself and with Table 3-7.
 */
#include <stdio.h>
#include <string.h>

#include "stream_inputs.h"
#include "testutil.h"

struct seed {
	const char *what;
	uint8_t in[U8O_STREAM_IN_MAX];
	size_t n;
	int prefixes; /* 1: well-formed; generate its prefixes */
};

#define CHAR 1 /* a well-formed character: cut it */
#define BAD  0 /* ill-formed, or text: take it as it is */

/* clang-format off */
static const struct seed seeds[] = {
	/* Row 00..7F: its last character. */
	{ "U+007F", U8O_BYTES(0x7F), BAD },
	/* Row C2..DF 80..BF: first and last character. */
	{ "U+0080", U8O_BYTES(0xC2, 0x80), CHAR },
	{ "U+07FF", U8O_BYTES(0xDF, 0xBF), CHAR },
	/* Row E0 A0..BF 80..BF. */
	{ "U+0800", U8O_BYTES(0xE0, 0xA0, 0x80), CHAR },
	{ "U+0FFF", U8O_BYTES(0xE0, 0xBF, 0xBF), CHAR },
	/* Row E1..EC 80..BF 80..BF. */
	{ "U+1000", U8O_BYTES(0xE1, 0x80, 0x80), CHAR },
	{ "U+CFFF", U8O_BYTES(0xEC, 0xBF, 0xBF), CHAR },
	/* Row ED 80..9F 80..BF. */
	{ "U+D000", U8O_BYTES(0xED, 0x80, 0x80), CHAR },
	{ "U+D7FF", U8O_BYTES(0xED, 0x9F, 0xBF), CHAR },
	/* Row EE..EF 80..BF 80..BF. */
	{ "U+E000", U8O_BYTES(0xEE, 0x80, 0x80), CHAR },
	{ "U+FFFF", U8O_BYTES(0xEF, 0xBF, 0xBF), CHAR },
	/* Row F0 90..BF 80..BF 80..BF; U+1F600 is a UTF-16 pair in ICU. */
	{ "U+10000", U8O_BYTES(0xF0, 0x90, 0x80, 0x80), CHAR },
	{ "U+1F600", U8O_BYTES(0xF0, 0x9F, 0x98, 0x80), CHAR },
	{ "U+3FFFF", U8O_BYTES(0xF0, 0xBF, 0xBF, 0xBF), CHAR },
	/* Row F1..F3 80..BF 80..BF 80..BF. */
	{ "U+40000", U8O_BYTES(0xF1, 0x80, 0x80, 0x80), CHAR },
	{ "U+FFFFF", U8O_BYTES(0xF3, 0xBF, 0xBF, 0xBF), CHAR },
	/* Row F4 80..8F 80..BF 80..BF. */
	{ "U+100000", U8O_BYTES(0xF4, 0x80, 0x80, 0x80), CHAR },
	{ "U+10FFFF", U8O_BYTES(0xF4, 0x8F, 0xBF, 0xBF), CHAR },
	/* No row begins with C0 or C1: two-byte overlongs. */
	{ "overlong U+007F in two bytes", U8O_BYTES(0xC1, 0xBF), BAD },
	/* Row E0 wants A0..BF second, F0 90..BF: 80..9F, 80..8F are
	 * overlong. */
	{ "overlong U+07FF in three bytes", U8O_BYTES(0xE0, 0x9F, 0xBF), BAD },
	{ "overlong U+0000 in four bytes", U8O_BYTES(0xF0, 0x80, 0x80, 0x80), BAD },
	{ "overlong U+FFFF in four bytes", U8O_BYTES(0xF0, 0x8F, 0xBF, 0xBF), BAD },
	/* Row ED wants 80..9F second: A0..BF are surrogates. */
	{ "surrogate U+DFFF", U8O_BYTES(0xED, 0xBF, 0xBF), BAD },
	{ "surrogate pair U+DBFF U+DC00",
	  U8O_BYTES(0xED, 0xAF, 0xBF, 0xED, 0xB0, 0x80), BAD },
	/* Row F4 wants 80..8F second: 90..BF are beyond U+10FFFF. */
	{ "U+13FFFF, beyond U+10FFFF", U8O_BYTES(0xF4, 0xBF, 0xBF, 0xBF), BAD },
	/* No row begins with F5..FF: RFC 2279's four-, five- and six-byte
	 * forms, and the two bytes no form has. */
	{ "F7 as a four-byte lead", U8O_BYTES(0xF7, 0xBF, 0xBF, 0xBF), BAD },
	{ "F8, no lead byte", U8O_BYTES(0xF8), BAD },
	{ "FB as a five-byte lead", U8O_BYTES(0xFB, 0xBF, 0xBF, 0xBF, 0xBF), BAD },
	{ "FC, no lead byte", U8O_BYTES(0xFC), BAD },
	{ "RFC 2279 six-byte U+4000000", U8O_BYTES(0xFC, 0x84, 0x80, 0x80, 0x80, 0x80), BAD },
	{ "FD as a six-byte lead, then A",
	  U8O_BYTES(0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0x41), BAD },
	{ "FC and four trail bytes, then A",
	  U8O_BYTES(0xFC, 0x80, 0x80, 0x80, 0x80, 0x41), BAD },
	{ "FE FF, a UTF-16 BOM", U8O_BYTES(0xFE, 0xFF), BAD },
	{ "FF FE, a UTF-16LE BOM", U8O_BYTES(0xFF, 0xFE), BAD },
	/* No row begins with 80..BF. */
	{ "lone BF", U8O_BYTES(0xBF), BAD },
	{ "six trail bytes", U8O_BYTES(0x80, 0x80, 0x80, 0x80, 0x80, 0x80), BAD },
	/* Text: every row's length back to back, and two cut characters in
	 * a row. */
	{ "A U+00E9 U+20AC U+1F600 B",
	  U8O_BYTES(0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x42), BAD },
	{ "U+20AC cut by U+20AC cut", U8O_BYTES(0xE2, 0x82, 0xE2, 0x82, 0x41), BAD },
};
/* clang-format on */

/*
 * What may follow a truncated character: ASCII and C0 end it (no trail
 * byte); 80 is below the second byte of rows E0 and F0 but a trail of
 * the others, BF above that of rows ED and F4; E1 starts a character of
 * its own, cut again by the end of the input.
 */
static const uint8_t breakers[] = {0x41, 0x80, 0xBF, 0xC0, 0xE1};

enum { INPUTS_MAX = 512 };

static struct u8o_input list[INPUTS_MAX];
static size_t count;

static void
add(const char *what, const uint8_t *s, size_t n)
{
	size_t i;

	U8O_REQUIRE(n <= U8O_STREAM_IN_MAX, "%s: longer than %d bytes", what,
	            U8O_STREAM_IN_MAX);
	for (i = 0; i < count; i++)
		if (list[i].n == n && memcmp(list[i].in, s, n) == 0)
			return;
	U8O_REQUIRE(count < INPUTS_MAX, "more than %d inputs", INPUTS_MAX);
	snprintf(list[count].what, sizeof list[count].what, "%s", what);
	memcpy(list[count].in, s, n);
	list[count].n = n;
	count++;
}

/* Each proper prefix of the character s[0..n), alone and broken. */
static void
add_prefixes(const char *what, const uint8_t *s, size_t n)
{
	uint8_t b[U8O_STREAM_IN_MAX];
	char name[64];
	size_t k, i;

	for (k = 1; k < n; k++) {
		memcpy(b, s, k);
		snprintf(name, sizeof name, "%s cut to %zu", what, k);
		add(name, b, k);
		for (i = 0; i < U8O_COUNT(breakers); i++) {
			b[k] = breakers[i];
			snprintf(name, sizeof name, "%s cut to %zu, then %02X",
			         what, k, breakers[i]);
			add(name, b, k + 1);
		}
	}
}

static void
make(void)
{
	size_t i;

	if (count > 0)
		return;
	for (i = 0; i < u8o_cases_3_7_count; i++)
		add(u8o_cases_3_7[i].what, u8o_cases_3_7[i].in,
		    u8o_cases_3_7[i].n);
	for (i = 0; i < U8O_COUNT(seeds); i++)
		add(seeds[i].what, seeds[i].in, seeds[i].n);
	for (i = 0; i < U8O_COUNT(seeds); i++)
		if (seeds[i].prefixes)
			add_prefixes(seeds[i].what, seeds[i].in, seeds[i].n);
}

size_t
u8o_stream_input_count(void)
{
	make();
	return count;
}

const struct u8o_input *
u8o_stream_input(size_t i)
{
	make();
	U8O_REQUIRE(i < count, "input %zu of %zu", i, count);
	return &list[i];
}

const struct u8o_input *
u8o_stream_input_named(const char *what)
{
	size_t i;

	make();
	for (i = 0; i < count; i++)
		if (strcmp(list[i].what, what) == 0)
			return &list[i];
	return NULL;
}
