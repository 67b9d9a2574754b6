/* SPDX-License-Identifier: MIT */
/*
 * plan.h - what a run of u8conform does, as a table: which families of
 * inputs, placed where, with which extra probes.
 *
 * The plan is fixed before the jail is made, so every process of the
 * jail holds the same copy; workers, the supervisor and the report name
 * items by (row, index) into it.
 */
#ifndef U8C_PLAN_H
#define U8C_PLAN_H

#include <stddef.h>

#include "answers.h"
#include "checks.h"
#include "chunking.h"
#include "families.h"
#include "u8ref.h"

enum { U8C_PLAN_MAX = 16 };

/* Where inputs lie: their last byte before a guard page, or their first
 * byte after one. */
enum u8c_placement { U8C_GUARD_AFTER, U8C_GUARD_BEFORE };

struct u8c_plan_row {
	const struct u8c_family *family;
	enum u8c_placement placement;
	int probes;   /* the state probe after every item               */
	int variants; /* diagnose the variant on every variants-th item
	                 (0: never)                                      */
	enum u8c_stream_mode stream; /* the chunkings a stream gets    */
	size_t first; /* items first .. first + count - 1 of the family */
	size_t count;
};

/* What the plan is for. */
enum u8c_plan_kind {
	U8C_PLAN_DEFAULT,    /* the suite: every family once             */
	U8C_PLAN_EXHAUSTIVE, /* every input of 1..4 bytes, or a shard    */
	U8C_PLAN_ONE,        /* one input (--input), bytes or code point */
};

struct u8c_plan {
	enum u8c_plan_kind kind;
	int sharded; /* only a shard of its kind's inputs      */
	struct u8c_plan_row rows[U8C_PLAN_MAX];
	size_t nrows;
	const struct u8ref_profile *profile; /* judged against             */
	unsigned functions;                  /* bit per enum u8c_fn judged */
};

/*
 * u8c_plan_make - the plan of @kind, or of U8C_PLAN_DEFAULT or _EXHAUSTIVE
 * shard @shard of @shards (from 1; 0 of 0 for all); with U8C_PLAN_ONE,
 * @code_point says whether the one input is u8c_family_one_code_point.
 */
void u8c_plan_make(struct u8c_plan *plan, enum u8c_plan_kind kind, size_t shard,
                   size_t shards, int code_point);

/* u8c_plan_given_chunks - with U8C_PLAN_ONE: the input's own cuts
 * (--input "E0|A0 80"), which its rows give a stream instead. */
void u8c_plan_given_chunks(struct u8c_plan *plan);

/* u8c_plan_row_takes - whether function @fn (enum u8c_fn) is called on
 * row @r's items: the byte functions on bytes, the stream only where the
 * row cuts chunkings, u8t_encode on code points (and an item, by
 * u8c_plan_item_takes).  Inline: it is asked for every phase of every
 * item, on both sides. */
static inline int
u8c_plan_row_takes(const struct u8c_plan_row *r, int fn)
{
	if (r->family->kind == U8C_ITEM_CODE_POINT)
		return fn == U8C_FN_ENCODE;
	return fn != U8C_FN_ENCODE &&
	       (fn != U8C_FN_STREAM || r->stream != U8C_STREAM_NONE);
}

/* u8c_plan_item_takes - whether a worker calls function @fn on an item of
 * row @r: its order asks for it (@on, bits of enum u8c_fn), the row takes
 * it, and the item's own: a stream with a cut left (@stream, what the
 * item's chunkings left of the row's mode), a code point @cp the encoder
 * is asked under @traits.  The worker calls by it, and its judge takes
 * answers by it. */
static inline int
u8c_plan_item_takes(const struct u8c_plan_row *r, unsigned on, int fn,
                    enum u8c_stream_mode stream, unsigned traits, uint32_t cp)
{
	if (!(on >> fn & 1u) || !u8c_plan_row_takes(r, fn))
		return 0;
	if (fn == U8C_FN_STREAM)
		return stream != U8C_STREAM_NONE;
	if (fn == U8C_FN_ENCODE)
		return u8c_encoder_asked(traits, cp);
	return 1;
}

/* u8c_plan_item_calls - the functions (bits of enum u8c_fn) that
 * u8c_plan_item_takes says are called on the item: found once an item,
 * then asked at each phase. */
static inline unsigned
u8c_plan_item_calls(const struct u8c_plan_row *r, unsigned on,
                    enum u8c_stream_mode stream, unsigned traits, uint32_t cp)
{
	unsigned calls = 0;

	for (int fn = 0; fn < U8C_FNS; fn++)
		if (u8c_plan_item_takes(r, on, fn, stream, traits, cp))
			calls |= 1u << fn;
	return calls;
}

/* u8c_plan_row_calls - whether it takes any of @functions (bits of enum
 * u8c_fn): a row that takes none is not run at all. */
int u8c_plan_row_calls(const struct u8c_plan_row *r, unsigned functions);

/* Items in all rows of @kind (bytes or code points). */
size_t u8c_plan_items(const struct u8c_plan *plan, enum u8c_item_kind kind);

#endif /* U8C_PLAN_H */
