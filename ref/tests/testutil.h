/* SPDX-License-Identifier: MIT */
/* testutil.h - helpers of the Check suites: hex for messages, exact copies. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

/* ck_assert_msg reports its location through Check's pipe on every
 * call, passing or not; loops over millions of inputs test first and
 * call Check only to fail. */
#define TEST_REQUIRE(cond, ...)                                                \
	do {                                                                   \
		if (!(cond))                                                   \
			ck_abort_msg(__VA_ARGS__);                             \
	} while (0)

enum { HEX_MAX = 64 }; /* longest input shown in full */

struct hex {
	char text[3 * HEX_MAX + 8];
};

/* The first HEX_MAX bytes of s[0..n) in hex, "..." if there are more. */
struct hex hex(const uint8_t *s, size_t n);

/* A heap copy of s[0..n) of exactly n bytes, so that under ASan a read
 * of s[n] is reported; free() it.  Never NULL (a failed test instead). */
uint8_t *exact_copy(const uint8_t *s, size_t n);

/* A deterministic pseudo-random stream (splitmix64): tests that need
 * varied input draw from it, so every failure reproduces. */
uint64_t test_random(uint64_t *state);

/* Bytes of well-formed text at d[0..]: @n characters drawn from
 * @state, each from 1 to @max_len bytes long (1 gives ASCII).  Returns
 * the bytes written, at most 4 * n. */
size_t test_random_text(uint64_t *state, uint8_t *d, size_t n, int max_len);

#endif /* TESTUTIL_H */
