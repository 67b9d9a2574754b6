/* SPDX-License-Identifier: MIT */
/* stream_gathers_blocks.c - streaming test target with one defect:
 * stream_gathers_blocks (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-gathers-blocks",
    .defects = {.stream_gathers_blocks = 1},
};
