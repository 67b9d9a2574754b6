/* SPDX-License-Identifier: MIT */
/*
 * map.h - a regular file mapped whole, read in order, and given back
 * behind the reader so that the resident set stays small.
 */
#ifndef U8V_MAP_H
#define U8V_MAP_H

#include <stddef.h>
#include <stdint.h>

/* Pages are given back in runs of this many bytes: large enough that
 * madvise costs nothing per byte, small enough to keep a few of them
 * resident per thread. */
#define U8V_MAP_DROP ((uint64_t)2 << 20)

struct u8v_map {
	const uint8_t *bytes; /* the file from offset 0                */
	uint64_t size;        /* its size when it was mapped           */
};

/*
 * u8v_map_open - map the @size bytes of regular file @fd, read only.
 * Returns 0, or -1 when the file cannot be mapped (the caller reads it
 * instead).  Reading a page that the file no longer has raises SIGBUS:
 * read through u8v_guarded.
 */
int u8v_map_open(struct u8v_map *m, int fd, uint64_t size);

/*
 * u8v_map_drop - the bytes in [@from, @to) will not be read again: give
 * their pages back (they stay in the page cache).  Only whole pages
 * inside the range are dropped.
 */
void u8v_map_drop(const struct u8v_map *m, uint64_t from, uint64_t to);

void u8v_map_close(struct u8v_map *m);

#endif /* U8V_MAP_H */
