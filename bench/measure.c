/* SPDX-License-Identifier: MIT */
/*
 * measure.c - calibration, rounds of samples and medians.
 */
#include <stdlib.h>

#include "measure.h"

/* The most calls one calibration step may multiply by. */
#define MAX_GROWTH 100.0
/* Enough calls for any input on any clock: the loop always ends. */
#define MAX_REPS UINT64_C(1000000000)

void
u8b_calibrate(struct u8b_cell *cell, const struct u8b_input *in,
              double min_seconds)
{
	double t = 0;
	uint64_t reps = 1;

	cell->failed = 0;
	cell->nsamples = 0;
	/* The first call is the warm-up: page faults, caches, lazy setup. */
	cell->verdict = cell->c->sample(cell->c, in, 1, &t);
	if (cell->verdict < 0 && t == 0) {
		cell->failed = 1;
		return;
	}
	for (;;) {
		double grow;
		int v;

		t = 0;
		v = cell->c->sample(cell->c, in, reps, &t);
		if (v < 0 && t == 0) {
			cell->failed = 1;
			return;
		}
		if (v != cell->verdict)
			cell->verdict = -1;
		if (t >= min_seconds || reps > MAX_REPS)
			break;
		/* Aim past the target, but never jump blindly. */
		grow = t > 0 ? 1.25 * min_seconds / t : MAX_GROWTH;
		grow = grow < 2 ? 2 : grow > MAX_GROWTH ? MAX_GROWTH : grow;
		reps = (uint64_t)((double)reps * grow);
	}
	cell->reps = reps;
}

void
u8b_round(struct u8b_cell *cells, size_t m, const struct u8b_input *in,
          size_t round)
{
	for (size_t j = 0; j < m; j++) {
		struct u8b_cell *cell = &cells[(j + round) % m];
		double t = 0;
		int v;

		if (cell->failed || cell->nsamples == U8B_MAX_SAMPLES)
			continue;
		v = cell->c->sample(cell->c, in, cell->reps, &t);
		if (v != cell->verdict)
			cell->verdict = -1;
		if (t > 0)
			cell->gbps[cell->nsamples++] =
			    (double)in->n * (double)cell->reps / t / 1e9;
	}
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
u8b_median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
