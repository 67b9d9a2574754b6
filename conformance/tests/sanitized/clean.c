/* SPDX-License-Identifier: MIT */
/*
 * clean.c - sanitized target: the control, a correct decoder under ASan
 * and UBSan.
 *
 * base.c with no defect and no hook, built with -fsanitize=address,
 * undefined like the planted targets, so that a finding on those can be
 * blamed on their one bug and not on the instrumentation.  Expected:
 * u8conform passes it, with no sanitizer report.
 */
#include "targets.h"

const struct u8tt_target u8tt_target = {
    .name = "san-clean",
};
