/* SPDX-License-Identifier: MIT */
/*
 * forges_server_end.c - hostile target: its constructor starts a thread
 * that stays in the loading process and watches the shared mappings it
 * can see there.  Once the fork server is serving, it writes that the
 * fork server ended (u8conform's own shared.h gives the layout, as any
 * attacker could read it), over and over.
 *
 * Once, u8conform stopped the run at once, with exit 2 ("the fork server
 * ended").  Expected: the loader maps no shared memory by the time the
 * fork server serves, so there is nothing to write, and the correct
 * decoder passes.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <unistd.h>

#include "shared.h"
#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

static void *
watches(void *arg)
{
	int seen = 0, forged = 0;

	(void)arg;
	for (int look = 0; look < 30000; look++) { /* 30 s at most */
		struct u8tt_span spans[16];
		size_t n = u8tt_shared_maps(spans, 16);

		if (n > 0 && !seen) {
			seen = 1;
			u8tt_note("seen", "mapped\n");
		}
		if (n == 0 && seen) {
			u8tt_note("seen", "unmapped\n");
			return NULL;
		}
		for (size_t k = 0; k < n; k++) {
			struct u8c_shared *sh =
			    (struct u8c_shared *)spans[k].lo;

			if (spans[k].hi - spans[k].lo < sizeof sh->load ||
			    sh->load.step != U8C_LOAD_SERVING)
				continue;
			if (!forged++)
				u8tt_note("seen", "forged\n");
			sh->server_status = 0;
			sh->server_ended = 1;
		}
		usleep(1000);
	}
	return NULL;
}

__attribute__((constructor)) static void
start(void)
{
	pthread_t t;

	pthread_create(&t, NULL, watches, NULL);
}

const struct u8tt_target u8tt_target = {.name = "hostile-forges-server-end"};
