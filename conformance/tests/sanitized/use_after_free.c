/* SPDX-License-Identifier: MIT */
/*
 * use_after_free.c - sanitized target: a heap-use-after-free read in
 * u8t_decode on inputs holding C1.
 *
 * Planted bug: the input is copied to the heap, the block is freed, and
 * then the byte C1 is read back from it (ASan: heap-use-after-free, READ
 * of size 1).  Built with -fsanitize=address.  Expected: a FAIL
 * isolation/memory-error naming an input with C1.  The decoding itself is
 * base.c, correct.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

/* The freed block, volatile: the compiler cannot prove it freed (gcc's
 * -Wuse-after-free) nor drop the read. */
static const volatile uint8_t *volatile stale;

/* The byte read back: volatile, so the read is kept. */
static volatile uint8_t sink;

static void
on_decode_out(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	const uint8_t *c1;
	uint8_t *block;

	(void)out;
	(void)cap;
	if (n == 0 || (c1 = memchr(s, 0xC1, n)) == NULL)
		return;
	block = malloc(n);
	if (block == NULL)
		return;
	memcpy(block, s, n);
	stale = block;
	free(block);
	sink = stale[c1 - s]; /* Bug: the block is gone */
}

const struct u8tt_target u8tt_target = {
    .name = "san-use-after-free",
    .hooks = {.on_decode_out = on_decode_out},
};
