/* SPDX-License-Identifier: MIT */
/*
 * report.h - the verdict on a target, for a person (text, coloured on a
 * terminal), a program (JSON) or a CI system (JUnit XML).
 */
#ifndef U8C_REPORT_H
#define U8C_REPORT_H

#include <stdio.h>

#include "judge.h"

enum u8c_format { U8C_FORMAT_TEXT, U8C_FORMAT_JSON, U8C_FORMAT_JUNIT };

/* Writes the report of @suite's merged results to @out. */
void u8c_report(FILE *out, enum u8c_format format,
                const struct u8c_suite *suite);

#endif /* U8C_REPORT_H */
