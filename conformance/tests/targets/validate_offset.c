/* SPDX-License-Identifier: MIT */
/*
 * validate_offset.c - test target: the error offset is one too far.
 *
 * Defect: u8t_validate stores the offset of the byte after the start of
 * the first ill-formed subsequence.  Shown by 80: offset 1 instead of
 * 0.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-validate-offset",
    .defects = {.validate_off_by_one = 1},
};
