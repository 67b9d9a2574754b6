/* SPDX-License-Identifier: MIT */
/*
 * fence.h - memory between two inaccessible pages, for catching a read
 * or write one byte outside a buffer.
 *
 * A fence is a window of whole pages with a PROT_NONE page below and
 * above it.  Bytes placed flush against the upper guard end exactly where
 * the window ends, so s[n] faults; bytes placed at the window's start
 * have s[-1] in the lower guard.  This is the one copy of guard-page
 * placement for the harness, the fuzzers and the tests.
 */
#ifndef U8S_FENCE_H
#define U8S_FENCE_H

#include <stddef.h>
#include <stdint.h>

struct u8s_fence {
	uint8_t *below; /* the inaccessible page under the window */
	uint8_t *base;  /* the window's first byte                 */
	size_t size;    /* the window's bytes, whole pages          */
	uint8_t *above; /* the inaccessible page over the window   */
	size_t page;    /* the page size                           */
};

/* Which guard an address is in. */
enum u8s_fence_side {
	U8S_FENCE_OUTSIDE = 0, /* neither guard                        */
	U8S_FENCE_BELOW,       /* the page under: an access before [0] */
	U8S_FENCE_ABOVE,       /* the page over: an access past the end */
};

/*
 * u8s_fence_map - map a window of at least @size bytes between guards.
 * Returns 0, or -1 with errno set by mmap or mprotect.
 */
int u8s_fence_map(struct u8s_fence *f, size_t size);

/* u8s_fence_unmap - unmap what u8s_fence_map mapped. */
void u8s_fence_unmap(struct u8s_fence *f);

/*
 * u8s_fence_end - where @n bytes lie flush against the upper guard
 * (their last byte is the window's last), @n <= f->size.
 */
static inline uint8_t *
u8s_fence_end(const struct u8s_fence *f, size_t n)
{
	return f->base + f->size - n;
}

/*
 * u8s_pages_populate - maps the whole pages of p[0..n) in one call
 * (@writing: as written, else as read, to the zero page, which costs no
 * memory), where the first touch of each would fault on its own: on a
 * virtual machine a fault is microseconds.  Nothing where the kernel
 * cannot (before 5.14); it is only a saving.
 */
void u8s_pages_populate(void *p, size_t n, int writing);

/* u8s_fence_side_of - which guard @addr falls in. */
enum u8s_fence_side u8s_fence_side_of(const struct u8s_fence *f,
                                      const void *addr);

#endif /* U8S_FENCE_H */
