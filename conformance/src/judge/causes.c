/* SPDX-License-Identifier: MIT */
/*
 * causes.c - the distinct causes of a check's failures.
 *
 * A cause is what an expectation's pattern of byte classes says of the
 * piece where the answers part: the class of each byte, and the cuts in
 * it.  Cuts right after the piece count as one: an expectation's pattern
 * is tried against the piece with none, one, two ... of them, so "C2 |"
 * accepts "C2 | |" too.  Two failures with one cause are accepted by one
 * line, and a new cause needs a line of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "causes.h"
#include "chunking.h"

_Static_assert(U8C_CAUSES <= U8C_CAUSES_SEEN &&
                   U8C_CAUSES_SEEN < U8C_CAUSES_INDEX &&
                   U8C_CAUSES_INDEX <= 65535 &&
                   (U8C_CAUSES_INDEX & (U8C_CAUSES_INDEX - 1)) == 0,
               "an index of a power of two slots, each a place + 1");
_Static_assert(U8C_BYTE_CLASSES <= 255, "a class in a byte");

/* The cause of a failure on @item at @part into @c; 0 when no pattern of
 * byte classes names it (a code point, a piece too long). */
static int
cause_of(struct u8c_cause *c, const struct u8c_item *item,
         const struct u8c_part *part)
{
	uint16_t cuts[U8C_MAX_CUTS];
	int whole = part == NULL || part->len == 0;
	size_t off = whole ? 0 : part->off, len = whole ? item->n : part->len;
	size_t ncuts;

	if (item->kind != U8C_ITEM_BYTES || len == 0 || len > U8C_CAUSE_BYTES ||
	    off + len > item->n)
		return 0;
	c->len = (uint8_t)len;
	c->whole = (uint8_t)whole;
	for (size_t i = 0; i < len; i++)
		c->class_lo[i] = c->class_hi[i] =
		    (uint8_t)u8c_byte_class(item->s[off + i]);
	ncuts = item->chunking.kind == U8C_CHUNK_NONE
	            ? 0
	            : u8c_chunking_cuts(&item->chunking, item->n, cuts);
	for (size_t k = 0; k < ncuts; k++) {
		uint8_t *at = whole && cuts[k] == 0 ? &c->before
		              : cuts[k] > off && cuts[k] <= off + len
		                  ? &c->cuts[cuts[k] - off - 1]
		                  : NULL;

		if (at != NULL) /* 0, 1, 2; 3 for more: '*' */
			*at = *at < 3 ? *at + 1 : 3;
	}
	/* a whole input's pattern matches all of it; a piece's, the cuts
	 * after it one by one */
	if (!whole && c->cuts[len - 1] > 1)
		c->cuts[len - 1] = 1;
	return 1;
}

/* What two causes may differ in to be one: the classes of byte k (k),
 * the cuts after it (CUTS + k), or the cuts before the piece. */
enum { CUTS = U8C_CAUSE_BYTES, BEFORE = 2 * U8C_CAUSE_BYTES, ANY = -1 };

/*
 * Whether @a and @b are one cause but for one thing, @only (or ANY), that
 * a pattern can say of both: the classes of a byte, where one's meet or
 * overlap the other's (80..BF for 80..9F and A0..BF); or the cuts after
 * a byte inside the piece ('*' for any number of them); or the cuts
 * after a piece (none: a pattern is tried with and without them; but a
 * whole input's pattern must match all of it, so '*' there).
 * Then @a becomes that pattern, which accepts what both did and no more.
 */
static int
adjoin(struct u8c_cause *a, const struct u8c_cause *b, int only)
{
	struct u8c_cause m = *a;
	size_t last = a->len - 1;
	int diff = ANY, n = 0;

	if (a->len != b->len || a->len == 0 || a->whole != b->whole)
		return 0;
	if (a->before != b->before) {
		m.before = 3;
		diff = BEFORE, n++;
	}
	for (size_t i = 0; i < a->len; i++) {
		if (a->class_lo[i] != b->class_lo[i] ||
		    a->class_hi[i] != b->class_hi[i]) {
			if (a->class_hi[i] + 1 < b->class_lo[i] ||
			    b->class_hi[i] + 1 < a->class_lo[i])
				return 0; /* not one range */
			if (b->class_lo[i] < m.class_lo[i])
				m.class_lo[i] = b->class_lo[i];
			if (b->class_hi[i] > m.class_hi[i])
				m.class_hi[i] = b->class_hi[i];
			diff = (int)i, n++;
		}
		if (a->cuts[i] != b->cuts[i]) {
			m.cuts[i] = i == last && !a->whole ? 0 : 3;
			diff = CUTS + (int)i, n++;
		}
	}
	if (n > 1 || (n == 1 && only != ANY && diff != only))
		return 0;
	*a = m;
	return 1;
}

/* A hash of cause @c's bytes (FNV-1a): its place in the index, and, of a
 * cause with one thing left out, what coalesce_in sorts pairs by. */
static uint32_t
cause_hash(const struct u8c_cause *c)
{
	const uint8_t *b = (const uint8_t *)c;
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < sizeof *c; i++)
		h = (h ^ b[i]) * 16777619u;
	return h;
}

/* A hash of @c but for what @only lets two causes differ in (for ANY,
 * its length and whether it is whole, which adjoin never lets differ).
 * Two causes that adjoin hash alike, and a merge changes only what the
 * hash leaves out; so a pair that hashes apart is passed by without
 * asking adjoin, whose answer would be no: the causes left are the same.
 * Asking it of every pair cost more than the rest of a run whose every
 * chunking failed (stream-beside-state). */
static uint32_t
rest_hash(const struct u8c_cause *c, int only)
{
	struct u8c_cause m = *c;

	if (only == ANY)
		return (uint32_t)c->len << 8 | c->whole;
	if (only == BEFORE)
		m.before = 0;
	else if (only >= CUTS)
		m.cuts[only - CUTS] = 0;
	else
		m.class_lo[only] = m.class_hi[only] = 0;
	return cause_hash(&m);
}

/* Causes c[0..*n) that adjoin in @only made one, until none do. */
static void
coalesce_in(struct u8c_cause *c, unsigned *n, int only)
{
	uint32_t rest[2 * U8C_CAUSES_SEEN];
	int again = 1;

	for (unsigned i = 0; i < *n; i++)
		rest[i] = rest_hash(&c[i], only);
	while (again) {
		again = 0;
		for (unsigned i = 0; i < *n; i++)
			for (unsigned j = i + 1; j < *n; j++)
				if (rest[i] == rest[j] &&
				    adjoin(&c[i], &c[j], only)) {
					--*n;
					c[j] = c[*n];
					rest[j] = rest[*n];
					j--;
					again = 1;
				}
	}
}

static int
cause_order(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct u8c_cause));
}

/* One thing at a time, in one order (the cuts, then the bytes' classes
 * from the last to the first), so that what is left are few large
 * patterns rather than the fragments a greedy order leaves; and the
 * causes sorted first, so that what is left does not depend on the order
 * they were met in (which judge thread saw which input first). */
static void
coalesce(struct u8c_cause *c, unsigned *n)
{
	qsort(c, *n, sizeof *c, cause_order);
	coalesce_in(c, n, BEFORE);
	for (int i = 0; i < U8C_CAUSE_BYTES; i++)
		coalesce_in(c, n, CUTS + i);
	for (int i = U8C_CAUSE_BYTES - 1; i >= 0; i--)
		coalesce_in(c, n, i);
	coalesce_in(c, n, ANY);
}

/* Where @c is in @k's index, or the empty slot it would take. */
static uint16_t *
slot_of(struct u8c_causes *k, const struct u8c_cause *c)
{
	for (uint32_t h = cause_hash(c);; h++) {
		uint16_t *at = &k->index[h & (U8C_CAUSES_INDEX - 1)];

		if (*at == 0 || memcmp(&k->cause[*at - 1], c, sizeof *c) == 0)
			return at;
	}
}

static void
index_again(struct u8c_causes *k)
{
	memset(k->index, 0, sizeof k->index);
	for (unsigned i = 0; i < k->n; i++)
		*slot_of(k, &k->cause[i]) = (uint16_t)(i + 1);
}

void
u8c_causes_coalesce(struct u8c_causes *k)
{
	unsigned n = k->n;

	coalesce(k->cause, &n);
	k->n = (uint16_t)n;
	index_again(k);
}

/* @c into @k, once.  When the set is full, it is made fewer; one that
 * stays over half full is too varied for patterns to say: any input. */
static void
add(struct u8c_causes *k, const struct u8c_cause *c)
{
	uint16_t *at = slot_of(k, c);

	if (*at != 0)
		return;
	if (k->n == U8C_CAUSES_SEEN) {
		u8c_causes_coalesce(k);
		if (k->n > U8C_CAUSES_SEEN / 2) {
			k->any = 1;
			return;
		}
		at = slot_of(k, c);
		if (*at != 0)
			return;
	}
	k->cause[k->n++] = *c;
	*at = k->n;
}

void
u8c_causes_note(struct u8c_causes *k, const struct u8c_item *item,
                const struct u8c_part *part, enum u8c_cause_at at)
{
	struct u8c_cause c;

	if (k->any)
		return;
	memset(&c, 0, sizeof c);
	if (at != U8C_CAUSE_ITEM)
		c.class_lo[0] = (uint8_t)at;
	else if (item == NULL || !cause_of(&c, item, part)) {
		k->any = 1;
		return;
	}
	add(k, &c);
}

/* Both sets whole, and made fewer only if together they are more than
 * can be kept: adding one by one would coalesce whatever part of them
 * had come in when the set filled, and two runs that split the inputs
 * between their judges otherwise would write other patterns. */
void
u8c_causes_merge(struct u8c_causes *to, const struct u8c_causes *from)
{
	struct u8c_cause all[2 * U8C_CAUSES_SEEN];
	unsigned n = to->n;

	to->any |= from->any;
	if (to->any)
		return;
	memcpy(all, to->cause, n * sizeof all[0]);
	for (unsigned i = 0; i < from->n; i++)
		if (*slot_of(to, &from->cause[i]) == 0)
			all[n++] = from->cause[i];
	if (n > U8C_CAUSES_SEEN)
		coalesce(all, &n);
	if (n > U8C_CAUSES_SEEN) {
		to->any = 1;
		return;
	}
	memcpy(to->cause, all, n * sizeof all[0]);
	to->n = (uint16_t)n;
	index_again(to);
}

void
u8c_causes_moved(struct u8c_causes *k)
{
	if (k->any)
		k->n = 0;
}

/* The cuts @n as a pattern says them: " |", " | |", or " *" for any. */
static const char *
cuts_text(unsigned n)
{
	static const char *const text[4] = {"", " |", " | |", " *"};

	return text[n & 3];
}

void
u8c_cause_text(const struct u8c_cause *c, char *buf)
{
	size_t at = 0;

	if (c->len == 0) {
		snprintf(buf, U8C_CAUSE_TEXT, "%s",
		         c->class_lo[0] == U8C_CAUSE_LOADING ? "(loading)"
		                                             : "(unloading)");
		return;
	}
	if (c->before > 0) /* the pattern starts with them */
		at += (size_t)snprintf(buf, U8C_CAUSE_TEXT, "%s ",
		                       cuts_text(c->before) + 1);
	for (size_t i = 0; i < c->len && at < U8C_CAUSE_TEXT; i++) {
		uint8_t lo, hi, unused;

		u8c_byte_class_range(c->class_lo[i], &lo, &unused);
		u8c_byte_class_range(c->class_hi[i], &unused, &hi);
		at += (size_t)snprintf(buf + at, U8C_CAUSE_TEXT - at, "%s%02X",
		                       i > 0 ? " " : "", lo);
		if (lo != hi && at < U8C_CAUSE_TEXT)
			at += (size_t)snprintf(buf + at, U8C_CAUSE_TEXT - at,
			                       "..%02X", hi);
		if (at < U8C_CAUSE_TEXT)
			at += (size_t)snprintf(buf + at, U8C_CAUSE_TEXT - at,
			                       "%s", cuts_text(c->cuts[i]));
	}
}
