/* SPDX-License-Identifier: MIT */
/*
 * tally.c - counting failures and keeping the smallest counterexamples.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "byte_map.h"
#include "chunking.h"
#include "room.h"
#include "tally.h"
#include "u8ref.h"

const char *const u8c_level_names[4] = {"pass", "info", "warn", "fail"};

/* Whether an item with these fields comes before example @b: inputs
 * of the check's own group alone first, then the shorter, the lower
 * bytes, the earlier item. */
static int
before(const struct u8c_example *a, const uint8_t *bytes,
       const struct u8c_example *b)
{
	size_t k = a->n < U8C_EXAMPLE_BYTES ? a->n : U8C_EXAMPLE_BYTES;
	int c;

	if (a->during != b->during)
		return a->during < b->during; /* items first, then loading */
	if (a->kind != b->kind)
		return a->kind < b->kind;
	if (a->purity != b->purity)
		return a->purity < b->purity;
	if (a->kind == U8C_ITEM_CODE_POINT)
		return a->cp < b->cp;
	if (a->n != b->n)
		return a->n < b->n;
	if (k > 0 && (c = memcmp(bytes, b->bytes, k)) != 0)
		return c < 0;
	if (!u8c_chunking_same(&a->chunking, &b->chunking))
		return u8c_chunking_before(&a->chunking, a->n, &b->chunking,
		                           b->n);
	return a->run != b->run ? a->run < b->run : a->index < b->index;
}

int
u8c_example_before(const struct u8c_example *a, const struct u8c_example *b)
{
	return before(a, a->bytes, b);
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
	       memcmp(a->bytes, b->bytes, a->n) == 0 &&
	       u8c_chunking_same(&a->chunking, &b->chunking);
}

/*
 * Puts @e among y's examples if it is one of the smallest of its key, and
 * of the smallest keys; returns where it went, or NULL.  The examples
 * kept differ in their keys, so a check that fails for two reasons
 * shows both, not the same one three times.
 */
static struct u8c_example *
keep(struct u8c_tally *y, const struct u8c_example *e)
{
	size_t at, k;

	for (k = 0; k < y->nexamples; k++) {
		if (same_input(&y->ex[k], e))
			return NULL;
		if (y->ex[k].key != e->key)
			continue;
		if (!u8c_example_before(e, &y->ex[k]))
			return NULL;
		memmove(&y->ex[k], &y->ex[k + 1],
		        (y->nexamples - k - 1) * sizeof y->ex[0]);
		y->nexamples--;
		break;
	}
	if (y->nexamples == U8C_EXAMPLES) {
		if (!u8c_example_before(e, &y->ex[U8C_EXAMPLES - 1]))
			return NULL;
		y->nexamples--;
	}
	for (at = y->nexamples; at > 0 && u8c_example_before(e, &y->ex[at - 1]);
	     at--)
		;
	memmove(&y->ex[at + 1], &y->ex[at],
	        (y->nexamples - at) * sizeof y->ex[0]);
	y->ex[at] = *e;
	y->nexamples++;
	return &y->ex[at];
}

/* The example a failure on an item makes, its texts empty: every field
 * set one by one, since most failures are not kept and a whole-struct
 * clear would cost more than the rest. */
static void
example_of(struct u8c_example *e, const struct u8c_failure *f,
           const struct u8c_item *item, uint32_t run, size_t index)
{
	uint8_t b = item->kind == U8C_ITEM_BYTES && f->part.len > 0
	                ? item->s[f->part.off]
	            : item->n > 0 ? item->s[0]
	                          : 0;

	e->run = run;
	e->during = U8C_DURING_ITEM;
	e->index = index;
	e->fn = U8C_FN_ANY;
	e->reproduced = -1;
	e->kind = (uint8_t)item->kind;
	e->purity = (uint8_t)(f->purity < 255 ? f->purity : 255);
	e->key = (uint8_t)(u8c_byte_class(b) * 3 + (unsigned)f->parting);
	e->cp = item->cp;
	e->n = item->n;
	e->expectation = (int16_t)f->expected;
	e->part_off = (uint32_t)f->part.off;
	e->part_len = (uint32_t)f->part.len;
	e->chunking = item->chunking;
	if (item->n > 0)
		memcpy(e->bytes, item->s,
		       item->n < U8C_EXAMPLE_BYTES ? item->n
		                                   : U8C_EXAMPLE_BYTES);
	e->expected[0] = e->got[0] = '\0';
}

_Static_assert((int)U8C_DURING_ITEM == (int)U8C_CAUSE_ITEM &&
                   (int)U8C_DURING_LOADING == (int)U8C_CAUSE_LOADING &&
                   (int)U8C_DURING_UNLOADING == (int)U8C_CAUSE_UNLOADING,
               "a failure's time is its cause's");

struct u8c_example *
u8c_tally_fail(struct u8c_tallies *t, const struct u8c_failure *f,
               const struct u8c_item *item, uint32_t run, size_t index)
{
	struct u8c_tally *y =
	    f->expected >= 0 ? &t->x[f->check] : &t->t[f->check];
	struct u8c_example e, *kept = NULL;

	/* the map's last example, filled in by now, before keep() moves
	 * the tally's */
	if (t->map != NULL)
		u8c_map_settle(t->map);
	if (f->expected >= 0)
		t->matched[f->expected]++;
	if (t->causes[f->check] == NULL)
		t->causes[f->check] =
		    u8c_room(calloc(1, sizeof *t->causes[f->check]), "causes");
	u8c_causes_note(t->causes[f->check], item, &f->part,
	                (enum u8c_cause_at)f->during);
	y->failed++;
	if (f->level > y->level)
		y->level = (uint8_t)f->level;
	example_of(&e, f, item, run, index);
	/* Most failures are not among the smallest: a look before a copy. */
	if (y->nexamples < U8C_EXAMPLES ||
	    before(&e, item->s, &y->ex[U8C_EXAMPLES - 1]))
		kept = keep(y, &e);
	return t->map != NULL ? u8c_map_note(t->map, f->check, item, &e, kept)
	                      : kept;
}

/* What a fate is said to be, where its detail names a case of it. */
static const struct {
	enum u8c_fate fate;
	int detail;
	const char *got;
} fate_cases[] = {
    {U8C_FATE_OVERWRITE, U8C_DETAIL_STATE,
     "writes past the end of its state (u8t_stream_size() bytes)"},
    {U8C_FATE_OVERREAD, U8C_DETAIL_STATE,
     "reads past the end of its state (u8t_stream_size() bytes)"},
    {U8C_FATE_OVERWRITE, U8C_DETAIL_STACK,
     "writes past the top of its stack (a local array overrun)"},
    {U8C_FATE_OVERWRITE, U8C_DETAIL_BEFORE,
     "writes before the start of its output"},
    {U8C_FATE_REACH, U8C_DETAIL_SIGNAL,
     "changes the handler of a signal u8conform keeps (refused)"},
    {U8C_FATE_HANG, U8C_DETAIL_HANG_CPU,
     "hangs (used the timeout in CPU time without an answer)"},
    {U8C_FATE_HANG, U8C_DETAIL_HANG_BLOCKED,
     "hangs (blocked for ten times the timeout without an answer)"},
    {U8C_FATE_HANG, U8C_DETAIL_HANG_CHILD,
     "hangs (its --exec child gave no answer within the timeout)"},
    {U8C_FATE_HANG, U8C_DETAIL_HANG_UNREAD,
     "hangs (ten times the timeout of wall time without an answer; "
     "its CPU time could not be read)"},
    {U8C_FATE_OVERWRITE, U8C_DETAIL_HARNESS,
     "writes over the harness's memory (the record of its answers)"},
    {U8C_FATE_OVERWRITE, U8C_DETAIL_LOAD_REPORT,
     "writes over the harness's memory (the report of the functions it "
     "exports)"},
};

/* What fate @fate with @detail is said to be, into @got. */
static void
say_fate(char *got, size_t size, enum u8c_fate fate, int detail)
{
	static const char *const plain[U8C_FATES] = {
	    [U8C_FATE_OVERREAD] = "reads past the end of its input",
	    [U8C_FATE_UNDERREAD] = "reads before the start of its input",
	    [U8C_FATE_OVERWRITE] = "writes past the end of its output",
	    [U8C_FATE_HANG] = "hangs (no answer within the timeout)",
	    [U8C_FATE_OUTPUT] = "writes to stdout or stderr",
	    [U8C_FATE_SPAWN] = "starts a process",
	    [U8C_FATE_KILL] = "signals another process",
	    [U8C_FATE_REACH] = "reaches into another process or around "
	                       "the sandbox",
	    [U8C_FATE_PROTOCOL] = "answers with what is not its answer's "
	                          "frame (conformance/PROTOCOL.md)",
	    [U8C_FATE_CONVENTION] = "returns with a register or flag "
	                            "changed that the calling convention "
	                            "has it keep",
	};

	if (detail == U8C_DETAIL_BETWEEN) {
		snprintf(got, size,
		         "%s between calls (after this one returned)",
		         fate == U8C_FATE_EXIT ? "a thread of it exits"
		                               : plain[fate]);
		return;
	}
	if (fate == U8C_FATE_CRASH) {
		snprintf(got, size, "killed by signal %d (%s)", detail,
		         strsignal(detail));
		return;
	}
	if (fate == U8C_FATE_EXIT) {
		snprintf(got, size, "exit(%d)", detail);
		return;
	}
	if (fate == U8C_FATE_MEMORY) {
		snprintf(got, size, "holds %d MiB of memory, past --memory",
		         detail);
		return;
	}
	for (size_t k = 0; k < sizeof fate_cases / sizeof fate_cases[0]; k++)
		if (fate_cases[k].fate == fate &&
		    fate_cases[k].detail == detail) {
			snprintf(got, size, "%s", fate_cases[k].got);
			return;
		}
	snprintf(got, size, "%s", plain[fate]);
}

void
u8c_tally_fate(struct u8c_tallies *t, const struct u8c_expectations *x,
               enum u8c_fate fate, enum u8c_fn fn, enum u8c_during during,
               int detail, const char *said, const struct u8c_item *item,
               uint32_t run, size_t index)
{
	struct u8c_failure f = {u8c_check_of_fate(fate),
	                        U8C_FAIL,
	                        {0, 0},
	                        U8C_PARTING_OTHER,
	                        0,
	                        -1,
	                        during};
	struct u8c_item none = {U8C_ITEM_BYTES, NULL, 0, 0, {0, 0, 0}};
	struct u8c_example *kept;

	f.expected = u8c_expect_match(x, f.check, item, NULL, (int)during);
	kept = u8c_tally_fail(t, &f, item != NULL ? item : &none,
	                      item != NULL ? run : U8C_NO_RUN, index);
	if (item == NULL) /* loading and unloading are judged once each */
		t->t[f.check].tested++;
	if (kept == NULL)
		return;
	kept->during = (uint8_t)during;
	kept->fn = (uint8_t)fn;
	snprintf(kept->expected, sizeof kept->expected, "an answer");
	if (said != NULL && said[0] != '\0')
		snprintf(kept->got, sizeof kept->got, "%s", said);
	else
		say_fate(kept->got, sizeof kept->got, fate, detail);
}

/* Whether @a holds anything beside its count of items tested. */
static int
tally_empty(const struct u8c_tally *a)
{
	return a->failed == 0 && a->died == 0 && a->level == U8C_PASS &&
	       a->nexamples == 0;
}

static void
merge_tally(struct u8c_tally *b, const struct u8c_tally *a)
{
	b->failed += a->failed;
	b->died += a->died;
	if (a->level > b->level)
		b->level = a->level;
	for (size_t k = 0; k < a->nexamples && k < U8C_EXAMPLES; k++)
		keep(b, &a->ex[k]);
}

void
u8c_tally_merge(struct u8c_tallies *to, struct u8c_tallies *from)
{
	size_t c, k;

	/* nothing written where nothing is added: most of @to is examples
	 * on pages nothing wrote yet, which a write would fault in */
	for (c = 0; c < U8C_CHECKS; c++) {
		uint64_t tested =
		    from->t[c].tested + from->seen[c] +
		    (u8c_check_is_isolation((int)c) ? from->items : 0);

		if (tested != 0)
			to->t[c].tested += tested;
		if (!tally_empty(&from->t[c]))
			merge_tally(&to->t[c], &from->t[c]);
		if (!tally_empty(&from->x[c]))
			merge_tally(&to->x[c], &from->x[c]);
	}
	for (k = 0; k < U8C_EXPECT_MAX; k++)
		to->matched[k] += from->matched[k];
	to->policy_violated |= from->policy_violated;
	to->policy_runs += from->policy_runs;
	to->variant_violated |= from->variant_violated;
	to->variant_tested += from->variant_tested;
	for (c = 0; c < U8C_CHECKS; c++) {
		if (to->causes[c] == NULL) {
			to->causes[c] = from->causes[c];
			from->causes[c] = NULL;
			if (to->causes[c] != NULL)
				u8c_causes_moved(to->causes[c]);
		} else if (from->causes[c] != NULL) {
			u8c_causes_merge(to->causes[c], from->causes[c]);
		}
	}
	if (to->map != NULL && from->map != NULL)
		u8c_map_merge(&to->map, &from->map);
}

void
u8c_tallies_release(struct u8c_tallies *t)
{
	for (size_t c = 0; c < U8C_CHECKS; c++)
		free(t->causes[c]);
}

void
u8c_tallies_clear(struct u8c_tallies *t)
{
	enum { CHUNK = 4096 };
	struct u8c_byte_map *map = t->map;
	uint8_t *b = (uint8_t *)t;

	u8c_tallies_release(t);
	/* a chunk at a time, and only one that is not zero already: most of
	 * a tallies is examples never written, on pages mapped to the zero
	 * page, which a write would fault in one by one */
	for (size_t at = 0; at < sizeof *t; at += CHUNK) {
		size_t len = sizeof *t - at < CHUNK ? sizeof *t - at : CHUNK;

		if (b[at] != 0 || memcmp(b + at, b + at + 1, len - 1) != 0)
			memset(b + at, 0, len);
	}
	t->map = map;
}

enum u8c_level
u8c_tally_unexpected(const struct u8c_tallies *t)
{
	enum u8c_level v = U8C_PASS;

	for (size_t c = 0; c < U8C_CHECKS; c++)
		if (t->t[c].level > v)
			v = (enum u8c_level)t->t[c].level;
	return v;
}

enum u8c_level
u8c_tally_verdict(const struct u8c_tallies *t)
{
	enum u8c_level v = u8c_tally_unexpected(t);

	for (size_t c = 0; c < U8C_CHECKS; c++)
		if (t->x[c].level > v)
			v = (enum u8c_level)t->x[c].level;
	return v;
}

const char *
u8c_policy_name_of(uint64_t runs, uint32_t violated)
{
	static const char *const names[U8C_POLICIES] = {
	    "maximal subparts", "one per byte", "one per run",
	    "drops ill-formed input"};
	int k;

	if (runs == 0)
		return "unknown";
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
	return u8c_policy_name_of(t->policy_runs, t->policy_violated);
}

const char *
u8c_variant_name(const struct u8c_tallies *t)
{
	return u8c_variant_name_of(t->variant_tested, t->variant_violated);
}
