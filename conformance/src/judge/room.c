/* SPDX-License-Identifier: MIT */
#include "room.h"

#include <stdio.h>
#include <unistd.h>

void *
u8c_room(void *p, const char *who)
{
	if (p != NULL)
		return p;
	fprintf(stderr, "u8conform: %s: out of memory\n", who);
	/* not exit(): the other threads are still running */
	_exit(2);
}
