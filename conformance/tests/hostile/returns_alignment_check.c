/* SPDX-License-Identifier: MIT */
/*
 * returns_alignment_check.c - hostile target: u8t_decode, on an input
 * holding the byte C1, sets the alignment-check flag and returns its
 * answer as usual.  Linux has the CPU check alignment in user code, so
 * with the flag set every unaligned access of whoever runs next on the
 * thread faults (SIGBUS), the worker's own code as much as the target's.
 *
 * The ABI has a function leave that flag as it found it; this one's
 * callers would fault as the worker does.  Once the worker's fault
 * handler, under the same flag, faulted again and again to the end of
 * its stack, and the death was told as a SIGSEGV.  Expected: the worker
 * dies of the SIGBUS, in its own code after the call, and that is a
 * finding on the inputs that hold C1 alone, isolation/crash; the run
 * goes on.
 */
#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
#if defined(__x86_64__)
	for (size_t i = 0; i < n; i++)
		if (s[i] == 0xC1)
			__asm__ volatile("pushfq\n\t"
			                 "orq $0x40000, (%%rsp)\n\t"
			                 "popfq"
			                 :
			                 :
			                 : "cc", "memory");
#else
	(void)s;
	(void)n;
#endif
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-returns-alignment-check",
    .hooks = {.on_call = on_call},
};
