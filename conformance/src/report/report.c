/* SPDX-License-Identifier: MIT */
/*
 * report.c - what every format of the report shares.
 */
#include <stdlib.h>

#include "report.h"

void
u8c_report_counts(const struct u8c_report *r, unsigned *passed,
                  unsigned *failed, unsigned *skipped)
{
	*passed = *failed = *skipped = 0;
	for (int c = 0; c < U8C_CHECKS; c++) {
		if (r->checks[c].skipped)
			++*skipped;
		else if (!r->checks[c].ran)
			continue;
		else if (r->checks[c].level == U8C_FAIL)
			++*failed;
		else
			++*passed;
	}
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
u8c_report_free(struct u8c_report *r)
{
	free(r->target);
	free(r->path);
	free(r->stopped);
	for (int c = 0; c < U8C_CHECKS; c++) {
		free(r->checks[c].example.input);
		free(r->checks[c].example.expected);
		free(r->checks[c].example.got);
	}
}
