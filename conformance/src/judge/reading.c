/* SPDX-License-Identifier: MIT */
/*
 * reading.c - the reference's reading of an input, and its meaning.
 *
 * Table 3-7's reading is u8ref_decode_fast's, proved equal to the walk
 * on every input it can see (ref.fast_exhaustive).  A character or
 * subpart that ends before the last byte of an input is read the same
 * whatever follows, so the reading of an input of up to four bytes is
 * that of its first n - 1 bytes, less a truncated last piece, plus the
 * reading of the rest: enumerations read each prefix once.
 */
#include <string.h>

#include "reading.h"

/* Table 3-7's profile, asked for once. */
static const struct u8ref_profile *
unicode(void)
{
	static const struct u8ref_profile *p;

	if (p == NULL)
		p = u8ref_profile_at(0);
	return p;
}

/* The token of r, read at byte @lead; with its group when @meaning
 * (r is Table 3-7's reading). */
static struct u8c_token
token(const struct u8ref_result *r, int meaning, uint8_t lead)
{
	int error = r->status != U8REF_OK;
	int group = !meaning ? -1
	            : error  ? (int)u8c_group_of_error(r->status, r->row, lead)
	                     : r->row;

	return (struct u8c_token){r->cp, (uint16_t)r->len,
	                          (uint16_t)(error ? r->len : 0), (int8_t)group,
	                          (uint8_t)r->status};
}

/* Appends the tokens of s[from..n) to tok[ntok..); returns the count. */
static size_t
tokens_from(const struct u8ref_profile *p, const uint8_t *s, size_t from,
            size_t n, struct u8c_token *tok, size_t ntok)
{
	int meaning = p == unicode();
	struct u8ref_result r;

	for (size_t off = from; off < n; off += r.len) {
		r = meaning ? u8ref_decode_fast(s + off, n - off)
		            : u8ref_decode_one(p, s + off, n - off);
		tok[ntok++] = token(&r, meaning, s[off]);
	}
	return ntok;
}

size_t
u8c_tokenize(const struct u8ref_profile *p, const uint8_t *s, size_t n,
             struct u8c_token *tok)
{
	return tokens_from(p, s, 0, n, tok, 0);
}

/* What an input is about, from its tokens: the groups of all of them,
 * and its first error's, else its first multi-byte character's row,
 * else row 00..7F. */
static void
meaning_of(struct u8c_reading *in, const struct u8c_token *tok, size_t ntok)
{
	int first_error = -1, first_row = 0;

	in->groups = 0;
	for (size_t t = 0; t < ntok; t++) {
		in->groups |= 1u << tok[t].group;
		if (tok[t].bytes > 0 && first_error < 0)
			first_error = tok[t].group;
		else if (tok[t].bytes == 0 && first_row == 0)
			first_row = tok[t].group;
	}
	in->group =
	    (enum u8c_group)(first_error >= 0 ? first_error : first_row);
}

enum { PREFIX_MAX = 3 };

/* The last prefix read: its bytes, and its tokens but a truncated
 * last one, which the next byte may complete or break. */
static _Thread_local struct {
	uint8_t s[PREFIX_MAX];
	size_t n;
	struct u8c_token tok[PREFIX_MAX];
	size_t ntok, end; /* the tokens cover s[0..end) */
} prefix;

static void
remember_prefix(const uint8_t *s, size_t n)
{
	memcpy(prefix.s, s, n);
	prefix.n = n;
	prefix.ntok = u8c_tokenize(unicode(), s, n, prefix.tok);
	if (prefix.tok[prefix.ntok - 1].status == U8REF_TRUNCATED)
		prefix.ntok--;
	prefix.end = 0;
	for (size_t t = 0; t < prefix.ntok; t++)
		prefix.end += prefix.tok[t].len;
}

/* Table 3-7's tokens of s[0..n), 2 <= n <= PREFIX_MAX + 1. */
static size_t
tokens_by_prefix(const uint8_t *s, size_t n, struct u8c_token *tok)
{
	size_t k = 0;

	if (prefix.n == n - 1) /* a few bytes: no call to memcmp */
		while (k < n - 1 && prefix.s[k] == s[k])
			k++;
	if (k != n - 1)
		remember_prefix(s, n - 1);
	for (size_t t = 0; t < prefix.ntok; t++)
		tok[t] = prefix.tok[t];
	return tokens_from(unicode(), s, prefix.end, n, tok, prefix.ntok);
}

void
u8c_read(const struct u8ref_profile *p, const uint8_t *s, size_t n,
         struct u8c_reading *in)
{
	in->s = s;
	in->n = n;
	if (p == unicode() && n >= 2 && n <= PREFIX_MAX + 1)
		in->ntok = tokens_by_prefix(s, n, in->tok);
	else
		in->ntok = u8c_tokenize(p, s, n, in->tok);
	in->nwant = in->ntok;
	in->error_at = SIZE_MAX;
	in->error_runs = 0;
	in->runs_seen = 0;
	for (size_t t = 0, at = 0, run = 0, bytes = 0; t < in->ntok;
	     at += in->tok[t++].len) {
		in->want[t] = in->tok[t].cp;
		if (in->tok[t].bytes == 0) {
			run = 0;
			continue;
		}
		if (in->error_at == SIZE_MAX)
			in->error_at = at;
		if (run == 0) {
			in->error_runs++;
			bytes = 0;
		}
		run++;
		bytes += in->tok[t].bytes;
		if (run > 1)
			in->runs_seen |= U8C_RUN_SPLIT;
		/* a run's tokens seen so far against its bytes: the last
		 * comparison is the whole run's */
		if (t + 1 == in->ntok || in->tok[t + 1].bytes == 0)
			in->runs_seen |= run != bytes ? U8C_RUN_SHORTER : 0u;
	}
	if (p == unicode()) {
		meaning_of(in, in->tok, in->ntok);
	} else {
		/* a variant's reading; the meaning is Table 3-7's */
		struct u8c_token meaning[U8C_MAX_TOKENS];

		meaning_of(in, meaning, u8c_tokenize(unicode(), s, n, meaning));
	}
}

size_t
u8c_first_error(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	struct u8ref_validation v = p == unicode() ? u8ref_validate_fast(s, n)
	                                           : u8ref_validate(p, s, n);

	return v.status == U8REF_OK ? SIZE_MAX : v.offset;
}
