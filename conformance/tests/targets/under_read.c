/* SPDX-License-Identifier: MIT */
/*
 * under_read.c - test target: reads s[-1] before a leading trail byte.
 *
 * Defect: the core looks at the byte before a lone trail byte, so an
 * input starting with 80..BF reads s[-1].  Shown by 80, which still
 * gives FFFD, unless s[-1] is unmapped.  Everything else is base.c,
 * correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-under-read",
    .defects = {.reads_before_start = 1},
};
