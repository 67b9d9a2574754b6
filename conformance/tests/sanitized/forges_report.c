/* SPDX-License-Identifier: MIT */
/*
 * forges_report.c - hostile sanitized target: on the input 00 C1 alone,
 * u8t_decode writes a made-up AddressSanitizer report into every
 * descriptor above stderr, the worker's report pipe among them, and then
 * calls exit(3), with no memory error at all.
 *
 * The supervisor believes a report only from a worker that its
 * sanitizer's death callback ended: this one is an exit, recovered in
 * the worker, and nothing else; the forged text is never read as a
 * finding.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "targets.h"

static const char forged[] =
    "==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x1\n"
    "READ of size 8 at 0x1 thread T0\n"
    "SUMMARY: AddressSanitizer: heap-use-after-free\n";

static void
on_decode_out(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	(void)out;
	(void)cap;
	if (n != 2 || s[0] != 0x00 || s[1] != 0xC1)
		return;
	for (int fd = 3; fd < 1024; fd++)
		if (write(fd, forged, sizeof forged - 1) < 0)
			continue;
	exit(3);
}

const struct u8tt_target u8tt_target = {
    .name = "san-forges-report",
    .hooks = {.on_decode_out = on_decode_out},
};
