/* SPDX-License-Identifier: MIT */
/*
 * over_write.c - test target: writes out[cap] on all-ASCII input.
 *
 * Defect: u8t_decode's ASCII fast path stores a terminating 0 at
 * out[cap], one element past the room it was given.  Shown by 00, which
 * still gives 0000, unless out[cap] is unmapped.  Everything else is
 * base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-over-write",
    .defects = {.writes_past_cap = 1},
};
