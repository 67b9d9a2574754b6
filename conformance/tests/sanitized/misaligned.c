/* SPDX-License-Identifier: MIT */
/*
 * misaligned.c - sanitized target: a misaligned uint32_t load in
 * u8t_decode on inputs holding C1.
 *
 * Planted bug: the first input bytes are copied into a 4-aligned buffer
 * and a uint32_t is loaded from one byte into it (UBSan: "load of
 * misaligned address ... which requires 4 byte alignment").  Built with
 * -fsanitize=undefined, which recovers; u8conform sets halt_on_error=1.
 * Expected: a FAIL isolation/undefined naming an input with C1.  The
 * decoding itself is base.c, correct.
 */
#include <string.h>

#include "targets.h"

/* 1, read at run time: the compiler cannot see that the load is
 * misaligned and turn it into a byte-wise copy. */
static volatile size_t offset = 1;

/* The word loaded: volatile, so the load is kept. */
static volatile uint32_t sink;

static void
on_decode_out(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	union {
		uint32_t word[2]; /* makes the buffer 4-aligned */
		uint8_t byte[8];
	} box = {{0, 0}};
	const volatile uint32_t *at;

	(void)out;
	(void)cap;
	if (n == 0 || memchr(s, 0xC1, n) == NULL)
		return;
	memcpy(box.byte, s, n < sizeof box.byte ? n : sizeof box.byte);
	at = (const volatile uint32_t *)(const void *)(box.byte + offset);
	sink = *at; /* Bug: box.byte + 1 is no uint32_t's address */
}

const struct u8tt_target u8tt_target = {
    .name = "san-misaligned",
    .hooks = {.on_decode_out = on_decode_out},
};
