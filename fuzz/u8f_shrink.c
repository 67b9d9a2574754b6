/* SPDX-License-Identifier: MIT */
/*
 * u8f_shrink.c - deletion-only delta debugging.
 *
 * Runs of n/2, n/4, ... 1 bytes are tried at every place; a run that can
 * go goes, and the same size is tried again at the same place; single
 * bytes until none can go, so no byte of the result can be deleted
 * (within the budget).
 */
#include <string.h>

#include "u8f_shrink.h"

enum { SHRINK_MAX = 4096 };

size_t
u8f_shrink(uint8_t *buf, size_t n, u8f_fails_fn fails, void *ctx,
           unsigned budget)
{
	static uint8_t trial[SHRINK_MAX];

	size_t run = n / 2 > 0 ? n / 2 : 1;

	if (n > SHRINK_MAX)
		return n;
	while (run > 0 && budget > 0) {
		int changed = 0;

		for (size_t at = 0; at + run <= n && budget > 0;) {
			memcpy(trial, buf, at);
			memcpy(trial + at, buf + at + run, n - at - run);
			budget--;
			if (fails(trial, n - run, ctx)) {
				n -= run;
				memcpy(buf, trial, n);
				changed = 1;
			} else {
				at++;
			}
		}
		/* single bytes again until none can go */
		if (run > 1 || !changed)
			run /= 2;
	}
	return n;
}
