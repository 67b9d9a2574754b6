/* SPDX-License-Identifier: MIT */
/*
 * diagnose.c - what a decoder's fitting answers say about it: its
 * replacement policy, and which variant of UTF-8 it reads.
 */
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
 * For each lead byte b, the profiles (bit i: u8ref_profile_at(i)) that
 * decode <b> or some <b x> unlike Table 3-7.  Their tables differ from
 * it in a lead's first or second byte only, so an input with no byte
 * telling for a profile reads under it as under Table 3-7, token for
 * token (conformance.unit.judge holds it so on every profile).  Each
 * byte's entry is worked out when an input first holds it: 1,542
 * decodes a byte, which for all 256 were most of a short run's work.
 */
static uint32_t telling_lead[256];
#define TOLD (UINT32_C(1) << 31) /* worked out; the profiles are fewer */

/* The profiles that read s[0..n) unlike Table 3-7 at its start. */
static uint32_t
profiles_unlike_unicode(const uint8_t *s, size_t n)
{
	const struct u8ref_profile *p, *unicode = u8ref_profile_at(0);
	struct u8ref_result a = u8ref_decode_one(unicode, s, n), b;
	uint32_t unlike = 0;

	for (size_t i = 1; (p = u8ref_profile_at(i)) != NULL; i++) {
		b = u8ref_decode_one(p, s, n);
		if (a.status != b.status || a.len != b.len || a.cp != b.cp)
			unlike |= 1u << i;
	}
	return unlike;
}

static uint32_t
telling_of(uint8_t lead)
{
	uint32_t told = __atomic_load_n(&telling_lead[lead], __ATOMIC_RELAXED);
	uint8_t s[2] = {lead, 0};

	if (told & TOLD)
		return told & ~TOLD;
	told = 0;
	/* y == 256: the lead alone */
	for (unsigned y = 0; y < 257; y++) {
		s[1] = (uint8_t)y;
		told |= profiles_unlike_unicode(s, y < 256 ? 2 : 1);
	}
	/* another judge thread may work it out too: the same value */
	__atomic_store_n(&telling_lead[lead], told | TOLD, __ATOMIC_RELAXED);
	return told;
}

uint32_t
u8c_variants_telling(const uint8_t *s, size_t n)
{
	uint32_t telling = 0;

	for (size_t i = 0; i < n; i++)
		telling |= telling_of(s[i]);
	return telling;
}

void
u8c_note_variants(struct u8c_tallies *t, const struct u8ref_profile *read_by,
                  const struct u8c_reading *in, const uint32_t *got,
                  size_t ngot)
{
	struct u8c_token tok[U8C_MAX_TOKENS];
	const struct u8ref_profile *p, *unicode = u8ref_profile_at(0);
	uint32_t telling = u8c_variants_telling(in->s, in->n);
	int exact, fits, fits_reading = -1; /* against in's tokens, once */
	size_t i, ntok;

	if (telling == 0)
		return; /* every profile reads it alike */
	exact = ngot == in->nwant && u8c_same_code_points(got, in->want, ngot);
	t->variant_tested++;
	for (i = 0; (p = u8ref_profile_at(i)) != NULL; i++) {
		/* A profile ruled out stays ruled out. */
		if (t->variant_violated >> i & 1u)
			continue;
		if (p == read_by ||
		    (read_by == unicode && !(telling >> i & 1u))) {
			/* it reads the input as the reading at hand does */
			if (exact)
				continue;
			if (fits_reading < 0)
				fits_reading =
				    u8c_match(in->tok, in->ntok, got, ngot,
				              NULL, NULL, NULL);
			fits = fits_reading;
		} else {
			ntok = u8c_tokenize(p, in->s, in->n, tok);
			fits =
			    u8c_match(tok, ntok, got, ngot, NULL, NULL, NULL);
		}
		if (!fits)
			t->variant_violated |= 1u << i;
	}
}
