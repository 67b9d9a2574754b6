/* SPDX-License-Identifier: MIT */
/* stream_strips_bom.c - streaming test target with one defect:
 * stream_strips_bom (targets.h), which only an input that starts with a
 * BOM shows. */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-strips-bom",
    .defects = {.stream_strips_bom = 1},
};
