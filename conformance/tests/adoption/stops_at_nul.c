/* SPDX-License-Identifier: MIT */
/*
 * stops_at_nul.c - test target: u8t_decode and u8t_validate end the
 * input at its first 00, as code written for C strings does.
 *
 * Its departures are the NUL's: "41 00 ED A0 80" is accepted because the
 * validator stopped, not because it takes surrogates, so the report must
 * file it under row 00..7F and keep validate/surrogate clean.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "test-stops-at-nul",
    .defects = {.stops_at_nul = 1},
};
