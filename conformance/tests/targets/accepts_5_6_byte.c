/* SPDX-License-Identifier: MIT */
/*
 * accepts_5_6_byte.c - test target: decodes RFC 2279 five- and six-byte forms.
 *
 * Defect: the shortest five-byte (F8 88.. to FB) and six-byte (FC 84..
 * to FD) forms decode to 200000..7FFFFFFF; Table 3-7 has no such rows.
 * Shown by F8 88 80 80 80: 200000 instead of five FFFD.  Everything
 * else is base.c, correct.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-accepts-5-6-byte",
    .defects = {.accepts_5_6_byte = 1},
};
