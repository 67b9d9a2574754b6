/* SPDX-License-Identifier: MIT */
/*
 * judge.h - a target's answers on one item against the reference's
 * reading of it.
 *
 * The judge is a pure function of the item, the reading and the answers:
 * it calls nothing, knows nothing of processes or guard pages, and only
 * adds to the tallies it is given.  A wrong character is a FAIL; a
 * different number of U+FFFD for the same ill-formed bytes is a WARN
 * (Unicode allows it, the web does not); a stripped BOM is INFO.
 */
#ifndef U8C_JUDGE_H
#define U8C_JUDGE_H

#include "answers.h"
#include "families.h"
#include "reading.h"
#include "tally.h"
#include "u8ref.h"

struct u8c_judging {
	const struct u8ref_profile *profile;   /* the reading's profile     */
	const struct u8c_expectations *expect; /* accepted departures, or
	                                          NULL                     */
	unsigned traits;                       /* the target's U8T_ bits    */
	int variants;                          /* diagnose the variant too  */
	uint32_t run;                          /* the item's plan row       */
	size_t index;                          /* and its index, for examples */
};

/*
 * u8c_judge - judge @a, the answers on @item, into @t.
 * @in: the reference's reading of @item under j->profile (u8c_read);
 *      NULL for a code point item.
 */
void u8c_judge(struct u8c_tallies *t, const struct u8c_judging *j,
               const struct u8c_item *item, const struct u8c_reading *in,
               const struct u8c_answers *a);

/* diagnose.c: what fitting answers say about the decoder. */

/* Records which replacement policies a fitting decoding contradicts, run
 * by run of ill-formed subparts (@counts from u8c_match, or NULL for an
 * exact one: one U+FFFD each); returns 1 if a run was dropped whole. */
int u8c_note_policy(struct u8c_tallies *t, const struct u8c_token *tok,
                    size_t ntok, const size_t *counts);

/* u8c_note_policy for a decoding of @in that is exactly its reading,
 * from what u8c_read found of its runs. */
void u8c_note_exact_policy(struct u8c_tallies *t, const struct u8c_reading *in);

/* The variants (bit i: u8ref_profile_at(i)) that may read s[0..n)
 * unlike Table 3-7: those with a telling byte in it.  The others read it
 * as Table 3-7 does, token for token. */
uint32_t u8c_variants_telling(const uint8_t *s, size_t n);

/* Rules out the variants (u8ref_profile_at) whose reading of @in the
 * decoding got[0..ngot) does not fit; @read_by is the profile @in was
 * read under. */
void u8c_note_variants(struct u8c_tallies *t,
                       const struct u8ref_profile *read_by,
                       const struct u8c_reading *in, const uint32_t *got,
                       size_t ngot);

#endif /* U8C_JUDGE_H */
