/* SPDX-License-Identifier: MIT */
/*
 * two_causes.c - test target with two defects: it takes surrogates, and
 * its decoder and validator end the input at its first 00.
 *
 * Inputs such as "00 ED A0 80" fail for either cause; a check's
 * counterexample must be of its own category ("ED A0 80" for the
 * surrogates), not the smallest input that fails it.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-two-causes",
    .defects = {.stops_at_nul = 1, .accepts_surrogate = 1},
};
