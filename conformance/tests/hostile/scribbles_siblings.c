/* SPDX-License-Identifier: MIT */
/*
 * scribbles_siblings.c - hostile target: on the byte C1, looks for
 * shared memory it can write that holds more than one worker's answers
 * (a mapping over 16 MiB: a worker's slot and ring are 4 MiB and a
 * page or two), and fills it with 0xA5: its siblings' rings and slots,
 * and the fork server's words on them.
 *
 * Once, every worker mapped every slot and ring.  Expected: it sees its
 * own slot and ring only (it notes what it saw in $U8TT_STATE_DIR/seen),
 * and the run passes as the correct decoder's.
 */
#include <string.h>

#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

enum { SIBLINGS = 16u << 20 };

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static int done;
	struct u8tt_span spans[64];
	size_t k, found;
	char text[128];

	(void)fn;
	if (done || s == NULL || memchr(s, 0xC1, n) == NULL)
		return;
	done = 1;
	found = u8tt_shared_maps(spans, 64);
	for (k = 0; k < found; k++) {
		size_t size = spans[k].hi - spans[k].lo;

		snprintf(text, sizeof text, "%zu bytes%s\n", size,
		         size > SIBLINGS ? " scribbled" : "");
		u8tt_note("seen", text);
		if (size > SIBLINGS)
			memset((void *)spans[k].lo, 0xA5, size);
	}
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-scribbles-siblings",
    .hooks = {.on_call = on_call},
};
