/* SPDX-License-Identifier: MIT */
/*
 * report.c - what every format of the report shares.
 */
#include <stdlib.h>

#include "report.h"

const struct u8c_trait u8c_traits[U8C_TRAITS] = {
    {U8T_NEEDS_NUL, "needs-nul", "reads a 0 at s[n]"},
    {U8T_GUESSED_LENGTHS, "guessed-lengths",
     "u8t_next's error lengths are a shim's guess"},
    {U8T_SCALARS_ONLY, "scalars-only", "u8t_encode takes scalar values only"},
};

struct u8c_report_counts
u8c_report_count(const struct u8c_report *r)
{
	struct u8c_report_counts n = {0, 0, 0, 0};

	for (int c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_report_check *k = &r->checks[c];

		if (k->skipped)
			n.skipped++;
		else if (!k->ran)
			continue;
		else if (k->expected && k->level > U8C_PASS)
			n.expected++;
		else if (k->level == U8C_FAIL)
			n.failed++;
		else
			n.passed++;
	}
	return n;
}

const char *
u8c_report_verdict_name(const struct u8c_report *r)
{
	return u8c_level_names[r->verdict == U8C_INFO ? U8C_PASS : r->verdict];
}

int
u8c_report_write(FILE *out, enum u8c_format format, const struct u8c_report *r)
{
	int rc;

	switch (format) {
	case U8C_FORMAT_JSON:
		rc = u8c_report_json(out, r);
		break;
	case U8C_FORMAT_JUNIT:
		rc = u8c_report_junit(out, r);
		break;
	default:
		rc = u8c_report_text(out, r);
		break;
	}
	if (fflush(out) != 0)
		rc = -1;
	return rc;
}

void
u8c_report_example_free(struct u8c_report_example *e)
{
	free(e->input);
	free(e->expected);
	free(e->got);
	e->input = e->expected = e->got = NULL;
}

void
u8c_report_free(struct u8c_report *r)
{
	free(r->target);
	free(r->path);
	free(r->stopped);
	free(r->expect_file);
	for (int c = 0; c < U8C_CHECKS; c++) {
		struct u8c_report_check *k = &r->checks[c];

		free(k->why);
		u8c_report_example_free(&k->example);
		for (unsigned m = 0; m < k->nmore; m++)
			u8c_report_example_free(&k->more[m]);
	}
}
