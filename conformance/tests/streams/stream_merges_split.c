/* SPDX-License-Identifier: MIT */
/* stream_merges_split.c - streaming test target with one defect:
 * stream_merges_split (targets.h), a count of U+FFFD only. */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-merges-split",
    .defects = {.stream_merges_split = 1},
};
