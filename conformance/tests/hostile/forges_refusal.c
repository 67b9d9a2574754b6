/* SPDX-License-Identifier: MIT */
/*
 * forges_refusal.c - hostile target: from a fork handler in the loader
 * (load_report.h), it says in u8conform's load report that loading was
 * refused, with a reason of two lines, the second a verdict.
 *
 * A target can always end its own run while loading (an exit in a
 * constructor is exit status 2 too).  Expected: exit status 2 and one
 * line on stderr, its line break shown as an escape, so that no line of
 * its own reaches u8conform's output.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>

#include "load_report.h"
#include "state_note.h"
#include "targets.h"

static struct u8c_shared *report;

static void
refuse(void)
{
	static const char why[] = "a forged refusal\nverdict  pass";
	const uint32_t refused = U8C_LOAD_REFUSED;

	if (!u8tt_load_report_written(report) ||
	    u8tt_poke(report->load.error, why, sizeof why) != 0 ||
	    u8tt_poke(&report->load.step, &refused, sizeof refused) != 0)
		return;
	u8tt_note("seen", "forged\n");
	report = NULL;
}

__attribute__((constructor)) static void
start(void)
{
	if ((report = u8tt_load_report()) != NULL)
		pthread_atfork(refuse, NULL, NULL);
}

const struct u8tt_target u8tt_target = {.name = "hostile-forges-refusal"};
