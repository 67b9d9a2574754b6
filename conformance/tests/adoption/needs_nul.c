/* SPDX-License-Identifier: MIT */
/*
 * needs_nul.c - test target: reads s[n] and crashes unless it is 0, as a
 * decoder of C strings (Lua's) does.  Built twice: with u8t_traits()
 * declaring U8T_NEEDS_NUL it must pass; without, s[n] is the guard page
 * and it must be caught reading past its input.
 */
#include "targets.h"
#include "u8t.h"

static int *volatile nowhere;

static void
reads_nul(const char *fn, const uint8_t *s, size_t n)
{
	const volatile uint8_t *end = s;

	(void)fn;
	if (s != NULL && end[n] != 0)
		*nowhere = 1;
}

#ifdef DECLARED
U8T_EXPORT unsigned u8t_traits(void);

U8T_EXPORT unsigned
u8t_traits(void)
{
	return U8T_NEEDS_NUL;
}
#endif

const struct u8tt_target u8tt_target = {
    .name = "test-needs-nul",
    .hooks = {.on_call = reads_nul},
};
