/* SPDX-License-Identifier: MIT */
/*
 * stream_forges_clean.c - hostile target: u8t_stream_decode, on a chunk
 * holding C1, writes the 16th byte before its state, then puts in its
 * worker's ring, where the worker's next record goes, a well-formed
 * short chunking record (chunking 0, no cut, no value: a clean one, as
 * wire.h lays it out) and shows it to the judge: the chunking's answer
 * forged, saying nothing went wrong beside the state.
 *
 * Expected: isolation/over-write on C1 all the same, the report whole.
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
	struct u8c_wire_short_chunking *c;
	uint16_t *after;
	uint32_t size = sizeof *h + sizeof *c + 8;

	if (U8C_RING_BYTES - (at & (U8C_RING_BYTES - 1)) < size)
		return; /* at the ring's end: the worker pads there */
	h = (struct u8c_wire_head *)(void *)(ring->bytes +
	                                     (at & (U8C_RING_BYTES - 1)));
	c = (struct u8c_wire_short_chunking *)(void *)(h + 1);
	after = (uint16_t *)(void *)(c + 1);
	*c = (struct u8c_wire_short_chunking){0, 0, 0, 0};
	memset(after, 0, 8);
	*h = (struct u8c_wire_head){U8C_WIRE_SHORT_CHUNKING, size};
	__atomic_store_n(&ring->written, at + size, __ATOMIC_RELEASE);
}

static void
on_stream(void *state, const uint8_t *s, size_t n)
{
	struct u8tt_span spans[64];
	size_t found, forged = 0;

	if (s == NULL || memchr(s, 0xC1, n) == NULL)
		return;
	((volatile uint8_t *)state)[-16] = 0;
	found = u8tt_shared_maps(spans, 64);
	for (size_t k = 0; k < found; k++)
		if (spans[k].hi - spans[k].lo == sizeof(struct u8c_ring)) {
			forge((struct u8c_ring *)spans[k].lo);
			forged++;
		}
	u8tt_note("seen", forged > 0 ? "forged\n" : "no ring\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-forges-clean",
    .hooks = {.on_stream = on_stream},
};
