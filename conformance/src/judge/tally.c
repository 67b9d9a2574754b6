/* SPDX-License-Identifier: MIT */
/*
 * tally.c - counting failures and keeping the smallest counterexamples.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "tally.h"
#include "u8ref.h"

const char *const u8c_level_names[4] = {"pass", "info", "warn", "fail"};

/* Whether an item with these fields comes before example @b. */
static int
before(uint8_t during, uint8_t kind, uint32_t cp, const uint8_t *bytes,
       size_t n, uint32_t run, size_t index, const struct u8c_example *b)
{
	size_t k = n < U8C_EXAMPLE_BYTES ? n : U8C_EXAMPLE_BYTES;
	int c;

	if (during != b->during)
		return during < b->during; /* items first, then loading */
	if (kind != b->kind)
		return kind < b->kind;
	if (kind == U8C_ITEM_CODE_POINT)
		return cp < b->cp;
	if (n != b->n)
		return n < b->n;
	if (k > 0 && (c = memcmp(bytes, b->bytes, k)) != 0)
		return c < 0;
	return run != b->run ? run < b->run : index < b->index;
}

int
u8c_example_before(const struct u8c_example *a, const struct u8c_example *b)
{
	return before(a->during, a->kind, a->cp, a->bytes, a->n, a->run,
	              a->index, b);
}

/* Whether the two name the same input (whatever item they came from). */
static int
same_input(const struct u8c_example *a, const struct u8c_example *b)
{
	if (a->during != b->during || a->kind != b->kind)
		return 0;
	if (a->during != U8C_DURING_ITEM)
		return 1;
	if (a->kind == U8C_ITEM_CODE_POINT)
		return a->cp == b->cp;
	return a->n == b->n && a->n <= U8C_EXAMPLE_BYTES &&
	       memcmp(a->bytes, b->bytes, a->n) == 0;
}

/* Puts @e among t's examples if it is one of the smallest; returns
 * where it went, or NULL. */
static struct u8c_example *
keep(struct u8c_tally *t, const struct u8c_example *e)
{
	size_t at, k;

	for (k = 0; k < t->nexamples; k++)
		if (same_input(&t->ex[k], e))
			return NULL;
	for (at = t->nexamples; at > 0 && u8c_example_before(e, &t->ex[at - 1]);
	     at--)
		;
	if (at == U8C_EXAMPLES)
		return NULL;
	k = t->nexamples < U8C_EXAMPLES ? t->nexamples : U8C_EXAMPLES - 1;
	memmove(&t->ex[at + 1], &t->ex[at], (k - at) * sizeof t->ex[0]);
	t->ex[at] = *e;
	if (t->nexamples < U8C_EXAMPLES)
		t->nexamples++;
	return &t->ex[at];
}

/* The example an item makes, without its texts. */
static void
example_of(struct u8c_example *e, const struct u8c_item *item, uint32_t run,
           size_t index)
{
	memset(e, 0, sizeof *e);
	e->run = run;
	e->index = index;
	e->fn = U8C_FN_ANY;
	e->reproduced = -1;
	e->kind = (uint8_t)item->kind;
	e->cp = item->cp;
	e->n = item->n;
	if (item->n > 0)
		memcpy(e->bytes, item->s,
		       item->n < U8C_EXAMPLE_BYTES ? item->n
		                                   : U8C_EXAMPLE_BYTES);
}

struct u8c_example *
u8c_tally_fail(struct u8c_tallies *t, enum u8c_check_id c, enum u8c_level level,
               const struct u8c_item *item, uint32_t run, size_t index)
{
	struct u8c_tally *y = &t->t[c];
	struct u8c_example e;

	y->failed++;
	if (level > y->level)
		y->level = (uint8_t)level;
	/* Most failures are not among the smallest: a look before a copy. */
	if (y->nexamples == U8C_EXAMPLES &&
	    !before(U8C_DURING_ITEM, (uint8_t)item->kind, item->cp, item->s,
	            item->n, run, index, &y->ex[U8C_EXAMPLES - 1]))
		return NULL;
	example_of(&e, item, run, index);
	return keep(y, &e);
}

void
u8c_tally_fate(struct u8c_tallies *t, enum u8c_fate fate, enum u8c_fn fn,
               enum u8c_during during, int detail, const struct u8c_item *item,
               uint32_t run, size_t index)
{
	static const char *const got[U8C_FATES] = {
	    [U8C_FATE_OVERREAD] = "reads past the end of its input",
	    [U8C_FATE_UNDERREAD] = "reads before the start of its input",
	    [U8C_FATE_OVERWRITE] = "writes past the end of its output",
	    [U8C_FATE_HANG] = "hangs (no answer within the timeout)",
	    [U8C_FATE_OUTPUT] = "writes to stdout or stderr",
	    [U8C_FATE_SPAWN] = "starts a process",
	    [U8C_FATE_KILL] = "signals another process",
	};
	enum u8c_check_id c = u8c_check_of_fate(fate);
	struct u8c_tally *y = &t->t[c];
	struct u8c_example e, *kept;

	if (item != NULL) {
		kept = u8c_tally_fail(t, c, U8C_FAIL, item, run, index);
	} else {
		/* loading and unloading are judged once each */
		y->tested++;
		y->failed++;
		y->level = U8C_FAIL;
		memset(&e, 0, sizeof e);
		e.run = U8C_NO_RUN;
		e.during = (uint8_t)during;
		e.fn = U8C_FN_ANY;
		e.reproduced = -1;
		kept = keep(y, &e);
	}
	if (kept == NULL)
		return;
	kept->fn = (uint8_t)fn;
	snprintf(kept->expected, sizeof kept->expected, "an answer");
	if (fate == U8C_FATE_CRASH)
		snprintf(kept->got, sizeof kept->got,
		         "killed by signal %d (%s)", detail, strsignal(detail));
	else if (fate == U8C_FATE_EXIT)
		snprintf(kept->got, sizeof kept->got, "exit(%d)", detail);
	else
		snprintf(kept->got, sizeof kept->got, "%s", got[fate]);
}

void
u8c_tally_merge(struct u8c_tallies *to, const struct u8c_tallies *from)
{
	size_t c, k;

	for (c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_tally *a = &from->t[c];
		struct u8c_tally *b = &to->t[c];

		b->tested += a->tested + from->seen[c] +
		             (c >= U8C_ISOLATION_CRASH ? from->items : 0);
		b->failed += a->failed;
		b->died += a->died;
		if (a->level > b->level)
			b->level = a->level;
		for (k = 0; k < a->nexamples && k < U8C_EXAMPLES; k++)
			keep(b, &a->ex[k]);
	}
	to->policy_violated |= from->policy_violated;
	to->policy_runs += from->policy_runs;
	to->variant_violated |= from->variant_violated;
	to->variant_tested += from->variant_tested;
}

enum u8c_level
u8c_tally_verdict(const struct u8c_tallies *t)
{
	enum u8c_level v = U8C_PASS;
	size_t c;

	for (c = 0; c < U8C_CHECKS; c++)
		if (t->t[c].level > v)
			v = (enum u8c_level)t->t[c].level;
	return v;
}

const char *
u8c_policy_name_of(uint64_t runs, uint32_t violated, uint64_t judged)
{
	static const char *const names[U8C_POLICIES] = {
	    "maximal subparts", "one per byte", "one per run",
	    "drops ill-formed input"};
	int k;

	if (runs == 0)
		return judged > 0 ? "maximal subparts" : "unknown";
	for (k = 0; k < U8C_POLICIES; k++)
		if (!(violated >> k & 1u))
			return names[k];
	return "other";
}

const char *
u8c_variant_name_of(uint64_t tested, uint32_t violated)
{
	const struct u8ref_profile *p;
	size_t i;

	if (tested == 0)
		return "unknown";
	for (i = 0; (p = u8ref_profile_at(i)) != NULL; i++)
		if (!(violated >> i & 1u))
			return p->name;
	return "none";
}

const char *
u8c_policy_name(const struct u8c_tallies *t)
{
	return u8c_policy_name_of(t->policy_runs, t->policy_violated,
	                          t->t[U8C_DECODE_REPLACEMENT].tested +
	                              t->t[U8C_NEXT_REPLACEMENT].tested);
}

const char *
u8c_variant_name(const struct u8c_tallies *t)
{
	return u8c_variant_name_of(t->variant_tested, t->variant_violated);
}
