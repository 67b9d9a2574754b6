/* SPDX-License-Identifier: MIT */
/*
 * identity.h - u8t_abi_version and u8t_name, the same for every oracle
 * (identity.c); each oracle only says what its library is.
 */
#ifndef U8O_IDENTITY_H
#define U8O_IDENTITY_H

#include <stddef.h>

/* Writes the name of the library actually loaded (not its headers')
 * into name[0..len); called once, at the first u8t_name. */
void u8o_describe(char *name, size_t len);

#endif /* U8O_IDENTITY_H */
