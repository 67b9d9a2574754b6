/* SPDX-License-Identifier: MIT */
/*
 * diagnose.c - what a decoder's fitting answers say about it: its
 * replacement policy, and which variant of UTF-8 it reads.
 */
#include <pthread.h>

#include "judge.h"
#include "match.h"

int
u8c_note_policy(struct u8c_tallies *t, const struct u8c_token *tok, size_t ntok,
                const size_t *counts)
{
	size_t k, bytes, subparts, count;
	int dropped = 0;

	for (k = 0; k < ntok; k++) {
		if (tok[k].bytes == 0)
			continue;
		for (bytes = subparts = count = 0; k < ntok && tok[k].bytes > 0;
		     k++) {
			bytes += tok[k].bytes;
			subparts++;
			count += counts != NULL ? counts[k] : 1;
		}
		t->policy_runs++;
		if (count != subparts)
			t->policy_violated |= 1u << U8C_POLICY_MAXIMAL;
		if (count != bytes)
			t->policy_violated |= 1u << U8C_POLICY_PER_BYTE;
		if (count != 1)
			t->policy_violated |= 1u << U8C_POLICY_PER_RUN;
		if (count != 0)
			t->policy_violated |= 1u << U8C_POLICY_DROPS;
		dropped |= count == 0;
	}
	return dropped;
}

void
u8c_note_exact_policy(struct u8c_tallies *t, const struct u8c_reading *in)
{
	/* one U+FFFD a token: maximal always holds and nothing is dropped */
	if (in->error_runs == 0)
		return;
	t->policy_runs += in->error_runs;
	t->policy_violated |= 1u << U8C_POLICY_DROPS;
	if (in->runs_seen & U8C_RUN_SHORTER)
		t->policy_violated |= 1u << U8C_POLICY_PER_BYTE;
	if (in->runs_seen & U8C_RUN_SPLIT)
		t->policy_violated |= 1u << U8C_POLICY_PER_RUN;
}

/*
 * Lead bytes whose reading differs between profiles: a byte b such that
 * some profile decodes <b> or some <b x> unlike Table 3-7.  An input
 * without one reads alike under every profile and says nothing about
 * the variant.  Worked out from the tables once per process (it takes up
 * to 400,000 decodes, which each judge thread repeated).
 */
static unsigned char telling_lead[256];
static pthread_once_t telling_once = PTHREAD_ONCE_INIT;

/* Whether some profile reads s[0..n) unlike Table 3-7 at its start. */
static int
read_unlike_unicode(const uint8_t *s, size_t n)
{
	const struct u8ref_profile *p, *unicode = u8ref_profile_at(0);
	struct u8ref_result a = u8ref_decode_one(unicode, s, n), b;

	for (size_t i = 1; (p = u8ref_profile_at(i)) != NULL; i++) {
		b = u8ref_decode_one(p, s, n);
		if (a.status != b.status || a.len != b.len || a.cp != b.cp)
			return 1;
	}
	return 0;
}

static void
find_telling_leads(void)
{
	uint8_t s[2];

	for (unsigned x = 0; x < 256; x++) {
		s[0] = (uint8_t)x;
		/* y == 256: the lead alone */
		for (unsigned y = 0; y < 257 && !telling_lead[x]; y++) {
			s[1] = (uint8_t)y;
			telling_lead[x] = (unsigned char)read_unlike_unicode(
			    s, y < 256 ? 2 : 1);
		}
	}
}

static const unsigned char *
telling_leads(void)
{
	pthread_once(&telling_once, find_telling_leads);
	return telling_lead;
}

void
u8c_note_variants(struct u8c_tallies *t, const struct u8ref_profile *read_by,
                  const struct u8c_reading *in, const uint32_t *got,
                  size_t ngot)
{
	static _Thread_local struct u8c_token tok[U8C_MAX_TOKENS];
	const unsigned char *telling = telling_leads();
	const struct u8ref_profile *p;
	size_t i, ntok;

	for (i = 0; i < in->n && !telling[in->s[i]]; i++)
		;
	if (i == in->n)
		return;
	t->variant_tested++;
	for (i = 0; (p = u8ref_profile_at(i)) != NULL; i++) {
		/* A profile ruled out stays ruled out. */
		if (t->variant_violated >> i & 1u)
			continue;
		/* The reading at hand, given exactly, fits. */
		if (p == read_by && ngot == in->nwant &&
		    u8c_same_code_points(got, in->want, ngot))
			continue;
		ntok = u8c_tokenize(p, in->s, in->n, tok);
		if (!u8c_match(tok, ntok, got, ngot, NULL, NULL, NULL))
			t->variant_violated |= 1u << i;
	}
}
