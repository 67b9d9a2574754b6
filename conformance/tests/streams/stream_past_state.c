/* SPDX-License-Identifier: MIT */
/* stream_past_state.c - streaming test target with one defect:
 * stream_past_state (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-past-state",
    .defects = {.stream_past_state = 1},
};
