/* SPDX-License-Identifier: MIT */
/* stream_early.c - streaming test target with one defect: stream_early
 * (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-early",
    .defects = {.stream_early = 1},
};
