/* SPDX-License-Identifier: MIT */
/*
 * shared_maps.h - for hostile targets: the shared writable mappings a
 * process can see in /proc/self/maps, which is where u8conform's memory
 * with its workers is.
 */
#ifndef U8TT_SHARED_MAPS_H
#define U8TT_SHARED_MAPS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct u8tt_span {
	uintptr_t lo, hi;
};

/* Up to @max spans of "rw-s" mappings into @out; how many. */
static inline size_t
u8tt_shared_maps(struct u8tt_span *out, size_t max)
{
	char line[512], perms[8];
	unsigned long lo, hi;
	size_t n = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (f == NULL)
		return 0;
	while (n < max && fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 &&
		    strcmp(perms, "rw-s") == 0)
			out[n++] = (struct u8tt_span){lo, hi};
	fclose(f);
	return n;
}

#endif /* U8TT_SHARED_MAPS_H */
