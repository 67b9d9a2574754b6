/* SPDX-License-Identifier: MIT */
/*
 * replacement_per_run.c - test target: one U+FFFD per run of ill-formed bytes.
 *
 * Defect: u8t_decode replaces a run of adjacent maximal subparts with a
 * single U+FFFD.  Shown by 80 80: FFFD instead of FFFD FFFD.
 * Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-replacement-per-run",
    .defects = {.fffd_per_run = 1},
};
