/* SPDX-License-Identifier: MIT */
/*
 * fuzz_diff_icu.c - differential: u8ref against ICU on arbitrary bytes.
 *
 * ICU is reached through oracles/icu.c, compiled into this fuzzer, so it
 * answers exactly as libu8t-icu.so does for u8conform; any ICU quirk
 * would be normalized there, never here.  Both sides replace each maximal
 * subpart with one U+FFFD, so for every input the scalar values must
 * match exactly, as must the validation verdict and the first error's
 * offset, each character u8t_next steps over, and the encoding of every
 * decoded value and of a code point read from the input's first bytes.
 */
#include <string.h>

#include "u8f.h"
#include "u8ref.h"
#include "u8t.h"

enum { MAX_IN = 4096 }; /* longer inputs cost time, add no coverage */

static uint32_t want[MAX_IN], got[MAX_IN];

/* Notes both sequences and where they first differ. */
static void
note_outputs(const char *what, const uint32_t *a, size_t na, const uint32_t *b,
             size_t nb)
{
	size_t i;

	for (i = 0; i < na && i < nb && a[i] == b[i]; i++)
		;
	u8f_note("%s differs at code point %zu\n", what, i);
	u8f_note("  u8ref: %zu values, from %zu: ", na, i);
	for (size_t k = i; k < na && k < i + 8; k++)
		u8f_note("%04X ", (unsigned)a[k]);
	u8f_note("\n  ICU:   %zu values, from %zu: ", nb, i);
	for (size_t k = i; k < nb && k < i + 8; k++)
		u8f_note("%04X ", (unsigned)b[k]);
	u8f_note("\n");
}

static void
check_decode(const uint8_t *s, size_t n)
{
	size_t nwant = u8ref_decode_all(NULL, s, n, want, MAX_IN);
	size_t ngot = u8t_decode(s, n, got, MAX_IN);

	if (nwant != ngot || memcmp(want, got, nwant * sizeof *want) != 0)
		note_outputs("u8t_decode", want, nwant, got, ngot);
	U8F_ASSERT(nwant == ngot, s, n);
	U8F_ASSERT(memcmp(want, got, nwant * sizeof *want) == 0, s, n);
}

static void
check_validate(const uint8_t *s, size_t n)
{
	struct u8ref_validation v = u8ref_validate(NULL, s, n);
	size_t err = SIZE_MAX;
	int ok = u8t_validate(s, n, &err);

	if (ok != (v.status == U8REF_OK) || (!ok && err != v.offset))
		u8f_note("u8t_validate: u8ref says %s at byte %zu; ICU says "
		         "%s at byte %zu\n",
		         u8ref_status_name(v.status), v.offset,
		         ok ? "well-formed" : "ill-formed", err);
	U8F_ASSERT(ok == (v.status == U8REF_OK), s, n);
	U8F_ASSERT(ok || err == v.offset, s, n);
}

static void
check_next(const uint8_t *s, size_t n)
{
	struct u8ref_result r;
	size_t off, len;
	uint32_t cp;

	for (off = 0; off < n; off += r.len) {
		r = u8ref_decode_one(NULL, s + off, n - off);
		cp = U8T_ERROR;
		len = u8t_next(s + off, n - off, &cp);
		if (len != r.len ||
		    (r.status == U8REF_OK ? cp != r.cp : cp != U8T_ERROR))
			u8f_note("u8t_next at byte %zu: u8ref %zu bytes, "
			         "U+%04X (%s); ICU %zu bytes, %08X\n",
			         off, r.len, (unsigned)r.cp,
			         u8ref_status_name(r.status), len,
			         (unsigned)cp);
		U8F_ASSERT(len == r.len, s, n);
		U8F_ASSERT(r.status == U8REF_OK ? cp == r.cp : cp == U8T_ERROR,
		           s, n);
	}
}

static void
check_encode(uint32_t cp, const uint8_t *s, size_t n)
{
	uint8_t a[U8REF_MAX_LEN], b[8];
	size_t na = u8ref_encode(NULL, cp, a), nb = u8t_encode(cp, b);

	if (na != nb || memcmp(a, b, na) != 0)
		u8f_note("u8t_encode(U+%04X): u8ref %zu bytes, ICU %zu\n",
		         (unsigned)cp, na, nb);
	U8F_ASSERT(na == nb && memcmp(a, b, na) == 0, s, n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t cp = 0;
	size_t i, count;

	if (size > MAX_IN)
		size = MAX_IN; /* truncate, never reject */
	u8f_note_clear();
	check_decode(data, size);
	check_validate(data, size);
	check_next(data, size);
	count = u8ref_decode_all(NULL, data, size, want, MAX_IN);
	for (i = 0; i < count; i++)
		if (want[i] != U8REF_REPLACEMENT)
			check_encode(want[i], data, size);
	/* Any 32-bit value, surrogates and beyond U+10FFFF included. */
	for (i = 0; i < size && i < 4; i++)
		cp = cp << 8 | data[i];
	check_encode(cp, data, size);
	return 0;
}
