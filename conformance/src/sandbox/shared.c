/* SPDX-License-Identifier: MIT */
/*
 * shared.c - what a process of the jail keeps of the shared memory
 * (shared.h): the parts it does not write are unmapped, so that target
 * code running there cannot write them either.
 */
#include <stdint.h>
#include <sys/mman.h>

#include "shared.h"

/* Unmaps [from, to), if anything is there. */
static int
drop(const void *from, const void *to)
{
	uintptr_t a = (uintptr_t)from, b = (uintptr_t)to;

	return b > a ? munmap((void *)a, b - a) : 0;
}

int
u8c_shared_keep(struct u8c_shared *sh, enum u8c_keep keep, unsigned k)
{
	const uint8_t *end = (const uint8_t *)sh + sizeof *sh;

	if (keep == U8C_KEEP_NOTHING)
		return drop(sh, end);
	if (k >= U8C_SLOTS)
		return -1;
	return drop(sh, &sh->slots[k]) |
	       drop(&sh->slots[k + 1], &sh->rings[k]) |
	       drop(&sh->rings[k + 1], end);
}
