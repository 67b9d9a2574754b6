/* SPDX-License-Identifier: MIT */
/*
 * map.c - mapping a regular file for the scan.
 *
 * The mapping is the page cache itself, so validation reads the file
 * where the kernel keeps it, with no copy into a buffer of ours: for a
 * file in the page cache that is the difference between the speed of
 * memcpy and the speed of the kernels.  Pages read are dropped from the
 * mapping as the scan moves on; the page cache keeps them.
 */
#define _DEFAULT_SOURCE /* madvise */
#include <sys/mman.h>
#include <unistd.h>

#include "map.h"

int
u8v_map_open(struct u8v_map *m, int fd, uint64_t size)
{
	void *p;

	m->bytes = NULL;
	m->size = size;
	if (size == 0 || size > SIZE_MAX)
		return -1;
	p = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return -1;
	m->bytes = p;
	return 0;
}

void
u8v_map_drop(const struct u8v_map *m, uint64_t from, uint64_t to)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t first = (from + page - 1) / page * page,
	         last = to / page * page;

	if (last > first)
		madvise((void *)(uintptr_t)(m->bytes + first),
		        (size_t)(last - first), MADV_DONTNEED);
}

void
u8v_map_close(struct u8v_map *m)
{
	if (m->bytes != NULL)
		munmap((void *)(uintptr_t)m->bytes, (size_t)m->size);
	m->bytes = NULL;
}
