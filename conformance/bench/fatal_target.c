/* SPDX-License-Identifier: MIT */
/*
 * fatal_target.c - a correct decoder that meets a fatal fate on
 * FATAL_PERMILLE of every thousand inputs, for scripts/bench-conform to
 * measure what fatal inputs cost u8conform, fate by fate.
 *
 * u8t_decode, u8t_validate and u8t_encode hash their input (FNV-1a and
 * a final mix; the code point for u8t_encode) and, when the hash modulo
 * 1000 is below FATAL_PERMILLE, meet FATAL_FATE:
 *   crash  write through NULL (SIGSEGV);
 *   exit   exit(3), through libc's exit handlers to exit_group;
 *   trap   __builtin_trap() (SIGILL);
 *   abort  abort() (SIGABRT, raised by libc).
 * u8t_next, called once per character on what is left of the input,
 * would give each input several draws; it is never fatal.  Built with
 * 0, 10 and 100, the libraries do the same work but for the fates.  A
 * hang is not here: one that spins costs its --timeout of CPU, one that
 * blocks ten times that in wall time (conformance/README.md), however it
 * is recovered.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

#ifndef FATAL_PERMILLE
#error "FATAL_PERMILLE: fatal inputs per thousand"
#endif
#ifndef FATAL_FATE
#error "FATAL_FATE: crash, exit, trap or abort"
#endif

enum { CRASH, EXIT, TRAP, ABORT };

static int *volatile nowhere;

/* In a variable, so the library of 0 compares as the others do. */
static volatile uint32_t permille = FATAL_PERMILLE;

static void
die(void)
{
	switch (FATAL_FATE) {
	case CRASH:
		*nowhere = 1;
		break;
	case EXIT:
		exit(3);
	case TRAP:
		__builtin_trap();
	case ABORT:
		abort();
	}
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	uint32_t h = 2166136261u;

	if (strcmp(fn, "next") == 0)
		return;
	if (s == NULL) /* u8t_encode: n is the code point */
		h = (h ^ (uint32_t)n) * 16777619u;
	for (size_t i = 0; s != NULL && i < n; i++)
		h = (h ^ s[i]) * 16777619u;
	/* FNV's low digits are uneven on short inputs: mix them */
	h ^= h >> 16;
	h *= 0x85EBCA6Bu;
	h ^= h >> 13;
	h *= 0xC2B2AE35u;
	h ^= h >> 16;
	if (h % 1000 < permille)
		die();
}

const struct u8tt_target u8tt_target = {
    .name = "bench-fatal",
    .hooks = {.on_call = on_call},
};
