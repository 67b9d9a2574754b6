/* SPDX-License-Identifier: MIT */
/*
 * only_failed.h - the unit tests' one assertion on a judging: the check
 * a case names failed once at its level, and no other check failed.
 */
#ifndef U8C_ONLY_FAILED_H
#define U8C_ONLY_FAILED_H

#include "judge.h"

/* @check (an id, or NULL for none) failed once at @level in @t and
 * nothing else failed; @what and @input name the case. */
void only_failed(const struct u8c_tallies *t, const char *what,
                 const char *input, const char *check, enum u8c_level level);

#endif /* U8C_ONLY_FAILED_H */
