/* SPDX-License-Identifier: MIT */
/* stream_reads_past_state.c - streaming test target with one defect:
 * stream_reads_past_state (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-reads-past-state",
    .defects = {.stream_reads_past_state = 1},
};
