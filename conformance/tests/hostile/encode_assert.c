/* SPDX-License-Identifier: MIT */
/*
 * encode_assert.c - hostile target: u8t_encode asserts cp <= 10FFFF, as
 * a library with a documented domain might.
 *
 * Once the abort hid encode/beyond.  Expected: a FAIL isolation/crash
 * naming U+110000, and encode/beyond reported as not judged.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (s == NULL && strcmp(fn, "encode") == 0 && n > 0x10FFFF)
		abort();
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-encode-assert",
    .hooks = {.on_call = on_call},
};
