/* SPDX-License-Identifier: MIT */
/*
 * correct.c - test target: the control, a correct decoder.
 *
 * Every export follows Table 3-7 and replaces each maximal subpart with
 * one U+FFFD; u8conform must find nothing wrong with it.  The chapter 3
 * example 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 decodes to 0061 FFFD
 * FFFD FFFD 0062 FFFD 0063 FFFD FFFD 0064.  It is base.c with every
 * defect flag zero.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-correct",
};
