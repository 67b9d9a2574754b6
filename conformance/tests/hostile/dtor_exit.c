/* SPDX-License-Identifier: MIT */
/*
 * dtor_exit.c - hostile target: a decoder with a real defect (it drops
 * the lead bits of four-byte characters) whose destructor calls _exit(0).
 *
 * Once this turned the FAIL into exit status 0 and cut the JSON at 8192
 * bytes.  Expected: exit status 1, the decoding FAIL, and a FAIL
 * isolation/exit attributed to unloading, in a whole report.
 */
#include <unistd.h>

#include "targets.h"

__attribute__((destructor)) static void
leave(void)
{
	_exit(0);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-dtor-exit",
    .defects = {.drops_lead_bits = 1},
};
