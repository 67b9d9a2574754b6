/* SPDX-License-Identifier: MIT */
/*
 * merge.h - one report from the JSON reports of shards.
 *
 * u8conform --exhaustive --shard K/N --format json writes one report per
 * shard; --merge reads them back and adds them up: counts summed, the
 * worst verdict of each check, its smallest counterexample, and policy
 * and variant inferred from the evidence of all shards.
 */
#ifndef U8C_MERGE_H
#define U8C_MERGE_H

#include <stddef.h>

#include "judge.h"

/*
 * u8c_merge_reports - fold the JSON reports in @files into @suite.
 * @target: receives the target's name and path from the reports.
 *
 * Returns 0, or -1 with @err set when a file cannot be read, is not a
 * u8conform JSON report, or names another target or profile than the
 * first.
 */
int u8c_merge_reports(struct u8c_suite *suite, struct u8c_target *target,
                      char *const *files, int nfiles, char *err, size_t errlen);

#endif /* U8C_MERGE_H */
