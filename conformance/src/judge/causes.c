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
#include <string.h>

#include "causes.h"
#include "chunking.h"

_Static_assert(U8C_CAUSES <= 255, "a cause's index in a byte");
_Static_assert(U8C_BYTE_CLASSES <= 255, "a class in a byte");

/* The cause of a failure on @item at @part into @c; 0 when no pattern of
 * byte classes names it (a code point, a piece too long). */
static int
cause_of(struct u8c_cause *c, const struct u8c_item *item,
         const struct u8c_part *part)
{
	static _Thread_local uint16_t cuts[U8C_MAX_CUTS];
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

/* Causes that adjoin in @only made one, until none do. */
static void
coalesce_in(struct u8c_causes *k, int only)
{
	int again = 1;

	while (again) {
		again = 0;
		for (unsigned i = 0; i < k->n; i++)
			for (unsigned j = i + 1; j < k->n; j++)
				if (adjoin(&k->cause[i], &k->cause[j], only)) {
					k->cause[j--] = k->cause[--k->n];
					again = 1;
				}
	}
}

/* One thing at a time, in one order (the cuts, then the bytes' classes
 * from the last to the first), so that what is left are few large
 * patterns rather than the fragments a greedy order leaves. */
void
u8c_causes_coalesce(struct u8c_causes *k)
{
	coalesce_in(k, BEFORE);
	for (int i = 0; i < U8C_CAUSE_BYTES; i++)
		coalesce_in(k, CUTS + i);
	for (int i = U8C_CAUSE_BYTES - 1; i >= 0; i--)
		coalesce_in(k, i);
	coalesce_in(k, ANY);
}

/* @c into @k, once; when @k is full, after making what adjoins one. */
static void
add(struct u8c_causes *k, const struct u8c_cause *c)
{
	/* a check fails on runs of inputs of one cause: the last first */
	if (k->last < k->n && memcmp(&k->cause[k->last], c, sizeof *c) == 0)
		return;
	for (unsigned i = 0; i < k->n; i++)
		if (memcmp(&k->cause[i], c, sizeof *c) == 0) {
			k->last = (uint8_t)i;
			return;
		}
	if (k->n == U8C_CAUSES)
		u8c_causes_coalesce(k);
	if (k->n == U8C_CAUSES)
		k->any = 1;
	else
		k->cause[k->n++] = *c;
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

void
u8c_causes_merge(struct u8c_causes *to, const struct u8c_causes *from)
{
	to->any |= from->any;
	for (unsigned i = 0; i < from->n && i < U8C_CAUSES && !to->any; i++)
		add(to, &from->cause[i]);
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
