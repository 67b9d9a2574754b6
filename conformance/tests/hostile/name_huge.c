/* SPDX-License-Identifier: MIT */
/*
 * name_huge.c - hostile target: a name of 1 MB whose every 127th byte
 * starts a three-byte character.
 *
 * Once it was cut at 127 bytes inside a character.  Expected: a short
 * name, cut at a character boundary, in valid reports.
 */
#include <string.h>

#include "targets.h"

static char name[1 << 20];

static const char *
huge(void)
{
	for (size_t i = 0; i + 3 < sizeof name; i += 127) {
		memset(name + i, 'n', 124);
		memcpy(name + i + 124, "\xE2\x82\xAC", 3);
	}
	name[sizeof name - 1] = '\0';
	return name;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-name-huge",
    .hooks = {.name = huge},
};
