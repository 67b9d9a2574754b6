/* SPDX-License-Identifier: MIT */
/*
 * calls.c - u8bench-calls LIB.so K N: the calls `u8conform --exhaustive
 * --shard K/N` makes into LIB.so, made directly: no judging, no guard
 * pages, no worker.  Prints their time, the floor u8conform's own cost
 * is measured against (scripts/bench-conform).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "families.h"
#include "plan.h"
#include "target.h"

int
main(int argc, char **argv)
{
	static uint8_t s[U8C_MAX_INPUT];
	static uint32_t out[U8C_MAX_INPUT];
	struct u8c_plan plan;
	const struct u8c_plan_row *row = &plan.rows[0];
	struct u8c_identity id;
	struct u8c_target t;
	struct timespec a, b;
	char err[512];
	size_t k, shards, i, n, off, len, e;
	uint64_t sum = 0;
	uint32_t cp;

	if (argc != 4 || (k = strtoul(argv[2], NULL, 10)) < 1 ||
	    (shards = strtoul(argv[3], NULL, 10)) < k) {
		fprintf(stderr, "usage: u8bench-calls LIB.so K N\n");
		return 2;
	}
	if (u8c_target_load(&t, argv[1], NULL, NULL, NULL, &id, err,
	                    sizeof err) != 0) {
		fprintf(stderr, "u8bench-calls: %s\n", err);
		return 2;
	}
	/* the shard u8conform --shard K/N takes */
	u8c_plan_make(&plan, U8C_PLAN_EXHAUSTIVE, k, shards, 0);
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = row->first; i < row->first + row->count; i++) {
		n = row->family->get(i, s);
		if (t.decode)
			sum += t.decode(s, n, out, n);
		if (t.validate)
			sum += (uint64_t)t.validate(s, n, &e);
		for (off = 0; t.next && off < n; off += len) {
			len = t.next(s + off, n - off, &cp);
			if (len == 0 || len > n - off)
				break;
			sum += cp;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.3f\n", (double)(b.tv_sec - a.tv_sec) +
	                     (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	/* the answers, so that no call is left out */
	fprintf(stderr, "u8bench-calls: %zu inputs, checksum %llu\n",
	        row->count, (unsigned long long)sum);
	u8c_target_unload(&t);
	return 0;
}
