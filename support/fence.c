/* SPDX-License-Identifier: MIT */
/*
 * fence.c - a window of pages between two PROT_NONE pages.
 *
 * One mapping holds the lower guard, the window and the upper guard, so
 * nothing else can ever be mapped next to the window.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <sys/mman.h>
#include <unistd.h>

#include "fence.h"

int
u8s_fence_map(struct u8s_fence *f, size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t span = (size + page - 1) / page * page;
	uint8_t *p;

	if (span == 0)
		span = page;
	p = mmap(NULL, span + 2 * page, PROT_READ | PROT_WRITE,
	         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	if (mprotect(p, page, PROT_NONE) != 0 ||
	    mprotect(p + page + span, page, PROT_NONE) != 0) {
		munmap(p, span + 2 * page);
		return -1;
	}
	f->below = p;
	f->base = p + page;
	f->size = span;
	f->above = p + page + span;
	f->page = page;
	return 0;
}

void
u8s_fence_unmap(struct u8s_fence *f)
{
	if (f->below != NULL)
		munmap(f->below, f->size + 2 * f->page);
	f->below = f->base = f->above = NULL;
}

#ifndef MADV_POPULATE_READ /* Linux 5.14 */
#define MADV_POPULATE_READ  22
#define MADV_POPULATE_WRITE 23
#endif

void
u8s_pages_populate(void *p, size_t n, int writing)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t from = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t to = ((uintptr_t)p + n) & ~(page - 1);

	if (to > from)
		(void)madvise((void *)from, to - from,
		              writing ? MADV_POPULATE_WRITE
		                      : MADV_POPULATE_READ);
}

enum u8s_fence_side
u8s_fence_side_of(const struct u8s_fence *f, const void *addr)
{
	const uint8_t *a = addr;

	if (f->below == NULL)
		return U8S_FENCE_OUTSIDE;
	if (a >= f->below && a < f->below + f->page)
		return U8S_FENCE_BELOW;
	if (a >= f->above && a < f->above + f->page)
		return U8S_FENCE_ABOVE;
	return U8S_FENCE_OUTSIDE;
}
