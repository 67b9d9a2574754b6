/* SPDX-License-Identifier: MIT */
/*
 * side_by_side.h - u8conform --input: the target's answers above the
 * reference's, function by function.
 */
#ifndef U8C_SIDE_BY_SIDE_H
#define U8C_SIDE_BY_SIDE_H

#include <stdio.h>

#include "plan.h"
#include "sandbox.h"

void u8c_side_by_side(FILE *out, const struct u8c_plan *plan,
                      const struct u8c_sandbox_outcome *o);

#endif /* U8C_SIDE_BY_SIDE_H */
