/* SPDX-License-Identifier: MIT */
/*
 * exit.c - test target: calls exit(3) at the byte FF.
 *
 * Defect: a lead byte FF makes the core end the whole process with
 * status 3.  Shown by FF, where FFFD is due.  Everything else is
 * base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-exit",
    .defects = {.exit_on_ff = 1},
};
