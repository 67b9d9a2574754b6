/* SPDX-License-Identifier: MIT */
/*
 * calls.c - one call of a target's function on fenced buffers.
 *
 * The input is copied again before every call, so what one call did to
 * its copy cannot reach the next.  Short inputs are copied inline, in
 * overlapping words, since most items are a few bytes and a call to
 * memcpy would cost more than the copy.
 */
#include <string.h>

#include "calls.h"
#include "copy_words.h"

int
u8c_stage_init(struct u8c_stage *st)
{
	return u8s_fence_map(&st->in, U8C_MAX_INPUT + 1) != 0 ||
	               u8s_fence_map(&st->out, (U8C_MAX_INPUT + 4) *
	                                           sizeof(uint32_t)) != 0 ||
	               u8s_fence_map(&st->enc, 8) != 0 ||
	               u8s_fence_map(&st->state[0], U8C_STATE_MAX + 64) != 0 ||
	               u8s_fence_map(&st->state[1], U8C_STATE_MAX + 64) != 0 ||
	               u8s_fence_map(&st->stack, U8C_CALL_STACK) != 0
	           ? -1
	           : 0;
}

static inline void
copy(uint8_t *to, const uint8_t *from, size_t n)
{
	uint32_t a, b;

	if (n >= 8 && n <= 16) {
		uint64_t x, y;

		memcpy(&x, from, 8);
		memcpy(&y, from + n - 8, 8);
		memcpy(to, &x, 8);
		memcpy(to + n - 8, &y, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(&a, from, 4);
		memcpy(&b, from + n - 4, 4);
		memcpy(to, &a, 4);
		memcpy(to + n - 4, &b, 4);
	} else if (n > 0 && n < 4) {
		to[0] = from[0];
		to[n / 2] = from[n / 2];
		to[n - 1] = from[n - 1];
	} else if (n > 16) {
		memcpy(to, from, n);
	}
}

/* s[0..n) against the guard the stage's placement says; for a target
 * that needs it, a 0 at s[n] and the guard after that. */
const uint8_t *
u8c_stage_place(struct u8c_stage *st, const uint8_t *s, size_t n)
{
	size_t room = n + (st->nul ? 1 : 0);
	uint8_t *at = st->placement == U8C_GUARD_AFTER
	                  ? u8s_fence_end(&st->in, room)
	                  : st->in.base;

	copy(at, s, n);
	if (st->nul)
		at[n] = 0;
	return at;
}

/* Room for exactly @cap values against the guard the placement says,
 * as the input is: ending at the one after it (out[cap] faults), or
 * starting at the one before it (out[-1] faults, and so does a write up
 * to a page before). */
uint32_t *
u8c_stage_output(struct u8c_stage *st, size_t cap)
{
	uint8_t *at = st->placement == U8C_GUARD_AFTER
	                  ? u8s_fence_end(&st->out, cap * sizeof(uint32_t))
	                  : st->out.base;

	return (uint32_t *)(void *)at;
}

static void
call_decode(struct u8c_stage *st, const struct u8c_target *t,
            const struct u8c_item *item, struct u8c_answers *a)
{
	const uint8_t *s = u8c_stage_place(st, item->s, item->n);
	uint32_t *out = u8c_stage_output(st, item->n);

	a->cap = item->n;
	a->ndecode = (size_t)U8C_ON_STACK(st, t->decode, (uintptr_t)s, item->n,
	                                  (uintptr_t)out, a->cap);
	a->decode = st->decoded;
	if (a->ndecode <= a->cap) /* as the target stored them */
		u8s_copy_values(st->decoded, out, a->ndecode);
}

static void
call_validate(struct u8c_stage *st, const struct u8c_target *t,
              const struct u8c_item *item, struct u8c_answers *a)
{
	const uint8_t *s = u8c_stage_place(st, item->s, item->n);

	a->err = SIZE_MAX;
	a->valid = (int)U8C_ON_STACK(st, t->validate, (uintptr_t)s, item->n,
	                             (uintptr_t)&a->err);
	a->accepted_from = SIZE_MAX;
	a->valid_prefix = -1;
	if (a->valid == 0 && a->err < item->n && a->err != a->error_at &&
	    a->error_at < item->n) {
		size_t n = a->err > a->error_at ? a->err : a->error_at;

		s = u8c_stage_place(st, item->s, n);
		a->valid_prefix =
		    (int)U8C_ON_STACK(st, t->validate, (uintptr_t)s, n, 0);
		return;
	}
	if (a->valid != 1 || a->error_at >= item->n)
		return;
	for (a->accepted_from = a->error_at; a->accepted_from > 0;
	     a->accepted_from--) {
		size_t n = item->n - a->accepted_from;

		s = u8c_stage_place(st, item->s + a->accepted_from, n);
		if ((int)U8C_ON_STACK(st, t->validate, (uintptr_t)s, n, 0) == 1)
			break;
	}
}

/* u8t_next from the start to the end of the input, or to the first
 * step that consumes nothing or more than is left (kept, and last). */
static void
call_next(struct u8c_stage *st, const struct u8c_target *t,
          const struct u8c_item *item, struct u8c_answers *a)
{
	const uint8_t *s = u8c_stage_place(st, item->s, item->n);
	size_t off = 0, n = item->n, len;

	a->nnext = 0;
	a->next_cp = st->next_cp;
	a->next_len = st->next_len;
	while (off < n && a->nnext < U8C_MAX_INPUT) {
		st->next_cp[a->nnext] = U8T_ERROR;
		len = (size_t)U8C_ON_STACK(st, t->next, (uintptr_t)(s + off),
		                           n - off,
		                           (uintptr_t)&st->next_cp[a->nnext]);
		st->next_len[a->nnext++] = len;
		if (len == 0 || len > n - off)
			break;
		off += len;
	}
}

static void
call_encode(struct u8c_stage *st, const struct u8c_target *t,
            const struct u8c_item *item, struct u8c_answers *a)
{
	uint8_t *out = u8s_fence_end(&st->enc, 8);

	a->nencode =
	    (size_t)U8C_ON_STACK(st, t->encode, item->cp, (uintptr_t)out);
	memcpy(a->encode, out, a->nencode < 8 ? a->nencode : 8);
}

void
u8c_call(struct u8c_stage *st, const struct u8c_target *t, enum u8c_fn fn,
         const struct u8c_item *item, struct u8c_answers *a)
{
	switch (fn) {
	case U8C_FN_DECODE:
		call_decode(st, t, item, a);
		break;
	case U8C_FN_VALIDATE:
		call_validate(st, t, item, a);
		break;
	case U8C_FN_NEXT:
		call_next(st, t, item, a);
		break;
	default:
		call_encode(st, t, item, a);
		break;
	}
}

void
u8c_call_probe(struct u8c_stage *st, const struct u8c_target *t, unsigned k,
               struct u8c_probe *p)
{
	const struct u8c_probe_input *in = &u8c_probe_inputs[k];
	const uint8_t *s;
	size_t off, len, n = in->n;
	uint32_t *out, cp;

	memset(p, 0, sizeof *p);
	p->valid = -1;
	if (t->decode) {
		s = u8c_stage_place(st, in->s, n);
		out = u8c_stage_output(st, n);
		p->ndecode = (size_t)U8C_ON_STACK(st, t->decode, (uintptr_t)s,
		                                  n, (uintptr_t)out, n);
		if (p->ndecode <= n)
			memcpy(p->decode, out, p->ndecode * sizeof *out);
	}
	if (t->validate) {
		s = u8c_stage_place(st, in->s, n);
		p->valid =
		    (int)U8C_ON_STACK(st, t->validate, (uintptr_t)s, n, 0);
	}
	for (off = 0; t->next && off < n && p->nnext < 4; off += len) {
		s = u8c_stage_place(st, in->s, n);
		cp = U8T_ERROR; /* a step that leaves it alone says so */
		len = (size_t)U8C_ON_STACK(st, t->next, (uintptr_t)(s + off),
		                           n - off, (uintptr_t)&cp);
		p->next[p->nnext++] = cp;
		if (len == 0 || len > n - off)
			break;
	}
}

enum u8c_fate
u8c_stage_fate(const struct u8c_stage *st, const void *addr, int sig,
               enum u8c_access access, int *detail)
{
	*detail = sig;
	switch (u8s_fence_side_of(&st->in, addr)) {
	case U8S_FENCE_ABOVE:
		return U8C_FATE_OVERREAD;
	case U8S_FENCE_BELOW:
		return U8C_FATE_UNDERREAD;
	default:
		break;
	}
	if (u8s_fence_side_of(&st->state[0], addr) != U8S_FENCE_OUTSIDE ||
	    u8s_fence_side_of(&st->state[1], addr) != U8S_FENCE_OUTSIDE) {
		*detail = U8C_DETAIL_STATE;
		return access == U8C_ACCESS_READ ? U8C_FATE_OVERREAD
		                                 : U8C_FATE_OVERWRITE;
	}
	switch (u8s_fence_side_of(&st->stack, addr)) {
	case U8S_FENCE_ABOVE: /* a local array overrun, up past the top */
		*detail = U8C_DETAIL_STACK;
		return U8C_FATE_OVERWRITE;
	case U8S_FENCE_BELOW: /* recursion, or a huge local: it overflowed */
		return U8C_FATE_CRASH;
	default:
		break;
	}
	if (u8s_fence_side_of(&st->out, addr) == U8S_FENCE_BELOW) {
		*detail = U8C_DETAIL_BEFORE;
		return U8C_FATE_OVERWRITE;
	}
	if (u8s_fence_side_of(&st->out, addr) != U8S_FENCE_OUTSIDE ||
	    u8s_fence_side_of(&st->enc, addr) != U8S_FENCE_OUTSIDE)
		return U8C_FATE_OVERWRITE;
	return U8C_FATE_CRASH;
}
