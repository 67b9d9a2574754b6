/* SPDX-License-Identifier: MIT */
/*
 * build.h - the report of a run, made from what the sandbox brought
 * back.
 */
#ifndef U8C_BUILD_H
#define U8C_BUILD_H

#include "plan.h"
#include "report.h"
#include "sandbox.h"

struct u8c_run_facts {
	const struct u8c_plan *plan;
	const char *path;           /* as the user gave it           */
	const char *symbol, *shape; /* --symbol, --shape, or NULL   */
	size_t shard, shards;       /* --shard K/N, or 0 of 0         */
	const struct u8c_expectations *expect; /* --expect, or NULL */
	const char *expect_file;
	const struct u8c_sandbox_outcome *outcome;
};

/*
 * u8c_report_build - fill @r from @facts.  Example inputs are rebuilt
 * from the plan, whole.  Returns 0, or -1 when memory runs out.
 */
int u8c_report_build(struct u8c_report *r, const struct u8c_run_facts *facts);

/* u8c_example_input - the text of an example's input: hex bytes, U+XXXX,
 * or what it was done during; a string to free. */
char *u8c_example_input(const struct u8c_plan *plan,
                        const struct u8c_example *e);

#endif /* U8C_BUILD_H */
