/* SPDX-License-Identifier: MIT */
/*
 * vector_loop.h - the block loop every vector kernel shares.
 *
 * Included by sse4.c, avx2.c and avx512.c after they define, for their
 * vector type `vec` of BLOCK bytes and their error set `errs`:
 *   V_CONTEXT                          bytes before a block that
 *                                      v_errors_at reads (3..BLOCK)
 *   V_SHIFT_FROM_MEMORY                1: on inputs read from memory,
 *                                      a block's context is shifted in
 *                                      (v_errors_after), not loaded
 *   struct tables v_tables(void)       the lookup tables, in registers
 *   vec  v_load(const uint8_t *p)      BLOCK bytes at p
 *   vec  v_first(const uint8_t *p, size_t k)  p[0..k), 0 < k < BLOCK,
 *                                      in the first k lanes, zeros
 *                                      after; may read the BLOCK bytes
 *                                      at p (in_page.h)
 *   vec  v_last(const uint8_t *end, size_t k)  end[-k..0) the same
 *                                      way; may read the BLOCK bytes
 *                                      before end
 *   vec  v_or(a, b)
 *   int  v_is_ascii(vec v)             no byte above 7F
 *   errs v_errors_at(t, p)             the rules of pair_lookup.h broken
 *                                      in the BLOCK bytes at p, seen
 *                                      after p[-V_CONTEXT..0)
 *   vec  v_zeros(void)
 *   errs v_errors_after(t, before, cur) the same for the block cur, seen
 *                                      after the block before (zeros
 *                                      before the first)
 *   errs errs_or(a, b); int errs_any(e)
 * Four blocks make a step: one test tells whether they are all ASCII,
 * and one whether any broke a rule.  The kernel stops at the first step
 * that did and leaves the rest to u8ref_fast_resume, which finds the
 * error from the character boundary before it.
 *
 * In cache, every block is read where it lies, its context too, so no
 * block carries anything to the next (a kernel with V_SHIFT_FROM_MEMORY
 * shifts the context in on inputs read from memory).  The first block's
 * context is before the input: zeros are shifted in for it.  An input
 * shorter than a block, and the few bytes after the first block of an
 * input just longer, are read where they lie too (short_block), zeros
 * after them, and their context is shifted in from the block before
 * (zeros before the input); copied to a buffer instead, the bytes kept
 * the block's loads waiting on the copy's stores (4 bytes of ASCII on
 * Zen 5, sse4, avx2 and avx512: 13.0, 17.0 and 19.6 ns a call, and 5.5,
 * 6.0 and 6.9 read in place).
 * A longer input's tail is the last BLOCK bytes, read again in place:
 * the rules give the same answer on bytes seen twice, and a character
 * cut by the end is found by looking at the last three bytes.
 */
#ifndef U8REF_VECTOR_LOOP_H
#define U8REF_VECTOR_LOOP_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"
#include "pair_lookup.h"

enum { STEP = 4 * BLOCK };

_Static_assert(V_CONTEXT >= 3 && V_CONTEXT <= BLOCK,
               "a block's rules look three bytes back");
_Static_assert(STEP >= BLOCK + V_CONTEXT,
               "an input past its ASCII start has a block's context");

/* A page is mapped whole or not at all, so a load inside the pages that
 * hold an input's bytes cannot fault, whatever else it reads there.
 * PAGE is the smallest page x86-64 has; a larger page only widens what
 * is safe. */
enum { PAGE = 4096 };

_Static_assert(2 * BLOCK <= PAGE,
               "the BLOCK bytes ending at p + k begin in the page of p");

/*
 * The k bytes at p, 0 < k < BLOCK, in lanes 0..k-1 and zeros after.
 * Where the BLOCK bytes at p end in the page of p[k - 1], they are read
 * from p.  Otherwise they would cross into the next page, which may not
 * be mapped (or, under avx512's masked load, not yet touched: about
 * 100 ns a call against 7 on Zen 5), and the BLOCK bytes ending at
 * p + k are read instead, which begin in the page of p, and moved down
 * to lane 0.
 */
static inline vec
short_block(const uint8_t *p, size_t k)
{
	uintptr_t at = (uintptr_t)p;

	if ((at + BLOCK - 1) / PAGE == (at + k - 1) / PAGE)
		return v_first(p, k);
	return v_last(p + k, k);
}

/* The errors of one block, settled before the next block's are
 * computed.  Left to itself, gcc 12 works on the four blocks of a step
 * at once, needs more vectors than there are registers and spills
 * them: 49 instructions per 64 bytes of CJK text against 42, and 20%
 * slower (callgrind and u8bench, avx2, 512 KiB). */
static inline errs
one_by_one(errs e)
{
	__asm__("" : "+v"(e));
	return e;
}

/* Whether the bytes before @end end inside a character: one of the
 * last three is a lead whose sequence is longer than the bytes left. */
static inline int
ends_inside_character(const uint8_t *end)
{
	return end[-1] >= 0xC0 || end[-2] >= THIRD_LEAD ||
	       end[-3] >= FOURTH_LEAD;
}

/* Whether the STEP bytes at p are all ASCII. */
static inline int
step_is_ascii(const uint8_t *p)
{
	return v_is_ascii(
	    v_or(v_or(v_load(p), v_load(p + BLOCK)),
	         v_or(v_load(p + 2 * BLOCK), v_load(p + 3 * BLOCK))));
}

/* BLOCK bytes at p, loaded where this statement stands: gcc folds loads
 * into the instructions that use them, in the order that suits it. */
static inline vec
v_load_here(const uint8_t *p)
{
	vec v = v_load(p);

	__asm__ volatile("" : "+v"(v));
	return v;
}

/* The end of the ASCII run from @p on, in steps, before @end.  Its
 * blocks are loaded in address order: gcc read each step's last block
 * first, and on Zen 5 the hardware prefetch then fell behind (512 KiB of
 * ASCII, avx512: 135 GB/s, and 250 in address order; u8bench). */
static inline const uint8_t *
ascii_run(const uint8_t *p, const uint8_t *end)
{
	for (; p < end; p += STEP) {
		vec a = v_load_here(p), b = v_load_here(p + BLOCK),
		    c = v_load_here(p + 2 * BLOCK),
		    d = v_load_here(p + 3 * BLOCK);

		if (!v_is_ascii(v_or(v_or(a, b), v_or(c, d))))
			break;
	}
	return p;
}

/* An ASCII step at p breaks no rule unless the step before, not all
 * ASCII (*@pending), ends inside a character. */
static inline int
ascii_step_clean(const uint8_t *p, int *pending)
{
	if (*pending && ends_inside_character(p))
		return 0;
	*pending = 0;
	return 1;
}

/* Whether the step at p breaks no rule, the bytes before it included;
 * *@pending says whether the step before was not all ASCII. */
static inline int
step_is_clean(const struct tables *t, const uint8_t *p, int *pending)
{
	errs e;

	if (step_is_ascii(p))
		return ascii_step_clean(p, pending);
	e = one_by_one(v_errors_at(t, p));
	e = one_by_one(errs_or(e, v_errors_at(t, p + BLOCK)));
	e = one_by_one(errs_or(e, v_errors_at(t, p + 2 * BLOCK)));
	e = errs_or(e, v_errors_at(t, p + 3 * BLOCK));
	*pending = 1; /* checked only if an ASCII step follows */
	return !errs_any(e);
}

/* The same for a step read from memory rather than cache, in a kernel
 * with V_SHIFT_FROM_MEMORY: each block's context is shifted in from the
 * block before it, in a register, not loaded again across a cache line
 * still on its way.  64 MiB of CJK validated with avx512 at 18.6 GB/s,
 * and at 34.7 shifted; avx2 at 27.4, and at 21.7 shifted (u8bench,
 * Zen 5).  The step at p has a block before it (the first block is done
 * on its own). */
static inline int
step_is_clean_from_memory(const struct tables *t, const uint8_t *p,
                          int *pending)
{
	vec a, b, c, d;
	errs e;

	if (!V_SHIFT_FROM_MEMORY)
		return step_is_clean(t, p, pending);
	a = v_load(p);
	b = v_load(p + BLOCK);
	c = v_load(p + 2 * BLOCK);
	d = v_load(p + 3 * BLOCK);
	if (v_is_ascii(v_or(v_or(a, b), v_or(c, d))))
		return ascii_step_clean(p, pending);
	e = one_by_one(v_errors_after(t, v_load(p - BLOCK), a));
	e = one_by_one(errs_or(e, v_errors_after(t, a, b)));
	e = one_by_one(errs_or(e, v_errors_after(t, b, c)));
	e = errs_or(e, v_errors_after(t, c, d));
	*pending = 1;
	return !errs_any(e);
}

/* From memory rather than cache, the rule checks wait for their input
 * unless they ask for it this far ahead (20% faster on 64 MiB of CJK,
 * avx2); in cache the asking costs 3%, so only large inputs ask.  A
 * wider kernel runs faster and asks further ahead: avx512 on 64 MiB of
 * CJK at 34.8 GB/s asking 2 KiB ahead, at 43.4 asking 8 KiB (u8bench,
 * Zen 5). */
enum { PREFETCH_AHEAD = 128 * BLOCK, PREFETCH_FROM = 1 << 20 };

/* Asks for the step PREFETCH_AHEAD bytes after p, if it is before @end.
 * Inlined early, or gcc finds it "const" (a prefetch writes nothing)
 * and drops the calls. */
static inline __attribute__((always_inline)) void
prefetch_step(const uint8_t *p, const uint8_t *end)
{
	if (end - p >= PREFETCH_AHEAD + STEP)
		for (int line = 0; line < STEP; line += 64)
			__builtin_prefetch(p + PREFETCH_AHEAD + line);
}

static inline struct u8ref_validation
vector_validate(const uint8_t *s, size_t n)
{
	struct tables t;
	int pending = 0; /* the last block read was not ASCII */
	const int ahead = n >= PREFETCH_FROM;
	const uint8_t *p = s, *end = s + n / STEP * STEP;
	size_t i;

	/* An ASCII start at the speed of reading it: no character starts
	 * or is cut inside it, so it needs no tables.  Memory keeps up
	 * with it without prefetching, which here costs 10%. */
	p = ascii_run(p, end);
	if (p == s + n)
		return (struct u8ref_validation){U8REF_OK, n, 0};
	t = v_tables();
	if (p == s) { /* the first block: nothing before it */
		size_t first = n < BLOCK ? n : BLOCK;
		/* a character cut by the end of a short input meets a 00,
		 * which the rules reject */
		vec cur = n < BLOCK ? short_block(s, n) : v_load(s);

		if (errs_any(v_errors_after(&t, v_zeros(), cur)))
			return u8ref_fast_resume(s, n, 0);
		pending = 1;
		p += first;
		end = p + (n - first) / STEP * STEP;
	}
	if (ahead) {
		for (; p < end; p += STEP) {
			prefetch_step(p, end);
			if (!step_is_clean_from_memory(&t, p, &pending))
				return u8ref_fast_resume(s, n, (size_t)(p - s));
		}
	} else {
		for (; p < end; p += STEP)
			if (!step_is_clean(&t, p, &pending))
				return u8ref_fast_resume(s, n, (size_t)(p - s));
	}
	for (i = (size_t)(p - s); n - i >= BLOCK; i += BLOCK)
		if (errs_any(v_errors_at(&t, s + i)))
			return u8ref_fast_resume(s, n, i);
	/* fewer than V_CONTEXT bytes after the first block: the last
	 * BLOCK bytes have their context before the input, so these few
	 * are read after the first block, zeros after them */
	if (i < n && n - BLOCK < V_CONTEXT)
		return errs_any(v_errors_after(&t, v_load(s + i - BLOCK),
		                               short_block(s + i, n - i)))
		           ? u8ref_fast_resume(s, n, i)
		           : (struct u8ref_validation){U8REF_OK, n, 0};
	if (i < n && errs_any(v_errors_at(&t, s + n - BLOCK)))
		return u8ref_fast_resume(s, n, i);
	if (n >= 3 && ends_inside_character(s + n))
		return u8ref_fast_resume(s, n, n);
	return (struct u8ref_validation){U8REF_OK, n, 0};
}

#endif /* U8REF_VECTOR_LOOP_H */
