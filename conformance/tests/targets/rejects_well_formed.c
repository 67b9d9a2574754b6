/* SPDX-License-Identifier: MIT */
/*
 * rejects_well_formed.c - test target: rejects U+FFFE and U+FFFF.
 *
 * Defect: EF BF BE and EF BF BF, well-formed by Table 3-7 row EE..EF,
 * are each treated as one ill-formed sequence by every export.  Shown
 * by EF BF BE: FFFD instead of FFFE.  Everything else is base.c,
 * correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-rejects-well-formed",
    .defects = {.rejects_fffe_ffff = 1},
};
