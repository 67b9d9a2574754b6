/* SPDX-License-Identifier: MIT */
/*
 * split.c - a fast accept for large files: the parts of a file validated
 * side by side, each by u8ref_validate_fast.
 *
 * Any cut works: a part that is well-formed on its own ends where a
 * character ends, so the parts before the first bad one are well-formed
 * together and a scan may start after them.  Cuts are moved to the next
 * byte that is no continuation byte (at most three on), where a
 * character starts in well-formed text, so that valid text does not
 * fail at its cuts.  Each part is read in windows, and the pages behind
 * are given back, as the single-threaded scan does.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "guard.h"
#include "split.h"
#include "u8ref.h"

enum { MAX_PARTS = 64 };

/* Bytes one kernel call reads at most. */
#define WINDOW ((uint64_t)1 << 20)

struct part {
	const struct u8v_map *m;
	uint64_t from, to; /* the part                                 */
	uint64_t at;       /* where the reading is; the window's start  */
	uint64_t end;      /* the window's end                          */
	unsigned index;
	int bad; /* a window it read holds an error, or shrank   */
	_Atomic unsigned *first_bad; /* lowest part known bad          */
	pthread_t thread;
	int threaded; /* read by a thread of its own */
};

/* One window: its bytes are read here, so SIGBUS is caught around it.
 * A character cut by the window's end is read again with the next. */
static void
read_window(void *ctx)
{
	struct part *p = ctx;
	struct u8ref_validation v =
	    u8ref_validate_fast(p->m->bytes + p->at, (size_t)(p->end - p->at));

	if (v.status == U8REF_OK)
		p->at = p->end;
	else if (v.status == U8REF_TRUNCATED && p->end < p->to)
		p->at += v.offset;
	else
		p->bad = 1;
}

static void *
check_part(void *arg)
{
	struct part *p = arg;
	uint64_t dropped = p->from;

	p->at = p->end = p->from;
	while (p->at < p->to) {
		/* A part after a bad one does not matter any more. */
		if (atomic_load(p->first_bad) < p->index)
			return NULL;
		p->end = p->end + WINDOW < p->to ? p->end + WINDOW : p->to;
		if (u8v_guarded(read_window, p) != 0 || p->bad) {
			unsigned seen = atomic_load(p->first_bad);

			p->bad = 1;
			while (p->index < seen &&
			       !atomic_compare_exchange_weak(p->first_bad,
			                                     &seen, p->index))
				;
			return NULL;
		}
		if (p->at - dropped >= U8V_MAP_DROP) {
			u8v_map_drop(p->m, dropped, p->at);
			dropped = p->at;
		}
	}
	return NULL;
}

/* The first byte at or after @at that can begin a character, at most
 * three continuation bytes on. */
static uint64_t
cut_near(const struct u8v_map *m, uint64_t at, uint64_t to)
{
	for (int k = 0; k < 3 && at < to && (m->bytes[at] & 0xC0) == 0x80; k++)
		at++;
	return at;
}

struct cut {
	const struct u8v_map *m;
	uint64_t at, to;
};

static void
find_cut(void *ctx)
{
	struct cut *c = ctx;

	c->at = cut_near(c->m, c->at, c->to);
}

uint64_t
u8v_split_accept(const struct u8v_map *m, uint64_t from, uint64_t to,
                 unsigned threads)
{
	struct part parts[MAX_PARTS];
	_Atomic unsigned first_bad = MAX_PARTS;
	unsigned n = threads;
	uint64_t size = to - from;

	if (n > MAX_PARTS)
		n = MAX_PARTS;
	if (n > size / U8V_SPLIT_PART)
		n = (unsigned)(size / U8V_SPLIT_PART);
	if (n < 1)
		n = 1;
	for (unsigned i = 0; i < n; i++) {
		struct cut c = {m, from + size / n * i, to};

		if (i > 0 && u8v_guarded(find_cut, &c) != 0)
			return from; /* the file shrank: let the scan see */
		parts[i] = (struct part){.m = m,
		                         .from = i == 0 ? from : c.at,
		                         .index = i,
		                         .first_bad = &first_bad};
		if (i > 0)
			parts[i - 1].to = parts[i].from;
	}
	parts[n - 1].to = to;
	/* Parts 1.. in threads of their own; a part whose thread cannot
	 * start is read here after part 0. */
	for (unsigned i = 1; i < n; i++)
		parts[i].threaded = pthread_create(&parts[i].thread, NULL,
		                                   check_part, &parts[i]) == 0;
	check_part(&parts[0]);
	for (unsigned i = 1; i < n; i++) {
		if (parts[i].threaded)
			pthread_join(parts[i].thread, NULL);
		else
			check_part(&parts[i]);
	}
	/* The first bad part is well-formed up to the window that failed. */
	for (unsigned i = 0; i < n; i++)
		if (parts[i].bad || parts[i].at < parts[i].to)
			return parts[i].at;
	return to;
}
