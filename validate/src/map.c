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

/* Where the page cache holds a file in 2 MiB folios (Linux 6.18 on ext4
 * does, for a file read in order), a mapping at a multiple of 2 MiB
 * takes each with one page-table entry, where a fault per 16 pages of
 * 4 KiB and their unmapping cost as much time as validating the text
 * (half of `u8validate -j1` on 256 MiB of CJK; now 0.89x dd, was 1.02x). */
#define HUGE_PAGE ((size_t)2 << 20)

/* The file's @size bytes mapped at an address that is a multiple of
 * HUGE_PAGE: a reservation HUGE_PAGE longer, the file mapped over its
 * first such address, the rest given back.  NULL when it fails. */
static void *
map_huge_aligned(int fd, size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t length = (size + page - 1) / page * page, head;
	uint8_t *p;

	if (length > SIZE_MAX - HUGE_PAGE)
		return NULL;
	p = mmap(NULL, length + HUGE_PAGE, PROT_NONE,
	         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
	if (mmap(p + head, size, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) ==
	    MAP_FAILED) {
		munmap(p, length + HUGE_PAGE);
		return NULL;
	}
	if (head > 0)
		munmap(p, head);
	munmap(p + head + length, HUGE_PAGE - head);
	return p + head;
}

int
u8v_map_open(struct u8v_map *m, int fd, uint64_t size)
{
	void *p;

	m->bytes = NULL;
	m->size = size;
	if (size == 0 || size > SIZE_MAX)
		return -1;
	p = map_huge_aligned(fd, (size_t)size);
	if (p == NULL)
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
