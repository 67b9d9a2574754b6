/* SPDX-License-Identifier: MIT */
/*
 * forges_exports.c - hostile target: its u8t_validate is broken (the
 * offset one byte too far), and its constructor starts a thread that
 * stays in the loading process and, once the loader has written its load
 * report in the memory it shares with u8conform, writes the report's
 * exports over without u8t_validate, as long as it can (u8conform's own
 * shared.h gives the layout, as any attacker could read it).
 *
 * Once, u8conform read the exports from that report alone: the broken
 * function was left out of the run unjudged, and the verdict was a pass
 * (with --load once; by default, the workers loading the target again
 * found it other than the report said, and the run ended with exit 2).
 * Expected: u8conform knows what the library defines from the library's
 * own symbol table, judges u8t_validate (abi/validate fails), and, when
 * the thread wrote in time (a race it wins most often), says its memory
 * was written over while loading (isolation/over-write).
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

/* The loader's report, if @sh is one still being written. */
static int
is_report(const struct u8tt_span *span)
{
	const struct u8c_shared *sh = (const struct u8c_shared *)span->lo;
	uint32_t step;

	return span->hi - span->lo >= sizeof *sh &&
	       u8tt_peek(&sh->load.step, &step, sizeof step) == 0 &&
	       step < U8C_LOAD_DONE;
}

/* Finds the report while the library loads, then, from the moment the
 * loader writes the exports into it, takes u8t_validate out of them,
 * again and again, until the loader unmaps it. */
static void *
forges(void *arg)
{
	struct u8tt_span spans[16];
	struct u8c_shared *sh = NULL;
	size_t n = u8tt_shared_maps(spans, 16);
	uint32_t exports;
	int forged = 0;

	(void)arg;
	for (size_t k = 0; k < n && sh == NULL; k++)
		if (is_report(&spans[k]))
			sh = (struct u8c_shared *)spans[k].lo;
	running = 1;
	if (sh == NULL)
		return NULL;
	u8tt_note("seen", "report\n");
	while (u8tt_peek(&sh->load.exports, &exports, sizeof exports) == 0) {
		if (!(exports & 1u << U8C_FN_VALIDATE))
			continue;
		exports &= ~(1u << U8C_FN_VALIDATE);
		if (u8tt_poke(&sh->load.exports, &exports, sizeof exports) ==
		        0 &&
		    !forged++)
			u8tt_note("seen", "forged\n");
	}
	return NULL;
}

/* Running before loading goes on (see forges_server_end.c). */
__attribute__((constructor)) static void
start(void)
{
	pthread_t t;

	if (u8tt_mem_open() == 0 && pthread_create(&t, NULL, forges, NULL) == 0)
		while (!running)
			usleep(100);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-forges-exports",
    .defects = {.validate_off_by_one = 1},
};
