/* SPDX-License-Identifier: MIT */
/* stream_drops_split.c - streaming test target with one defect:
 * stream_drops_split (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-drops-split",
    .defects = {.stream_drops_split = 1},
};
