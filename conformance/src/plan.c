/* SPDX-License-Identifier: MIT */
/*
 * plan.c - the plans of u8conform's runs, each a table of rows.
 */
#include <string.h>

#include "checks.h"
#include "plan.h"

/* Surrogate pairs tell CESU-8 and WTF-8 apart; one in 64 is enough. */
enum { PAIRS_SAMPLED = 64 };

/* Inputs of one and two bytes, the first of the short family. */
enum { ONE_AND_TWO = 256 + 65536 };

/* The surrogate pairs a stream gets: two high surrogates, every low. */
enum { STREAMED_PAIRS = 2048 };

/* The default suite, in the order it runs.  A stream gets each cut and
 * pair of cuts inside one piece on the shortest input that shows it
 * (PIECES: conformance/README.md, "The stream plan"), of the class
 * sequences, of all inputs of one and two bytes and of the long forms,
 * and the same inner cuts with the chunks against the guard before them;
 * every held tail of the supplementary characters, every cut of the
 * first STREAMED_PAIRS surrogate pairs; the cuts next to the multi-byte
 * pieces of the text around class sequences, a byte a chunk and at
 * random.  The 16.8 M inputs of three bytes are the class sequences'
 * byte for byte, at 15 times their cost, and the other pairs are the
 * first ones' with other bits: --exhaustive cuts them all. */
static const struct u8c_plan_row default_rows[] = {
    /* family                   placement     probes variants  stream
     * first, count (0: the rest of the family) */
    {&u8c_family_categories, U8C_GUARD_AFTER, 1, 1, U8C_STREAM_PIECES, 0, 0},
    {&u8c_family_categories, U8C_GUARD_BEFORE, 0, 0, U8C_STREAM_PIECES_INNER, 0,
     0},
    {&u8c_family_context, U8C_GUARD_AFTER, 1, 0, U8C_STREAM_LONG, 0, 0},
    {&u8c_family_runs, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_CUTS, 0, 0},
    {&u8c_family_short, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_PIECES, 0,
     ONE_AND_TWO},
    {&u8c_family_short, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_NONE, ONE_AND_TWO, 0},
    {&u8c_family_short, U8C_GUARD_BEFORE, 0, 0, U8C_STREAM_NONE, 0,
     ONE_AND_TWO},
    {&u8c_family_supplementary, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_TAILS, 0, 0},
    {&u8c_family_surrogate_pairs, U8C_GUARD_AFTER, 0, PAIRS_SAMPLED,
     U8C_STREAM_CUTS, 0, STREAMED_PAIRS},
    {&u8c_family_surrogate_pairs, U8C_GUARD_AFTER, 0, PAIRS_SAMPLED,
     U8C_STREAM_NONE, STREAMED_PAIRS, 0},
    {&u8c_family_long_forms, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_PIECES, 0, 0},
    {&u8c_family_encoder, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_NONE, 0, 0},
};

/* --input: the input against the guard after it, with the probes and
 * the variant, then against the guard before it. */
static const struct u8c_plan_row one_rows[] = {
    {&u8c_family_one, U8C_GUARD_AFTER, 1, 1, U8C_STREAM_PAIRS, 0, 0},
    {&u8c_family_one, U8C_GUARD_BEFORE, 0, 0, U8C_STREAM_INNER, 0, 0},
};

static const struct u8c_plan_row one_code_point_rows[] = {
    {&u8c_family_one_code_point, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_NONE, 0, 0},
};

/* Every input against the guard after it, cut at every point; those of
 * 1..3 bytes against the guard before it too (s[-1], out[-1]), with the
 * stream's inner cuts. */
static const struct u8c_plan_row exhaustive_rows[] = {
    {&u8c_family_exhaustive, U8C_GUARD_AFTER, 0, 0, U8C_STREAM_CUTS, 0, 0},
    {&u8c_family_short, U8C_GUARD_BEFORE, 0, 0, U8C_STREAM_INNER, 0, 0},
};

static void
take(struct u8c_plan *plan, const struct u8c_plan_row *rows, size_t n)
{
	memcpy(plan->rows, rows, n * sizeof *rows);
	plan->nrows = n;
	for (size_t r = 0; r < n; r++)
		if (rows[r].count == 0)
			plan->rows[r].count =
			    rows[r].family->count() - rows[r].first;
}

void
u8c_plan_make(struct u8c_plan *plan, enum u8c_plan_kind kind, size_t shard,
              size_t shards, int code_point)
{
	struct u8c_plan_row *row = &plan->rows[0];
	size_t all;

	plan->kind = kind;
	plan->sharded = shards > 0;
	switch (kind) {
	case U8C_PLAN_DEFAULT:
		take(plan, default_rows,
		     sizeof default_rows / sizeof default_rows[0]);
		break;
	case U8C_PLAN_ONE:
		if (code_point)
			take(plan, one_code_point_rows, 1);
		else
			take(plan, one_rows, 2);
		break;
	case U8C_PLAN_EXHAUSTIVE:
		take(plan, exhaustive_rows,
		     sizeof exhaustive_rows / sizeof exhaustive_rows[0]);
		break;
	}
	/* shard K of N: equal parts of each row, the last one taking what
	 * the division leaves */
	for (size_t r = 0; shards > 0 && r < plan->nrows; r++) {
		row = &plan->rows[r];
		all = row->count;
		row->first = all / shards * (shard - 1);
		row->count = shard == shards ? all - row->first : all / shards;
	}
}

void
u8c_plan_given_chunks(struct u8c_plan *plan)
{
	for (size_t r = 0; r < plan->nrows; r++)
		if (plan->rows[r].stream != U8C_STREAM_NONE)
			plan->rows[r].stream = U8C_STREAM_GIVEN;
}

int
u8c_plan_row_calls(const struct u8c_plan_row *r, unsigned functions)
{
	for (int fn = 0; fn < U8C_FNS; fn++)
		if ((functions >> fn & 1u) && u8c_plan_row_takes(r, fn))
			return 1;
	return 0;
}

size_t
u8c_plan_items(const struct u8c_plan *plan, enum u8c_item_kind kind)
{
	size_t total = 0;

	for (size_t r = 0; r < plan->nrows; r++)
		if (plan->rows[r].family->kind == kind)
			total += plan->rows[r].count;
	return total;
}
