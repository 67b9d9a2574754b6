/* SPDX-License-Identifier: MIT */
/*
 * causes.h - what a check's failures have in common, as patterns an
 * expectation can name: the byte classes of each piece where a target's
 * answers part from the reference's, with the cuts in it and right after
 * it, each distinct one kept once.  --write-expect writes a line for each,
 * so an expectation is as narrow as the departure it accepts.
 */
#ifndef U8C_CAUSES_H
#define U8C_CAUSES_H

#include <stddef.h>
#include <stdint.h>

#include "expect.h"
#include "families.h"

enum {
	U8C_CAUSES = 96,         /* in a report; more are "any input"   */
	U8C_CAUSES_SEEN = 1024,  /* kept per check as they are met: made
	                            fewer (u8c_causes_coalesce) only at
	                            the end, or when that many are met  */
	U8C_CAUSES_INDEX = 2048, /* slots of their index, half used     */
	U8C_CAUSE_BYTES = 6,     /* the longest piece a pattern names   */
	U8C_CAUSE_TEXT = 64,     /* room for one as text                */
};

/* One cause: a piece of @len bytes (0: loading, then class_lo[0] is
 * 1, or unloading, 2), byte k of one of the classes class_lo[k] to
 * class_hi[k], cuts[k] cuts after it (0..2, or 3: any number) and
 * @before before the first; unused fields are 0, so equal causes
 * compare equal with memcmp. */
struct u8c_cause {
	uint8_t len, before;
	uint8_t whole; /* the piece is the whole input: its every cut counts */
	uint8_t class_lo[U8C_CAUSE_BYTES], class_hi[U8C_CAUSE_BYTES];
	uint8_t cuts[U8C_CAUSE_BYTES];
};

struct u8c_causes {
	uint16_t n;
	uint8_t any; /* one no pattern names, or more than can be kept */
	/* where each is: 1 + its place in cause[], by its hash; 0 empty */
	uint16_t index[U8C_CAUSES_INDEX];
	struct u8c_cause cause[U8C_CAUSES_SEEN];
};

/* Where a failure was met, for the causes: in a call on an item, or
 * around the items (loading, unloading). */
enum u8c_cause_at { U8C_CAUSE_ITEM, U8C_CAUSE_LOADING, U8C_CAUSE_UNLOADING };

/*
 * u8c_causes_note - add the cause of a failure on @item (NULL around the
 * items) whose answers part at @part (NULL: the whole input) to @k.
 */
void u8c_causes_note(struct u8c_causes *k, const struct u8c_item *item,
                     const struct u8c_part *part, enum u8c_cause_at at);

/* u8c_causes_merge - the causes of @from added to @to.
 * u8c_causes_moved - @k, taken whole where an empty set was, made what
 * merging it into the empty set would have made: the same, but that a
 * set which says any input keeps no causes beside it. */
void u8c_causes_merge(struct u8c_causes *to, const struct u8c_causes *from);
void u8c_causes_moved(struct u8c_causes *k);

/* u8c_causes_coalesce - causes that differ in one thing a pattern can
 * say of both (the classes of one byte, where one's end and the other's
 * start; the cuts at one place) made one, until none do. */
void u8c_causes_coalesce(struct u8c_causes *k);

/* u8c_cause_text - cause @c as an expectation's input ("ED A0..BF |"),
 * into @buf[0..U8C_CAUSE_TEXT). */
void u8c_cause_text(const struct u8c_cause *c, char *buf);

#endif /* U8C_CAUSES_H */
