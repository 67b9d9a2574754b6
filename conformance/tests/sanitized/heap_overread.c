/* SPDX-License-Identifier: MIT */
/*
 * heap_overread.c - sanitized target: a heap-buffer-overflow read in
 * u8t_decode on inputs holding C1.
 *
 * Planted bug: the input is copied into a heap block one byte too small,
 * and then all n bytes of the block are read, so the last read is one
 * past its end (ASan: heap-buffer-overflow, READ of size 1).  Built with
 * -fsanitize=address by the build's compiler and, where clang is found,
 * by clang without a runtime.  Expected: a FAIL isolation/memory-error
 * naming an input with C1.  A lone C1 shows nothing: ASan's malloc(0)
 * hands out one readable byte, so the smallest input is two bytes long
 * (00 C1).  The decoding itself is base.c, correct.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

/* The sum of the bytes read: volatile, so no read that feeds it goes. */
static volatile unsigned sink;

static void
on_decode_out(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	const volatile uint8_t *copy;
	uint8_t *block;
	unsigned sum = 0;
	size_t i;

	(void)out;
	(void)cap;
	if (n == 0 || memchr(s, 0xC1, n) == NULL)
		return;
	block = malloc(n - 1); /* Bug: no room for the last byte */
	if (block == NULL)
		return;
	memcpy(block, s, n - 1);
	copy = block;
	for (i = 0; i < n; i++)
		sum += copy[i]; /* copy[n - 1] is past the block */
	sink = sum;
	free(block);
}

const struct u8tt_target u8tt_target = {
    .name = "san-heap-overread",
    .hooks = {.on_decode_out = on_decode_out},
};
