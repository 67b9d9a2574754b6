/* SPDX-License-Identifier: MIT */
/*
 * next_progress.c - test target: u8t_next is stuck at a lone trail.
 *
 * Defect: u8t_next returns 0 when s[0] is 80..BF, so a caller looping
 * on it never advances.  Shown by 80: next returns 0 instead of 1.
 * Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-next-progress",
    .defects = {.next_no_progress = 1},
};
