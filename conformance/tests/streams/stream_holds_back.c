/* SPDX-License-Identifier: MIT */
/* stream_holds_back.c - streaming test target with one defect:
 * stream_holds_back (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-holds-back",
    .defects = {.stream_holds_back = 1},
};
