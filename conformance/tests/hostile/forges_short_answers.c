/* SPDX-License-Identifier: MIT */
/*
 * forges_short_answers.c - hostile target: u8t_decode, on an input
 * holding C1, puts in its worker's ring, where the worker's next record
 * goes, the item's short answers with everything well (as wire.h lays
 * them out) but cut a word short of their header, and shows it to the
 * judge.  A judge that took the header whole would read the word after
 * the record's end from what its buffer held before.
 *
 * Expected: isolation/over-write on C1 (the ring written in a call),
 * the report whole.
 */
#include <string.h>

#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"
#include "wire.h"

static void
forge(struct u8c_ring *ring)
{
	uint32_t at = ring->written;
	struct u8c_wire_head *h;
	struct u8c_wire_short_answers a;
	uint32_t payload = (uint32_t)sizeof a - 8;
	uint32_t size = (uint32_t)sizeof *h + payload;

	if (U8C_RING_BYTES - (at & (U8C_RING_BYTES - 1)) < size)
		return; /* at the ring's end: the worker pads there */
	h = (struct u8c_wire_head *)(void *)(ring->bytes +
	                                     (at & (U8C_RING_BYTES - 1)));
	memset(&a, 0, sizeof a);
	a.given[U8C_FN_DECODE] = U8C_ANSWER_GIVEN;
	a.valid = 1;
	a.err = a.accepted_from = U8C_WIRE_SHORT_NONE;
	a.valid_prefix = -1;
	memcpy(h + 1, &a, payload);
	*h = (struct u8c_wire_head){U8C_WIRE_SHORT_ANSWERS, size};
	__atomic_store_n(&ring->written, at + size, __ATOMIC_RELEASE);
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	struct u8tt_span spans[64];
	size_t found, forged = 0;

	if (strcmp(fn, "decode") != 0 || s == NULL ||
	    memchr(s, 0xC1, n) == NULL)
		return;
	found = u8tt_shared_maps(spans, 64);
	for (size_t k = 0; k < found; k++)
		if (spans[k].hi - spans[k].lo == sizeof(struct u8c_ring)) {
			forge((struct u8c_ring *)spans[k].lo);
			forged++;
		}
	u8tt_note("seen", forged > 0 ? "forged\n" : "no ring\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-forges-short-answers",
    .hooks = {.on_call = on_call},
};
