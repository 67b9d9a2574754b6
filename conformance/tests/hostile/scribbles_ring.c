/* SPDX-License-Identifier: MIT */
/*
 * scribbles_ring.c - hostile target: on the one-byte input C1, fills
 * the ring its worker hands its answers out on (the shared mapping of 1
 * to 16 MiB) with 0xA5, spoiling the answers to the inputs before it
 * (00 to C0) that the judge has not read yet.
 *
 * Once, the input charged was the first unread one, not the one that
 * wrote.  Expected: a FAIL isolation/over-write naming C1, found by a
 * careful replay, and reproduced.
 */
#include <string.h>

#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s == NULL || n != 1 || s[0] != 0xC1)
		return;
	u8tt_note("seen", u8tt_fill_rings(0) > 0 ? "ring\n" : "no ring\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-scribbles-ring",
    .hooks = {.on_call = on_call},
};
