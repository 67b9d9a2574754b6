/* SPDX-License-Identifier: MIT */
/*
 * fatal_target.c - a correct decoder that crashes on FATAL_PERMILLE of
 * every thousand inputs, for scripts/bench-conform to measure what fatal
 * inputs cost u8conform.
 *
 * u8t_decode, u8t_validate and u8t_encode hash their input (FNV-1a and
 * a final mix; the code point for u8t_encode) and write through NULL
 * when the hash, modulo 1000, is below FATAL_PERMILLE.  u8t_next, called
 * once per character on what is left of the input, would give each
 * input several draws; it does not crash.  Built with 0, 10 and 100,
 * the three libraries do the same work but for the crashes.
 */
#include <string.h>

#include "targets.h"

#ifndef FATAL_PERMILLE
#error "FATAL_PERMILLE: crashes per thousand inputs"
#endif

static int *volatile nowhere;

/* In a variable, so the library of 0 compares as the others do. */
static volatile uint32_t permille = FATAL_PERMILLE;

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
		*nowhere = 1;
}

const struct u8tt_target u8tt_target = {
    .name = "bench-fatal",
    .hooks = {.on_call = on_call},
};
