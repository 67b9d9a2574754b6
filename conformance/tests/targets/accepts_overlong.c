/* SPDX-License-Identifier: MIT */
/*
 * accepts_overlong.c - test target: decodes overlong forms to their values.
 *
 * Defect: C0, C1, E0 80..9F and F0 80..8F, which Table 3-7 excludes
 * because they would encode a value again in a longer form, decode to
 * that value.  Shown by C0 80: U+0000 instead of FFFD FFFD.  Everything
 * else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-accepts-overlong",
    .defects = {.accepts_overlong = 1},
};
