/* SPDX-License-Identifier: MIT */
/* stream_stores_eight.c - streaming test target with one defect:
 * stream_stores_eight (targets.h), which only a chunk of nine or more
 * errors in a row shows. */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-stores-eight",
    .defects = {.stream_stores_eight = 1},
};
