/* SPDX-License-Identifier: MIT */
/*
 * scalars_only.c - test target: u8t_encode aborts on anything but a
 * scalar value, as jq's asserts do, and says so with U8T_SCALARS_ONLY.
 * It must pass, with encode/surrogates and encode/beyond not judged.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"
#include "u8t.h"

static void
asserts(const char *fn, const uint8_t *s, size_t n)
{
	if (s == NULL && strcmp(fn, "encode") == 0 &&
	    (n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)))
		abort();
}

U8T_EXPORT unsigned u8t_traits(void);

U8T_EXPORT unsigned
u8t_traits(void)
{
	return U8T_SCALARS_ONLY;
}

const struct u8tt_target u8tt_target = {
    .name = "test-scalars-only",
    .hooks = {.on_call = asserts},
};
