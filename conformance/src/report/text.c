/* SPDX-License-Identifier: MIT */
/*
 * text.c - the report for people: what did not pass, one entry each
 * with its smallest counterexample, then the verdict.
 *
 * It ends with "N passed, N failed" (checks; a WARN counts as passed),
 * which CI jobs match.  Colour only on a terminal.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "report.h"

static const char *const colour[] = {"\033[32m", "\033[36m", "\033[33m",
                                     "\033[31m"};

/* Why a policy or a variant (@name) is "unknown", when it is: only the
 * values of the functions @shown (their names: @by) show it, and a
 * stopped run may have too few. */
static const char *
unknown_why(const struct u8c_report *r, const char *name, unsigned shown,
            const char *by, uint64_t seen, const char *none, char *why,
            size_t size)
{
	if (strcmp(name, "unknown") != 0)
		return "";
	if (!(r->functions & shown))
		snprintf(
		    why, size,
		    " (only the values of %s show it, and none was judged)",
		    by);
	else if (seen == 0)
		snprintf(why, size, " (%s)", none);
	else
		snprintf(why, size,
		         " (the run stopped after %llu telling inputs, too few "
		         "to name one)",
		         (unsigned long long)seen);
	return why;
}

static void
exports(FILE *out, const struct u8c_report *r)
{
	fprintf(out, "exports ");
	if (r->exports == 0)
		fprintf(out, " (merged from shard reports)");
	for (int fn = 0; fn < U8C_FNS; fn++)
		if (r->exports >> fn & 1u)
			fprintf(out, " %s%s",
			        fn == U8C_FN_STREAM &&
			                (r->traits & U8C_STREAM_CONSUMED)
			            ? "u8t_stream_consumed"
			            : u8c_fn_titles[fn],
			        !(r->functions >> fn & 1u) ? " (not judged)"
			        : r->hung >> fn & 1u
			            ? " (set aside: see stopped)"
			            : "");
	fputc('\n', out);
}

/* The function a fate's call was to, named as the ABI names it ("u8t_decode"),
 * from its name in --functions; "" for none. */
static const char *
call_title(const char *function)
{
	enum u8c_fn fn = function != NULL
	                     ? u8c_fn_named(function, strlen(function))
	                     : U8C_FN_ANY;

	return fn != U8C_FN_ANY ? u8c_fn_titles[fn] : "";
}

static void
finding(FILE *out, const struct u8c_report_check *c, int tty)
{
	const struct u8c_check *row = u8c_check(c->check);
	uint64_t of = c->tested > c->failed ? c->tested : c->failed;

	fprintf(out, "%s%s%-4s%s %s: %s (%llu of %llu inputs",
	        tty ? colour[c->expected ? U8C_PASS : c->level] : "",
	        c->expected ? "expected " : "", u8c_level_names[c->level],
	        tty ? "\033[0m" : "", row->id, row->title,
	        (unsigned long long)c->failed, (unsigned long long)of);
	if (c->died > 0)
		fprintf(out, "; %llu more not judged: the call died",
		        (unsigned long long)c->died);
	fprintf(out, ")\n");
	if (c->why != NULL)
		fprintf(out, "     why   %s\n", c->why);
	if (!c->has_example)
		return;
	fprintf(out, "     input %s\n     want  %s\n     got   %s%s%s\n",
	        u8c_report_shown(&c->example), c->example.expected,
	        c->example.got, c->example.function ? ", calling " : "",
	        call_title(c->example.function));
	if (c->example.reproduced == 0)
		fprintf(out, "     (in a fresh worker this input passed: it "
		             "depends on what came before)\n");
	for (unsigned k = 0; k < c->nmore; k++)
		fprintf(out, "     also  %s: want %s, got %s%s%s\n",
		        u8c_report_shown(&c->more[k]), c->more[k].expected,
		        c->more[k].got, c->more[k].function ? ", calling " : "",
		        call_title(c->more[k].function));
}

static void
stale(FILE *out, const struct u8c_report *r)
{
	for (size_t k = 0; k < r->nstale; k++)
		fprintf(
		    out,
		    "stale    %s %s (%s:%u: it took no failure: the decoder "
		    "got better)\n",
		    u8c_check(r->stale[k]->check)->id, r->stale[k]->text,
		    r->expect_file, r->stale[k]->line);
}

int
u8c_report_text(FILE *out, const struct u8c_report *r)
{
	int tty = isatty(fileno(out));
	struct u8c_report_counts n = u8c_report_count(r);
	const char *sep = "";
	char why[160];

	fprintf(out, "target   %s (%s)\n", r->target, r->path);
	exports(out, r);
	fprintf(out, "judged   against %s (%s)\n", r->profile,
	        r->profile_source);
	for (size_t k = 0; k < U8C_TRAITS; k++)
		if (r->traits & u8c_traits[k].bit)
			fprintf(out, "traits   %s\n", u8c_traits[k].means);
	if (r->exec)
		fprintf(out, "ran      as a child process of each worker, "
		             "speaking conformance/PROTOCOL.md (--exec)\n");
	else if (r->per_worker && r->threads > 1)
		fprintf(out,
		        "loaded   in each worker: loading left %u threads "
		        "running, which a worker forked from it would lack\n",
		        r->threads);
	else if (r->per_worker)
		fprintf(out, "loaded   in each worker, as --load asked\n");
	if (r->sanitizers != 0)
		fprintf(out,
		        "built    with %s: its jail ran under the runtime, "
		        "u8conform did not\n",
		        u8c_sanitizer_names(r->sanitizers));
	fprintf(
	    out, "policy   %s%s\n", r->policy,
	    unknown_why(r, r->policy, 1u << U8C_FN_DECODE | 1u << U8C_FN_NEXT,
	                "u8t_decode and u8t_next", r->policy_runs,
	                "no ill-formed input was decoded", why, sizeof why));
	fprintf(out, "variant  %s%s\n\n", r->variant,
	        unknown_why(r, r->variant, 1u << U8C_FN_DECODE, "u8t_decode",
	                    r->variant_tested,
	                    "this run judged no decoding for the variants", why,
	                    sizeof why));
	for (int c = 0; c < U8C_CHECKS; c++)
		if (r->checks[c].ran && r->checks[c].level != U8C_PASS)
			finding(out, &r->checks[c], tty);
	stale(out, r);
	if (n.skipped > 0) {
		fprintf(out, "skipped ");
		for (int c = 0; c < U8C_CHECKS; c++)
			if (r->checks[c].skipped) {
				fprintf(out, "%s%s", sep,
				        u8c_check((enum u8c_check_id)c)->id);
				sep = ", ";
			}
		fprintf(out, "\n         (not judged: every call of theirs "
		             "died, the run stopped first,\n          or the "
		             "target's traits exclude them)\n");
	}
	if (!r->complete)
		fprintf(out,
		        "stopped  %s;\n         the counts above are "
		        "partial\n",
		        r->stopped != NULL ? r->stopped : "early");
	fprintf(out, "%sverdict  %s%s%s\n%u passed, %u failed",
	        tty ? colour[r->unexpected] : "", u8c_report_verdict_name(r),
	        r->unexpected < r->verdict && r->unexpected <= U8C_INFO
	            ? " (every departure expected)"
	            : "",
	        tty ? "\033[0m" : "", n.passed, n.failed);
	if (n.expected > 0)
		fprintf(out, ", %u expected", n.expected);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
