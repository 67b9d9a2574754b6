/* SPDX-License-Identifier: MIT */
/* stream_reads_back.c - streaming test target with one defect:
 * stream_reads_back (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-reads-back",
    .defects = {.stream_reads_back = 1},
};
