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
 *
 * A u8t_stream_consumed target gets the tail it left unconsumed before
 * each chunk, as its caller would keep and pass it; what it says it
 * consumed is held to 0..n (n at the last chunk), and a count outside
 * ends the chunking like a return over the cap.
 */
#include <string.h>

#include "calls.h"
#include "chunking.h"

enum { BEFORE = 16, PATTERN = 0xA5 };

/* The pattern, as many bytes of it as lie before the state; fewer lie
 * after it (up to the next 16). */
static const uint8_t pattern[BEFORE] = {
    PATTERN, PATTERN, PATTERN, PATTERN, PATTERN, PATTERN, PATTERN, PATTERN,
    PATTERN, PATTERN, PATTERN, PATTERN, PATTERN, PATTERN, PATTERN, PATTERN};

/* The bytes a state takes: its size, up to the next 16. */
static size_t
state_room(const struct u8c_target *t)
{
	return (t->state_size + 15) & ~(size_t)15;
}

/* State @k of the stage: its bytes, their slack after filled. */
static void *
state_at(struct u8c_stage *st, const struct u8c_target *t, unsigned k)
{
	return u8s_fence_end(&st->state[k], state_room(t));
}

/* The pattern in to[0..n), n < 16, in stores of 8, 4, 2 and 1 bytes.
 * Not memset: its short path is a masked 64-byte store, which the CPU
 * finishes only by a slow assist when the masked-off bytes lie in the
 * guard page after the state (about 12 % of a stream's run on Zen 4). */
static void
lay_pattern(uint8_t *to, size_t n)
{
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

	memcpy(s - BEFORE, pattern, BEFORE);
	lay_pattern(s + t->state_size, state_room(t) - t->state_size);
}

/* Whether from[0..n) holds the pattern: loads of 8, 4, 2 and 1 bytes,
 * for the reason lay_pattern stores so: memcmp's short path is a masked
 * load, as slow by the guard page as the masked store (a third of the
 * CPU of ICU's --functions stream run on Zen 5). */
static int
pattern_at(const uint8_t *from, size_t n)
{
	uint64_t want, word, differs = 0;
	uint32_t half;
	uint16_t quarter;

	memcpy(&want, pattern, sizeof want);
	for (; n >= 8; n -= 8, from += 8) {
		memcpy(&word, from, 8);
		differs |= word ^ want;
	}
	if (n & 4) {
		memcpy(&half, from, 4), from += 4;
		differs |= half ^ (uint32_t)want;
	}
	if (n & 2) {
		memcpy(&quarter, from, 2), from += 2;
		differs |= (uint16_t)(quarter ^ (uint16_t)want);
	}
	if (n & 1)
		differs |= *from ^ (uint8_t)PATTERN;
	return differs == 0;
}

/* Whether the pattern around state @k is as laid: looked at after every
 * chunking. */
static int
state_intact(struct u8c_stage *st, const struct u8c_target *t, unsigned k)
{
	const uint8_t *s = state_at(st, t, k);

	return pattern_at(s - BEFORE, BEFORE) &&
	       pattern_at(s + t->state_size, state_room(t) - t->state_size);
}

/* State @k from u8t_stream_init on, fenced, with no tail. */
static void
start(struct u8c_stage *st, const struct u8c_target *t, unsigned k)
{
	fence_state(st, t, k);
	st->ntail[k] = 0;
	U8C_ON_STACK(st, t->stream_init, (uintptr_t)state_at(st, t, k));
}

/* u8t_stream_consumed on st->joined[0..n) (the tail state @k kept, then
 * the chunk), placed at @chunk; the bytes it left become the tail.
 * Returns the values it wrote; *@bad set when the count it gave in
 * st->consumed is one it cannot have consumed. */
static size_t
consume(struct u8c_stage *st, const struct u8c_target *t, unsigned k,
        const uint8_t *chunk, size_t n, int last, uint32_t *room, int *bad)
{
	size_t got;

	st->consumed = SIZE_MAX;
	got = (size_t)U8C_ON_STACK(st, t->stream_consumed,
	                           (uintptr_t)state_at(st, t, k),
	                           (uintptr_t)chunk, n, (uintptr_t)last,
	                           (uintptr_t)&st->consumed, (uintptr_t)room);
	if (st->consumed > n || (last && st->consumed != n)) {
		*bad = 1;
		return got;
	}
	st->ntail[k] = n - st->consumed;
	memcpy(st->tail[k], st->joined + st->consumed, st->ntail[k]);
	return got;
}

/* One chunk s[0..n) into state @k; its values appended at out[*nout].
 * Returns 0, or -1 when it returned more than its cap or, consuming,
 * said it consumed what it was not given (*got the count, *cap what it
 * was given, *bad set). */
static int
feed(struct u8c_stage *st, const struct u8c_target *t, unsigned k,
     const uint8_t *s, size_t n, int last, uint32_t *out, size_t *nout,
     size_t *got, size_t *cap, int *bad)
{
	const uint8_t *chunk;
	uint32_t *room;

	*bad = 0;
	if (t->stream_consumed != NULL) {
		memcpy(st->joined, st->tail[k], st->ntail[k]);
		memcpy(st->joined + st->ntail[k], s, n);
		s = st->joined;
		n += st->ntail[k];
	}
	chunk = u8c_stage_place(st, s, n);
	*cap = n + 4;
	room = u8c_stage_output(st, *cap);
	if (t->stream_consumed != NULL) {
		*got = consume(st, t, k, chunk, n, last, room, bad);
		if (*bad) {
			*got = st->consumed;
			*cap = n;
			return -1;
		}
	} else {
		*got = (size_t)U8C_ON_STACK(
		    st, t->stream_decode, (uintptr_t)state_at(st, t, k),
		    (uintptr_t)chunk, n, (uintptr_t)last, (uintptr_t)room,
		    *cap);
	}
	if (*got > *cap)
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
	size_t from = 0, got, cap;
	int bad;

	a->cuts = st->cuts;
	a->ncuts = u8c_chunking_cuts(&item->chunking, item->n, st->cuts);
	a->out = whole ? st->whole : st->streamed;
	a->after = st->after;
	a->nout = 0;
	a->over = a->scribbled = SIZE_MAX;
	a->over_consumed = 0;
	a->state_size = t->state_size;
	start(st, t, 0);
	for (size_t k = 0; k <= a->ncuts; k++) {
		size_t to = k < a->ncuts ? a->cuts[k] : item->n;

		if (feed(st, t, 0, item->s + from, to - from, k == a->ncuts,
		         (uint32_t *)a->out, &a->nout, &got, &cap, &bad) != 0) {
			a->over = k;
			a->over_got = got;
			a->over_cap = cap;
			a->over_consumed = bad;
			for (; k <= a->ncuts; k++) /* none called */
				st->after[k] = a->nout;
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

/* s[0..n) a byte a chunk into state @k, from init on: the values
 * written, or SIZE_MAX when a call broke the ABI (the chunkings judge
 * that; the probes then judge nothing). */
static size_t
bytes_alone(struct u8c_stage *st, const struct u8c_target *t, unsigned k,
            const uint8_t *s, size_t n, uint32_t *out)
{
	size_t nout = 0, got, cap, len = n > 0 ? 1 : 0;
	int bad;

	start(st, t, k);
	for (size_t i = 0; i < n || i == 0; i++) /* "" is one empty chunk */
		if (feed(st, t, k, s + i, len, i + 1 >= n, out, &nout, &got,
		         &cap, &bad) != 0)
			return SIZE_MAX;
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
	size_t nq = sizeof u8c_stream_probe_input, n = item->n, got, cap;
	size_t ni = 0, nq_out = 0, got_n;
	int bad;

	p->ran = 0;
	/* the probe input in a state of its own */
	if ((got_n = bytes_alone(st, t, 1, q, nq, st->turns[1])) == SIZE_MAX)
		return;
	p->nalone = clamp(got_n);
	memcpy(p->alone, st->turns[1], p->nalone * sizeof *p->alone);
	/* and in a state left in the middle of the item */
	start(st, t, 0);
	if (feed(st, t, 0, item->s, n, 0, st->turns[0], &ni, &got, &cap,
	         &bad) != 0)
		return;
	if ((got_n = bytes_alone(st, t, 0, q, nq, st->turns[0])) == SIZE_MAX)
		return;
	p->nafter_init = clamp(got_n);
	memcpy(p->after_init, st->turns[0],
	       p->nafter_init * sizeof *p->after_init);
	/* the item alone, then the two taking turns, a byte a chunk */
	if ((got_n = bytes_alone(st, t, 0, item->s, n, st->alone)) == SIZE_MAX)
		return;
	p->nbytes_item = got_n;
	p->bytes_item = st->alone;
	start(st, t, 0);
	start(st, t, 1);
	ni = 0;
	for (size_t i = 0; i < (n > nq ? n : nq); i++) {
		if ((i < n || (i == 0 && n == 0)) &&
		    feed(st, t, 0, item->s + i, n > 0 ? 1 : 0, i + 1 >= n,
		         st->turns[0], &ni, &got, &cap, &bad) != 0)
			return;
		if (i < nq &&
		    feed(st, t, 1, q + i, 1, i + 1 == nq, st->turns[1], &nq_out,
		         &got, &cap, &bad) != 0)
			return;
	}
	p->nturns_item = ni < U8C_STREAMED_MAX ? ni : U8C_STREAMED_MAX;
	p->turns_item = st->turns[0];
	p->nturns_probe = clamp(nq_out);
	memcpy(p->turns_probe, st->turns[1],
	       p->nturns_probe * sizeof *p->turns_probe);
	p->ran = 1;
}
