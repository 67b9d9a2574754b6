/* SPDX-License-Identifier: MIT */
/*
 * ifunc.c - u8t_decode, and u8t_validate as an indirect function whose
 * resolver, run when the library is loaded, finds no implementation:
 * dlsym gives NULL, and the library does not export it, though its file
 * defines the name.
 */
#include "u8t.h"

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t k;

	/* ASCII as itself, anything else as U+FFFD: enough for --input 41 */
	for (k = 0; k < n && k < cap; k++)
		out[k] = s[k] < 0x80 ? s[k] : 0xFFFD;
	return n;
}

typedef int validate_fn(const uint8_t *s, size_t n, size_t *err);

/* used: clang 14 does not see the ifunc attribute name it */
__attribute__((used)) static validate_fn *
no_validate(void)
{
	return (validate_fn *)0;
}

U8T_EXPORT int u8t_validate(const uint8_t *s, size_t n, size_t *err)
    __attribute__((ifunc("no_validate")));
