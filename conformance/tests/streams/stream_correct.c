/* SPDX-License-Identifier: MIT */
/* stream_correct.c - streaming test target without a defect: the correct
 * control. */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-correct",

};
