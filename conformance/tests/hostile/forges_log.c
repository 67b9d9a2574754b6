/* SPDX-License-Identifier: MIT */
/*
 * forges_log.c - hostile target: on the byte C1, finds its worker's slot
 * (the shared mapping of a slot's size; the layout is in u8conform's own
 * shared.h, as any attacker could read it), writes there that the
 * harness failed in its own code with a line of its choosing, then dies
 * of SIGKILL, which no handler sees: a worker's own failure, forged.
 *
 * Once, that ended the run with exit 2 ("a worker failed: ...").
 * Expected: the death is the call's, a FAIL isolation/crash naming C1,
 * exit 1.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "shared.h"
#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static const char line[] = "u8conform worker: fault in the harness\n";
	struct u8tt_span spans[64];
	size_t found;
	int forged = 0;

	(void)fn;
	if (s == NULL || memchr(s, 0xC1, n) == NULL)
		return;
	found = u8tt_shared_maps(spans, 64);
	for (size_t k = 0; k < found; k++)
		if (spans[k].hi - spans[k].lo == sizeof(struct u8c_slot)) {
			struct u8c_slot *slot = (struct u8c_slot *)spans[k].lo;

			memcpy(slot->log, line, sizeof line - 1);
			slot->log_len = sizeof line - 1;
			slot->phase = U8C_PHASE_HARNESS;
			forged = 1;
		}
	u8tt_note("seen", forged ? "forged\n" : "no slot\n");
	kill(getpid(), SIGKILL);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-forges-log",
    .hooks = {.on_call = on_call},
};
