/* SPDX-License-Identifier: MIT */
/*
 * self_mem.h - for hostile targets: reads and writes of their own memory
 * through /proc/self/mem (pread and pwrite: the including file defines
 * _GNU_SOURCE first).
 */
#ifndef U8TT_SELF_MEM_H
#define U8TT_SELF_MEM_H

#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

/* Reads and writes of our own memory through /proc/self/mem, opened
 * first with u8tt_mem_open: u8conform may unmap a mapping between a
 * look at the maps and a touch of it, and a fault there would be the
 * target's crash, not the attack.  0, or -1 where nothing is mapped. */
static inline int *
u8tt_mem(void)
{
	static int fd = -1;

	return &fd;
}

static inline int
u8tt_mem_open(void)
{
	*u8tt_mem() = open("/proc/self/mem", O_RDWR);
	return *u8tt_mem() >= 0 ? 0 : -1;
}

static inline int
u8tt_peek(const volatile void *at, void *to, size_t n)
{
	return pread(*u8tt_mem(), to, n, (off_t)(uintptr_t)at) == (ssize_t)n
	           ? 0
	           : -1;
}

static inline int
u8tt_poke(volatile void *at, const void *from, size_t n)
{
	return pwrite(*u8tt_mem(), from, n, (off_t)(uintptr_t)at) == (ssize_t)n
	           ? 0
	           : -1;
}

#endif /* U8TT_SELF_MEM_H */
