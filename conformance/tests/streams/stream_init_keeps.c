/* SPDX-License-Identifier: MIT */
/* stream_init_keeps.c - streaming test target with one defect:
 * stream_init_keeps (targets.h). */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-init-keeps",
    .defects = {.stream_init_keeps = 1},
};
