/* SPDX-License-Identifier: MIT */
/*
 * next_leaves_cp.c - hostile target: u8t_next leaves *cp alone on an
 * error, relying on the caller's preset.
 *
 * Once the state probe read it uninitialised: a false
 * state/between-calls, and counts that changed from run to run.
 * Expected: a pass, the same counts every run.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "hostile-next-leaves-cp",
    .defects = {.next_leaves_cp = 1},
};
