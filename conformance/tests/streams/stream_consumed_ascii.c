/* SPDX-License-Identifier: MIT */
/* stream_consumed_ascii.c - u8t_stream_consumed target with one defect:
 * consumed_ascii_unset (targets.h), CPython 3.11.2's. */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stream-consumed-ascii",
    .defects = {.consumed_ascii_unset = 1},
};
