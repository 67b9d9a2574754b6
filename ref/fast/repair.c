/* SPDX-License-Identifier: MIT */
/*
 * repair.c - ill-formed input made well-formed, one U+FFFD (EF BF BD)
 * per maximal subpart.
 *
 * Validation does the work: the active kernel finds the next error, the
 * well-formed stretch before it is copied whole, and the maximal
 * subpart becomes one replacement.  Well-formed input costs one
 * validation and one memcpy.
 */
#include <string.h>

#include "u8ref.h"

static const uint8_t REPLACEMENT_UTF8[3] = {0xEF, 0xBF, 0xBD};

/* The repaired length of s[0..n), written to @out unless it is NULL. */
static size_t
repair(const uint8_t *s, size_t n, uint8_t *out)
{
	const struct u8ref_kernel *k = u8ref_kernel_active();
	size_t written = 0, pos = 0;

	if (n == 0) /* s may be NULL */
		return 0;
	for (;;) {
		struct u8ref_validation v = k->validate(s + pos, n - pos);

		if (out != NULL && v.offset > 0)
			memcpy(out + written, s + pos, v.offset);
		written += v.offset;
		if (v.status == U8REF_OK)
			return written;
		if (out != NULL)
			memcpy(out + written, REPLACEMENT_UTF8,
			       sizeof REPLACEMENT_UTF8);
		written += sizeof REPLACEMENT_UTF8;
		pos += v.offset + v.len;
	}
}

size_t
u8ref_repair_length(const uint8_t *s, size_t n)
{
	return repair(s, n, NULL);
}

size_t
u8ref_repair(const uint8_t *s, size_t n, uint8_t *out)
{
	return repair(s, n, out);
}
