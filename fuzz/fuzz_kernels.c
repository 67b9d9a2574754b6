/* SPDX-License-Identifier: MIT */
/*
 * fuzz_kernels.c - every fast validation kernel against the literal walk.
 *
 * Each kernel compiled in and supported by this CPU must give exactly
 * u8ref_validate(NULL, s, n): status, offset and maximal subpart, with
 * the input at every alignment 0..63 from a guard page after it and
 * from one before it, so a kernel reading a block past either end
 * faults.  Selected in turn, each kernel's u8ref_repair_length and
 * u8ref_repair must give the walk's decoding re-encoded, each U+FFFD as
 * EF BF BD.  The walk decides; the kernels are only compared with it.
 */
#include <string.h>

#include "u8f.h"
#include "u8ref.h"

enum { MAX_IN = 1 << 14 }; /* several blocks of every kernel's width */

static uint32_t decoded[MAX_IN];
static uint8_t want[3 * MAX_IN], got[3 * MAX_IN + 64];

/* The walk's decoding, re-encoded: what u8ref_repair must write. */
static size_t
repaired(const uint8_t *s, size_t n)
{
	size_t count = u8ref_decode_all(NULL, s, n, decoded, MAX_IN), i, m = 0;

	for (i = 0; i < count; i++)
		m += u8ref_encode(NULL, decoded[i], want + m);
	return m;
}

static void
check_validate(const struct u8ref_kernel *k, const uint8_t *data, size_t size,
               struct u8ref_validation v)
{
	struct u8ref_validation kv;
	const uint8_t *s;
	size_t shift;
	int before;

	for (before = 0; before < 2; before++)
		for (shift = 0; shift<64; shift += size> 256 ? 21 : 1) {
			s = u8f_place(data, size, before, shift);
			kv = k->validate(s, size);
			if (kv.status != v.status || kv.offset != v.offset ||
			    kv.len != v.len)
				u8f_note(
				    "kernel %s, input %zu bytes from the "
				    "guard %s it: %s at %zu len %zu; the "
				    "walk: %s at %zu len %zu\n",
				    k->name, shift, before ? "before" : "after",
				    u8ref_status_name(kv.status), kv.offset,
				    kv.len, u8ref_status_name(v.status),
				    v.offset, v.len);
			U8F_ASSERT(kv.status == v.status, data, size);
			U8F_ASSERT(kv.offset == v.offset, data, size);
			U8F_ASSERT(kv.len == v.len, data, size);
		}
}

static void
check_repair(const struct u8ref_kernel *k, const uint8_t *data, size_t size,
             size_t nwant)
{
	const uint8_t *s;
	size_t len, wrote;
	int before;

	U8F_ASSERT(u8ref_kernel_select(k->name) == 0, data, size);
	for (before = 0; before < 2; before++) {
		s = u8f_place(data, size, before, (size_t)before * 7);
		len = u8ref_repair_length(s, size);
		memset(got, 0xAA, sizeof got);
		wrote = u8ref_repair(s, size, got);
		if (len != nwant || wrote != nwant ||
		    memcmp(got, want, nwant) != 0)
			u8f_note("kernel %s: repair_length %zu, repair wrote "
			         "%zu; the walk re-encoded is %zu bytes\n",
			         k->name, len, wrote, nwant);
		U8F_ASSERT(len == nwant && wrote == nwant, data, size);
		U8F_ASSERT(memcmp(got, want, nwant) == 0, data, size);
		/* Not a byte past what it said it writes. */
		U8F_ASSERT(got[nwant] == 0xAA, data, size);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct u8ref_kernel *k;
	struct u8ref_validation v;
	size_t i, nwant;

	if (size > MAX_IN)
		size = MAX_IN; /* truncate, never reject */
	u8f_note_clear();
	v = u8ref_validate(NULL, data, size);
	nwant = repaired(data, size);
	for (i = 0; (k = u8ref_kernel_at(i)) != NULL; i++) {
		if (!u8ref_kernel_supported(k))
			continue;
		check_validate(k, data, size, v);
		check_repair(k, data, size, nwant);
	}
	return 0;
}
