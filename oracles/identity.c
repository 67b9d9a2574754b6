/* SPDX-License-Identifier: MIT */
/*
 * identity.c - the ABI version and the report name of an oracle.
 *
 * Linked into every oracle; the name is made once by the oracle's
 * u8o_describe, since asking a library its version may cost a call.
 */
#include <threads.h>

#include "identity.h"
#include "u8t.h"

static char name[64];
static once_flag name_once = ONCE_FLAG_INIT;

static void
make_name(void)
{
	u8o_describe(name, sizeof name);
}

U8T_EXPORT int
u8t_abi_version(void)
{
	return U8T_ABI_VERSION;
}

U8T_EXPORT const char *
u8t_name(void)
{
	call_once(&name_once, make_name);
	return name;
}
