/* SPDX-License-Identifier: MIT */
/*
 * plan.c - the plans of u8conform's runs, each a table of rows.
 */
#include <string.h>

#include "plan.h"

/* Surrogate pairs tell CESU-8 and WTF-8 apart; one in 64 is enough. */
enum { PAIRS_SAMPLED = 64 };

/* The default suite, in the order it runs. */
static const struct u8c_plan_row default_rows[] = {
    /* family                      placement         probes variants */
    {&u8c_family_categories, U8C_GUARD_AFTER, 1, 1, 0, 0},
    {&u8c_family_categories, U8C_GUARD_BEFORE, 0, 0, 0, 0},
    {&u8c_family_context, U8C_GUARD_AFTER, 1, 0, 0, 0},
    {&u8c_family_short, U8C_GUARD_AFTER, 0, 0, 0, 0},
    {&u8c_family_supplementary, U8C_GUARD_AFTER, 0, 0, 0, 0},
    {&u8c_family_surrogate_pairs, U8C_GUARD_AFTER, 0, PAIRS_SAMPLED, 0, 0},
    {&u8c_family_long_forms, U8C_GUARD_AFTER, 0, 0, 0, 0},
    {&u8c_family_encoder, U8C_GUARD_AFTER, 0, 0, 0, 0},
};

/* --input: the input against the guard after it, with the probes and
 * the variant, then against the guard before it. */
static const struct u8c_plan_row one_rows[] = {
    {&u8c_family_one, U8C_GUARD_AFTER, 1, 1, 0, 0},
    {&u8c_family_one, U8C_GUARD_BEFORE, 0, 0, 0, 0},
};

static const struct u8c_plan_row one_code_point_rows[] = {
    {&u8c_family_one_code_point, U8C_GUARD_AFTER, 0, 0, 0, 0},
};

static const struct u8c_plan_row exhaustive_rows[] = {
    {&u8c_family_exhaustive, U8C_GUARD_AFTER, 0, 0, 0, 0},
};

static void
take(struct u8c_plan *plan, const struct u8c_plan_row *rows, size_t n)
{
	memcpy(plan->rows, rows, n * sizeof *rows);
	plan->nrows = n;
	for (size_t r = 0; r < n; r++)
		plan->rows[r].count = rows[r].family->count();
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
		take(plan, exhaustive_rows, 1);
		if (shards > 0) {
			/* shard K of N: equal parts, the last one taking what
			 * the division leaves */
			all = row->count;
			row->first = all / shards * (shard - 1);
			row->count =
			    shard == shards ? all - row->first : all / shards;
		}
		break;
	}
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
