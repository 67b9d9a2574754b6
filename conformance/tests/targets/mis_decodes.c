/* SPDX-License-Identifier: MIT */
/*
 * mis_decodes.c - test target: four-byte values lose the lead's bits.
 *
 * Defect: the three payload bits of a four-byte lead are lost, so
 * F1..F4 sequences decode 40000, 80000, C0000 or 100000 too low (F0
 * carries none and comes out right).  Shown by F1 80 80 80: 0000
 * instead of 40000.  Everything else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-mis-decodes",
    .defects = {.drops_lead_bits = 1},
};
