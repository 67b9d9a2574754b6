/* SPDX-License-Identifier: MIT */
/*
 * stack_smash_values.c - hostile target: u8t_decode gathers its values
 * in a local uint32_t tmp[32] before copying them out, and never checks
 * that the input fits; the default plan's longer inputs overrun it.
 *
 * Once that made u8conform exit 2, "a worker failed: fault in the
 * harness", with no report.  Expected: a finding on the first input
 * that overran, a whole report, and the run goes on.
 */
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	uint32_t tmp[32];
	volatile uint32_t *to = tmp;

	if (strcmp(fn, "decode") != 0)
		return;
	for (size_t i = 0; i < n; i++)
		to[i] = s[i];
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stack-smash-values",
    .hooks = {.on_call = on_call},
};
