/* SPDX-License-Identifier: MIT */
/*
 * progress.c - the progress line: the family being run, inputs done,
 * their rate and the time left, rewritten in place.
 */
#include <stdio.h>
#include <unistd.h>

#include "progress.h"

static int written;

static void
show(void *ctx, const struct u8c_progress *p)
{
	double rate = p->seconds > 0 ? (double)p->done / p->seconds : 0;
	double left = rate > 0 && p->total > p->done
	                  ? (double)(p->total - p->done) / rate
	                  : 0;

	(void)ctx;
	fprintf(
	    stderr,
	    "\r%5.1f%%  %llu of %llu inputs  %.2f M/s  ETA %.0f s  %-28.28s",
	    p->total ? 100.0 * (double)p->done / (double)p->total : 100.0,
	    (unsigned long long)p->done, (unsigned long long)p->total,
	    rate / 1e6, left, p->phase);
	written = 1;
}

void
u8c_progress_attach(struct u8c_sandbox_config *cfg, int wanted, int forced)
{
	if (forced || (wanted && isatty(STDERR_FILENO)))
		cfg->progress = show;
}

void
u8c_progress_end(void)
{
	if (written)
		fputc('\n', stderr);
}
