/* SPDX-License-Identifier: MIT */
/*
 * scribbles_read_ring.c - hostile target: on the one-byte input C1,
 * waits until the judge has read what its worker wrote, then fills the
 * ring (the shared mapping of 1 to 16 MiB) with 0xA5, its count of bytes
 * written last: only the ring's own words and the room not yet written,
 * no answer the judge still had to read.
 *
 * Once the judge saw such a write only if it read the ring's count in
 * the microseconds before the worker wrote it again, and most runs
 * passed.  Expected: a FAIL isolation/over-write naming C1.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <time.h>

#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	/* the judge reads as soon as it is shown a record, or naps for less */
	const struct timespec while_read = {0, 50 * 1000 * 1000};

	(void)fn;
	if (s == NULL || n != 1 || s[0] != 0xC1)
		return;
	nanosleep(&while_read, NULL);
	u8tt_note("seen", u8tt_fill_rings(1) > 0 ? "ring\n" : "no ring\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-scribbles-read-ring",
    .hooks = {.on_call = on_call},
};
