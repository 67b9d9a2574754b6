/* SPDX-License-Identifier: MIT */
/*
 * reads_back_on_c3a9.c - hostile target: on exactly the input C3 A9,
 * every function reads s[-1], the byte before its input.
 *
 * Once s[-1] was looked at only on the class representatives (the
 * inputs placed against the guard before them), so a read before the
 * input on one exact input of two bytes passed.  Expected: a FAIL
 * isolation/under-read naming C3 A9.
 */
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static const uint8_t e_acute[] = {0xC3, 0xA9};

	(void)fn;
	if (s != NULL && n == sizeof e_acute && memcmp(s, e_acute, n) == 0)
		(void)*(const volatile uint8_t *)(s - 1);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-reads-back-on-c3a9",
    .hooks = {.on_call = on_call},
};
