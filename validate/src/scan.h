/* SPDX-License-Identifier: MIT */
/*
 * scan.h - validate a file descriptor in chunks, or a regular file where
 * the page cache holds it, in constant memory, with every error placed
 * exactly: offset, line, column, kind, bytes.
 */
#ifndef U8V_SCAN_H
#define U8V_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "u8ref.h"

/* One ill-formed subsequence: a maximal subpart. */
struct u8v_error {
	uint64_t offset;              /* 0-based from the start of input */
	uint64_t line;                /* 1-based; 0 when not counted     */
	uint64_t column;              /* 1-based; 0 when not counted     */
	enum u8ref_status kind;       /* what is wrong with it           */
	size_t len;                   /* bytes in the maximal subpart    */
	uint8_t bytes[U8REF_MAX_LEN]; /* those bytes                     */
};

/* Where the scan's findings go, in input order. */
struct u8v_sink {
	/* Each error; nonzero stops the scan (output failed). */
	int (*error)(void *ctx, const struct u8v_error *e);
	/* Every well-formed byte between errors, or NULL when nobody
	 * needs them (only --replace does).  Nonzero stops the scan. */
	int (*text)(void *ctx, const uint8_t *s, size_t n);
	void *ctx;
};

struct u8v_scanner {
	const struct u8ref_profile *profile; /* NULL: Table 3-7, fast  */
	size_t chunk;     /* bytes per read(); a regular file larger
	                     than this is mapped                      */
	size_t window;    /* bytes of a mapped file validated at once */
	int every_error;  /* go on after the first error              */
	int positions;    /* count lines and columns for reports      */
	unsigned helpers; /* more threads a large mapped file may use */
	uint8_t *buf;     /* U8V_SCAN_HOLD + chunk bytes              */
	uint8_t *recount; /* U8V_SCAN_RECOUNT bytes, to count lines in
	                     a regular file's bytes read before        */
};

enum { U8V_SCAN_RECOUNT = 64 * 1024 };

/* Bytes of one chunk carried into the next while a character is
 * undecided: the library's bound for any profile. */
#define U8V_SCAN_HOLD U8REF_STREAM_HOLD

enum u8v_scan_status {
	U8V_SCAN_DONE = 0,    /* the input was read to its end, or to its
	                         first error when that was all we need  */
	U8V_SCAN_READ_FAILED, /* read() failed: *read_errno says why    */
	U8V_SCAN_SINK_FAILED  /* a sink callback returned nonzero       */
};

/* u8v_scanner_init - allocate the buffer; -1 when out of memory. */
int u8v_scanner_init(struct u8v_scanner *sc,
                     const struct u8ref_profile *profile, size_t chunk);
void u8v_scanner_free(struct u8v_scanner *sc);

/*
 * u8v_scan - read @fd to its end and pass every error (or only the
 * first, unless every_error) to @sink.  The errors are those
 * u8ref_validate reports when it is restarted after each error's
 * maximal subpart, on the whole input, wherever the chunks end.
 * @errors receives how many were found.  A regular file is mapped when
 * it is larger than a chunk (see scan.c); u8v_guard_install must have
 * run.
 */
enum u8v_scan_status u8v_scan(const struct u8v_scanner *sc, int fd,
                              const struct u8v_sink *sink, uint64_t *errors,
                              int *read_errno);

#endif /* U8V_SCAN_H */
