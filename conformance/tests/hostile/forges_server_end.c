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
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

#include "self_mem.h"
#include "shared.h"
#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

static volatile int running;

static void *
watches(void *arg)
{
	const uint32_t ended = 1;
	const int32_t status = 0;
	int forged = 0;

	(void)arg;
	running = 1;
	for (int t = 0; t < 30000; t++) { /* 30 s at most */
		struct u8tt_span spans[16];
		size_t n = u8tt_shared_maps(spans, 16);

		if (n == 0) {
			u8tt_note("seen", "unmapped\n");
			return NULL;
		}
		for (size_t k = 0; k < n; k++) {
			struct u8c_shared *sh =
			    (struct u8c_shared *)spans[k].lo;
			uint32_t step;

			if (spans[k].hi - spans[k].lo < sizeof sh->load ||
			    u8tt_peek(&sh->load.step, &step, sizeof step) !=
			        0 ||
			    step != U8C_LOAD_SERVING)
				continue;
			if (u8tt_poke(&sh->server_status, &status,
			              sizeof status) == 0 &&
			    u8tt_poke(&sh->server_ended, &ended,
			              sizeof ended) == 0 &&
			    !forged++)
				u8tt_note("seen", "forged\n");
		}
		usleep(1000);
	}
	return NULL;
}

/* The mapping is there while the constructors run: noted here, not by
 * the thread, which may first run after the loader unmapped it.  The
 * thread is running before loading goes on: under the sanitizers, a
 * thread still starting when the loader forks leaves a lock held in
 * every process forked after, and no worker comes up. */
__attribute__((constructor)) static void
start(void)
{
	struct u8tt_span spans[16];
	pthread_t t;

	if (u8tt_shared_maps(spans, 16) > 0)
		u8tt_note("seen", "mapped\n");
	if (u8tt_mem_open() == 0 &&
	    pthread_create(&t, NULL, watches, NULL) == 0)
		while (!running)
			usleep(100);
}

const struct u8tt_target u8tt_target = {.name = "hostile-forges-server-end"};
