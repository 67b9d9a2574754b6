/* SPDX-License-Identifier: MIT */
/*
 * abi_version_next.c - a target that declares a target ABI u8conform does
 * not know, which must be refused with exit status 2.
 */
#include "u8t.h"

U8T_EXPORT int
u8t_abi_version(void)
{
	return U8T_ABI_VERSION + 1;
}

U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	(void)s;
	(void)n;
	(void)err;
	return 1;
}
