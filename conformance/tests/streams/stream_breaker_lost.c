/* SPDX-License-Identifier: MIT */
/* stream_breaker_lost.c - streaming test target with one defect:
 * stream_breaker_lost (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-breaker-lost",
    .defects = {.stream_breaker_lost = 1},
};
