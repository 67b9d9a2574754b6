/* SPDX-License-Identifier: MIT */
/*
 * junit.c - the report as JUnit XML, for CI systems that show tests:
 * one testcase per check, a failure per FAIL, the text of a WARN or INFO
 * as system-out, and checks that were not judged as skipped.
 */
#include "report.h"

/* Text as XML character data or attribute value.  The report's strings
 * hold no control characters (safe_text.c), so escaping the markup is
 * all XML needs. */
static void
xml(FILE *out, const char *s)
{
	for (; s != NULL && *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			fputc(*s, out);
			break;
		}
	}
}

static void
what_failed(FILE *out, const struct u8c_report_check *c)
{
	xml(out, u8c_check(c->check)->title);
	if (!c->has_example)
		return;
	fputs(": input ", out);
	xml(out, u8c_report_shown(&c->example));
	fputs(", expected ", out);
	xml(out, c->example.expected);
	fputs(", got ", out);
	xml(out, c->example.got);
}

static void
testcase(FILE *out, const struct u8c_report_check *c)
{
	fprintf(out, "  <testcase classname=\"u8conform\" name=\"%s\">",
	        u8c_check(c->check)->id);
	if (c->skipped) {
		fputs("<skipped message=\"not judged\"/>", out);
	} else if (c->expected && c->level > U8C_PASS) {
		fputs("<skipped message=\"expected: ", out);
		xml(out, c->why != NULL ? c->why : "an accepted departure");
		fputs("\"/>", out);
	} else if (c->level == U8C_FAIL) {
		fputs("<failure message=\"", out);
		what_failed(out, c);
		fputs("\"/>", out);
	} else if (c->level != U8C_PASS) {
		fputs("<system-out>", out);
		what_failed(out, c);
		fprintf(out, " (%s)</system-out>", u8c_level_names[c->level]);
	}
	fputs("</testcase>\n", out);
}

int
u8c_report_junit(FILE *out, const struct u8c_report *r)
{
	struct u8c_report_counts n = u8c_report_count(r);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	      "<testsuite name=\"u8conform ",
	      out);
	xml(out, r->target);
	fprintf(out, "\" tests=\"%u\" failures=\"%u\" skipped=\"%u\">\n",
	        n.passed + n.failed + n.skipped + n.expected, n.failed,
	        n.skipped + n.expected);
	for (int c = 0; c < U8C_CHECKS; c++)
		if (r->checks[c].ran || r->checks[c].skipped)
			testcase(out, &r->checks[c]);
	fputs("</testsuite>\n", out);
	return ferror(out) ? -1 : 0;
}
