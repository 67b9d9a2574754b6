/* SPDX-License-Identifier: MIT */
/*
 * writes_before_output.c - hostile target: u8t_decode on the byte C1
 * writes out[-1000], 4000 bytes before the room it was given.
 *
 * Once the output had a guard after it only, and the bytes before it
 * were ours to lose: the write passed.  Expected: a FAIL
 * isolation/over-write naming C1, "writes before the start of its
 * output".
 */
#include <string.h>

#include "targets.h"

static void
on_decode_out(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	(void)cap;
	if (s != NULL && memchr(s, 0xC1, n) != NULL)
		*(volatile uint32_t *)(out - 1000) = 0xFFFD;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-writes-before-output",
    .hooks = {.on_decode_out = on_decode_out},
};
