/* SPDX-License-Identifier: MIT */
/*
 * ctor_crash_second_load.c - hostile target: its constructor crashes
 * when it finds the mark its first load left in $U8TT_STATE_DIR.
 *
 * Once u8conform loaded the library twice (a probe, then itself) and
 * died.  Expected: one load, and the correct decoder behind it passes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "targets.h"

static int *volatile nowhere;

__attribute__((constructor)) static void
second_crashes(void)
{
	const char *dir = getenv("U8TT_STATE_DIR");
	char mark[4096];
	int fd;

	snprintf(mark, sizeof mark, "%s/loaded", dir ? dir : ".");
	if (access(mark, F_OK) == 0)
		*nowhere = 1;
	if ((fd = open(mark, O_CREAT | O_WRONLY, 0600)) >= 0)
		close(fd);
}

const struct u8tt_target u8tt_target = {.name =
                                            "hostile-ctor-crash-second-load"};
