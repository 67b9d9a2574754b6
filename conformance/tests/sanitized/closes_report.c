/* SPDX-License-Identifier: MIT */
/*
 * closes_report.c - hostile sanitized target: on the input 00 C1 alone,
 * u8t_decode closes every descriptor above stderr, the worker's report
 * pipe among them, and then reads past a heap block (ASan).
 *
 * The report has nowhere to go, so the supervisor cannot say what the
 * error was; the worker's end must still be a finding on 00 C1, in a
 * whole report, and the run must go on.  Only that one input, so that
 * the run stays short: a worker ends each time.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "targets.h"

static volatile unsigned sink;

static void
on_decode_out(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	const volatile uint8_t *block;
	volatile size_t room = n - 1; /* opaque: the bug is at run time */

	(void)out;
	(void)cap;
	if (n != 2 || s[0] != 0x00 || s[1] != 0xC1)
		return;
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
	block = malloc(room);
	if (block == NULL)
		return;
	sink = block[n - 1]; /* one past the block */
	free((void *)(uintptr_t)block);
}

const struct u8tt_target u8tt_target = {
    .name = "san-closes-report",
    .hooks = {.on_decode_out = on_decode_out},
};
