/* SPDX-License-Identifier: MIT */
/* suites.h - the Check suites of check_ref, one per unit. */
#ifndef SUITES_H
#define SUITES_H

#include <check.h>

Suite *table_suite(void);
Suite *decode_suite(void);
Suite *seeds_suite(void);
Suite *roundtrip_suite(void);
Suite *stream_suite(void);
Suite *profiles_suite(void);
Suite *abnf_suite(void);
Suite *exhaustive_suite(void);
Suite *fast_suite(void);
Suite *fast_exhaustive_suite(void);

#endif /* SUITES_H */
