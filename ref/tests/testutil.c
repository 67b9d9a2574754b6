/* SPDX-License-Identifier: MIT */
/* testutil.c - helpers of the Check suites: hex for messages, exact copies. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "u8ref.h"

struct hex
hex(const uint8_t *s, size_t n)
{
	static const char digits[] = "0123456789ABCDEF";
	struct hex h;
	size_t i, k = 0;

	for (i = 0; i < n && i < HEX_MAX; i++) {
		if (i > 0)
			h.text[k++] = ' ';
		h.text[k++] = digits[s[i] >> 4];
		h.text[k++] = digits[s[i] & 15];
	}
	if (n > HEX_MAX)
		k += (size_t)snprintf(h.text + k, sizeof h.text - k, " ...");
	if (n == 0)
		k += (size_t)snprintf(h.text, sizeof h.text, "<empty>");
	h.text[k] = '\0';
	return h;
}

uint8_t *
exact_copy(const uint8_t *s, size_t n)
{
	uint8_t *p = malloc(n > 0 ? n : 1);

	ck_assert_ptr_nonnull(p);
	if (n > 0)
		memcpy(p, s, n);
	return p;
}

uint64_t
test_random(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

size_t
test_random_text(uint64_t *state, uint8_t *d, size_t n, int max_len)
{
	/* The first code point of each length, and one past the last. */
	static const uint32_t first[] = {0, 0x80, 0x800, 0x10000, 0x110000};
	size_t w = 0;

	while (n-- > 0) {
		int len = 1 + (int)(test_random(state) % (uint64_t)max_len);
		uint32_t span = first[len] - first[len - 1];
		uint32_t cp;
		size_t m;

		do
			cp = first[len - 1] +
			     (uint32_t)(test_random(state) % span);
		while ((m = u8ref_encode(NULL, cp, d + w)) ==
		       0); /* surrogates */
		w += m;
	}
	return w;
}
