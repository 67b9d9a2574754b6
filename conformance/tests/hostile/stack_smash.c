/* SPDX-License-Identifier: MIT */
/*
 * stack_smash.c - hostile target: u8t_decode copies its input into a
 * local uint8_t tmp[64] with no length check, the commonest bug a
 * decoder has.
 *
 * Once the overrun reached the harness's frames above the call (from
 * about 180 bytes past tmp), and the worker died in harness code after
 * the recovery: u8conform blamed itself, exit 2, no report.  Expected:
 * the input that overran is a finding, and the run goes on.
 */
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	uint8_t tmp[64];
	volatile uint8_t *to = tmp; /* stores the compiler must make */

	if (strcmp(fn, "decode") != 0)
		return;
	for (size_t i = 0; i < n; i++)
		to[i] = s[i];
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stack-smash",
    .hooks = {.on_call = on_call},
};
