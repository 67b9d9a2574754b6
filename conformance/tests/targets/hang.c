/* SPDX-License-Identifier: MIT */
/*
 * hang.c - test target: loops forever at the byte FE.
 *
 * Defect: a lead byte FE makes the core spin on a volatile counter and
 * never return.  Shown by FE, where FFFD is due.  Everything else is
 * base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-hang",
    .defects = {.hang_on_fe = 1},
};
