/* SPDX-License-Identifier: MIT */
/*
 * stream_pads_to_cap.c - hostile target: u8t_stream_decode gives its
 * chunk's values, then U+FFFD until the room it was given is full, which
 * the ABI allows (cap is n + 4).  On a long input a byte a chunk that is
 * five values a byte, and the stream's probes of 3,000 bytes of 41 sent
 * 120 KB of values in one record, past the largest record the judge
 * would read: taken for the target writing over the harness's memory.
 *
 * Expected: only the stream's values fail, stream/row-00-7F on the
 * input; no isolation finding.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-pads-to-cap",
    .defects = {.stream_pads_to_cap = 1},
};
