/* SPDX-License-Identifier: MIT */
/* testutil.c - helpers of the Check suites: hex for messages, exact copies. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

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
