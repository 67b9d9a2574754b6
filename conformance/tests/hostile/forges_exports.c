/* SPDX-License-Identifier: MIT */
/*
 * forges_exports.c - hostile target: its u8t_validate is broken (the
 * offset one byte too far), and it writes that function out of the
 * exports of u8conform's load report (u8conform's own shared.h gives the
 * layout, as any attacker could read it).  Its constructor finds the
 * report among the shared mappings; a fork handler, which runs in the
 * loading process after the loader wrote the report and before it
 * unmaps it (it forks the fork server's go-between then), writes it.
 *
 * Once, u8conform read the exports from that report alone: the broken
 * function was left out of the run unjudged, and the verdict was a pass.
 * Expected: u8conform knows what the library defines from the library's
 * own symbol table, judges u8t_validate (abi/validate fails), and says
 * its memory was written over while loading (isolation/over-write).
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

static struct u8c_shared *report;

/* In the loader, as it forks with the report written: u8t_validate out
 * of its exports. */
static void
forge(void)
{
	uint32_t step, exports;

	if (report == NULL ||
	    u8tt_peek(&report->load.step, &step, sizeof step) != 0 ||
	    step != U8C_LOAD_DONE ||
	    u8tt_peek(&report->load.exports, &exports, sizeof exports) != 0)
		return;
	exports &= ~(1u << U8C_FN_VALIDATE);
	if (u8tt_poke(&report->load.exports, &exports, sizeof exports) == 0)
		u8tt_note("seen", "forged\n");
	report = NULL; /* once */
}

/* The report is the shared mapping being written while this runs. */
__attribute__((constructor)) static void
start(void)
{
	struct u8tt_span spans[16];
	size_t n = u8tt_shared_maps(spans, 16);
	uint32_t step;

	if (u8tt_mem_open() != 0)
		return;
	for (size_t k = 0; k < n && report == NULL; k++)
		if (spans[k].hi - spans[k].lo >= sizeof *report &&
		    u8tt_peek(&((struct u8c_shared *)spans[k].lo)->load.step,
		              &step, sizeof step) == 0 &&
		    step < U8C_LOAD_DONE)
			report = (struct u8c_shared *)spans[k].lo;
	if (report != NULL && pthread_atfork(forge, NULL, NULL) == 0)
		u8tt_note("seen", "report\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-forges-exports",
    .defects = {.validate_off_by_one = 1},
};
