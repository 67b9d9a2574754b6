/* SPDX-License-Identifier: MIT */
/*
 * next_overrun.c - test target: u8t_next claims a byte past the end.
 *
 * Defect: u8t_next returns n + 1 when s[0..n) is a live prefix cut by
 * the end, as if the missing trail byte had been consumed.  Shown by
 * C2: next returns 2 instead of 1.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-next-overrun",
    .defects = {.next_past_end = 1},
};
