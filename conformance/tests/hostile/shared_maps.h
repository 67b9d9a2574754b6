/* SPDX-License-Identifier: MIT */
/*
 * shared_maps.h - for hostile targets: the shared writable mappings a
 * process can see in /proc/self/maps, which is where u8conform's memory
 * with its workers is.
 *
 * Read with open and read alone, no malloc and no stdio lock: a thread
 * of the target's that reads it in the loading process must hold no
 * lock when the loader forks (under the sanitizers, a lock held then
 * stays held in every process forked after, and the run cannot start).
 */
#ifndef U8TT_SHARED_MAPS_H
#define U8TT_SHARED_MAPS_H

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct u8tt_span {
	uintptr_t lo, hi;
};

/* Up to @max spans of "rw-s" mappings into @out; how many.  Reads the
 * first 1 MiB of the maps, which holds them all in any of our
 * processes. */
static inline size_t
u8tt_shared_maps(struct u8tt_span *out, size_t max)
{
	static char text[1 << 20];
	size_t len = 0, n = 0;
	ssize_t got;
	char *line, *end;
	int fd = open("/proc/self/maps", O_RDONLY);

	if (fd < 0)
		return 0;
	while (len < sizeof text - 1 &&
	       (got = read(fd, text + len, sizeof text - 1 - len)) > 0)
		len += (size_t)got;
	close(fd);
	text[len] = '\0';
	/* each line: lo-hi perms offset dev inode path */
	for (line = text; n < max && *line != '\0'; line = end + 1) {
		char *at;
		uintptr_t lo = strtoul(line, &at, 16), hi;

		end = strchr(line, '\n');
		if (end == NULL)
			break;
		if (*at != '-')
			continue;
		hi = strtoul(at + 1, &at, 16);
		if (strncmp(at, " rw-s ", 6) == 0)
			out[n++] = (struct u8tt_span){lo, hi};
	}
	return n;
}

/* Fills every shared mapping of 1 to 16 MiB (a worker's ring: its two
 * words, then its bytes) with 0xA5; with @words_last, its first 64 bytes
 * last, so that the words are wrong for the least time.  How many. */
static inline size_t
u8tt_fill_rings(int words_last)
{
	struct u8tt_span spans[64];
	size_t found = u8tt_shared_maps(spans, 64), rings = 0;

	for (size_t k = 0; k < found; k++) {
		uint8_t *lo = (uint8_t *)spans[k].lo;
		size_t size = spans[k].hi - spans[k].lo,
		       head = words_last ? 64 : 0;

		if (size < (1u << 20) || size > (16u << 20))
			continue;
		memset(lo + head, 0xA5, size - head);
		memset(lo, 0xA5, head);
		rings++;
	}
	return rings;
}

#endif /* U8TT_SHARED_MAPS_H */
