/* SPDX-License-Identifier: MIT */
/*
 * walk.c - the literal walk over a table of well-formed byte sequences.
 *
 * Byte i of the input is checked against column i of every row still
 * alive; a row that runs out of columns has matched.  For Table 3-7 the
 * first column picks exactly one row (the lead bytes of its rows do not
 * overlap), so this is the table read left to right; the other profiles
 * need the set of live rows because CESU-8 starts two rows with ED.
 * The bytes read before a column refuses one are, by construction, the
 * longest prefix of a well-formed sequence: the maximal subpart.  No
 * byte range appears here; every decision comes from the table.
 */
#include "engine.h"

static int
in_range(struct u8ref_range r, uint8_t b)
{
	return b >= r.lo && b <= r.hi;
}

/* Sets of rows are bit masks over a profile's table; a test keeps every
 * table under 32 rows. */
static int
first_row(uint32_t rows)
{
#ifdef __GNUC__
	return __builtin_ctz(rows);
#else
	int k = 0;

	while (!(rows >> k & 1u))
		k++;
	return k;
#endif
}

const struct u8ref_profile *
u8ref_profile_or_default(const struct u8ref_profile *p)
{
	return p != NULL ? p : u8ref_profile_at(0);
}

size_t
u8ref_unit_len(const struct u8ref_row *row)
{
	return row->form == U8REF_FORM_SURROGATE_PAIR ? row->len / 2u
	                                              : row->len;
}

/*
 * A continuation byte is one that Table 3-7 allows after the first
 * column (80..BF).  Asking the table keeps it the only source.
 */
static int
is_continuation(uint8_t b)
{
	size_t k, i;

	for (k = 0; k < U8REF_TABLE_3_7_ROWS; k++)
		for (i = 1; i < u8ref_table_3_7[k].len; i++)
			if (in_range(u8ref_table_3_7[k].byte[i], b))
				return 1;
	return 0;
}

uint8_t
u8ref_lead_mask(size_t len)
{
	return (uint8_t)(0xFFu >> (len == 1 ? 1 : len + 1));
}

/*
 * Payload bits of the first k bytes of a unit of len bytes: the lead
 * byte's, then 6 from each continuation byte (RFC 3629 section 3; seed
 * 002 section 2 for five and six bytes).
 */
static uint32_t
payload(const uint8_t *s, size_t k, size_t len)
{
	uint32_t v = s[0] & u8ref_lead_mask(len);
	size_t i;

	for (i = 1; i < k; i++)
		v = v << 6 | (s[i] & 0x3Fu);
	return v;
}

/* Largest value a unit of len bytes can carry: 7, 11, 16, 21, 26 or 31
 * bits.  A value at or below max_value(len - 1) is an overlong form. */
static uint64_t
max_value(size_t len)
{
	unsigned bits = len == 1 ? 7u : (unsigned)(5 * len + 1);

	return (UINT64_C(1) << bits) - 1;
}

static uint32_t
value_of(const struct u8ref_row *row, const uint8_t *s)
{
	uint32_t lead, trail;

	if (row->form != U8REF_FORM_SURROGATE_PAIR)
		return payload(s, row->len, row->len);
	/* UTF-16's pairing (D91): ten bits from each half. */
	lead = payload(s, 3, 3) - U8REF_LEAD_SURROGATE_FIRST;
	trail = payload(s + 3, 3, 3) - U8REF_TRAIL_SURROGATE_FIRST;
	return U8REF_SUPPLEMENTARY_FIRST +
	       (lead << U8REF_SURROGATE_BITS | trail);
}

static uint32_t
largest_code_point(const struct u8ref_profile *p)
{
	uint32_t max = 0;
	size_t k;

	for (k = 0; k < p->nrows; k++)
		if (p->rows[k].cp_hi > max)
			max = p->rows[k].cp_hi;
	return max;
}

/*
 * Why column i of @row refused s[i].  At i == 0 (@row NULL) no row starts with
 * the byte.  Later, a byte that is no continuation byte interrupts the
 * sequence; a continuation byte was refused for the value it would
 * spell: too small for this length (overlong), beyond the profile's
 * largest code point, or else inside the one gap Table 3-7 leaves
 * between rows of equal length, the surrogates D800..DFFF (a test
 * checks that every profile's gaps lie there).
 */
static enum u8ref_status
refusal(const struct u8ref_profile *p, const struct u8ref_row *row,
        const uint8_t *s, size_t i)
{
	uint64_t lo, hi;
	unsigned rest;
	size_t len;

	if (i == 0)
		return is_continuation(s[0]) ? U8REF_CONTINUATION
		                             : U8REF_INVALID_LEAD;
	len = u8ref_unit_len(row);
	if (i >= len) /* a complete lead surrogate whose trail is missing */
		return U8REF_SURROGATE;
	if (!is_continuation(s[i]))
		return U8REF_INTERRUPTED;
	rest = (unsigned)(6 * (len - i - 1));
	lo = (uint64_t)payload(s, i + 1, len) << rest;
	hi = lo | ((UINT64_C(1) << rest) - 1);
	if (hi <= max_value(len - 1))
		return U8REF_OVERLONG;
	if (lo > largest_code_point(p))
		return U8REF_TOO_LARGE;
	return U8REF_SURROGATE;
}

/* One character by the rows alone, before any rule between characters.
 * Inline: its result, handed back through memory, cost more than the
 * walk itself (the exhaustive proofs walk 4.3 billion inputs). */
static inline struct u8ref_result
walk_rows(const struct u8ref_profile *p, const uint8_t *s, size_t n,
          int *hit_end)
{
	struct u8ref_result r = {U8REF_EMPTY, U8REF_REPLACEMENT, 0, -1};
	uint32_t live =
	    p->nrows >= 32 ? ~UINT32_C(0) : (UINT32_C(1) << p->nrows) - 1;
	uint32_t next, left;
	int k, ended;
	size_t i;

	*hit_end = 0;
	for (i = 0;; i++) {
		if (i == n) { /* s[0..i) is a valid prefix cut by the end */
			*hit_end = 1;
			if (i > 0) {
				r.status = U8REF_TRUNCATED;
				r.len = i;
				r.row = first_row(live);
			}
			return r;
		}
		/* Keep the rows whose column i holds s[i]. */
		next = 0;
		ended = -1;
		for (left = live; left != 0; left &= left - 1) {
			const struct u8ref_row *row =
			    &p->rows[k = first_row(left)];

			if (i < row->len && in_range(row->byte[i], s[i])) {
				next |= UINT32_C(1) << k;
				/* Rows are prefix-free (a test checks it), so
				 * a row that ends here is the only match. */
				if (row->len == i + 1) {
					ended = k;
					break;
				}
			}
		}
		if (next == 0) { /* s[i] starts the next subpart */
			r.row = i > 0 ? first_row(live) : -1;
			r.status =
			    refusal(p, i > 0 ? &p->rows[r.row] : NULL, s, i);
			r.len = i > 0 ? i : 1;
			return r;
		}
		if (ended >= 0) {
			r.status = U8REF_OK;
			r.row = ended;
			r.len = i + 1;
			r.cp = value_of(&p->rows[ended], s);
			return r;
		}
		live = next;
	}
}

static int
is_lead_surrogate(uint32_t cp)
{
	return cp >= U8REF_LEAD_SURROGATE_FIRST &&
	       cp <= U8REF_LEAD_SURROGATE_LAST;
}

static int
is_trail_surrogate(uint32_t cp)
{
	return cp >= U8REF_TRAIL_SURROGATE_FIRST &&
	       cp <= U8REF_TRAIL_SURROGATE_LAST;
}

struct u8ref_result
u8ref_walk(const struct u8ref_profile *p, const uint8_t *s, size_t n,
           int *hit_end)
{
	struct u8ref_result r = walk_rows(p, s, n, hit_end), after;

	if (p->pairing == U8REF_PAIRING_NO_SURROGATE_PAIR &&
	    r.status == U8REF_OK && is_lead_surrogate(r.cp)) {
		/* WTF-8: the lead is well-formed alone, and ill-formed
		 * when a trail surrogate follows it at once. */
		after = walk_rows(p, s + r.len, n - r.len, hit_end);
		if (after.status == U8REF_OK && is_trail_surrogate(after.cp)) {
			r.status = U8REF_SURROGATE;
			r.cp = U8REF_REPLACEMENT;
		}
	}
	return r;
}

static const char *const status_names[] = {
    [U8REF_OK] = "ok",
    [U8REF_EMPTY] = "empty",
    [U8REF_TRUNCATED] = "truncated",
    [U8REF_INTERRUPTED] = "interrupted",
    [U8REF_CONTINUATION] = "unexpected continuation",
    [U8REF_INVALID_LEAD] = "invalid lead",
    [U8REF_OVERLONG] = "overlong",
    [U8REF_SURROGATE] = "surrogate",
    [U8REF_TOO_LARGE] = "too large",
};

const char *
u8ref_status_name(enum u8ref_status status)
{
	size_t i = (size_t)status;

	return i < sizeof status_names / sizeof status_names[0]
	           ? status_names[i]
	           : "unknown";
}
