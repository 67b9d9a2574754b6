/* SPDX-License-Identifier: MIT */
/* stream_static.c - streaming test target with one defect: stream_static
 * (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-static",
    .defects = {.stream_static = 1},
};
