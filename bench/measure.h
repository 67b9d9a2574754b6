/* SPDX-License-Identifier: MIT */
/*
 * measure.h - how one contestant is timed on one input: calibrated so a
 * sample lasts long enough to trust the clock, then sampled in rounds
 * that visit every contestant, so that noise on a shared machine hits
 * all of them alike; the median sample is the result.
 */
#ifndef U8B_MEASURE_H
#define U8B_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "contestants.h"

/* Most samples a cell keeps. */
#define U8B_MAX_SAMPLES 64

/* One contestant on one input. */
struct u8b_cell {
	const struct u8b_contestant *c;
	uint64_t reps;                /* calls per sample                  */
	int verdict;                  /* 1, 0, or -1 when it gave none     */
	int failed;                   /* could not run: no numbers         */
	double gbps[U8B_MAX_SAMPLES]; /* one per sample, 1e9 bytes/s       */
	size_t nsamples;
};

/*
 * u8b_calibrate - warm @cell up on @in and find how many calls make a
 * sample last @min_seconds (one call when a single one takes longer).
 * Sets reps, verdict and failed.
 */
void u8b_calibrate(struct u8b_cell *cell, const struct u8b_input *in,
                   double min_seconds);

/*
 * u8b_round - one sample of every cell that did not fail, starting from
 * cell @round % m, so that no contestant always runs first.
 */
void u8b_round(struct u8b_cell *cells, size_t m, const struct u8b_input *in,
               size_t round);

/* u8b_median - the median of v[0..n), n >= 1 (v is reordered). */
double u8b_median(double *v, size_t n);

#endif /* U8B_MEASURE_H */
