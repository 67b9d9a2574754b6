/* SPDX-License-Identifier: MIT */
/*
 * load_report.h - for hostile targets: u8conform's load report, found
 * from a constructor among the shared mappings (u8conform's own shared.h
 * gives the layout, as any attacker could read it), and written from a
 * fork handler: the loader forks the fork server's go-between once it
 * has written the report and before it unmaps it, so the handler runs
 * in the loader, with the report there to write, on every run.
 */
#ifndef U8TT_LOAD_REPORT_H
#define U8TT_LOAD_REPORT_H

#include <pthread.h>

#include "self_mem.h"
#include "shared.h"
#include "shared_maps.h"

/* The report, as the constructors run: the shared mapping being
 * written; or NULL. */
static inline struct u8c_shared *
u8tt_load_report(void)
{
	struct u8tt_span spans[16];
	size_t n = u8tt_shared_maps(spans, 16);
	uint32_t step;

	if (u8tt_mem_open() != 0)
		return NULL;
	for (size_t k = 0; k < n; k++)
		if (spans[k].hi - spans[k].lo >= sizeof(struct u8c_shared) &&
		    u8tt_peek(&((struct u8c_shared *)spans[k].lo)->load.step,
		              &step, sizeof step) == 0 &&
		    step < U8C_LOAD_DONE)
			return (struct u8c_shared *)spans[k].lo;
	return NULL;
}

/* Whether @sh's report is written (the loader's step): what a fork
 * handler waits for, as the twin forked before loading runs none. */
static inline int
u8tt_load_report_written(struct u8c_shared *sh)
{
	uint32_t step;

	return sh != NULL &&
	       u8tt_peek(&sh->load.step, &step, sizeof step) == 0 &&
	       step == U8C_LOAD_DONE;
}

#endif /* U8TT_LOAD_REPORT_H */
