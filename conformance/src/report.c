/* SPDX-License-Identifier: MIT */
/*
 * report.c - text, JSON and JUnit renderings of a suite's results.
 *
 * Only checks that ran are reported.  Text lists what did not pass, one
 * line each with its smallest counterexample, and ends with
 * "N passed, N failed" (checks; a WARN counts as passed).  The JSON
 * fields are a contract: target, verdict, policy, variant, checks[] of
 * {id, title, verdict, tested, failed, counterexample{input, expected,
 * got}}.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <unistd.h>

#include "report.h"

static const char *const level_names[] = {"pass", "info", "warn", "fail"};

static void
input_text(char *buf, size_t len, const struct u8c_example *e)
{
	size_t i, at = 0;

	buf[0] = '\0';
	if (e->code_point) {
		snprintf(buf, len, "U+%04lX",
		         (unsigned long)e->input[0] << 24 |
		             (unsigned long)e->input[1] << 16 |
		             (unsigned long)e->input[2] << 8 | e->input[3]);
		return;
	}
	for (i = 0; i < e->n && at + 4 < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%02X",
		                       i ? " " : "", e->input[i]);
	if (e->n == 0)
		snprintf(buf, len, "(empty)");
}

/* Only checks that ran are reported. */
static int
ran(const struct u8c_tally *t)
{
	return t->tested > 0 || t->failed > 0;
}

/* Checks that ran without a FAIL, and checks with one. */
static void
report_counts(const struct u8c_results *r, unsigned *passed, unsigned *failed)
{
	size_t c;

	*passed = *failed = 0;
	for (c = 0; c < U8C_CHECKS; c++) {
		if (!ran(&r->checks[c]))
			continue;
		if (r->checks[c].level == U8C_FAIL)
			++*failed;
		else
			++*passed;
	}
}

static const char *
exports(const struct u8c_target *t, char *buf, size_t len)
{
	if (!t->decode && !t->validate && !t->next && !t->encode) {
		snprintf(buf, len, " (merged from shard reports)");
		return buf;
	}
	snprintf(buf, len, "%s%s%s%s", t->decode ? " u8t_decode" : "",
	         t->validate ? " u8t_validate" : "", t->next ? " u8t_next" : "",
	         t->encode ? " u8t_encode" : "");
	return buf;
}

static void
report_text(FILE *out, const struct u8c_suite *suite)
{
	const struct u8c_results *r = &suite->total;
	static const char *const colour[] = {"\033[32m", "\033[36m", "\033[33m",
	                                     "\033[31m"};
	int tty = isatty(fileno(out));
	char id[64], title[128], input[3 * U8C_EXAMPLE_INPUT + 8], buf[128];
	enum u8c_level verdict = u8c_verdict(r);
	unsigned passed, failed;
	size_t c;

	fprintf(out, "target   %s (%s)\nexports %s\njudged   against %s (%s)\n",
	        suite->target->name, suite->target->path,
	        exports(suite->target, buf, sizeof buf), suite->profile->name,
	        suite->profile->source);
	fprintf(out, "policy   %s\nvariant  %s\n\n", u8c_policy_name(r),
	        u8c_variant_name(r));
	for (c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_tally *t = &r->checks[c];

		if (t->level == U8C_PASS)
			continue;
		u8c_check_id((enum u8c_check)c, id, sizeof id);
		u8c_check_title((enum u8c_check)c, title, sizeof title);
		fprintf(out, "%s%-4s%s %s: %s (%llu of %llu inputs)\n",
		        tty ? colour[t->level] : "", level_names[t->level],
		        tty ? "\033[0m" : "", id, title,
		        (unsigned long long)t->failed,
		        (unsigned long long)(t->tested > t->failed
		                                 ? t->tested
		                                 : t->failed));
		if (t->has_example) {
			input_text(input, sizeof input, &t->example);
			fprintf(out,
			        "     input %s\n     want  %s\n     got   %s\n",
			        input, t->example.expected, t->example.got);
		}
	}
	if (suite->fatal_left == 0)
		fprintf(out, "stopped  early, after the target crashed, hung "
		             "or exited on several inputs;\n"
		             "         the counts above are partial\n");
	report_counts(r, &passed, &failed);
	fprintf(out, "%sverdict  %s%s\n%u passed, %u failed\n",
	        tty ? colour[verdict] : "",
	        level_names[verdict == U8C_INFO ? U8C_PASS : verdict],
	        tty ? "\033[0m" : "", passed, failed);
}

/* Writes s as a JSON string, escaping what JSON requires. */
static void
json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(out, "\\u%04X", (unsigned)(unsigned char)*s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

static void
report_json(FILE *out, const struct u8c_suite *suite)
{
	const struct u8c_results *r = &suite->total;
	enum u8c_level verdict = u8c_verdict(r);
	char id[64], title[128], input[3 * U8C_EXAMPLE_INPUT + 8];
	const char *sep = "";
	size_t c;

	fprintf(out, "{\n  \"target\": ");
	json_string(out, suite->target->name);
	fprintf(out, ",\n  \"path\": ");
	json_string(out, suite->target->path);
	fprintf(out, ",\n  \"profile\": ");
	json_string(out, suite->profile->name);
	fprintf(out, ",\n  \"verdict\": \"%s\",\n  \"policy\": ",
	        level_names[verdict == U8C_INFO ? U8C_PASS : verdict]);
	json_string(out, u8c_policy_name(r));
	fprintf(out, ",\n  \"variant\": ");
	json_string(out, u8c_variant_name(r));
	/* What policy and variant were inferred from, so that the reports
	 * of shards merge exactly (u8conform --merge). */
	fprintf(out,
	        ",\n  \"evidence\": {\"policy_runs\": %llu, "
	        "\"policy_ruled_out\": %u, "
	        "\"variant_tested\": %llu, \"variant_ruled_out\": %u}",
	        (unsigned long long)r->policy_runs,
	        (unsigned)r->policy_violated,
	        (unsigned long long)r->variant_tested,
	        (unsigned)r->variant_violated);
	fprintf(out, ",\n  \"checks\": [");
	for (c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_tally *t = &r->checks[c];

		if (!ran(t))
			continue;
		u8c_check_id((enum u8c_check)c, id, sizeof id);
		u8c_check_title((enum u8c_check)c, title, sizeof title);
		fprintf(out, "%s\n    {\"id\": \"%s\", \"title\": ", sep, id);
		json_string(out, title);
		fprintf(out,
		        ", \"verdict\": \"%s\", \"tested\": %llu, \"failed\": "
		        "%llu, "
		        "\"counterexample\": ",
		        level_names[t->level], (unsigned long long)t->tested,
		        (unsigned long long)t->failed);
		if (t->has_example) {
			input_text(input, sizeof input, &t->example);
			fprintf(out, "{\"input\": ");
			json_string(out, input);
			fprintf(out, ", \"expected\": ");
			json_string(out, t->example.expected);
			fprintf(out, ", \"got\": ");
			json_string(out, t->example.got);
			fprintf(out, "}}");
		} else {
			fprintf(out, "null}");
		}
		sep = ",";
	}
	fprintf(out, "\n  ]\n}\n");
}

static void
xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
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
report_junit(FILE *out, const struct u8c_suite *suite)
{
	const struct u8c_results *r = &suite->total;
	char id[64], title[128], input[3 * U8C_EXAMPLE_INPUT + 8];
	unsigned passed, failed;
	size_t c;

	report_counts(r, &passed, &failed);
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite "
	             "name=\"u8conform ");
	xml_text(out, suite->target->name);
	fprintf(out, "\" tests=\"%u\" failures=\"%u\">\n", passed + failed,
	        failed);
	for (c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_tally *t = &r->checks[c];

		if (!ran(t))
			continue;
		u8c_check_id((enum u8c_check)c, id, sizeof id);
		u8c_check_title((enum u8c_check)c, title, sizeof title);
		fprintf(out, "  <testcase classname=\"u8conform\" name=\"%s\">",
		        id);
		if (t->level != U8C_PASS) {
			fprintf(out, t->level == U8C_FAIL
			                 ? "<failure message=\""
			                 : "<system-out>");
			xml_text(out, title);
			if (t->has_example) {
				input_text(input, sizeof input, &t->example);
				fprintf(out, ": input ");
				xml_text(out, input);
				fprintf(out, ", expected ");
				xml_text(out, t->example.expected);
				fprintf(out, ", got ");
				xml_text(out, t->example.got);
			}
			fprintf(out,
			        t->level == U8C_FAIL ? "\"/>"
			                             : " (%s)</system-out>",
			        level_names[t->level]);
		}
		fprintf(out, "</testcase>\n");
	}
	fprintf(out, "</testsuite>\n");
}

void
u8c_report(FILE *out, enum u8c_format format, const struct u8c_suite *suite)
{
	if (format == U8C_FORMAT_JSON)
		report_json(out, suite);
	else if (format == U8C_FORMAT_JUNIT)
		report_junit(out, suite);
	else
		report_text(out, suite);
}
