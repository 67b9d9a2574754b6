/* SPDX-License-Identifier: MIT */
/*
 * ctor_hang.c - hostile target: its constructor ignores SIGALRM and
 * loops for ever.
 *
 * Once this hung u8conform for ever.  Expected: exit status 2 after the
 * timeout, one line saying loading took too long.
 */
#include <signal.h>

#include "targets.h"

static volatile unsigned long spins;

__attribute__((constructor)) static void
spin(void)
{
	signal(SIGALRM, SIG_IGN);
	for (;;)
		spins++;
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-hang"};
