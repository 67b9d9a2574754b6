/* SPDX-License-Identifier: MIT */
/*
 * suites.h - the Check suites of check_conformance.
 */
#ifndef U8C_SUITES_H
#define U8C_SUITES_H

#include <check.h>

Suite *judge_suite(void);
Suite *catalogue_suite(void);
Suite *safe_text_suite(void);
Suite *stream_suite(void);
Suite *life_suite(void);
Suite *call_stack_suite(void);

#endif /* U8C_SUITES_H */
