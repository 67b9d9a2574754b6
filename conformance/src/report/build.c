/* SPDX-License-Identifier: MIT */
/*
 * build.c - from tallies to a report.
 *
 * The target's name and the library's path are the only strings from
 * outside, and go through u8c_safe_text here.  A check that could not
 * be judged on any of its items, or that a stopped run never reached,
 * is reported as skipped rather than left out.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "call_stack.h"
#include "hex.h"
#include "safe_text.h"

char *
u8c_example_input(const struct u8c_plan *plan, const struct u8c_example *e)
{
	static uint8_t buf[U8C_MAX_INPUT];
	/* "U+10FFFF", "(empty)", and the room u8s_hex_format asks for */
	enum { SHORT = 16 };
	const struct u8c_plan_row *row;
	struct u8c_item item;
	size_t room;
	char *text;

	if (e->during == U8C_DURING_LOADING)
		return strdup("(loading)");
	if (e->during == U8C_DURING_UNLOADING)
		return strdup("(unloading)");
	if (e->kind == U8C_ITEM_CODE_POINT) {
		if ((text = malloc(SHORT)) != NULL)
			u8s_u_format(text, SHORT, e->cp);
		return text;
	}
	/* the whole input, from its family; the bytes kept if the example
	 * names no row of this plan */
	if (e->run < plan->nrows) {
		row = &plan->rows[e->run];
		item = u8c_family_item(row->family, e->index, buf);
	} else {
		item = (struct u8c_item){
		    U8C_ITEM_BYTES,
		    e->bytes,
		    e->n < U8C_EXAMPLE_BYTES ? e->n : U8C_EXAMPLE_BYTES,
		    0,
		    {0, 0, 0}};
	}
	/* as long as its text, not the longest input's: a decoder that
	 * fails everywhere has an example in each of 65,792 cells */
	room = 3 * item.n + SHORT;
	if ((text = malloc(room)) != NULL)
		u8s_hex_format(text, room, item.s, item.n);
	return text;
}

/* A byte or code point row is in the plan for the function @fn. */
static int
planned(const struct u8c_plan *plan, enum u8c_fn fn)
{
	enum u8c_item_kind kind =
	    fn == U8C_FN_ENCODE ? U8C_ITEM_CODE_POINT : U8C_ITEM_BYTES;

	return u8c_plan_items(plan, kind) > 0;
}

static int
applies(const struct u8c_report *r, const struct u8c_plan *plan,
        enum u8c_check_id c)
{
	enum u8c_fn fn = u8c_check(c)->fn;

	if (fn == U8C_FN_ANY)
		return u8c_check_is_isolation((int)c);
	return (r->functions >> fn & 1u) && planned(plan, fn);
}

/* A check of code points the encoder declares it was not made for
 * (U8T_SCALARS_ONLY): never asked, so not judged. */
static int
outside_domain(const struct u8c_report *r, const struct u8c_plan *plan, int c)
{
	return (r->traits & U8T_SCALARS_ONLY) &&
	       (c == U8C_ENCODE_SURROGATES || c == U8C_ENCODE_BEYOND) &&
	       (r->functions >> U8C_FN_ENCODE & 1u) &&
	       planned(plan, U8C_FN_ENCODE);
}

/* A sanitizer's check, on a target built without that sanitizer; the
 * --exec protocol's on a library; the calling convention's on a child,
 * or where calls do not switch stacks (only that switch looks): it could
 * not fail, so it is neither judged nor listed. */
static int
cannot_fail(const struct u8c_report *r, int c)
{
	if (c == U8C_ISOLATION_PROTOCOL)
		return !r->exec;
	if (c == U8C_ISOLATION_CONVENTION)
		return r->exec || !u8c_stack_switches;
	if (c == U8C_ISOLATION_MEMORY_ERROR)
		return !(r->sanitizers & (U8C_SAN_ADDRESS | U8C_SAN_MEMORY));
	if (c == U8C_ISOLATION_UNDEFINED)
		return !(r->sanitizers & U8C_SAN_UNDEFINED);
	return 0;
}

/* The name the report gives the target. */
static char *
target_name(const struct u8c_run_facts *f)
{
	const struct u8c_sandbox_outcome *o = f->outcome;
	const char *base = strrchr(f->path, '/');
	char buf[512];

	if (f->symbol != NULL) {
		snprintf(buf, sizeof buf, "%s (%s shape)", f->symbol, f->shape);
		return u8c_safe_text((const uint8_t *)buf, strlen(buf),
		                     U8C_SAFE_TEXT_MAX);
	}
	if (o->name_len > 0)
		return u8c_safe_text(o->name, o->name_len, U8C_SAFE_TEXT_MAX);
	base = base ? base + 1 : f->path;
	return u8c_safe_text((const uint8_t *)base, strlen(base),
	                     U8C_SAFE_TEXT_MAX);
}

/* The texts of an example were written by a worker, in memory the
 * target could reach: read them as outside bytes. */
static char *
safe_copy(const char *text, size_t room)
{
	return u8c_safe_text((const uint8_t *)text, strnlen(text, room),
	                     2 * room);
}

static char *
display_path(const char *path)
{
	char buf[4096];

	/* as dlopen was given it: a bare name means a file here */
	snprintf(buf, sizeof buf, "%s%s", strchr(path, '/') ? "" : "./", path);
	return u8c_safe_text((const uint8_t *)buf, strlen(buf),
	                     U8C_SAFE_TEXT_MAX * 4);
}

/* Evidence under which a stopped run names no policy or variant. */
enum { THIN = 1000 };

/* An example as the report shows it; @of_fate: of an isolation check,
 * whose example names the call that met the fate. */
static int
example(struct u8c_report_example *to, const struct u8c_plan *plan,
        const struct u8c_example *e, int of_fate)
{
	static uint16_t cuts[U8C_MAX_CUTS];
	static size_t len[U8C_MAX_CUTS + 1];
	size_t ncuts, from = 0;

	to->input = u8c_example_input(plan, e);
	to->expected = safe_copy(e->expected, sizeof e->expected);
	to->got = safe_copy(e->got, sizeof e->got);
	to->reproduced = e->reproduced;
	to->function = of_fate && e->fn < U8C_FNS ? u8c_fn_names[e->fn] : NULL;
	if (!to->input || !to->expected || !to->got)
		return -1;
	if (e->chunking.kind == U8C_CHUNK_NONE || e->kind != U8C_ITEM_BYTES ||
	    e->during != U8C_DURING_ITEM)
		return 0;
	/* a stream's chunks, as lengths */
	ncuts = u8c_chunking_cuts(&e->chunking, e->n, cuts);
	for (size_t k = 0; k <= ncuts; k++) {
		size_t to_at = k < ncuts ? cuts[k] : e->n;

		len[k] = to_at - from;
		from = to_at;
	}
	return u8c_report_example_chunks(to, len, ncuts + 1);
}

/* The byte map of a run, its examples as the report shows them. */
static struct u8c_report_map *
map_of(const struct u8c_plan *plan, struct u8c_byte_map *m)
{
	struct u8c_report_map *to = calloc(1, sizeof *to);
	size_t departing = 0;

	if (to == NULL)
		return NULL;
	u8c_map_settle(m);
	for (size_t cell = 0; cell < U8C_MAP_CELLS; cell++) {
		to->cells[cell] = u8c_departures[m->departure[cell]].letter;
		departing += m->departure[cell] > U8C_DEPART_AGREES;
	}
	if (departing > 0 &&
	    (to->ex = calloc(departing, sizeof *to->ex)) == NULL)
		goto fail;
	for (size_t cell = 0; cell < U8C_MAP_CELLS; cell++) {
		struct u8c_report_map_example *x;

		if (m->departure[cell] <= U8C_DEPART_AGREES)
			continue;
		x = &to->ex[to->nex++];
		x->cell = cell;
		x->check = (enum u8c_check_id)m->check[cell];
		if (example(&x->example, plan, &m->ex[cell], 0) != 0)
			goto fail;
	}
	return to;
fail:
	u8c_report_map_free(to);
	return NULL;
}

int
u8c_report_build(struct u8c_report *r, const struct u8c_run_facts *f)
{
	const struct u8c_sandbox_outcome *o = f->outcome;
	const struct u8c_tallies *t = &o->total;
	struct u8c_causes causes;

	memset(r, 0, sizeof *r);
	r->target = target_name(f);
	r->path = display_path(f->path);
	r->profile = f->plan->profile->name;
	r->profile_source = f->plan->profile->source;
	r->verdict = u8c_tally_verdict(t);
	/* read off a run stopped early, from little, they would be guesses */
	r->policy = !o->complete && t->policy_runs < THIN ? "unknown"
	                                                  : u8c_policy_name(t);
	r->variant = !o->complete && t->variant_tested < THIN
	                 ? "unknown"
	                 : u8c_variant_name(t);
	r->policy_runs = t->policy_runs;
	r->policy_ruled_out = t->policy_violated;
	r->variant_tested = t->variant_tested;
	r->variant_ruled_out = t->variant_violated;
	r->exports = o->exports;
	r->functions = o->exports & f->plan->functions;
	r->hung = o->set_aside;
	r->traits = o->traits;
	r->complete = o->complete;
	if (!o->complete)
		r->stopped = strdup(o->stopped[0] ? o->stopped : "early");
	r->shard = f->shard;
	r->shards = f->shards;
	r->namespaced = o->namespaced;
	r->private_proc = o->private_proc;
	r->per_worker = o->per_worker;
	r->threads = o->threads;
	r->sanitizers = o->sanitizers;
	r->exec = o->exec;
	if (r->target == NULL || r->path == NULL)
		return -1;
	for (size_t k = 0; k < f->plan->nrows; k++) {
		const struct u8c_plan_row *row = &f->plan->rows[k];

		r->families[k] = (struct u8c_report_family){
		    row->family->name,
		    u8c_report_placement_name(row->placement), row->count,
		    o->row_judged[k]};
	}
	r->nfamilies = f->plan->nrows;
	for (int c = 0; c < U8C_CHECKS; c++) {
		struct u8c_report_check *rc = &r->checks[c];
		const int of_fate = u8c_check_is_isolation(c);
		/* the failures nobody expected, else the expected ones */
		const struct u8c_tally *y =
		    t->t[c].failed > 0 || t->x[c].failed == 0 ? &t->t[c]
		                                              : &t->x[c];

		rc->check = (enum u8c_check_id)c;
		rc->level = (enum u8c_level)y->level;
		rc->expected = y == &t->x[c];
		rc->tested = cannot_fail(r, c) ? 0 : t->t[c].tested;
		rc->failed = t->t[c].failed + t->x[c].failed;
		rc->died = t->t[c].died;
		rc->ran = rc->tested > 0 || rc->failed > 0;
		causes.n = 0, causes.any = 0; /* no failure, no causes */
		if (t->causes[c] != NULL) {
			causes = *t->causes[c];
			u8c_causes_coalesce(&causes);
		}
		if (causes.n > U8C_CAUSES) /* a report names U8C_CAUSES */
			causes.any = 1, causes.n = U8C_CAUSES;
		rc->any_cause = causes.any;
		for (unsigned k = 0; k < causes.n; k++)
			u8c_cause_text(&causes.cause[k],
			               rc->causes[rc->ncauses++]);
		rc->skipped = !rc->ran && !cannot_fail(r, c) &&
		              (rc->died > 0 ||
		               (!o->complete &&
		                applies(r, f->plan, (enum u8c_check_id)c)) ||
		               outside_domain(r, f->plan, c));
		if (y->nexamples == 0)
			continue;
		if (rc->expected && f->expect != NULL &&
		    y->ex[0].expectation >= 0 &&
		    (size_t)y->ex[0].expectation < f->expect->n)
			if ((rc->why = strdup(
			         f->expect->e[y->ex[0].expectation].reason)) ==
			    NULL)
				return -1;
		rc->has_example = 1;
		if (example(&rc->example, f->plan, &y->ex[0], of_fate) != 0)
			return -1;
		for (unsigned k = 1; k < y->nexamples && k < U8C_EXAMPLES; k++)
			if (example(&rc->more[rc->nmore++], f->plan, &y->ex[k],
			            of_fate) != 0)
				return -1;
	}
	if (t->map != NULL && (r->map = map_of(f->plan, t->map)) == NULL)
		return -1;
	r->unexpected = u8c_tally_unexpected(t);
	if (f->expect_file != NULL &&
	    (r->expect_file = strdup(f->expect_file)) == NULL)
		return -1;
	/* an expectation that took nothing says the decoder got better;
	 * only a whole run can say it, and only of a check that ran (not
	 * one of a function left out or not exported) */
	for (size_t k = 0; f->expect != NULL && k < f->expect->n; k++)
		if (t->matched[k] == 0 && o->complete &&
		    f->plan->kind != U8C_PLAN_ONE && !f->plan->sharded &&
		    r->checks[f->expect->e[k].check].ran)
			r->stale[r->nstale++] = &f->expect->e[k];
	return 0;
}
