/* SPDX-License-Identifier: MIT */
/*
 * stream_writes_before_state.c - hostile target: u8t_stream_decode
 * writes the 16th byte before its state, the first of those the worker
 * fills with a pattern there (no guard page is that close), on every
 * chunk.  Expected: isolation/over-write on the input, the report
 * whole.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-writes-before-state",
    .defects = {.stream_before_state = 16},
};
