/* SPDX-License-Identifier: MIT */
/*
 * check_stream_fence.c - a streaming oracle touches only its chunk, its
 * state and out[0..cap).
 *
 * The state, each chunk and each call's out lie against PROT_NONE guard
 * pages (support/fence.h): all three flush against the guard after them
 * (a read of s[n], a write of out[cap], past the state), then all three
 * against the guard before them (s[-1], out[-1], before the state).  A
 * fault kills the test with a line naming the input (fault.h).  What the
 * page size leaves between a state's end and the guard (it starts
 * 16-aligned, as in the harness) and before it is filled with a pattern
 * and looked at after every call.  After each call its chunk is wiped,
 * so an oracle that kept a pointer into it reads other bytes and gives
 * other values than the same chunking from the heap (stream_util.c).
 */
#include <check.h>
#include <string.h>

#include "fault.h"
#include "fence.h"
#include "stream_util.h"
#include "suites.h"

enum {
	PATTERN = 0xA5, /* around the state */
	WIPE = 0xC0,    /* a chunk after its call: no row begins with it */
	BESIDE = 16,    /* bytes looked at beside the state */
};

/* The three fences, and which guard everything lies against. */
struct place {
	struct u8s_fence state, chunk, out;
	int at_end; /* 1: against the guard after, 0: before */
	const struct u8o_input *x;
};

static struct u8s_fence
fence_up(size_t size)
{
	struct u8s_fence f;

	ck_assert_msg(u8s_fence_map(&f, size) == 0,
	              "mapping %zu bytes between guards failed", size);
	return f;
}

/* Where the state lies: ending at the guard after it (16-aligned, so up
 * to 15 bytes short of it), or at the guard before it. */
static uint8_t *
state_at(const struct place *pl, size_t size)
{
	size_t room = (size + 15) & ~(size_t)15;

	return pl->at_end ? u8s_fence_end(&pl->state, room) : pl->state.base;
}

/* Whether the BESIDE bytes on each side of the state (where the window
 * has them) still hold the pattern. */
static int
state_intact(const struct place *pl, size_t size)
{
	const uint8_t *w = pl->state.base;
	size_t at = (size_t)(state_at(pl, size) - w), i;
	size_t lo = at > BESIDE ? at - BESIDE : 0;
	size_t hi = at + size + BESIDE < pl->state.size ? at + size + BESIDE
	                                                : pl->state.size;

	for (i = lo; i < at; i++)
		if (w[i] != PATTERN)
			return 0;
	for (i = at + size; i < hi; i++)
		if (w[i] != PATTERN)
			return 0;
	return 1;
}

/* One chunk s[0..n) placed against its guard, cap n + 4 placed against
 * its own; the values appended to all[*k..). */
static void
fenced_call(const struct u8o_oracle *o, const struct place *pl, void *state,
            const uint8_t *s, size_t n, int last, uint32_t *all, size_t *k)
{
	size_t cap = n + 4, got, size = o->stream_size();
	uint8_t *chunk =
	    pl->at_end ? u8s_fence_end(&pl->chunk, n) : pl->chunk.base;
	uint32_t *out =
	    (uint32_t *)(void *)(pl->at_end ? u8s_fence_end(&pl->out, cap * 4)
	                                    : pl->out.base);

	if (n > 0)
		memcpy(chunk, s, n);
	u8o_fault_running("u8t_stream_decode", pl->x->in, pl->x->n);
	got = o->stream_decode(state, chunk, n, last, out, cap);
	memset(pl->chunk.base, WIPE, pl->chunk.size);
	U8O_REQUIRE(got <= cap, "%s, %s, chunk %s: %zu values for cap %zu",
	            o->title, pl->x->what, u8o_hex(s, n).text, got, cap);
	U8O_REQUIRE(state_intact(pl, size),
	            "%s, %s, chunk %s: wrote beside the state of %zu bytes",
	            o->title, pl->x->what, u8o_hex(s, n).text, size);
	U8O_REQUIRE(*k + got <= U8O_STREAM_OUT_MAX, "%s: too many values",
	            o->title);
	memcpy(all + *k, out, got * sizeof *out);
	*k += got;
}

/* x fed as c cuts it, all fenced; fails unless it gives what the same
 * chunking gives from the heap. */
static void
require_fenced(const struct u8o_oracle *o, struct place *pl,
               const struct u8o_input *x, const struct u8o_chunking *c)
{
	uint32_t want[U8O_STREAM_OUT_MAX], got[U8O_STREAM_OUT_MAX];
	size_t nwant = u8o_stream_chunked(o, x->in, x->n, c, want, NULL);
	size_t size = o->stream_size(), i, from = 0, k = 0;
	uint8_t *st = state_at(pl, size);

	pl->x = x;
	memset(pl->state.base, PATTERN, pl->state.size);
	o->stream_init(st);
	U8O_REQUIRE(state_intact(pl, size),
	            "%s: u8t_stream_init wrote beside the state", o->title);
	for (i = 0; i <= c->ncut; i++) {
		size_t to = i < c->ncut ? c->cut[i] : x->n;

		fenced_call(o, pl, st, x->in + from, to - from,
		            i == c->ncut && !c->empty_last, got, &k);
		from = to;
	}
	if (c->empty_last)
		fenced_call(o, pl, st, x->in, 0, 1, got, &k);
	u8o_require_same(o, x, c, got, k, want, nwant, "the heap");
}

/* Every input, cut once, twice, and a byte a chunk, each also with an
 * empty last chunk; at the guards after, then before. */
START_TEST(test_stream_fenced)
{
	struct u8o_oracle o = u8o_load_streaming(_i);
	struct place pl;
	size_t t, i, j;

	pl.state = fence_up(o.stream_size());
	pl.chunk = fence_up(U8O_STREAM_IN_MAX);
	pl.out = fence_up((U8O_STREAM_IN_MAX + 4) * sizeof(uint32_t));
	u8o_fault_report(o.name);
	for (pl.at_end = 1; pl.at_end >= 0; pl.at_end--)
		for (t = 0; t < u8o_stream_input_count(); t++) {
			const struct u8o_input *x = u8o_stream_input(t);
			struct u8o_chunking c;

			for (c.empty_last = 0; c.empty_last <= 1;
			     c.empty_last++) {
				c.ncut = 2;
				for (i = 0; i <= x->n; i++)
					for (j = i; j <= x->n; j++) {
						c.cut[0] = i;
						c.cut[1] = j;
						require_fenced(&o, &pl, x, &c);
					}
				c.ncut = 0;
				for (i = 1; i < x->n; i++)
					c.cut[c.ncut++] = i;
				require_fenced(&o, &pl, x, &c);
			}
		}
	u8s_fence_unmap(&pl.out);
	u8s_fence_unmap(&pl.chunk);
	u8s_fence_unmap(&pl.state);
	u8o_unload(&o);
}
END_TEST

Suite *
stream_fence_suite(void)
{
	Suite *s = suite_create("stream_fence");
	TCase *tc = tcase_create("stream_fence");
	int n = (int)u8o_stream_oracle_count();

	tcase_add_loop_test(tc, test_stream_fenced, 0, n);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
