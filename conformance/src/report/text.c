/* SPDX-License-Identifier: MIT */
/*
 * text.c - the report for people: what did not pass, one entry each
 * with its smallest counterexample, then the verdict.
 *
 * It ends with "N passed, N failed" (checks; a WARN counts as passed),
 * which CI jobs match.  Colour only on a terminal.
 */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>

#include "report.h"

static const char *const colour[] = {"\033[32m", "\033[36m", "\033[33m",
                                     "\033[31m"};

static void
exports(FILE *out, const struct u8c_report *r)
{
	fprintf(out, "exports ");
	if (r->exports == 0)
		fprintf(out, " (merged from shard reports)");
	for (int fn = 0; fn < U8C_FNS; fn++)
		if (r->exports >> fn & 1u)
			fprintf(out, " u8t_%s%s", u8c_fn_names[fn],
			        !(r->functions >> fn & 1u) ? " (not judged)"
			        : r->hung >> fn & 1u ? " (set aside: hangs)"
			                             : "");
	fputc('\n', out);
}

static void
finding(FILE *out, const struct u8c_report_check *c, int tty)
{
	const struct u8c_check *row = u8c_check(c->check);
	uint64_t of = c->tested > c->failed ? c->tested : c->failed;

	fprintf(out, "%s%-4s%s %s: %s (%llu of %llu inputs",
	        tty ? colour[c->level] : "", u8c_level_names[c->level],
	        tty ? "\033[0m" : "", row->id, row->title,
	        (unsigned long long)c->failed, (unsigned long long)of);
	if (c->died > 0)
		fprintf(out, "; %llu more not judged: the call died",
		        (unsigned long long)c->died);
	fprintf(out, ")\n");
	if (!c->has_example)
		return;
	fprintf(out, "     input %s\n     want  %s\n     got   %s\n",
	        c->example.input, c->example.expected, c->example.got);
	if (c->example.reproduced == 0)
		fprintf(out, "     (in a fresh worker this input passed: it "
		             "depends on what came before)\n");
}

int
u8c_report_text(FILE *out, const struct u8c_report *r)
{
	int tty = isatty(fileno(out));
	unsigned passed, failed, skipped;
	const char *sep = "";

	fprintf(out, "target   %s (%s)\n", r->target, r->path);
	exports(out, r);
	fprintf(out, "judged   against %s (%s)\n", r->profile,
	        r->profile_source);
	fprintf(out, "policy   %s\nvariant  %s\n\n", r->policy, r->variant);
	for (int c = 0; c < U8C_CHECKS; c++)
		if (r->checks[c].ran && r->checks[c].level != U8C_PASS)
			finding(out, &r->checks[c], tty);
	u8c_report_counts(r, &passed, &failed, &skipped);
	if (skipped > 0) {
		fprintf(out, "skipped ");
		for (int c = 0; c < U8C_CHECKS; c++)
			if (r->checks[c].skipped) {
				fprintf(out, "%s%s", sep,
				        u8c_check((enum u8c_check_id)c)->id);
				sep = ", ";
			}
		fprintf(out, "\n         (not judged: every call of theirs "
		             "died, or the run stopped first)\n");
	}
	if (!r->complete)
		fprintf(out,
		        "stopped  %s;\n         the counts above are "
		        "partial\n",
		        r->stopped != NULL ? r->stopped : "early");
	fprintf(out, "%sverdict  %s%s\n%u passed, %u failed\n",
	        tty ? colour[r->verdict] : "", u8c_report_verdict_name(r),
	        tty ? "\033[0m" : "", passed, failed);
	return ferror(out) ? -1 : 0;
}
