/* SPDX-License-Identifier: MIT */
/*
 * guard.c - SIGBUS from a mapped file that shrank, turned into a return
 * value with sigsetjmp.
 *
 * The signal is synchronous: it arrives in the thread whose load
 * faulted, so each thread keeps its own jump target.  Jumping out of the
 * handler is safe because the guarded code only computes over the
 * mapping: it holds no lock and leaves no allocation half made.
 */
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include "guard.h"

/* Where SIGBUS returns to in this thread, or NULL outside u8v_guarded. */
static _Thread_local sigjmp_buf *volatile landing;

static void
on_sigbus(int sig)
{
	if (landing != NULL)
		siglongjmp(*landing, 1);
	/* Not ours: die of it, as without a handler. */
	signal(sig, SIG_DFL);
	raise(sig);
}

int
u8v_guard_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigbus;
	sigemptyset(&sa.sa_mask);
	return sigaction(SIGBUS, &sa, NULL);
}

int
u8v_guarded(void (*fn)(void *ctx), void *ctx)
{
	sigjmp_buf here, *volatile outer = landing;

	/* The mask is saved so that the jump unblocks SIGBUS again. */
	if (sigsetjmp(here, 1) != 0) {
		landing = outer;
		return -1;
	}
	landing = &here;
	fn(ctx);
	landing = outer; /* guards nest: the caller's holds again */
	return 0;
}
