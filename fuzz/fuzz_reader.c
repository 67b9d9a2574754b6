/* SPDX-License-Identifier: MIT */
/*
 * fuzz_reader.c - u8conform's reader of a worker's ring, on arbitrary
 * worker data.
 *
 * A worker runs target code, which can write anything into the ring it
 * hands its answers through (conformance/src/sandbox/wire.h).  So the
 * input here, after a head that says what the worker was ordered, is
 * taken as that ring's bytes, written up to its end: the judge's side
 * takes records from it (u8c_wire_take) and judges them (u8c_reader_feed)
 * on the default plan, as u8conform does, until the ring is read or a
 * record is refused.  Then, as the supervisor would,
 * the item in flight meets a fate and is abandoned.  Whatever the bytes,
 * that must not read or write out of bounds, run into undefined
 * behaviour (ASan+UBSan) or loop for ever, and every item it judges is
 * counted as judged.
 */
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "reader.h"
#include "u8f.h"

static struct u8c_plan plan;
static struct u8c_reader_context cx;
static struct u8c_reader reader;
static struct u8c_tallies tallies;
static struct u8c_ring ring;
static struct u8c_wire_record record;
static unsigned fatal_seen;

/* The input's head: what the supervisor ordered the worker (the first
 * order's row, its first item's offset in the row, its length, the
 * phases not to call on its first item; row 0xFF: the state probe's
 * inputs), whether fresh probe answers are in (byte 0, bit 0), whether
 * the orders are careful (bit 1) and replayed if the ring is refused
 * (bit 2), --max-fatal (byte 5, 0..3), and the functions set aside (byte
 * 6).  The ring follows. */
enum { HEAD = 8, PROBES_ROW = 0xFF };

/* What the head says was ordered, told to the reader as the supervisor
 * does; the second order is the next row's first items. */
static void
expect(const uint8_t *head)
{
	struct u8c_order first = {.fresh = 1};
	uint32_t row = (uint32_t)(head[1] % plan.nrows);
	const struct u8c_plan_row *r = &plan.rows[row];
	unsigned all = (1u << U8C_FNS) - 1;

	if (head[1] != PROBES_ROW && r->count > 0) {
		first = (struct u8c_order){
		    .row = row,
		    .dead = head[4] & ((1u << U8C_PHASES) - 1),
		    .functions = all & ~(unsigned)head[6],
		    .fresh_ok = head[0] & 1,
		    .careful = head[0] >> 1 & 1};
		first.lo = r->first + head[2] % r->count;
		first.hi = first.lo + 1 + head[3];
		if (first.hi > r->first + r->count)
			first.hi = r->first + r->count;
	}
	u8c_reader_expect(&reader, first);
	if (row + 1 < plan.nrows && plan.rows[row + 1].count > 0) {
		r = &plan.rows[row + 1];
		u8c_reader_expect(
		    &reader, (struct u8c_order){
		                 .row = row + 1,
		                 .lo = r->first,
		                 .hi = r->first + (r->count < 4 ? r->count : 4),
		                 .functions = all,
		                 .fresh_ok = head[0] & 1,
		                 .careful = head[0] >> 1 & 1});
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t read = 0, written;
	struct u8c_probe fresh[U8C_PROBES];
	int rc, replay;

	if (plan.nrows == 0) {
		u8c_plan_make(&plan, U8C_PLAN_DEFAULT, 0, 0, 0);
		plan.profile = u8ref_profile_at(0);
		plan.functions = (1u << U8C_FNS) - 1;
		cx = (struct u8c_reader_context){.plan = &plan,
		                                 .exports = (1u << U8C_FNS) - 1,
		                                 .fatal_seen = &fatal_seen};
	}
	if (size < HEAD)
		return 0;
	cx.fresh_ok = data[0] & 1;
	cx.exec = data[0] >> 1 & 1; /* a bridge may tell a broken protocol */
	cx.max_fatal = data[5] & 3; /* 0: no --max-fatal */
	fatal_seen = 0;
	u8c_tallies_clear(&tallies);
	memset(&reader, 0, sizeof reader);
	u8c_reader_init(&reader, &cx, &tallies);
	expect(data);
	replay = data[0] >> 2 & 1;
	data += HEAD;
	size -= HEAD;
	if (size > sizeof ring.bytes)
		size = sizeof ring.bytes; /* truncate, never reject */
	memcpy(ring.bytes, data, size);
	written = (uint32_t)size;
	while ((rc = u8c_wire_take(&ring, written, &read, &record)) > 0)
		if (u8c_reader_feed(&reader, &record, fresh) != 0)
			break;
	/* never read past what was written; each item judged, counted */
	U8F_ASSERT(read <= written || rc < 0, data, size);
	U8F_ASSERT(tallies.items == reader.items, data, size);
	/* as the supervisor does when the ring is refused (then the row
	 * ends with no replay), or when the worker ends in a call */
	if (rc < 0) {
		u8c_reader_overwritten(&reader, replay);
		u8c_reader_settle(&reader);
	} else {
		u8c_reader_begin_next(&reader);
		u8c_reader_fate(&reader, U8C_FATE_CRASH, U8C_PHASE_STREAM, 0,
		                11, NULL);
	}
	u8c_reader_abandon(&reader);
	return 0;
}
