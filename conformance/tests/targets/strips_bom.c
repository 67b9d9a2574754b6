/* SPDX-License-Identifier: MIT */
/*
 * strips_bom.c - test target: skips a leading byte order mark.
 *
 * Defect: u8t_decode drops a leading EF BB BF, which is the character
 * U+FEFF and decodes like any other.  Shown by EF BB BF: no value
 * instead of FEFF.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-strips-bom",
    .defects = {.strips_bom = 1},
};
