/* SPDX-License-Identifier: MIT */
/*
 * reader_seeds.c - fuzz_reader's seeds: rings as a worker writes them
 * on the default plan, written by the worker's own writer (wire.h), so
 * the fuzzer starts from records the reader takes and mutates from there.
 */
#include <stdio.h>
#include <string.h>

#include "plan.h"
#include "reader_seeds.h"
#include "stream.h"
#include "tally.h"
#include "wire.h"

static struct u8c_ring ring;
static uint32_t judge_read, judge_sleeps;

static struct u8c_wire_writer
fresh_writer(void)
{
	memset(ring.bytes, 0, sizeof ring.bytes);
	ring.written = judge_read = judge_sleeps = 0;
	return (struct u8c_wire_writer){
	    .ring = &ring, .read = &judge_read, .reader_sleeps = &judge_sleeps};
}

/* The head's byte 6: every function but u8t_validate set aside, the one
 * these seeds answer. */
#define ONLY_VALIDATE                                                          \
	((uint8_t)(((1u << U8C_FNS) - 1) & ~(1u << U8C_FN_VALIDATE)))

/* Whether u8t_validate is asked item @index of row @row of @plan: an
 * item of bytes is, a code point is asked nothing. */
static uint8_t
validate_given(const struct u8c_plan *plan, uint32_t row, uint64_t index)
{
	static uint8_t buf[U8C_MAX_INPUT];
	struct u8c_item item =
	    u8c_family_item(plan->rows[row].family, (size_t)index, buf);

	return item.kind == U8C_ITEM_BYTES ? U8C_ANSWER_GIVEN : U8C_ANSWER_NONE;
}

/* The answers to item @index of row @row of @plan: u8t_validate's
 * @valid, if it is asked. */
static void
put_answers(struct u8c_wire_writer *w, const struct u8c_plan *plan,
            uint32_t row, uint64_t index, int valid)
{
	struct u8c_wire_answers a;

	memset(&a, 0, sizeof a);
	a.item = (struct u8c_wire_item){row, 0, index};
	a.given[U8C_FN_VALIDATE] = validate_given(plan, row, index);
	a.valid = valid;
	a.err = valid ? UINT64_MAX : 0;
	a.accepted_from = UINT64_MAX;
	a.valid_prefix = -1;
	u8c_wire_put(w, U8C_WIRE_ANSWERS, (const void *[]){&a},
	             (size_t[]){sizeof a}, 1);
}

/* The same in a short record, as a worker sends most answers. */
static void
put_short_answers(struct u8c_wire_writer *w, const struct u8c_plan *plan,
                  uint32_t row, uint64_t index, int valid)
{
	struct u8c_wire_short_answers a;

	memset(&a, 0, sizeof a);
	a.given[U8C_FN_VALIDATE] = validate_given(plan, row, index);
	a.valid = (int8_t)valid;
	a.err = valid ? U8C_WIRE_SHORT_NONE : 0;
	a.accepted_from = U8C_WIRE_SHORT_NONE;
	a.valid_prefix = -1;
	u8c_wire_put(w, U8C_WIRE_SHORT_ANSWERS, (const void *[]){&a},
	             (size_t[]){sizeof a}, 1);
}

/* The stream's answers to item @index of row @row of @plan, the
 * reference's on every chunking: each in a short record but the last,
 * in a whole one, then the item's short answers with the stream's. */
static void
put_chunkings(struct u8c_wire_writer *w, const struct u8c_plan *plan,
              uint32_t row, uint64_t index)
{
	static uint8_t buf[U8C_MAX_INPUT];
	static struct u8c_reading in;
	static struct u8c_stream_ref ref;
	static struct u8c_chunking list[U8C_CHUNKINGS_MAX];
	static uint16_t cuts[U8C_MAX_CUTS];
	static uint64_t after[U8C_MAX_CUTS + 1];
	static uint16_t short_after[U8C_MAX_CUTS + 1];
	struct u8c_item item =
	    u8c_family_item(plan->rows[row].family, (size_t)index, buf);
	struct u8c_wire_item announced = {row, 0, index};
	struct u8c_wire_short_answers a;
	size_t nk, ncuts;

	u8c_read(plan->profile, item.s, item.n, &in);
	u8c_stream_ref_read(&ref, plan->profile, &in);
	nk = u8c_chunkings_list(plan->rows[row].stream, item.s, item.n,
	                        ref.held, list);
	u8c_wire_put(w, U8C_WIRE_ITEM, (const void *[]){&announced},
	             (size_t[]){sizeof announced}, 1);
	for (size_t k = 0; k < nk; k++) {
		ncuts = u8c_chunking_cuts(&list[k], item.n, cuts);
		for (size_t c = 0; c <= ncuts; c++)
			short_after[c] =
			    (uint16_t)(after[c] =
			                   ref.written[c < ncuts ? cuts[c]
			                                         : item.n]);
		if (k + 1 < nk) {
			struct u8c_wire_short_chunking h = {
			    (uint16_t)k, (uint16_t)ncuts, (uint16_t)in.nwant,
			    0};

			static const uint8_t pad[4];

			u8c_wire_put(
			    w, U8C_WIRE_SHORT_CHUNKING,
			    (const void *[]){&h, short_after, pad, in.want},
			    (size_t[]){sizeof h,
			               (ncuts + 1) * sizeof short_after[0],
			               u8c_wire_after_pad(
			                   ncuts, sizeof short_after[0]),
			               in.nwant * sizeof in.want[0]},
			    4);
		} else {
			struct u8c_wire_chunking h = {
			    k, ncuts, in.nwant,   UINT64_MAX, 0,
			    0, 0,     UINT64_MAX, 0};

			u8c_wire_put(w, U8C_WIRE_CHUNKING,
			             (const void *[]){&h, after, in.want},
			             (size_t[]){sizeof h,
			                        (ncuts + 1) * sizeof after[0],
			                        in.nwant * sizeof in.want[0]},
			             3);
		}
	}
	memset(&a, 0, sizeof a);
	a.stream = U8C_ANSWER_GIVEN;
	a.err = a.accepted_from = U8C_WIRE_SHORT_NONE;
	a.valid_prefix = -1;
	u8c_wire_put(w, U8C_WIRE_SHORT_ANSWERS, (const void *[]){&a},
	             (size_t[]){sizeof a}, 1);
}

/* fuzz_reader's input: its head (what was ordered: fuzz_reader.c), then
 * the ring's bytes. */
static int
save(const char *dir, const char *name, const uint8_t head[8],
     const struct u8c_wire_writer *w,
     int (*write_file)(const char *, const char *, const uint8_t *, size_t))
{
	static uint8_t input[8 + 4096];
	size_t n = w->at < sizeof input - 8 ? w->at : sizeof input - 8;

	memcpy(input, head, 8);
	memcpy(input + 8, ring.bytes, n);
	return write_file(dir, name, input, 8 + n);
}

int
u8f_write_reader_seeds(const char *dir,
                       int (*write_file)(const char *, const char *,
                                         const uint8_t *, size_t))
{
	struct u8c_plan plan;
	struct u8c_wire_writer w;
	int bad = 0;

	u8c_plan_make(&plan, U8C_PLAN_DEFAULT, 0, 0, 0);
	plan.profile = u8ref_profile_at(0); /* as fuzz_reader's */
	/* each row's first items, answered */
	for (uint32_t row = 0; row < plan.nrows; row++) {
		char name[32];

		w = fresh_writer();
		for (uint64_t i = 0; i < 4 && i < plan.rows[row].count; i++)
			put_answers(&w, &plan, row, plan.rows[row].first + i,
			            (int)(i & 1));
		snprintf(name, sizeof name, "row-%02u", (unsigned)row);
		bad |= save(dir, name,
		            (const uint8_t[8]){1, (uint8_t)row, 0, 3, 0, 0,
		                               ONLY_VALIDATE},
		            &w, write_file);
	}
	/* the first row's first items, in short answers */
	w = fresh_writer();
	for (uint64_t i = 0; i < 4; i++)
		put_short_answers(&w, &plan, 0, plan.rows[0].first + i,
		                  (int)(i & 1));
	bad |= save(dir, "short",
	            (const uint8_t[8]){1, 0, 0, 3, 0, 0, ONLY_VALIDATE}, &w,
	            write_file);
	/* the stream's chunkings of the first row's first item, the
	 * functions but u8t_stream_decode set aside */
	w = fresh_writer();
	put_chunkings(&w, &plan, 0, plan.rows[0].first);
	bad |= save(dir, "chunkings",
	            (const uint8_t[8]){1, 0, 0, 0, 0, 0,
	                               (uint8_t)(((1u << U8C_FNS) - 1) &
	                                         ~(1u << U8C_FN_STREAM))},
	            &w, write_file);
	/* an item announced, a fate met, its answers, and one between
	 * calls after them */
	w = fresh_writer();
	{
		struct u8c_wire_item item = {0, 0, plan.rows[0].first};
		struct u8c_wire_fate crash = {
		    U8C_FATE_CRASH, U8C_FN_VALIDATE, 11, 0, 1, 0};
		struct u8c_wire_fate between = {
		    U8C_FATE_OUTPUT, U8C_FN_NEXT, U8C_DETAIL_BETWEEN, 0, 0, 0};

		u8c_wire_put(&w, U8C_WIRE_ITEM, (const void *[]){&item},
		             (size_t[]){sizeof item}, 1);
		u8c_wire_put(&w, U8C_WIRE_FATE, (const void *[]){&crash},
		             (size_t[]){sizeof crash}, 1);
		put_answers(&w, &plan, 0, plan.rows[0].first, 0);
		u8c_wire_put(&w, U8C_WIRE_FATE, (const void *[]){&between},
		             (size_t[]){sizeof between}, 1);
	}
	bad |= save(dir, "fates",
	            (const uint8_t[8]){1, 0, 0, 0, 0, 0, ONLY_VALIDATE}, &w,
	            write_file);
	/* the state probe's fresh answers */
	w = fresh_writer();
	for (uint32_t k = 0; k < U8C_PROBES; k++) {
		struct u8c_wire_item item = {U8C_NO_RUN, 0, k};
		struct u8c_wire_fresh fresh = {
		    k, 0, {1, 1, {0xFFFD}, {0xFFFD}, 0}};

		u8c_wire_put(&w, U8C_WIRE_ITEM, (const void *[]){&item},
		             (size_t[]){sizeof item}, 1);
		u8c_wire_put(&w, U8C_WIRE_FRESH, (const void *[]){&fresh},
		             (size_t[]){sizeof fresh}, 1);
	}
	bad |= save(dir, "fresh", (const uint8_t[8]){0, 0xFF}, &w, write_file);
	return bad;
}
