/* SPDX-License-Identifier: MIT */
/*
 * accepts_surrogate.c - test target: decodes three-byte surrogates.
 *
 * Defect: ED A0 80..ED BF BF decode to U+D800..DFFF, where Table 3-7
 * row ED allows only 80..9F as second byte.  Shown by ED A0 80: D800
 * instead of FFFD FFFD FFFD.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-accepts-surrogate",
    .defects = {.accepts_surrogate = 1},
};
