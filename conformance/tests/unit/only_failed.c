/* SPDX-License-Identifier: MIT */
/*
 * only_failed.c - see only_failed.h.
 */
#include <check.h>

#include "only_failed.h"

void
only_failed(const struct u8c_tallies *t, const char *what, const char *input,
            const char *check, enum u8c_level level)
{
	int want = check != NULL ? u8c_check_by_id(check) : -1;

	ck_assert_msg(check == NULL || want >= 0, "%s: no check %s", what,
	              check);
	for (int k = 0; k < U8C_CHECKS; k++) {
		const struct u8c_tally *y = &t->t[k];

		if (k == want)
			ck_assert_msg(
			    y->failed == 1 && y->level == level,
			    "%s (%s): %s failed %llu at %s, want 1 at "
			    "%s",
			    what, input, check, (unsigned long long)y->failed,
			    u8c_level_names[y->level], u8c_level_names[level]);
		else
			ck_assert_msg(
			    y->failed == 0,
			    "%s (%s): %s failed too, got \"%s\"", what, input,
			    u8c_check((enum u8c_check_id)k)->id, y->ex[0].got);
	}
}
