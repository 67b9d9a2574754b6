/* SPDX-License-Identifier: MIT */
/*
 * accepts_too_large.c - test target: decodes four-byte forms above U+10FFFF.
 *
 * Defect: F4 90..BF and the leads F5..F7 start sequences that decode to
 * 110000..1FFFFF, where Table 3-7 ends at F4 8F BF BF.  Shown by F4 90
 * 80 80: 110000 instead of four FFFD.  Everything else is base.c,
 * correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-accepts-too-large",
    .defects = {.accepts_too_large = 1},
};
