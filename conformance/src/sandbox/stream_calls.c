/* SPDX-License-Identifier: MIT */
/*
 * stream_calls.c - feeding a target's u8t_stream_decode chunk by chunk,
 * on fenced buffers.
 *
 * Each chunk is copied flush against a guard page before its call, as
 * one-shot inputs are, so a look back at the chunk before (s[-1]) or
 * ahead (s[n]) faults; the chunk is overwritten by the next, so a
 * target that kept a pointer into it reads the wrong bytes.  The state
 * ends at a guard page, 16-aligned: the few bytes between its size and
 * the page (and a few before it) are filled with a pattern and looked
 * at after every call.
 */
#include <string.h>

#include "calls.h"
#include "chunking.h"

enum { BEFORE = 16, PATTERN = 0xA5 };

/* State @k of the stage: its bytes, their slack after filled. */
static void *
state_at(struct u8c_stage *st, const struct u8c_target *t, unsigned k)
{
	size_t room = (t->state_size + 15) & ~(size_t)15;

	return u8s_fence_end(&st->state[k], room);
}

/* The pattern in to[0..n), n < 16, in stores of 8, 4, 2 and 1 bytes.
 * Not memset: its short path is a masked 64-byte store, which the CPU
 * finishes only by a slow assist when the masked-off bytes lie in the
 * guard page after the state (about 12 % of a stream's run on Zen 4). */
static void
lay_pattern(uint8_t *to, size_t n)
{
	static const uint8_t pattern[8] = {PATTERN, PATTERN, PATTERN, PATTERN,
	                                   PATTERN, PATTERN, PATTERN, PATTERN};

	/* each size a constant, so each copy is one plain store */
	if (n & 8)
		memcpy(to, pattern, 8), to += 8;
	if (n & 4)
		memcpy(to, pattern, 4), to += 4;
	if (n & 2)
		memcpy(to, pattern, 2), to += 2;
	if (n & 1)
		*to = PATTERN;
}

/* The pattern around state @k, laid and looked at. */
static void
fence_state(struct u8c_stage *st, const struct u8c_target *t, unsigned k)
{
	uint8_t *s = state_at(st, t, k);
	size_t room = (t->state_size + 15) & ~(size_t)15;

	memset(s - BEFORE, PATTERN, BEFORE);
	lay_pattern(s + t->state_size, room - t->state_size);
}

static int
state_intact(struct u8c_stage *st, const struct u8c_target *t, unsigned k)
{
	const uint8_t *s = state_at(st, t, k);
	size_t room = (t->state_size + 15) & ~(size_t)15, i;

	for (i = 0; i < BEFORE; i++)
		if (s[(ptrdiff_t)i - BEFORE] != PATTERN)
			return 0;
	for (i = t->state_size; i < room; i++)
		if (s[i] != PATTERN)
			return 0;
	return 1;
}

/* One chunk s[0..n) into state @k; its values appended at out[*nout].
 * Returns 0, or -1 when it returned more than its cap (in *got). */
static int
feed(struct u8c_stage *st, const struct u8c_target *t, unsigned k,
     const uint8_t *s, size_t n, int last, uint32_t *out, size_t *nout,
     size_t *got)
{
	const uint8_t *chunk = u8c_stage_place(st, s, n);
	size_t cap = n + 4;
	uint32_t *room = u8c_stage_output(st, cap);

	*got = (size_t)U8C_ON_STACK(
	    st, t->stream_decode, (uintptr_t)state_at(st, t, k),
	    (uintptr_t)chunk, n, (uintptr_t)last, (uintptr_t)room, cap);
	if (*got > cap)
		return -1;
	if (*nout + *got <= U8C_STREAMED_MAX)
		memcpy(out + *nout, room, *got * sizeof *room);
	*nout += *got;
	return 0;
}

void
u8c_call_stream(struct u8c_stage *st, const struct u8c_target *t,
                const struct u8c_item *item, int whole,
                struct u8c_stream_answers *a)
{
	size_t from = 0, got;

	a->cuts = st->cuts;
	a->ncuts = u8c_chunking_cuts(&item->chunking, item->n, st->cuts);
	a->out = whole ? st->whole : st->streamed;
	a->after = st->after;
	a->nout = 0;
	a->over = a->scribbled = SIZE_MAX;
	a->state_size = t->state_size;
	fence_state(st, t, 0);
	U8C_ON_STACK(st, t->stream_init, (uintptr_t)state_at(st, t, 0));
	for (size_t k = 0; k <= a->ncuts; k++) {
		size_t to = k < a->ncuts ? a->cuts[k] : item->n;

		if (feed(st, t, 0, item->s + from, to - from, k == a->ncuts,
		         (uint32_t *)a->out, &a->nout, &got) != 0) {
			a->over = k;
			a->over_got = got;
			a->over_cap = to - from + 4;
			return;
		}
		st->after[k] = a->nout;
		from = to;
	}
	if (!state_intact(st, t, 0))
		a->scribbled = a->ncuts; /* by the end, at the latest */
	if (a->nout > U8C_STREAMED_MAX)  /* never, within the caps */
		a->nout = U8C_STREAMED_MAX;
}

/* s[0..n) a byte a chunk into state @k, from init on. */
static size_t
bytes_alone(struct u8c_stage *st, const struct u8c_target *t, unsigned k,
            const uint8_t *s, size_t n, uint32_t *out)
{
	size_t nout = 0, got, len = n > 0 ? 1 : 0;

	fence_state(st, t, k);
	U8C_ON_STACK(st, t->stream_init, (uintptr_t)state_at(st, t, k));
	for (size_t i = 0; i < n || i == 0; i++) /* "" is one empty chunk */
		if (feed(st, t, k, s + i, len, i + 1 >= n, out, &nout, &got) !=
		    0)
			break;
	return nout < U8C_STREAMED_MAX ? nout : U8C_STREAMED_MAX;
}

static size_t
clamp(size_t n)
{
	return n < U8C_STREAM_PROBE_MAX ? n : U8C_STREAM_PROBE_MAX;
}

void
u8c_call_stream_probes(struct u8c_stage *st, const struct u8c_target *t,
                       const struct u8c_item *item, struct u8c_stream_probes *p)
{
	const uint8_t *q = u8c_stream_probe_input;
	size_t nq = sizeof u8c_stream_probe_input, n = item->n, got;
	size_t ni = 0, nq_out = 0;

	p->ran = 0;
	/* the probe input in a state of its own */
	p->nalone = clamp(bytes_alone(st, t, 1, q, nq, st->turns[1]));
	memcpy(p->alone, st->turns[1], p->nalone * sizeof *p->alone);
	/* and in a state left in the middle of the item */
	fence_state(st, t, 0);
	U8C_ON_STACK(st, t->stream_init, (uintptr_t)state_at(st, t, 0));
	if (feed(st, t, 0, item->s, n, 0, st->turns[0], &ni, &got) != 0)
		return;
	p->nafter_init = clamp(bytes_alone(st, t, 0, q, nq, st->turns[0]));
	memcpy(p->after_init, st->turns[0],
	       p->nafter_init * sizeof *p->after_init);
	/* the item alone, then the two taking turns, a byte a chunk */
	p->nbytes_item = bytes_alone(st, t, 0, item->s, n, st->alone);
	p->bytes_item = st->alone;
	fence_state(st, t, 0);
	fence_state(st, t, 1);
	U8C_ON_STACK(st, t->stream_init, (uintptr_t)state_at(st, t, 0));
	U8C_ON_STACK(st, t->stream_init, (uintptr_t)state_at(st, t, 1));
	ni = 0;
	for (size_t i = 0; i < (n > nq ? n : nq); i++) {
		if ((i < n || (i == 0 && n == 0)) &&
		    feed(st, t, 0, item->s + i, n > 0 ? 1 : 0, i + 1 >= n,
		         st->turns[0], &ni, &got) != 0)
			return;
		if (i < nq && feed(st, t, 1, q + i, 1, i + 1 == nq,
		                   st->turns[1], &nq_out, &got) != 0)
			return;
	}
	p->nturns_item = ni < U8C_STREAMED_MAX ? ni : U8C_STREAMED_MAX;
	p->turns_item = st->turns[0];
	p->nturns_probe = clamp(nq_out);
	memcpy(p->turns_probe, st->turns[1],
	       p->nturns_probe * sizeof *p->turns_probe);
	p->ran = 1;
}
