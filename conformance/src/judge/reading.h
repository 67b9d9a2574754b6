/* SPDX-License-Identifier: MIT */
/*
 * reading.h - the reference's reading of an input: its characters and
 * maximal subparts, the code points they decode to, and what the input
 * is about.
 */
#ifndef U8C_READING_H
#define U8C_READING_H

#include <stddef.h>
#include <stdint.h>

#include "families.h"
#include "groups.h"
#include "u8ref.h"

enum { U8C_MAX_TOKENS = U8C_MAX_INPUT };

/* A piece of the reading: a character, or one maximal subpart of
 * ill-formed bytes. */
struct u8c_token {
	uint32_t cp;    /* the character; U+FFFD for a subpart       */
	uint16_t len;   /* bytes it takes in the input               */
	uint16_t bytes; /* a subpart's length, 0 for a character     */
	int8_t group;   /* what it is about, or -1: not known        */
	uint8_t status; /* U8REF_OK, or why it is a subpart          */
};

struct u8c_reading {
	const uint8_t *s;
	size_t n;
	enum u8c_group group; /* its first error, else its first row    */
	uint32_t groups;      /* every group among its pieces           */
	size_t error_at;      /* its first error's offset, or SIZE_MAX   */
	uint32_t want[U8C_MAX_TOKENS]; /* one code point per token      */
	size_t nwant;
	struct u8c_token tok[U8C_MAX_TOKENS];
	size_t ntok;
	/* its runs of ill-formed tokens, for the policy an exact decoding
	 * shows (u8c_note_exact_policy): how many, and whether one has
	 * fewer tokens than bytes (U8C_RUN_SHORTER), more than one token
	 * (U8C_RUN_SPLIT) */
	uint32_t error_runs;
	unsigned runs_seen;
};

enum { U8C_RUN_SHORTER = 1, U8C_RUN_SPLIT = 2 };

/* Whether a[0..n) and b[0..n) hold the same code points: inline, since
 * most readings are a few characters and memcmp would cost a call. */
static inline int
u8c_same_code_points(const uint32_t *a, const uint32_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/*
 * u8c_tokenize - cuts s[0..n) into tokens as profile @p reads it.
 * Under Table 3-7 (profile 0) each token also gets its group.  Returns
 * the number of tokens.
 */
size_t u8c_tokenize(const struct u8ref_profile *p, const uint8_t *s, size_t n,
                    struct u8c_token *tok);

/*
 * u8c_read - the whole reading of s[0..n) under profile @p (tokens and
 * code points), with its meaning under Table 3-7 (groups).  It remembers
 * the last prefix it read, one per thread, since an enumeration's inputs
 * share theirs.
 */
void u8c_read(const struct u8ref_profile *p, const uint8_t *s, size_t n,
              struct u8c_reading *in);

/*
 * u8c_first_error - the error_at of u8c_read(@p, s, n): the offset of
 * the first error, or SIZE_MAX; by the validator, for a caller that
 * needs no more of the reading (a worker choosing its calls).
 */
size_t u8c_first_error(const struct u8ref_profile *p, const uint8_t *s,
                       size_t n);

#endif /* U8C_READING_H */
