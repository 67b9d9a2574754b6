/* SPDX-License-Identifier: MIT */
/*
 * judging.h - what the judges of the functions share (judge.c for the
 * one-shot functions, stream.c for u8t_stream_decode): counting a
 * failure with its example, the texts of expected and got, the pieces of
 * the reading, and the judging of decoded values.  Not for outside the
 * judge.
 */
#ifndef U8C_JUDGING_H
#define U8C_JUDGING_H

#include "judge.h"

/* What one judging shares between its steps. */
struct judging {
	struct u8c_tallies *t;
	const struct u8c_judging *j;
	const struct u8c_item *item;
	const struct u8c_reading *in;
};

/* No piece in particular. */
extern const struct u8c_part u8c_whole;

/* Counts a failure of check @c at @level, the answers parting at @part
 * (len 0: nowhere in particular) as @parting; returns the example to
 * fill in, or NULL. */
struct u8c_example *u8c_fail(const struct judging *g, enum u8c_check_id c,
                             enum u8c_level level, struct u8c_part part,
                             enum u8c_parting parting);

/* Expected and got, each shown around the first place they differ, so
 * that the two never read the same. */
void u8c_texts(struct u8c_example *e, const char *label_a, const uint32_t *a,
               size_t na, const char *label_b, const uint32_t *b, size_t nb);

/* The piece token @t is; the token holding byte @offset (or ntok), and
 * its piece; the group of token @t, or the input's when it has none. */
struct u8c_part u8c_token_part(const struct u8c_reading *in, size_t t);
size_t u8c_token_at(const struct u8c_reading *in, size_t offset);
struct u8c_part u8c_part_at(const struct u8c_reading *in, size_t offset);
enum u8c_group u8c_group_of(const struct u8c_reading *in, size_t t);

/* Whether @out is the reading less a leading BOM. */
int u8c_is_bom_stripped(const struct u8c_reading *in, const uint32_t *out,
                        size_t nout);

/* Counts the checks of @fn (decode, next or stream) that values on this
 * input test, as tested. */
void u8c_count_tested(const struct judging *g, enum u8c_fn fn);

/*
 * u8c_judge_values - values from @fn (decode, next or stream) against the
 * reading, counted by u8c_count_tested first.  Returns 1 when they fit it
 * (a WARN at worst); a failure, of any level, is also put in *@failed
 * when it is not NULL (its level U8C_PASS when there was none).
 */
int u8c_judge_values(const struct judging *g, enum u8c_fn fn,
                     const uint32_t *out, size_t nout,
                     struct u8c_failure *failed);

#endif /* U8C_JUDGING_H */
