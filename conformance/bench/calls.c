/* SPDX-License-Identifier: MIT */
/*
 * calls.c - u8bench-calls [--stream] LIB.so K N: the calls `u8conform
 * --exhaustive --shard K/N` makes into LIB.so, made directly: no judging,
 * no guard pages, no worker.  Prints their time, the floor u8conform's
 * own cost is measured against (scripts/bench-conform).
 *
 * Every row of the exhaustive plan, as u8conform walks it.  Without
 * --stream, u8t_decode, u8t_validate and u8t_next on each input (what
 * --functions decode,validate,next,encode calls: the plan has no code
 * point for u8t_encode); with it, u8t_stream_decode too, on each
 * chunking the row's stream mode lists (chunking.c), each from
 * u8t_stream_init, a chunk a call.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chunking.h"
#include "families.h"
#include "plan.h"
#include "target.h"

static uint32_t out[U8C_MAX_INPUT + 4];
static struct u8c_chunking list[U8C_CHUNKINGS_MAX];
static uint16_t cuts[U8C_MAX_CUTS];
/* u8t_stream_size() is at most 4096; 16-aligned, as u8conform gives it */
static _Alignas(16) uint8_t state[4096];

/* One input's one-shot calls; the sum of their answers. */
static uint64_t
one_shot(const struct u8c_target *t, const uint8_t *s, size_t n)
{
	uint64_t sum = 0;
	size_t off, len, e;
	uint32_t cp;

	if (t->decode)
		sum += t->decode(s, n, out, n);
	if (t->validate)
		sum += (uint64_t)t->validate(s, n, &e);
	for (off = 0; t->next && off < n; off += len) {
		len = t->next(s + off, n - off, &cp);
		if (len == 0 || len > n - off)
			break;
		sum += cp;
	}
	return sum;
}

/* One input's stream calls, chunking by chunking; the values' count. */
static uint64_t
streamed(const struct u8c_target *t, enum u8c_stream_mode m, const uint8_t *s,
         size_t n)
{
	/* CUTS and INNER, the exhaustive plan's modes, need no held bytes */
	size_t nk = u8c_chunkings_list(m, s, n, NULL, list);
	uint64_t sum = 0;

	for (size_t k = 0; k < nk; k++) {
		size_t ncuts = u8c_chunking_cuts(&list[k], n, cuts), from = 0;

		t->stream_init(state);
		for (size_t c = 0; c <= ncuts; c++) {
			size_t to = c < ncuts ? cuts[c] : n;

			sum += t->stream_decode(state, s + from, to - from,
			                        c == ncuts, out, to - from + 4);
			from = to;
		}
	}
	return sum;
}

int
main(int argc, char **argv)
{
	static uint8_t s[U8C_MAX_INPUT];
	struct u8c_plan plan;
	struct u8c_identity id;
	struct u8c_target t;
	struct timespec a, b;
	char err[512];
	size_t k, shards, inputs = 0, n;
	uint64_t sum = 0;
	int stream = argc > 1 && strcmp(argv[1], "--stream") == 0;

	argv += stream;
	argc -= stream;
	if (argc != 4 || (k = strtoul(argv[2], NULL, 10)) < 1 ||
	    (shards = strtoul(argv[3], NULL, 10)) < k) {
		fprintf(stderr, "usage: u8bench-calls [--stream] LIB.so K N\n");
		return 2;
	}
	if (u8c_target_load(&t, argv[1], NULL, NULL, NULL, &id, err,
	                    sizeof err) != 0) {
		fprintf(stderr, "u8bench-calls: %s\n", err);
		return 2;
	}
	if (stream &&
	    (t.stream_decode == NULL || t.state_size > sizeof state)) {
		fprintf(stderr, "u8bench-calls: %s: no u8t_stream_decode\n",
		        argv[1]);
		return 2;
	}
	/* the shard u8conform --shard K/N takes */
	u8c_plan_make(&plan, U8C_PLAN_EXHAUSTIVE, k, shards, 0);
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (size_t r = 0; r < plan.nrows; r++) {
		const struct u8c_plan_row *row = &plan.rows[r];

		for (size_t i = row->first; i < row->first + row->count; i++) {
			n = row->family->get(i, s);
			sum += one_shot(&t, s, n);
			if (stream)
				sum += streamed(&t, row->stream, s, n);
		}
		inputs += row->count;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.3f\n", (double)(b.tv_sec - a.tv_sec) +
	                     (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	/* the answers, so that no call is left out */
	fprintf(stderr, "u8bench-calls: %zu inputs, checksum %llu\n", inputs,
	        (unsigned long long)sum);
	u8c_target_unload(&t);
	return 0;
}
