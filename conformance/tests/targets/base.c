/* SPDX-License-Identifier: MIT */
/*
 * base.c - the u8t ABI over one decoder core, with switchable defects.
 *
 * The core decides by value intervals, not by walking a table.  The lead
 * byte's run of one bits gives the sequence length L; after k bytes the
 * payload bits seen so far confine the value to an aligned interval of
 * 2^(6(L-k)) values.  The prefix stays alive while that interval still
 * meets the values whose shortest form has L bytes, which is Table 3-7 of
 * The Unicode Standard regrouped by length (80..7FF; 800..FFFF without
 * D800..DFFF; 10000..10FFFF).  A live prefix is exactly an initial part
 * of some well-formed sequence, so the byte that kills it ends the
 * maximal subpart (chapter 3, D93b), which is replaced with one U+FFFD.
 * Each flag of struct u8tt_defects bends one decision; with none set this
 * is the correct control.  No allocation, no I/O, no state, unless a
 * defect says otherwise.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "targets.h"
#include "u8t.h"

#define REPLACEMENT 0xFFFDu

enum step_status {
	STEP_OK,        /* s[0..len) is one well-formed sequence            */
	STEP_ILL,       /* s[0..len) is a maximal subpart; s[len] is next   */
	STEP_TRUNCATED, /* s[0..len) is a live prefix cut by the end of s   */
};

struct step {
	enum step_status status;
	uint32_t cp; /* the scalar value for STEP_OK, else REPLACEMENT */
	size_t len;  /* bytes consumed; at least 1                     */
};

/* An inclusive interval of values; empty when lo > hi. */
struct span {
	uint32_t lo;
	uint32_t hi;
};

/* crash_on_f5 writes through this; volatile so the NULL is not known. */
static int *volatile crash_pointer;

/* hang_on_fe counts here forever; volatile so the loop is not removed. */
static volatile unsigned long hang_counter;

/* keeps_state: the truncated tail of the previous u8t_decode call. */
static uint8_t pending[3];
static size_t npending;

/*
 * The length a lead byte announces by its run of leading one bits:
 * 0xxxxxxx is 1, 110xxxxx 2, 1110xxxx 3, 11110xxx 4, 111110xx 5,
 * 1111110x 6.  A trail byte 10xxxxxx and FE, FF announce nothing (0).
 */
static unsigned
announced_length(uint8_t lead)
{
	unsigned ones = 0;

	while (ones < 8 && (lead & (0x80u >> ones)) != 0)
		ones++;
	if (ones == 0)
		return 1;
	if (ones == 1 || ones > 6)
		return 0;
	return ones;
}

/*
 * The values a sequence of @len bytes may carry: Table 3-7's rows
 * grouped by their length.  Rows 00..7F; C2..DF; E0, E1..EC, ED, EE..EF;
 * F0, F1..F3, F4.  Five and six bytes are no rows at all.
 */
static struct span
shortest_values(const struct u8tt_defects *d, unsigned len)
{
	struct span none = {1, 0};

	switch (len) {
	case 1:
		return (struct span){0x0, 0x7F};
	case 2: /* C0 and C1 would encode 0..7F again */
		return (struct span){d->accepts_overlong ? 0x0 : 0x80, 0x7FF};
	case 3: /* E0 80..9F would encode 0..7FF again */
		return (struct span){d->accepts_overlong ? 0x0 : 0x800, 0xFFFF};
	case 4: /* F0 80..8F: 0..FFFF again; F4 90.. and F5..F7: too large */
		return (struct span){d->accepts_overlong ? 0x0 : 0x10000,
		                     d->accepts_too_large ? 0x1FFFFF
		                                          : 0x10FFFF};
	case 5: /* RFC 2279's shortest five-byte forms, F8 88.. to FB */
		return d->accepts_5_6_byte ? (struct span){0x200000, 0x3FFFFFF}
		                           : none;
	case 6: /* RFC 2279's shortest six-byte forms, FC 84.. to FD */
		return d->accepts_5_6_byte
		           ? (struct span){0x4000000, 0x7FFFFFFF}
		           : none;
	default:
		return none;
	}
}

/*
 * Can a sequence of @len bytes whose first @k bytes carry the payload
 * @prefix still be well-formed?  The rest of the bits may be anything,
 * so the value lies in [prefix << rest, prefix << rest | ones(rest)].
 */
static int
alive(const struct u8tt_defects *d, unsigned len, uint32_t prefix, size_t k)
{
	unsigned rest = 6 * (len - (unsigned)k);
	struct span v = {prefix << rest, (prefix << rest) | ((1u << rest) - 1)};
	struct span ok = shortest_values(d, len);

	if (v.lo < ok.lo)
		v.lo = ok.lo;
	if (v.hi > ok.hi)
		v.hi = ok.hi;
	if (v.lo > v.hi)
		return 0;
	/* Table 3-7, row ED: second byte 80..9F only, for D800..DFFF are
	 * surrogate code points, no scalar values.  What is left after
	 * clipping holds a scalar value unless it lies inside that hole. */
	if (!d->accepts_surrogate && v.lo >= 0xD800 && v.hi <= 0xDFFF)
		return 0;
	return 1;
}

/* The defects that fire on seeing a lead byte, before any decoding. */
static void
lead_defects(const struct u8tt_defects *d, uint8_t lead)
{
	if (d->crash_on_f5 && lead == 0xF5)
		*crash_pointer = 1;
	if (d->hang_on_fe && lead == 0xFE)
		for (;;)
			hang_counter++;
	if (d->exit_on_ff && lead == 0xFF)
		exit(3);
	if (d->prints_on_c1 && lead == 0xC1) {
		printf("test-writes-stdout: saw C1\n");
		fflush(stdout);
	}
}

/*
 * Decode the sequence at s[0..n), n >= 1: the character, or the maximal
 * subpart that stands for one U+FFFD.
 */
static struct step
step(const struct u8tt_defects *d, const uint8_t *s, size_t n)
{
	const volatile uint8_t *raw = s; /* reads the defects must keep */
	struct step r = {STEP_ILL, REPLACEMENT, 1};
	unsigned len = announced_length(s[0]);
	uint32_t value;
	size_t k;

	lead_defects(d, s[0]);
	if (d->reads_before_start && (s[0] & 0xC0u) == 0x80u) {
		/* Defect: look back for the lead this trail byte may belong
		 * to; at the start of the input that is s[-1]. */
		uint8_t before = raw[-1];
		(void)before;
	}
	if (len == 0)
		return r; /* a trail byte, or FE, FF: no row begins here */
	value = len == 1 ? s[0] : s[0] & (0x7Fu >> len);
	if (!alive(d, len, value, 1))
		return r; /* C0, C1, F5..FF (Table 3-7, first byte column) */
	if (len > 1 && d->reads_past_end) {
		/* Defect: fetch the first trail byte before checking that
		 * there is one; after a final lead byte that is s[n]. */
		uint8_t peek = raw[1];
		(void)peek;
	}
	for (k = 1; k < len; k++) {
		if (k == n) {
			r.status = STEP_TRUNCATED;
			r.len = k;
			return r;
		}
		if ((s[k] & 0xC0u) != 0x80u) {
			r.len = k; /* not a trail byte at all */
			return r;
		}
		value = value << 6 | (s[k] & 0x3Fu);
		if (!alive(d, len, value, k + 1)) {
			r.len = k; /* outside its row's column, e.g. E0 9F */
			return r;
		}
	}
	if (d->rejects_fffe_ffff && (value == 0xFFFE || value == 0xFFFF)) {
		/* Defect: noncharacters are scalar values like any other,
		 * and Table 3-7 row EE..EF takes EF BF BE and EF BF BF;
		 * this one throws the two of them out whole. */
		r.len = len;
		return r;
	}
	/* Defect: a four-byte value keeps only its trail bytes' bits. */
	if (d->drops_lead_bits && len == 4)
		value &= 0x3FFFFu;
	r.status = STEP_OK;
	r.cp = value;
	r.len = len;
	return r;
}

struct u8tt_step
u8tt_step(const uint8_t *s, size_t n)
{
	struct step r = step(&u8tt_target.defects, s, n);

	return (struct u8tt_step){r.status == STEP_OK    ? U8TT_OK
	                          : r.status == STEP_ILL ? U8TT_ILL
	                                                 : U8TT_TRUNCATED,
	                          r.cp, r.len};
}

/* Append @v at out[*count] if there is room; u8t_decode never writes
 * more than cap values. */
static void
put(uint32_t *out, size_t cap, size_t *count, uint32_t v)
{
	if (*count < cap)
		out[(*count)++] = v;
}

static int
all_ascii(const uint8_t *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] > 0x7F)
			return 0;
	return 1;
}

/*
 * keeps_state: let the tail left by the previous call complete a
 * character with the first bytes of this one.  Returns how many bytes
 * of @s that consumed.  The stale tail was already replaced with U+FFFD
 * by the previous call, so when it completes nothing it just vanishes.
 */
static size_t
resume(const struct u8tt_defects *d, const uint8_t *s, size_t n, uint32_t *out,
       size_t cap, size_t *count)
{
	uint8_t joined[4];
	size_t have = npending, take = 0, i;
	struct step r;

	if (npending == 0)
		return 0;
	npending = 0;
	for (i = 0; i < have; i++)
		joined[i] = pending[i];
	while (have + take < sizeof joined && take < n) {
		joined[have + take] = s[take];
		take++;
	}
	r = step(d, joined, have + take);
	if (r.status != STEP_OK || r.len <= have)
		return 0;
	put(out, cap, count, r.cp);
	return r.len - have;
}

/* stops_at_nul: the bytes before the first 00, as a C string has it. */
static size_t
until_nul(const uint8_t *s, size_t n)
{
	size_t k = 0;

	while (k < n && s[k] != 0)
		k++;
	return k;
}

/* A hostile target's doing at the start of a function. */
static void
hook(const char *fn, const uint8_t *s, size_t n)
{
	if (u8tt_target.hooks.on_call != NULL)
		u8tt_target.hooks.on_call(fn, s, n);
}

U8T_EXPORT int
u8t_abi_version(void)
{
	if (u8tt_target.hooks.on_version != NULL)
		u8tt_target.hooks.on_version();
	return &u8tt_streams != NULL ? u8tt_streams : 1;
}

U8T_EXPORT const char *
u8t_name(void)
{
	if (u8tt_target.hooks.on_name != NULL)
		u8tt_target.hooks.on_name();
	if (u8tt_target.hooks.name != NULL)
		return u8tt_target.hooks.name();
	return u8tt_target.name;
}

U8T_EXPORT __attribute__((weak)) size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	const struct u8tt_defects *d = &u8tt_target.defects;
	size_t i = 0, count = 0, k;
	int any_ill = 0, prev_ill = 0;

	hook("decode", s, n);
	if (u8tt_target.hooks.on_decode_out != NULL)
		u8tt_target.hooks.on_decode_out(s, n, out, cap);
	if (d->stops_at_nul)
		n = until_nul(s, n); /* Defect: a C string's end */
	if (d->writes_past_cap && n > 0 && all_ascii(s, n)) {
		/* Defect: the ASCII fast path ends its output like a C
		 * string, one element past the room it was given. */
		for (i = 0; i < n && i < cap; i++)
			out[i] = s[i];
		out[cap] = 0;
		return i;
	}
	if (d->strips_bom && n >= 3 && s[0] == 0xEF && s[1] == 0xBB &&
	    s[2] == 0xBF)
		i = 3; /* Defect: U+FEFF is a character like any other */
	if (d->keeps_state)
		i = resume(d, s, n, out, cap, &count);
	while (i < n) {
		struct step r = step(d, s + i, n - i);

		if (r.status == STEP_OK) {
			put(out, cap, &count, r.cp);
		} else {
			any_ill = 1;
			if (d->drops_ill_formed)
				; /* Defect: nothing stands for the subpart */
			else if (d->fffd_per_byte)
				for (k = 0; k < r.len; k++)
					put(out, cap, &count, REPLACEMENT);
			else if (!(d->fffd_per_run && prev_ill))
				put(out, cap, &count, REPLACEMENT);
		}
		prev_ill = r.status != STEP_OK;
		if (d->keeps_state && r.status == STEP_TRUNCATED &&
		    r.len <= sizeof pending) {
			/* Defect: remember the cut-off prefix for next time. */
			for (k = 0; k < r.len; k++)
				pending[k] = s[i + k];
			npending = r.len;
		}
		i += r.len;
	}
	if (d->count_over_cap && any_ill)
		return cap + 1; /* Defect: the values written are right */
	return count;
}

size_t u8tt_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
    __attribute__((alias("u8t_decode")));

U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	const struct u8tt_defects *d = &u8tt_target.defects;
	size_t i = 0;

	hook("validate", s, n);
	if (d->stops_at_nul)
		n = until_nul(s, n); /* Defect: a C string's end */
	while (i < n) {
		struct step r = step(d, s + i, n - i);

		if (r.status != STEP_OK) {
			if (err != NULL)
				*err = d->validate_off_by_one ? i + 1 : i;
			return 0;
		}
		i += r.len;
	}
	return 1;
}

U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	const struct u8tt_defects *d = &u8tt_target.defects;
	struct step r;

	hook("next", s, n);
	if (n == 0) { /* outside the contract (n >= 1); consume nothing */
		*cp = U8T_ERROR;
		return 0;
	}
	if (d->next_no_progress && (s[0] & 0xC0u) == 0x80u) {
		*cp = U8T_ERROR; /* Defect: a lone trail byte is not consumed */
		return 0;
	}
	r = step(d, s, n);
	if (r.status == STEP_OK || !d->next_leaves_cp)
		*cp = r.status == STEP_OK ? r.cp : U8T_ERROR;
	if (d->next_past_end && r.status == STEP_TRUNCATED)
		return r.len + 1; /* Defect: counts the missing trail byte */
	return r.len;
}

U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	const struct u8tt_defects *d = &u8tt_target.defects;
	size_t len, i;

	hook("encode", NULL, cp);
	if (cp > 0x10FFFF)
		return 0; /* no scalar value; Table 3-7 ends at F4 8F BF BF */
	if (cp >= 0xD800 && cp <= 0xDFFF && !d->encodes_surrogate)
		return 0; /* surrogates are no scalar values (row ED) */
	if (cp < 0x80) {
		out[0] = (uint8_t)cp;
		return 1;
	}
	len = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
	for (i = len - 1; i > 0; i--) {
		out[i] = (uint8_t)(0x80u | (cp & 0x3Fu));
		cp >>= 6;
	}
	/* The lead: len one bits, a zero, then what is left of cp. */
	out[0] = (uint8_t)((0xFF00u >> len) | cp);
	return len;
}
