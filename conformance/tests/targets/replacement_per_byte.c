/* SPDX-License-Identifier: MIT */
/*
 * replacement_per_byte.c - test target: one U+FFFD per ill-formed byte.
 *
 * Defect: u8t_decode replaces every byte of a maximal subpart with its
 * own U+FFFD, so F1 80 80 41 gives FFFD FFFD FFFD 0041 instead of FFFD
 * 0041.  Shown by E0 A0: FFFD FFFD instead of FFFD.  Everything else is
 * base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-replacement-per-byte",
    .defects = {.fffd_per_byte = 1},
};
