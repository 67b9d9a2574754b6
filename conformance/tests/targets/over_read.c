/* SPDX-License-Identifier: MIT */
/*
 * over_read.c - test target: reads s[n] after a final lead byte.
 *
 * Defect: the core fetches the byte after a multi-byte lead before
 * checking that there is one, so an input ending in C2..F4 reads s[n].
 * Shown by C2, which still gives FFFD, unless s[n] is unmapped.
 * Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-over-read",
    .defects = {.reads_past_end = 1},
};
