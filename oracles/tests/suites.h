/* SPDX-License-Identifier: MIT */
/* suites.h - the Check suites of check_oracles, one per oracle, two
 * across all of them (abi, bounds) and four across the streaming ones
 * (stream, stream_prompt, stream_state, stream_fence). */
#ifndef SUITES_H
#define SUITES_H

#include <check.h>

Suite *abi_suite(void);
Suite *ref_suite(void);
Suite *icu_suite(void);
Suite *glibc_mbrtowc_suite(void);
Suite *glibc_iconv_suite(void);
Suite *glib_suite(void);
Suite *unistring_suite(void);
Suite *utf8proc_suite(void);
Suite *bounds_suite(void);
Suite *stream_suite(void);
Suite *stream_prompt_suite(void);
Suite *stream_state_suite(void);
Suite *stream_fence_suite(void);

#endif /* SUITES_H */
