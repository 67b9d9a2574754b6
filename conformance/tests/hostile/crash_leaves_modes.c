/* SPDX-License-Identifier: MIT */
/*
 * crash_leaves_modes.c - hostile target: u8t_decode, on an input holding
 * a byte of 80..FF, sets the direction flag, SSE's rounding toward zero
 * with every exception unmasked and x87's precision to 24 bits, then
 * crashes, or on C1 calls exit(3).  The ABI has a
 * function leave those modes as it found them, which a call that dies
 * never does.  Every call first looks at the modes it was given and
 * crashes unless they are the ABI's.
 *
 * Expected: isolation/crash on 80 and isolation/exit on C1, charged to
 * u8t_decode alone: validate, next and encode are judged on every input,
 * as on the correct target, whatever the call before them left.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

static int *volatile nowhere;

#if defined(__x86_64__)
enum { DF = 1 << 10 };

static int
modes_are_the_abis(void)
{
	unsigned long flags;
	unsigned mxcsr;
	unsigned short cw;

	__asm__ volatile("pushfq\n\tpopq %0" : "=r"(flags));
	__asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
	__asm__ volatile("fnstcw %0" : "=m"(cw));
	/* MXCSR's low six bits are sticky status, not modes */
	return !(flags & DF) && (mxcsr & ~0x3Fu) == 0x1F80 && cw == 0x37F;
}

static void
spoil_modes(void)
{
	/* every exception unmasked, rounding toward zero */
	static const unsigned mxcsr = 0x6000;
	static const unsigned short cw = 0x37F & ~0x300; /* 24 bits */

	__asm__ volatile("ldmxcsr %0" : : "m"(mxcsr));
	__asm__ volatile("fldcw %0" : : "m"(cw));
	__asm__ volatile("std" : : : "cc");
}
#else
static int
modes_are_the_abis(void)
{
	return 1;
}

static void
spoil_modes(void)
{
}
#endif

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (!modes_are_the_abis())
		*nowhere = 2;
	if (strcmp(fn, "decode") != 0)
		return;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < 0x80)
			continue;
		spoil_modes();
		if (s[i] == 0xC1)
			exit(3);
		*nowhere = 1;
	}
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-crash-leaves-modes",
    .hooks = {.on_call = on_call},
};
