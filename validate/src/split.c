/* SPDX-License-Identifier: MIT */
/*
 * split.c - one large mapped file shared among threads: a fast accept,
 * each part validated by u8ref_validate_fast, and the count of lines and
 * columns before an error, each part counted apart and the counts added.
 *
 * Where lines may be wanted, each part counts them in the same pass
 * while its text is ASCII, as the single thread does (scan.c): an ASCII
 * file with an error at its end is then read once, not twice (and its
 * pages, given back after the first pass, not mapped again).
 *
 * Any cut works for the accept: a part that is well-formed on its own
 * ends where a character ends, so the parts before the first bad one
 * are well-formed together and a scan may start after them.  Cuts are
 * moved to the next byte that is no continuation byte (at most three
 * on), where a character starts in well-formed text, so that valid text
 * does not fail at its cuts.  Counting is bytewise and takes any cut.
 * Each part is read in windows, under u8v_guarded, and the pages behind
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
	int bad; /* a window holds an error, or could not be read */
	_Atomic unsigned *first_bad;  /* lowest part known bad      */
	struct u8v_position position; /* counted from {1, 0}        */
	int counting;                 /* the accept counts lines    */
	uint64_t counted_to;          /* position's end, when it does */
	pthread_t thread;
	int threaded; /* run by a thread of its own */
};

/* Parts 1.. in threads of their own, part 0 in this one; a part whose
 * thread cannot start runs here after part 0. */
static void
run_parts(struct part *parts, unsigned n, void *(*work)(void *))
{
	for (unsigned i = 1; i < n; i++)
		parts[i].threaded = pthread_create(&parts[i].thread, NULL, work,
		                                   &parts[i]) == 0;
	work(&parts[0]);
	for (unsigned i = 1; i < n; i++) {
		if (parts[i].threaded)
			pthread_join(parts[i].thread, NULL);
		else
			work(&parts[i]);
	}
}

/* The first byte at or after @at that can begin a character, at most
 * three continuation bytes on. */
struct cut {
	const struct u8v_map *m;
	uint64_t at, to;
};

static void
find_cut(void *ctx)
{
	struct cut *c = ctx;

	for (int k = 0;
	     k < 3 && c->at < c->to && (c->m->bytes[c->at] & 0xC0) == 0x80; k++)
		c->at++;
}

/* Cuts [@from, @to) into parts of U8V_SPLIT_PART or more, at most
 * @threads of them, each cut at a character's start where there is one
 * near.  Returns how many, or 0 when the file shrank. */
static unsigned
cut_parts(struct part *parts, const struct u8v_map *m, uint64_t from,
          uint64_t to, unsigned threads)
{
	uint64_t size = to - from;
	unsigned n = threads < MAX_PARTS ? threads : MAX_PARTS;

	if (n > size / U8V_SPLIT_PART)
		n = (unsigned)(size / U8V_SPLIT_PART);
	if (n < 1)
		n = 1;
	for (unsigned i = 0; i < n; i++) {
		struct cut c = {m, from + size / n * i, to};

		if (i > 0 && u8v_guarded(find_cut, &c) != 0)
			return 0;
		parts[i] = (struct part){.m = m, .from = c.at, .index = i};
		if (i > 0)
			parts[i - 1].to = parts[i].from;
	}
	parts[n - 1].to = to;
	return n;
}

/* One window: its bytes are read here, so SIGBUS is caught around it.
 * A character cut by the window's end is read again with the next.  Its
 * ASCII start is counted, while the part's text has been all ASCII. */
static void
accept_window(void *ctx)
{
	struct part *p = ctx;
	const uint8_t *s = p->m->bytes + p->at;
	size_t n = (size_t)(p->end - p->at), ascii = 0;
	struct u8ref_validation v;

	if (p->counting) {
		struct u8v_position counted = p->position;

		ascii = u8v_position_ascii(&counted, s, n);
		p->position = counted;
		p->counted_to = p->at + ascii;
		p->counting = ascii == n;
	}
	v = u8ref_validate_fast(s + ascii, n - ascii);
	if (v.status == U8REF_OK)
		p->at = p->end;
	else if (v.status == U8REF_TRUNCATED && p->end < p->to)
		p->at += ascii + v.offset;
	else
		p->bad = 1;
}

/* @total moved on by a part's count, which started from {1, 0}: a part
 * with a line feed starts the line its column is on. */
static void
add_count(struct u8v_position *total, const struct u8v_position *part)
{
	if (part->line > 1) {
		total->line += part->line - 1;
		total->column = part->column;
	} else {
		total->column += part->column;
	}
}

static void *
accept_part(void *arg)
{
	struct part *p = arg;
	uint64_t dropped = p->from;

	p->at = p->end = p->from;
	while (p->at < p->to) {
		/* A part after a bad one does not matter any more. */
		if (atomic_load(p->first_bad) < p->index)
			return NULL;
		p->end = p->end + WINDOW < p->to ? p->end + WINDOW : p->to;
		if (u8v_guarded(accept_window, p) != 0 || p->bad) {
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

uint64_t
u8v_split_accept(const struct u8v_map *m, uint64_t from, uint64_t to,
                 unsigned threads, struct u8v_position *position,
                 uint64_t *counted_to)
{
	struct part parts[MAX_PARTS];
	_Atomic unsigned first_bad = MAX_PARTS;
	unsigned n = cut_parts(parts, m, from, to, threads);

	if (n == 0)
		return from; /* the file shrank: let the scan see */
	for (unsigned i = 0; i < n; i++) {
		parts[i].first_bad = &first_bad;
		parts[i].counting = position != NULL;
		parts[i].counted_to = parts[i].from;
		u8v_position_init(&parts[i].position);
	}
	run_parts(parts, n, accept_part);
	/* What the parts counted from @from on without a gap */
	if (position != NULL) {
		*counted_to = from;
		for (unsigned i = 0; i < n && *counted_to == parts[i].from;
		     i++) {
			add_count(position, &parts[i].position);
			*counted_to = parts[i].counted_to;
		}
	}
	/* The first bad part is well-formed up to the window that failed. */
	for (unsigned i = 0; i < n; i++)
		if (parts[i].bad || parts[i].at < parts[i].to)
			return parts[i].at;
	return to;
}

/* One window of counting, committed only once read through. */
static void
count_window(void *ctx)
{
	struct part *p = ctx;
	struct u8v_position counted = p->position;

	u8v_position_text(&counted, p->m->bytes + p->at,
	                  (size_t)(p->end - p->at));
	p->position = counted;
	p->at = p->end;
}

static void *
count_part(void *arg)
{
	struct part *p = arg;

	u8v_position_init(&p->position);
	for (p->at = p->from; p->at < p->to && !p->bad;) {
		uint64_t from = p->at;

		p->end =
		    p->to - p->at > U8V_MAP_DROP ? p->at + U8V_MAP_DROP : p->to;
		p->bad = u8v_guarded(count_window, p) != 0;
		u8v_map_drop(p->m, from, p->at);
	}
	return NULL;
}

int
u8v_split_count(const struct u8v_map *m, uint64_t from, uint64_t to,
                unsigned threads, struct u8v_position *position)
{
	struct part parts[MAX_PARTS];
	struct u8v_position total = *position;
	unsigned n = cut_parts(parts, m, from, to, threads);

	if (n == 0)
		return -1;
	run_parts(parts, n, count_part);
	for (unsigned i = 0; i < n; i++) {
		if (parts[i].bad)
			return -1;
		add_count(&total, &parts[i].position);
	}
	*position = total;
	return 0;
}
