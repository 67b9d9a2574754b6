/* SPDX-License-Identifier: MIT */
/*
 * drops_ill_formed.c - test target: drops ill-formed input.
 *
 * Defect: u8t_decode emits nothing for a maximal subpart instead of
 * U+FFFD; the other exports are right.  Shown by 80: no value instead
 * of FFFD.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-drops-ill-formed",
    .defects = {.drops_ill_formed = 1},
};
