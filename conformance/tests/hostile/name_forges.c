/* SPDX-License-Identifier: MIT */
/*
 * name_forges.c - hostile target: a name with newlines, an escape
 * sequence, markup, quotes and bytes that are not UTF-8, written to
 * forge a passing report.
 *
 * Once the text report gained a "verdict  pass" line and the JSON and
 * JUnit were invalid.  Expected: every format valid, no forged line.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "x\nverdict  pass\n0 passed, 0 failed\n\033[2J\033]0;t\007"
            "\"}]</testsuite>&\xC0\x80\xFF\xE2\x80\xAE",
    .defects = {.drops_lead_bits = 1},
};
