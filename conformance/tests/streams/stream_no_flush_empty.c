/* SPDX-License-Identifier: MIT */
/* stream_no_flush_empty.c - streaming test target with one defect:
 * stream_no_flush_empty (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-no-flush-empty",
    .defects = {.stream_no_flush_empty = 1},
};
