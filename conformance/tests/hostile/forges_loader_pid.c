/* SPDX-License-Identifier: MIT */
/*
 * forges_loader_pid.c - hostile target: while it loads, a thread of its
 * constructor writes 1, init's pid, as the loader's pid in the shared
 * mappings it can see there, over and over until the loader unmaps them
 * (u8conform's own shared.h gives the layout, as any attacker could
 * read it).
 *
 * At the end of a run the supervisor kills the loader, if it is still
 * there, to learn whether its death was under way.  Trusting this word,
 * it killed the jail's init, and the namespace with it, before the
 * target was unloaded.  Expected: the words that name init and the fork
 * server are never taken for the loader, and the correct decoder
 * passes, unloaded as usual.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

#include "self_mem.h"
#include "shared.h"
#include "shared_maps.h"
#include "targets.h"

static volatile int running;

static void *
forges(void *arg)
{
	const int32_t init = 1;

	(void)arg;
	running = 1;
	for (int t = 0; t < 30000; t++) { /* 30 s at most */
		struct u8tt_span spans[16];
		size_t n = u8tt_shared_maps(spans, 16);

		if (n == 0)
			return NULL; /* unmapped: the word stays as written */
		for (size_t k = 0; k < n; k++) {
			struct u8c_shared *sh =
			    (struct u8c_shared *)spans[k].lo;
			uint32_t step;

			/* the mapping that holds the load report */
			if (spans[k].hi - spans[k].lo >= sizeof sh->load &&
			    u8tt_peek(&sh->load.step, &step, sizeof step) ==
			        0 &&
			    step <= U8C_LOAD_DONE)
				(void)u8tt_poke(&sh->loader_pid, &init,
				                sizeof init);
		}
		usleep(100);
	}
	return NULL;
}

/* The thread is running before loading goes on (see
 * forges_server_end.c). */
__attribute__((constructor)) static void
start(void)
{
	pthread_t t;

	if (u8tt_mem_open() == 0 && pthread_create(&t, NULL, forges, NULL) == 0)
		while (!running)
			usleep(100);
}

const struct u8tt_target u8tt_target = {.name = "hostile-forges-loader-pid"};
