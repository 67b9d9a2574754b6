/* SPDX-License-Identifier: MIT */
/*
 * forges_exports.c - hostile target: its u8t_validate is broken (the
 * offset one byte too far), and it writes that function out of the
 * exports of u8conform's load report, from a fork handler in the
 * loader (load_report.h).
 *
 * Once, u8conform read the exports from that report alone: the broken
 * function was left out of the run unjudged, and the verdict was a pass.
 * Expected: u8conform knows what the library defines from the library's
 * own symbol table, judges u8t_validate (abi/validate fails), and says
 * its memory was written over while loading (isolation/over-write).
 */
#define _GNU_SOURCE
#include <stdint.h>

#include "load_report.h"
#include "state_note.h"
#include "targets.h"

static struct u8c_shared *report;

/* In the loader, as it forks with the report written: u8t_validate out
 * of its exports. */
static void
forge(void)
{
	uint32_t exports;

	if (!u8tt_load_report_written(report) ||
	    u8tt_peek(&report->load.exports, &exports, sizeof exports) != 0)
		return;
	exports &= ~(1u << U8C_FN_VALIDATE);
	if (u8tt_poke(&report->load.exports, &exports, sizeof exports) == 0)
		u8tt_note("seen", "forged\n");
	report = NULL; /* once */
}

__attribute__((constructor)) static void
start(void)
{
	if ((report = u8tt_load_report()) != NULL &&
	    pthread_atfork(forge, NULL, NULL) == 0)
		u8tt_note("seen", "report\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-forges-exports",
    .defects = {.validate_off_by_one = 1},
};
