/* SPDX-License-Identifier: MIT */
/*
 * put.h - one value appended to a bounded output, for the streaming
 * oracles, which may find their room ends before their values do.
 */
#ifndef U8O_PUT_H
#define U8O_PUT_H

#include <stddef.h>
#include <stdint.h>

/* Appends @v at out[k] if k < cap; returns the new count. */
static inline size_t
u8o_put(uint32_t v, uint32_t *out, size_t k, size_t cap)
{
	if (k < cap)
		out[k++] = v;
	return k;
}

#endif /* U8O_PUT_H */
