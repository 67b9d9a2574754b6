/* SPDX-License-Identifier: MIT */
/*
 * state_note.h - for hostile targets: a line in $U8TT_STATE_DIR/NAME
 * saying what an attack found and did, for the test to check it ran.
 */
#ifndef U8TT_STATE_NOTE_H
#define U8TT_STATE_NOTE_H

#include <stdio.h>
#include <stdlib.h>

/* Appends @text to $U8TT_STATE_DIR/@name. */
static inline void
u8tt_note(const char *name, const char *text)
{
	const char *dir = getenv("U8TT_STATE_DIR");
	char path[512];
	FILE *f;

	if (dir == NULL)
		return;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "a")) == NULL)
		return;
	fputs(text, f);
	fclose(f);
}

#endif /* U8TT_STATE_NOTE_H */
