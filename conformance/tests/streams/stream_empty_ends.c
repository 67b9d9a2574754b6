/* SPDX-License-Identifier: MIT */
/* stream_empty_ends.c - streaming test target with one defect:
 * stream_empty_ends (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-empty-ends",
    .defects = {.stream_empty_ends = 1},
};
