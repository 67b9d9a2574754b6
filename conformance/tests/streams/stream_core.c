/* SPDX-License-Identifier: MIT */
/*
 * stream_core.c - u8t_stream_size, _init and _decode over the test core
 * (../targets/base.c), with the stream's defects of struct u8tt_defects.
 *
 * The state keeps the live prefix a chunk ended in (at most three bytes:
 * a four-byte character less its last) and nothing else.  A chunk first
 * completes or ends that tail, through the core's step on the tail and
 * the chunk's first bytes; then it is decoded as a whole input would
 * be, except that a live prefix at its end is kept for the next chunk
 * unless the chunk is the last.  With no defect set this is the
 * independent correct streaming decoder of the tests.
 */
#include <string.h>

#include "targets.h"
#include "u8t.h"

const int u8tt_streams = 2;

/* A multiple of 16: the harness puts the byte after it on its guard. */
enum { STATE_SIZE = 64, REPLACEMENT = 0xFFFD, BLOCK = 16 };

struct state {
	uint8_t tail[4];
	uint8_t ntail;
	uint8_t has_held; /* stream_holds_back: a value not yet written */
	uint8_t started;  /* a chunk of this input was decoded           */
	uint8_t big_seen; /* stream_gathers_blocks: a chunk of a block or
	                     more came, and nothing is gathered since     */
	uint32_t held;
	uint32_t fed; /* stream_gathers_blocks: the bytes of every chunk */
};
_Static_assert(sizeof(struct state) <= STATE_SIZE, "the state fits");

/* stream_static: the one state every caller shares, by mistake. */
static struct state shared;

static const struct u8tt_defects *const d = &u8tt_target.defects;

static struct state *
state_of(void *state)
{
	return d->stream_static ? &shared : state;
}

static void
put(uint32_t *out, size_t cap, size_t *count, uint32_t v)
{
	if (*count < cap)
		out[(*count)++] = v;
}

U8T_EXPORT size_t
u8t_stream_size(void)
{
	if (u8tt_target.hooks.stream_size != NULL)
		return u8tt_target.hooks.stream_size();
	return STATE_SIZE;
}

U8T_EXPORT void
u8t_stream_init(void *state)
{
	struct state *st = state_of(state);

	if (d->stream_init_keeps && st->ntail <= 3) {
		st->has_held = 0; /* Defect: the tail stays */
		return;
	}
	memset(st, 0, sizeof *st);
}

/* The tail, completed or ended by s[*i..n); 0 while it stays a live
 * prefix to the chunk's end. */
static int
finish_tail(struct state *st, const uint8_t *s, size_t n, size_t *i, int last,
            uint32_t *out, size_t cap, size_t *count)
{
	while (st->ntail > 0) {
		uint8_t joined[8];
		size_t have = st->ntail, take = n - *i < 4 ? n - *i : 4;
		struct u8tt_step r;

		if (d->stream_reads_back && take > 0) {
			/* Defect: looks back for the lead it carries, in the
			 * chunk before, which is gone */
			volatile uint8_t before =
			    ((const volatile uint8_t *)s)[-1];
			(void)before;
		}
		memcpy(joined, st->tail, have);
		memcpy(joined + have, s + *i, take);
		r = u8tt_step(joined, have + take);
		if (r.status == U8TT_TRUNCATED && !last) {
			if (d->stream_three_chunks && joined[0] >= 0xF0 &&
			    take > 0) {
				/* Defect: a second cut forgets the lead */
				memcpy(st->tail, s + *i, take);
				st->ntail = (uint8_t)take;
			} else {
				memcpy(st->tail, joined, have + take);
				st->ntail = (uint8_t)(have + take);
			}
			*i = n;
			return 0;
		}
		if (!(d->stream_drops_split && r.status == U8TT_OK))
			put(out, cap, count, r.cp); /* Defect: or not */
		if (r.len <= have) {
			/* a subpart within the tail: the rest goes again */
			memmove(st->tail, st->tail + r.len, have - r.len);
			st->ntail = (uint8_t)(have - r.len);
			if (d->stream_breaker_lost && st->ntail == 0 && *i < n)
				(*i)++; /* Defect: the byte that broke it */
			if (d->stream_merges_split && st->ntail == 0 &&
			    *i < n && (s[*i] & 0xC0) == 0x80)
				(*i)++; /* Defect: a stray continuation byte
				           taken into the tail's U+FFFD */
			continue;
		}
		*i += r.len - have;
		st->ntail = 0;
	}
	return 1;
}

/* stream_gathers_blocks: while every chunk is shorter than a block,
 * the chunks are gathered into blocks of 16 bytes and each block is
 * decoded alone, so a piece still live where a block ends is replaced
 * there and its tail forgotten (Defect).  Only many small chunks of a
 * longer input reach a block's end. */
static void
gather(struct state *st, size_t n, int last, uint32_t *out, size_t cap,
       size_t *count)
{
	st->fed += (uint32_t)n;
	if (n >= BLOCK)
		st->big_seen = 1;
	/* a block ended in (fed - ntail, fed]: inside the live piece */
	if (!st->big_seen && !last && st->ntail > 0 &&
	    st->fed / BLOCK > (st->fed - st->ntail) / BLOCK) {
		put(out, cap, count, REPLACEMENT);
		st->ntail = 0;
	}
}

U8T_EXPORT size_t
u8t_stream_decode(void *state, const uint8_t *s, size_t n, int last,
                  uint32_t *out, size_t cap)
{
	struct state *st = state_of(state);
	size_t count = 0, i = 0, errors = 0;

	if (u8tt_target.hooks.on_call != NULL)
		u8tt_target.hooks.on_call("stream", s, n);
	if (u8tt_target.hooks.on_stream != NULL)
		u8tt_target.hooks.on_stream(state, s, n);
	/* Defects: the byte after its size, the k-th before it */
	if (d->stream_past_state)
		((volatile uint8_t *)state)[u8t_stream_size()] = 0;
	if (d->stream_before_state)
		((volatile uint8_t *)
		     state)[-(ptrdiff_t)d->stream_before_state] = 0;
	if (d->stream_reads_past_state)
		(void)((volatile uint8_t *)state)[u8t_stream_size()];
	if (d->stream_empty_ends && n == 0)
		last = 1; /* Defect: an empty chunk is no end */
	if (d->stream_no_flush_empty && n == 0 && last)
		return 0; /* Defect: the tail stays unreplaced */
	if (st->has_held) {
		put(out, cap, &count, st->held);
		st->has_held = 0;
	}
	if (d->stream_strips_bom && !st->started && n >= 3 && s[0] == 0xEF &&
	    s[1] == 0xBB && s[2] == 0xBF)
		i = 3; /* Defect: the input's BOM taken for a signature */
	st->started = 1;
	if (!finish_tail(st, s, n, &i, last, out, cap, &count))
		goto out;
	while (i < n) {
		struct u8tt_step r = u8tt_step(s + i, n - i);

		errors = r.status == U8TT_ILL ? errors + 1 : 0;
		if (d->stream_stores_eight && errors > 8) {
			/* Defect: a run of errors takes the vector path, which
			 * stores eight at a time and keeps one */
			for (size_t k = 0; k < 8; k++)
				out[count + k] = REPLACEMENT;
			count++;
			i += r.len;
			continue;
		}

		if (r.status == U8TT_TRUNCATED && !last && n - i <= 3) {
			if (d->stream_early) {
				/* Defect: replaced before it could end */
				put(out, cap, &count, REPLACEMENT);
				break;
			}
			memcpy(st->tail, s + i, n - i);
			st->ntail = (uint8_t)(n - i);
			break;
		}
		put(out, cap, &count, r.cp);
		i += r.len;
	}
out:
	if (d->stream_gathers_blocks)
		gather(st, n, last, out, cap, &count);
	if (d->stream_pads_to_cap) /* Defect: U+FFFD to fill the room */
		while (count < cap)
			put(out, cap, &count, REPLACEMENT);
	if (d->stream_holds_back && !last && count > 0) {
		/* Defect: the chunk's last value waits for the next chunk */
		st->held = out[--count];
		st->has_held = 1;
	}
	return count;
}
