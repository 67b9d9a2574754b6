/* SPDX-License-Identifier: MIT */
/*
 * encode_stderr.c - hostile target: u8t_encode writes to stderr when
 * asked for U+00E9.
 *
 * Once the encoder's output went unseen.  Expected: a FAIL
 * isolation/output naming U+00E9.
 */
#include <stdio.h>
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (s == NULL && strcmp(fn, "encode") == 0 && n == 0xE9)
		fprintf(stderr, "encoding U+00E9\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-encode-stderr",
    .hooks = {.on_call = on_call},
};
