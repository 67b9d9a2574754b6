/* SPDX-License-Identifier: MIT */
/*
 * encodes_ill_formed.c - test target: encodes surrogate code points.
 *
 * Defect: u8t_encode writes ED A0 80..ED BF BF for U+D800..DFFF instead
 * of refusing them; decoding is correct.  Shown by U+D800: ED A0 80
 * instead of 0.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-encodes-ill-formed",
    .defects = {.encodes_surrogate = 1},
};
