/* SPDX-License-Identifier: MIT */
/* stream_three_chunks.c - streaming test target with one defect:
 * stream_three_chunks (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-three-chunks",
    .defects = {.stream_three_chunks = 1},
};
