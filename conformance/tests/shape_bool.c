/* SPDX-License-Identifier: MIT */
/*
 * shape_bool.c - a validator of the "bool" shape, for testing --shape.
 *
 * Exports no u8t_ function: only bool shape_bool_is_utf8(const char *,
 * size_t), answering with the reference decoder, so u8conform --symbol
 * shape_bool_is_utf8 --shape bool must pass.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "u8ref.h"

__attribute__((visibility("default"))) bool shape_bool_is_utf8(const char *s,
                                                               size_t n);

bool
shape_bool_is_utf8(const char *s, size_t n)
{
	return u8ref_validate(NULL, (const uint8_t *)s, n).status == U8REF_OK;
}
