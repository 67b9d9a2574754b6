/* SPDX-License-Identifier: MIT */
/*
 * state_note.h - for hostile targets: a line in $U8TT_STATE_DIR/NAME
 * saying what an attack found and did, for the test to check it ran.
 */
#ifndef U8TT_STATE_NOTE_H
#define U8TT_STATE_NOTE_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Appends @text to $U8TT_STATE_DIR/@name.  With no stdio, so no malloc:
 * a target notes from its threads and its signal handlers, and a thread
 * inside malloc as the process forks leaves the child's allocator locked
 * where the allocator does not lock itself around fork (ASan's, clang 14:
 * a worker then waited for ever on its first malloc). */
static inline void
u8tt_note(const char *name, const char *text)
{
	const char *dir = getenv("U8TT_STATE_DIR");
	char path[512];
	int fd;

	if (dir == NULL)
		return;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644)) < 0)
		return;
	(void)!write(fd, text, strlen(text));
	close(fd);
}

#endif /* U8TT_STATE_NOTE_H */
