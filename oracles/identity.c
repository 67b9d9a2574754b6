/* SPDX-License-Identifier: MIT */
/*
 * identity.c - the ABI version and the report name of an oracle.
 *
 * Linked into every oracle; the name is made once by the oracle's
 * u8o_describe, since asking a library its version may cost a call.
 *
 * The version is 2 for an oracle that exports the three streaming
 * functions and 1 for the others (u8t.h); oracles/CMakeLists.txt says
 * which with U8O_ABI_VERSION, and check_abi.c proves the claim against
 * what each library exports.  A weak reference to u8t_stream_size would
 * not do: it has to keep u8t.h's default visibility (GCC and clang refuse
 * a hidden redeclaration), and an undefined weak symbol of default
 * visibility is bound when the library is loaded, from the process's
 * global scope, so a version 1 oracle would claim 2 in any process whose
 * executable or RTLD_GLOBAL libraries define u8t_stream_size.
 */
#include <threads.h>

#include "identity.h"
#include "u8t.h"

#ifndef U8O_ABI_VERSION
#define U8O_ABI_VERSION 1
#endif
_Static_assert(U8O_ABI_VERSION >= 1 && U8O_ABI_VERSION <= U8T_ABI_VERSION,
               "an oracle claims a version of u8t.h");

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
	return U8O_ABI_VERSION;
}

U8T_EXPORT const char *
u8t_name(void)
{
	call_once(&name_once, make_name);
	return name;
}
