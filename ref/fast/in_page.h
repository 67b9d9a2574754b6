/* SPDX-License-Identifier: MIT */
/*
 * in_page.h - v_first and v_last of vector_loop.h for the kernels that
 * have no masked load (sse4.c, avx2.c): a whole block is loaded, some of
 * it outside the input, and the lanes outside are zeroed.
 *
 * Included after the kernel defines its vector type `vec` of BLOCK bytes
 * and:
 *   vec v_load(const uint8_t *p)  BLOCK bytes at p, always inlined
 *   vec v_keep(vec v, size_t k)   the first k lanes of v, zeros after
 *   vec v_down(vec v, size_t d)   v moved d lanes towards lane 0, zeros
 *                                 in the d lanes at the end
 * vector_loop.h calls them only where the block they load lies in the
 * pages of the input's bytes, where no read can fault.
 */
#ifndef U8REF_IN_PAGE_H
#define U8REF_IN_PAGE_H

#include <stddef.h>
#include <stdint.h>

/* The BLOCK bytes at p, which lie in the pages of the input's bytes
 * though not all in the input: no error for the address sanitizer to
 * report.  v_load must be always_inline: clang inlines no other function
 * the sanitizer instruments into one it does not, and the load would be
 * checked in v_load. */
static inline __attribute__((no_sanitize_address)) vec
load_in_page(const uint8_t *p)
{
	return v_load(p);
}

static inline vec
v_first(const uint8_t *p, size_t k)
{
	return v_keep(load_in_page(p), k);
}

static inline vec
v_last(const uint8_t *end, size_t k)
{
	return v_down(load_in_page(end - BLOCK), BLOCK - k);
}

#endif /* U8REF_IN_PAGE_H */
