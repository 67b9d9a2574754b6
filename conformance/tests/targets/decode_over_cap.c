/* SPDX-License-Identifier: MIT */
/*
 * decode_over_cap.c - test target: decode returns cap + 1 on bad input.
 *
 * Defect: when the input has any ill-formed subsequence, u8t_decode
 * writes the right values, never past cap, but returns cap + 1, more
 * than it may write.  Shown by 80 with cap 1: 2 instead of 1.
 * Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-decode-over-cap",
    .defects = {.count_over_cap = 1},
};
