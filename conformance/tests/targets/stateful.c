/* SPDX-License-Identifier: MIT */
/*
 * stateful.c - test target: a truncated tail leaks into the next call.
 *
 * Defect: u8t_decode remembers a live prefix cut off by the end of its
 * input, and the next call lets that prefix complete a character with
 * its first bytes.  Shown by decoding 80 C2 twice: FFFD FFFD the first
 * time, 0080 FFFD the second.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stateful",
    .defects = {.keeps_state = 1},
};
