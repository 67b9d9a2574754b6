/* SPDX-License-Identifier: MIT */
/*
 * writes_stdout.c - test target: prints to stdout at the byte C1.
 *
 * Defect: a lead byte C1 makes the core printf() a line and fflush()
 * it; the results are otherwise right.  Shown by C1, which still gives
 * FFFD.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-writes-stdout",
    .defects = {.prints_on_c1 = 1},
};
