/* SPDX-License-Identifier: MIT */
/*
 * crash.c - test target: dies of SIGSEGV at the byte F5.
 *
 * Defect: a lead byte F5 makes the core write through a NULL pointer, a
 * genuine bad access.  Shown by F5, where FFFD is due.  Everything else
 * is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-crash",
    .defects = {.crash_on_f5 = 1},
};
