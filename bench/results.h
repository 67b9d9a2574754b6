/* SPDX-License-Identifier: MIT */
/*
 * results.h - the benchmark's CSV: '#' lines that say what was run and on
 * what machine, then one row per input, size and contestant.
 * bench/report.mjs turns it into the table, the Markdown and the plot.
 */
#ifndef U8B_RESULTS_H
#define U8B_RESULTS_H

#include <stdio.h>

#include "measure.h"

/* The machine, the command, the method and every contestant's version. */
void u8b_csv_begin(FILE *f, const char *command, size_t samples, double min_ms,
                   const struct u8b_contestant *cs, size_t m);

/* One cell's samples: median, min and max GB/s, and its verdict. */
void u8b_csv_row(FILE *f, const struct u8b_input *in,
                 const struct u8b_cell *cell);

/* 1 when @cell's verdict is the walk's (the baseline has none to give). */
int u8b_verdict_ok(const struct u8b_input *in, const struct u8b_cell *cell);

/* "4 KiB", "64 MiB", or bytes: @n for people. */
const char *u8b_size_name(size_t n, char *buf, size_t cap);

#endif /* U8B_RESULTS_H */
