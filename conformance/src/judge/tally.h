/* SPDX-License-Identifier: MIT */
/*
 * tally.h - what the judging of many items adds up to: per check, how
 * many items it saw and failed, how bad the worst was, and its smallest
 * counterexamples.
 *
 * Workers keep one each, in memory the supervisor reads; the supervisor
 * adds them up (u8c_tally_merge).  A counterexample names its item (plan
 * row and index), so the supervisor can rebuild the whole input and have
 * it re-checked in a fresh worker.
 */
#ifndef U8C_TALLY_H
#define U8C_TALLY_H

#include <stddef.h>
#include <stdint.h>

#include "causes.h"
#include "checks.h"
#include "expect.h"
#include "families.h"

enum u8c_level { U8C_PASS, U8C_INFO, U8C_WARN, U8C_FAIL };

/* "pass", "info", "warn", "fail". */
extern const char *const u8c_level_names[4];

enum {
	U8C_EXAMPLES = 3,        /* counterexamples kept per check      */
	U8C_EXAMPLE_BYTES = 128, /* of each, the bytes kept for ordering */
	U8C_EXAMPLE_TEXT = 320,  /* room for expected and got (a sanitizer's
	                            report with its frames) */
};

/* The plan row of an example that names no item of a plan. */
#define U8C_NO_RUN UINT32_C(0xFFFFFFFF)

/* When a target did something: in a call on an item, or around them. */
enum u8c_during {
	U8C_DURING_ITEM,      /* a call on the example's item      */
	U8C_DURING_LOADING,   /* loading, or a thread it started   */
	U8C_DURING_UNLOADING, /* its destructors, at the end       */
};

/* How the target's answers part from the reference's, at the piece
 * where they do. */
enum u8c_parting {
	U8C_PARTING_OTHER,   /* not a decoding, or no piece to name     */
	U8C_PARTING_CHANGED, /* a value there is not the reference's    */
	U8C_PARTING_LOST,    /* the answers end before that piece       */
};

/* A failure of a check on an item, as the judge or a sandbox sees it. */
struct u8c_failure {
	enum u8c_check_id check;
	enum u8c_level level;
	struct u8c_part part;     /* where the answers part                */
	enum u8c_parting parting; /* how                                   */
	unsigned purity;          /* groups of the input beside the check's */
	int expected;             /* the expectation that accepts it, or -1 */
	enum u8c_during during;   /* in a call on the item, or around them  */
};

/* An item on which a check failed, and the answers that failed it. */
struct u8c_example {
	uint32_t run;        /* the plan row its item came from          */
	uint8_t kind;        /* enum u8c_item_kind                        */
	uint8_t during;      /* enum u8c_during                           */
	uint8_t fn;          /* the function that met a fate, or ANY      */
	int8_t reproduced;   /* re-checked in a fresh worker: 1, 0; or -1 */
	uint8_t purity;      /* groups beside its check's: fewer first    */
	uint8_t key;         /* the class of the byte where the answers
	                        part, and how: kept examples differ in it */
	int16_t expectation; /* the expectation that took it, or -1    */
	size_t index;        /* the item's index in its family            */
	size_t n;            /* its length in bytes                        */
	uint32_t cp;         /* its code point (kind CODE_POINT)          */
	uint32_t part_off;   /* where the answers part, in the input      */
	uint32_t part_len;
	struct u8c_chunking chunking;     /* a stream's chunks (kind 0: none) */
	uint8_t bytes[U8C_EXAMPLE_BYTES]; /* its first bytes             */
	char expected[U8C_EXAMPLE_TEXT];
	char got[U8C_EXAMPLE_TEXT];
};

struct u8c_tally {
	uint64_t tested; /* items judged by this check                    */
	uint64_t failed; /* of them, not passed                           */
	uint64_t died;   /* items it would have judged, whose call died   */
	uint8_t level;   /* enum u8c_level, the worst seen                */
	uint8_t nexamples;
	struct u8c_example ex[U8C_EXAMPLES]; /* smallest first            */
};

/* Replacement policies a decoder may follow for a run of ill-formed
 * bytes: bit k of policy_violated when some run did not. */
enum u8c_policy {
	U8C_POLICY_MAXIMAL,  /* one U+FFFD per maximal subpart  */
	U8C_POLICY_PER_BYTE, /* one per byte                    */
	U8C_POLICY_PER_RUN,  /* one per run of ill-formed bytes */
	U8C_POLICY_DROPS,    /* none: dropped                   */
	U8C_POLICIES
};

struct u8c_byte_map;

struct u8c_tallies {
	/* Items each check judged, side by side for speed; merging adds
	 * them to t[].tested.  Each slot's judge thread counts in its own
	 * tallies, kept a 128-byte pair of cache lines apart: without it,
	 * its neighbour's seen[] shared a line with this one's map, read
	 * for every item (4 % of a run's CPU on libu8t-test-correct.so). */
	_Alignas(128) uint64_t seen[U8C_CHECKS];
	uint64_t items; /* items judged: each is tested for every fate */
	struct u8c_tally t[U8C_CHECKS];   /* failures nobody expected     */
	struct u8c_tally x[U8C_CHECKS];   /* failures an expectation took */
	uint64_t matched[U8C_EXPECT_MAX]; /* failures each expectation
	                                     took: 0 is stale             */
	uint32_t policy_violated;         /* bits of enum u8c_policy      */
	uint64_t policy_runs;             /* ill-formed runs seen         */
	uint32_t variant_violated;        /* bits of u8ref_profile_at(i) */
	uint64_t variant_tested;
	/* the causes of each check's failures, or NULL before its first:
	 * most checks never fail, and a set is 25 KB (held in line, the
	 * sets made 2.8 MB of every tallies cleared or merged) */
	struct u8c_causes *causes[U8C_CHECKS];
	/* where the failures were, by their first two bytes (byte_map.h),
	 * or NULL: not kept */
	struct u8c_byte_map *map;
};

/*
 * u8c_tally_fail - count failure @f on @item (of plan row @run, index
 * @index), with the unexpected or, when an expectation accepted it, the
 * expected ones.  Returns the example to fill in with expected and got
 * when this item is among the check's kept examples, else NULL.
 */
struct u8c_example *u8c_tally_fail(struct u8c_tallies *t,
                                   const struct u8c_failure *f,
                                   const struct u8c_item *item, uint32_t run,
                                   size_t index);

/*
 * u8c_tally_fate - count @fate, met by function @fn on @item (or, with
 * @during not U8C_DURING_ITEM, while loading or unloading; @item is then
 * NULL).  @detail is the signal or the exit status; @said, when not NULL
 * or empty, what the fate was in words (a sanitizer's report), else the
 * words come from @fate and @detail.  @x: the expectations, or NULL.
 */
void u8c_tally_fate(struct u8c_tallies *t, const struct u8c_expectations *x,
                    enum u8c_fate fate, enum u8c_fn fn, enum u8c_during during,
                    int detail, const char *said, const struct u8c_item *item,
                    uint32_t run, size_t index);

/* Whether example @a comes before @b: the shorter, then the lower
 * bytes, then the earlier item. */
int u8c_example_before(const struct u8c_example *a,
                       const struct u8c_example *b);

/* u8c_tally_merge - add @from into @to (their byte maps may be swapped:
 * u8c_map_merge; the causes of a check @to has none of are moved). */
void u8c_tally_merge(struct u8c_tallies *to, struct u8c_tallies *from);

/* u8c_tallies_release - what @t holds freed, but its byte map: its
 * causes.  u8c_tallies_clear - @t released and zeroed; the byte map it
 * points at, if any, stays as it is. */
void u8c_tallies_release(struct u8c_tallies *t);
void u8c_tallies_clear(struct u8c_tallies *t);

/* The overall level, replacement policy and variant of merged tallies;
 * policy and variant are "unknown" where nothing told them.  The
 * verdict counts expected failures too; u8c_tally_unexpected does not. */
enum u8c_level u8c_tally_verdict(const struct u8c_tallies *t);
enum u8c_level u8c_tally_unexpected(const struct u8c_tallies *t);
const char *u8c_policy_name(const struct u8c_tallies *t);
const char *u8c_variant_name(const struct u8c_tallies *t);

/* The same from the evidence alone: ill-formed runs seen and the
 * policies they ruled out, inputs that told variants apart and the
 * variants they ruled out. */
const char *u8c_policy_name_of(uint64_t runs, uint32_t violated);
const char *u8c_variant_name_of(uint64_t tested, uint32_t violated);

#endif /* U8C_TALLY_H */
