/* SPDX-License-Identifier: MIT */
/*
 * merge.h - u8conform --merge: the JSON reports of the shards of an
 * --exhaustive run added up into one report.
 */
#ifndef U8C_MERGE_H
#define U8C_MERGE_H

#include <stddef.h>

#include "report.h"

/* The largest report file read. */
enum { U8C_MERGE_MAX_BYTES = 64 << 20 };

/*
 * u8c_merge_reports - read files[0..nfiles) and add them into @r.
 *
 * Each file must be a whole, consistent u8conform JSON report: counts
 * whole and not negative, failed <= tested, every verdict what its
 * counts say, known check ids once each.  All must be about the same
 * target and profile; shards of the same N, none twice.  Shards that
 * are missing are named in r->stopped, and the report is then not
 * complete.  Returns 0, or -1 with one line in @err.
 */
int u8c_merge_reports(struct u8c_report *r, char *const *files, int nfiles,
                      char *err, size_t errlen);

#endif /* U8C_MERGE_H */
