/* SPDX-License-Identifier: MIT */
/*
 * scribbles_own.c - hostile target: on the byte C1, fills every shared
 * mapping it can write with 0xA5: the orders of its worker, the ring
 * its answers go out on, whatever of u8conform's memory it sees.
 *
 * What it writes can change only its own answers.  Expected: a FAIL
 * isolation/over-write naming C1, a complete report, exit 1.
 */
#include <string.h>

#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	struct u8tt_span spans[64];
	size_t found;
	char text[64];

	(void)fn;
	if (s == NULL || memchr(s, 0xC1, n) == NULL)
		return;
	found = u8tt_shared_maps(spans, 64);
	snprintf(text, sizeof text, "%zu mappings\n", found);
	u8tt_note("seen", text);
	for (size_t k = 0; k < found; k++)
		memset((void *)spans[k].lo, 0xA5, spans[k].hi - spans[k].lo);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-scribbles-own",
    .hooks = {.on_call = on_call},
};
