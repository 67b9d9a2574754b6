/* SPDX-License-Identifier: MIT */
/*
 * expect_file.h - u8conform --write-expect: a run's departures as an
 * expectation file (judge/expect.h), ready to edit.
 */
#ifndef U8C_EXPECT_FILE_H
#define U8C_EXPECT_FILE_H

#include <stddef.h>

#include "report.h"

/*
 * u8c_write_expect - one line per check of @r that did not pass:
 * "CHECK *  # what it is, and its smallest counterexample".  Returns 0,
 * or -1 with one line in @err when @file cannot be written whole.
 */
int u8c_write_expect(const char *file, const struct u8c_report *r, char *err,
                     size_t errlen);

#endif /* U8C_EXPECT_FILE_H */
