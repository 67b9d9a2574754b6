/* SPDX-License-Identifier: MIT */
/*
 * merge.c - read u8conform's JSON reports back, with jansson, and add
 * them up.
 *
 * A report is refused, with the reason, unless every field is of its
 * type and every count agrees with the rest: these files travel between
 * CI jobs, and a merged report that passes must mean every shard did.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "hex.h"
#include "merge.h"

/* What is being read, for the error line. */
struct reading {
	const char *file;
	char *err;
	size_t errlen;
};

static int
refuse(struct reading *rd, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	snprintf(rd->err, rd->errlen, "%s: not a whole u8conform report: %s",
	         rd->file, why);
	return -1;
}

/* The file's text, if it is no larger than a report can be. */
static char *
slurp(struct reading *rd, size_t *len)
{
	FILE *f = fopen(rd->file, "rb");
	char *buf;
	size_t got;

	if (f == NULL) {
		snprintf(rd->err, rd->errlen, "%s: %s", rd->file,
		         strerror(errno));
		return NULL;
	}
	if ((buf = malloc(U8C_MERGE_MAX_BYTES + 1)) == NULL) {
		fclose(f);
		snprintf(rd->err, rd->errlen, "%s: out of memory", rd->file);
		return NULL;
	}
	got = fread(buf, 1, U8C_MERGE_MAX_BYTES + 1, f);
	if (ferror(f)) {
		snprintf(rd->err, rd->errlen, "%s: %s", rd->file,
		         strerror(errno));
		got = 0;
		free(buf);
		buf = NULL;
	} else if (got > U8C_MERGE_MAX_BYTES) {
		snprintf(rd->err, rd->errlen,
		         "%s: larger than %d MiB: not a u8conform report",
		         rd->file, U8C_MERGE_MAX_BYTES >> 20);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = got;
	return buf;
}

static const char *
string_field(struct reading *rd, json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_string(v)) {
		refuse(rd, "\"%s\" is not a string", key);
		return NULL;
	}
	return json_string_value(v);
}

static int
count_field(struct reading *rd, json_t *o, const char *key, uint64_t *n,
            int optional)
{
	json_t *v = json_object_get(o, key);

	if (v == NULL && optional) {
		*n = 0;
		return 0;
	}
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return refuse(rd, "\"%s\" is not a count", key);
	*n = (uint64_t)json_integer_value(v);
	return 0;
}

static int
level_of(const char *name)
{
	for (int l = 0; l < 4; l++)
		if (strcmp(name, u8c_level_names[l]) == 0)
			return l;
	return -1;
}

/* An example's input text as the example it names, for ordering. */
static int
example_key(const char *input, struct u8c_example *e)
{
	static uint8_t bytes[U8C_MAX_INPUT];
	size_t n;

	memset(e, 0, sizeof *e);
	if (strcmp(input, "(loading)") == 0) {
		e->during = U8C_DURING_LOADING;
		return 0;
	}
	if (strcmp(input, "(unloading)") == 0) {
		e->during = U8C_DURING_UNLOADING;
		return 0;
	}
	if (u8s_u_parse(input, &e->cp) == U8S_PARSE_OK) {
		e->kind = U8C_ITEM_CODE_POINT;
		return 0;
	}
	if (strcmp(input, "(empty)") == 0)
		return 0;
	if (u8s_hex_parse(input, bytes, sizeof bytes, &n) != U8S_PARSE_OK)
		return -1;
	e->kind = U8C_ITEM_BYTES;
	e->n = n;
	memcpy(e->bytes, bytes, n < U8C_EXAMPLE_BYTES ? n : U8C_EXAMPLE_BYTES);
	return 0;
}

/* A stream counterexample's chunks: lengths that add up to its input. */
static int
read_chunks(struct reading *rd, json_t *a, struct u8c_report_example *e)
{
	static size_t len[U8C_MAX_INPUT + 1];
	size_t k;
	json_t *v;

	if (a == NULL)
		return 0;
	if (!json_is_array(a) || json_array_size(a) == 0 ||
	    json_array_size(a) > U8C_MAX_INPUT + 1)
		return refuse(rd, "\"%s\" is not a list of lengths",
		              U8C_F_CHUNKS);
	json_array_foreach(a, k, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > U8C_MAX_INPUT)
			return refuse(rd, "\"%s\" is not a list of lengths",
			              U8C_F_CHUNKS);
		len[k] = (size_t)json_integer_value(v);
	}
	if (u8c_report_example_chunks(e, len, json_array_size(a)) != 0)
		return refuse(rd,
		              "chunks that do not add up to input \"%.40s\"",
		              e->input);
	return 0;
}

/* The function string @v names as --functions does, or U8C_FN_ANY. */
static enum u8c_fn
function_named(const json_t *v)
{
	return json_is_string(v)
	           ? u8c_fn_named(json_string_value(v), json_string_length(v))
	           : U8C_FN_ANY;
}

static int
read_example(struct reading *rd, json_t *o, struct u8c_report_example *e)
{
	const char *input, *expected, *got;
	json_t *reproduced = json_object_get(o, U8C_F_REPRODUCED);
	json_t *function = json_object_get(o, U8C_F_FUNCTION);
	struct u8c_example key;

	if (!json_is_object(o))
		return refuse(rd, "a counterexample is not an object");
	if ((input = string_field(rd, o, U8C_F_INPUT)) == NULL ||
	    (expected = string_field(rd, o, U8C_F_EXPECTED)) == NULL ||
	    (got = string_field(rd, o, U8C_F_GOT)) == NULL)
		return -1;
	if (example_key(input, &key) != 0)
		return refuse(rd, "counterexample input \"%.40s\" is no input",
		              input);
	if (reproduced != NULL && !json_is_boolean(reproduced))
		return refuse(rd, "\"%s\" is not true or false",
		              U8C_F_REPRODUCED);
	e->function = NULL;
	if (function != NULL) {
		enum u8c_fn fn = function_named(function);

		if (fn == U8C_FN_ANY)
			return refuse(rd, "\"%s\" names no function",
			              U8C_F_FUNCTION);
		e->function = u8c_fn_names[fn];
	}
	e->input = strdup(input);
	e->expected = strdup(expected);
	e->got = strdup(got);
	e->reproduced = reproduced == NULL ? -1 : json_is_true(reproduced);
	if (!e->input || !e->expected || !e->got)
		return refuse(rd, "no memory");
	return read_chunks(rd, json_object_get(o, U8C_F_CHUNKS), e);
}

/* The departure a map's letter names, or -1. */
static int
departure_of(char letter)
{
	for (int d = 0; d < U8C_DEPARTURES; d++)
		if (u8c_departures[d].letter == letter)
			return d;
	return -1;
}

static int
by_cell(const void *a, const void *b)
{
	size_t x = ((const struct u8c_report_map_example *)a)->cell;
	size_t y = ((const struct u8c_report_map_example *)b)->cell;

	return (x > y) - (x < y);
}

/* One example of a byte map: its cell named by @key, which departs. */
static int
read_map_example(struct reading *rd, const char *key, json_t *o,
                 struct u8c_report_map *m)
{
	struct u8c_report_map_example *x = &m->ex[m->nex];
	uint8_t b[2];
	size_t n;
	const char *check;
	int c;

	if (u8s_hex_parse(key, b, sizeof b, &n) != U8S_PARSE_OK || n == 0)
		return refuse(rd,
		              "byte map cell \"%.20s\" is not one or two "
		              "bytes",
		              key);
	x->cell = u8c_map_cell(b, n);
	if (departure_of(m->cells[x->cell]) <= U8C_DEPART_AGREES)
		return refuse(rd,
		              "byte map cell %s has an example, but no "
		              "departure",
		              key);
	if ((check = string_field(rd, o, U8C_F_CHECK)) == NULL)
		return -1;
	if ((c = u8c_check_by_id(check)) < 0)
		return refuse(rd, "unknown check \"%.40s\"", check);
	x->check = (enum u8c_check_id)c;
	if (read_example(rd, o, &x->example) != 0)
		return -1;
	m->nex++;
	return 0;
}

/* A report's byte map, when it has one. */
static int
read_map(struct reading *rd, json_t *o, struct u8c_report *r)
{
	struct u8c_report_map *m;
	const char *cells, *key;
	json_t *examples, *v;

	if (o == NULL)
		return 0;
	if (!json_is_object(o) ||
	    (cells = string_field(rd, o, U8C_F_CELLS)) == NULL)
		return refuse(rd, "\"%s\" is not a byte map", U8C_F_BYTE_MAP);
	if (strlen(cells) != U8C_MAP_CELLS)
		return refuse(rd, "the byte map has %zu cells, not %d",
		              strlen(cells), U8C_MAP_CELLS);
	for (size_t k = 0; k < U8C_MAP_CELLS; k++)
		if (departure_of(cells[k]) < 0)
			return refuse(rd, "the byte map's cell %zu is '%c'", k,
			              cells[k]);
	examples = json_object_get(o, U8C_F_EXAMPLES);
	if (!json_is_object(examples))
		return refuse(rd, "\"%s\" is not an object", U8C_F_EXAMPLES);
	if ((m = r->map = calloc(1, sizeof *m)) == NULL ||
	    (json_object_size(examples) > 0 &&
	     (m->ex = calloc(json_object_size(examples), sizeof *m->ex)) ==
	         NULL))
		return refuse(rd, "no memory");
	memcpy(m->cells, cells, U8C_MAP_CELLS);
	json_object_foreach(examples, key, v)
	{
		if (read_map_example(rd, key, v, m) != 0)
			return -1;
	}
	if (m->nex > 1)
		qsort(m->ex, m->nex, sizeof *m->ex, by_cell);
	for (size_t k = 1; k < m->nex; k++)
		if (m->ex[k].cell == m->ex[k - 1].cell)
			return refuse(rd, "two examples of byte map cell %zu",
			              m->ex[k].cell);
	return 0;
}

/* A check's "expected" and "why", which reports run with --expect have. */
static int
read_expected(struct reading *rd, json_t *o, struct u8c_report_check *c)
{
	json_t *expected = json_object_get(o, U8C_F_EXPECTED_CHECK),
	       *why = json_object_get(o, U8C_F_WHY);

	if (expected == NULL)
		return 0;
	if (!json_is_boolean(expected))
		return refuse(rd, "\"%s\" is not true or false",
		              U8C_F_EXPECTED_CHECK);
	c->expected = json_is_true(expected);
	if (c->expected && c->level == U8C_PASS)
		return refuse(rd, "%s: expected, but it passed",
		              u8c_check(c->check)->id);
	if (why == NULL)
		return 0;
	if (!json_is_string(why))
		return refuse(rd, "\"%s\" is not a string", U8C_F_WHY);
	return (c->why = strdup(json_string_value(why))) != NULL
	           ? 0
	           : refuse(rd, "no memory");
}

/* A check's causes: patterns of expectations' inputs, and '*' for a
 * failure none names.  A report from before they were written has none:
 * any input. */
static int
read_causes(struct reading *rd, json_t *o, struct u8c_report_check *c)
{
	json_t *causes = json_object_get(o, U8C_F_CAUSES), *v;
	size_t k;

	if (causes == NULL) {
		c->any_cause = c->level > U8C_PASS;
		return 0;
	}
	if (!json_is_array(causes))
		return refuse(rd, "\"%s\" is not an array", U8C_F_CAUSES);
	json_array_foreach(causes, k, v)
	{
		const char *text = json_string_value(v);

		if (text == NULL || strlen(text) >= U8C_CAUSE_TEXT ||
		    !u8c_expect_input_valid(text))
			return refuse(rd, "%s: a cause that is no input",
			              u8c_check(c->check)->id);
		if (strcmp(text, "*") == 0 || c->ncauses == U8C_CAUSES)
			c->any_cause = 1;
		else
			snprintf(c->causes[c->ncauses++], U8C_CAUSE_TEXT, "%s",
			         text);
	}
	return 0;
}

static int
read_check(struct reading *rd, json_t *o, struct u8c_report *r)
{
	const char *id, *verdict;
	struct u8c_report_check *c;
	json_t *example;
	int k, level;

	if (!json_is_object(o))
		return refuse(rd, "a check is not an object");
	if ((id = string_field(rd, o, U8C_F_ID)) == NULL ||
	    (verdict = string_field(rd, o, U8C_F_VERDICT)) == NULL)
		return -1;
	if ((k = u8c_check_by_id(id)) < 0)
		return refuse(rd, "unknown check \"%.40s\"", id);
	c = &r->checks[k];
	if (c->ran)
		return refuse(rd, "check %s twice", id);
	if ((level = level_of(verdict)) < 0)
		return refuse(rd, "%s: unknown verdict \"%.20s\"", id, verdict);
	if (count_field(rd, o, U8C_F_TESTED, &c->tested, 0) != 0 ||
	    count_field(rd, o, U8C_F_FAILED, &c->failed, 0) != 0 ||
	    count_field(rd, o, U8C_F_DIED, &c->died, 1) != 0)
		return -1;
	if (c->failed > c->tested)
		return refuse(rd, "%s: %llu failed of %llu tested", id,
		              (unsigned long long)c->failed,
		              (unsigned long long)c->tested);
	if ((level == U8C_PASS) != (c->failed == 0))
		return refuse(rd, "%s: verdict %s with %llu failed", id,
		              verdict, (unsigned long long)c->failed);
	c->check = (enum u8c_check_id)k;
	c->level = (enum u8c_level)level;
	c->ran = 1;
	if (read_expected(rd, o, c) != 0 || read_causes(rd, o, c) != 0)
		return -1;
	example = json_object_get(o, U8C_F_COUNTEREXAMPLE);
	if (example == NULL || json_is_null(example))
		return 0;
	c->has_example = 1;
	return read_example(rd, example, &c->example);
}

static int
read_evidence(struct reading *rd, json_t *o, struct u8c_report *r)
{
	uint64_t p = 0, v = 0;

	if (!json_is_object(o))
		return refuse(rd, "\"%s\" is not an object", U8C_F_EVIDENCE);
	if (count_field(rd, o, U8C_F_POLICY_RUNS, &r->policy_runs, 0) ||
	    count_field(rd, o, U8C_F_POLICY_RULED_OUT, &p, 0) ||
	    count_field(rd, o, U8C_F_VARIANT_TESTED, &r->variant_tested, 0) ||
	    count_field(rd, o, U8C_F_VARIANT_RULED_OUT, &v, 0))
		return -1;
	if (p >= 1u << U8C_POLICIES || v >= 1u << 16)
		return refuse(rd, "ruled-out sets of unknown bits");
	r->policy_ruled_out = (uint32_t)p;
	r->variant_ruled_out = (uint32_t)v;
	return 0;
}

static int
read_shard(struct reading *rd, json_t *o, struct u8c_report *r)
{
	uint64_t k = 0, n = 0;

	if (o == NULL)
		return 0;
	if (!json_is_object(o) || count_field(rd, o, U8C_F_INDEX, &k, 0) ||
	    count_field(rd, o, U8C_F_OF, &n, 0))
		return refuse(rd, "\"%s\" is not {index, of}", U8C_F_SHARD);
	if (k < 1 || k > n || n > 1000000000)
		return refuse(rd, "shard %llu of %llu", (unsigned long long)k,
		              (unsigned long long)n);
	r->shard = (size_t)k;
	r->shards = (size_t)n;
	return 0;
}

static int
read_skipped(struct reading *rd, json_t *a, struct u8c_report *r)
{
	size_t i;
	json_t *v;
	int k;

	if (a == NULL)
		return 0;
	if (!json_is_array(a))
		return refuse(rd, "\"%s\" is not a list", U8C_F_SKIPPED);
	json_array_foreach(a, i, v)
	{
		if (!json_is_string(v) ||
		    (k = u8c_check_by_id(json_string_value(v))) < 0)
			return refuse(rd, "unknown check in \"%s\"",
			              U8C_F_SKIPPED);
		r->checks[k].check = (enum u8c_check_id)k;
		r->checks[k].skipped = 1;
	}
	return 0;
}

static int
read_functions(struct reading *rd, json_t *a, struct u8c_report *r)
{
	size_t i;
	json_t *v;

	if (a == NULL)
		return 0;
	if (!json_is_array(a))
		return refuse(rd, "\"%s\" is not a list", U8C_F_FUNCTIONS);
	json_array_foreach(a, i, v)
	{
		enum u8c_fn fn = function_named(v);

		if (fn == U8C_FN_ANY)
			return refuse(rd, "unknown function in \"%s\"",
			              U8C_F_FUNCTIONS);
		r->functions |= 1u << fn;
	}
	return 0;
}

/* Whether the families of list @a are, row by row, the name and the
 * placement of @plan's rows. */
static int
same_rows(const struct u8c_plan *plan, json_t *a)
{
	size_t i;
	json_t *v, *name, *placement;

	if (json_array_size(a) != plan->nrows)
		return 0;
	json_array_foreach(a, i, v)
	{
		name = json_object_get(v, U8C_F_NAME);
		placement = json_object_get(v, U8C_F_PLACEMENT);
		if (!json_is_string(name) || !json_is_string(placement) ||
		    strcmp(json_string_value(name),
		           plan->rows[i].family->name) != 0 ||
		    strcmp(json_string_value(placement),
		           u8c_report_placement_name(
		               plan->rows[i].placement)) != 0)
			return 0;
	}
	return 1;
}

/* The families judged: the rows of a plan u8conform makes (the default
 * suite, --exhaustive or --input), which shards must share, with each
 * one's inputs and how many of them were judged. */
static int
read_families(struct reading *rd, json_t *a, struct u8c_report *r)
{
	static const struct {
		enum u8c_plan_kind kind;
		int code_point;
	} plans[] = {{U8C_PLAN_DEFAULT, 0},
	             {U8C_PLAN_EXHAUSTIVE, 0},
	             {U8C_PLAN_ONE, 0},
	             {U8C_PLAN_ONE, 1}};
	struct u8c_plan plan;
	size_t k, i;
	json_t *v;

	for (k = 0; json_is_array(a) && k < sizeof plans / sizeof plans[0];
	     k++) {
		u8c_plan_make(&plan, plans[k].kind, 0, 0, plans[k].code_point);
		if (same_rows(&plan, a))
			break;
	}
	if (!json_is_array(a) || k == sizeof plans / sizeof plans[0])
		return refuse(rd,
		              "\"%s\" is not the rows of a plan of "
		              "u8conform's",
		              U8C_F_FAMILIES);
	json_array_foreach(a, i, v)
	{
		uint64_t inputs = 0, judged = 0;

		if (count_field(rd, v, U8C_F_INPUTS, &inputs, 0) != 0 ||
		    count_field(rd, v, U8C_F_JUDGED, &judged, 0) != 0)
			return -1;
		if (judged > inputs)
			return refuse(rd, "%s: %llu judged of %llu inputs",
			              plan.rows[i].family->name,
			              (unsigned long long)judged,
			              (unsigned long long)inputs);
		r->families[i] = (struct u8c_report_family){
		    plan.rows[i].family->name,
		    u8c_report_placement_name(plan.rows[i].placement),
		    (size_t)inputs, (size_t)judged};
	}
	r->nfamilies = plan.nrows;
	return 0;
}

/* The worst level among the checks (@all), or among those whose
 * failures were not all expected: what the verdict and "unexpected"
 * must be. */
static enum u8c_level
worst(const struct u8c_report *r, int all)
{
	enum u8c_level v = U8C_PASS;

	for (int c = 0; c < U8C_CHECKS; c++)
		if (r->checks[c].ran && r->checks[c].level > v &&
		    (all || !r->checks[c].expected))
			v = r->checks[c].level;
	return v;
}

/* The --expect file the report was judged with: every shard's must be
 * the same, or the merged report would hide departures. */
static int
read_expectations(struct reading *rd, json_t *o, struct u8c_report *r)
{
	const char *file;

	if (o == NULL)
		return 0;
	if (!json_is_object(o))
		return refuse(rd, "\"%s\" is not an object",
		              U8C_F_EXPECTATIONS);
	if ((file = string_field(rd, o, U8C_F_FILE)) == NULL)
		return -1;
	return (r->expect_file = strdup(file)) != NULL
	           ? 0
	           : refuse(rd, "no memory");
}

/* One file into @r (zeroed); every field checked. */
static int
read_report(struct reading *rd, struct u8c_report *r)
{
	const char *target, *path, *profile, *verdict, *stopped;
	const struct u8ref_profile *p;
	json_t *doc, *checks, *v, *complete;
	json_error_t jerr;
	size_t len, i;
	char *text;
	int rc = -1;

	if ((text = slurp(rd, &len)) == NULL)
		return -1;
	doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	free(text);
	if (doc == NULL)
		return refuse(rd, "line %d: %s", jerr.line, jerr.text);
	if (!json_is_object(doc)) {
		refuse(rd, "not a JSON object");
		goto out;
	}
	if ((target = string_field(rd, doc, U8C_F_TARGET)) == NULL ||
	    (path = string_field(rd, doc, U8C_F_PATH)) == NULL ||
	    (profile = string_field(rd, doc, U8C_F_PROFILE)) == NULL ||
	    (verdict = string_field(rd, doc, U8C_F_VERDICT)) == NULL)
		goto out;
	if ((p = u8ref_profile_by_name(profile)) == NULL) {
		refuse(rd, "unknown profile \"%.40s\"", profile);
		goto out;
	}
	r->target = strdup(target);
	r->path = strdup(path);
	r->profile = p->name;
	r->profile_source = p->source;
	complete = json_object_get(doc, U8C_F_COMPLETE);
	if (!json_is_boolean(complete)) {
		refuse(rd,
		       "\"%s\" is not true or false (a report of an older "
		       "u8conform?)",
		       U8C_F_COMPLETE);
		goto out;
	}
	r->complete = json_is_true(complete);
	if (!r->complete) {
		if ((stopped = string_field(rd, doc, U8C_F_STOPPED)) == NULL)
			goto out;
		r->stopped = strdup(stopped);
	}
	if (read_evidence(rd, json_object_get(doc, U8C_F_EVIDENCE), r) != 0 ||
	    read_shard(rd, json_object_get(doc, U8C_F_SHARD), r) != 0 ||
	    read_functions(rd, json_object_get(doc, U8C_F_FUNCTIONS), r) != 0 ||
	    read_families(rd, json_object_get(doc, U8C_F_FAMILIES), r) != 0 ||
	    read_skipped(rd, json_object_get(doc, U8C_F_SKIPPED), r) != 0 ||
	    read_expectations(rd, json_object_get(doc, U8C_F_EXPECTATIONS),
	                      r) != 0 ||
	    read_map(rd, json_object_get(doc, U8C_F_BYTE_MAP), r) != 0)
		goto out;
	checks = json_object_get(doc, U8C_F_CHECKS);
	if (!json_is_array(checks)) {
		refuse(rd, "\"%s\" is not a list", U8C_F_CHECKS);
		goto out;
	}
	json_array_foreach(checks, i, v)
	{
		if (read_check(rd, v, r) != 0)
			goto out;
	}
	r->verdict = worst(r, 1);
	r->unexpected = worst(r, 0);
	if (strcmp(verdict, u8c_report_verdict_name(r)) != 0) {
		refuse(rd, "verdict %.10s, but its checks say %s", verdict,
		       u8c_report_verdict_name(r));
		goto out;
	}
	if (r->target == NULL || r->path == NULL) {
		refuse(rd, "no memory");
		goto out;
	}
	rc = 0;
out:
	json_decref(doc);
	return rc;
}

/* Whether example @a comes before @b, as the run would have chosen. */
static int
input_before(const struct u8c_report_example *a,
             const struct u8c_report_example *b)
{
	struct u8c_example x, y;

	return example_key(a->input, &x) == 0 &&
	       example_key(b->input, &y) == 0 && u8c_example_before(&x, &y);
}

/* Keeps the smaller of two examples of a check (inputs read_example
 * took are keys). */
static void
merge_example(struct u8c_report_check *to, struct u8c_report_check *from)
{
	if (!from->has_example)
		return;
	if (to->has_example && !input_before(&from->example, &to->example))
		return;
	u8c_report_example_free(&to->example);
	to->example = from->example;
	to->has_example = 1;
	memset(&from->example, 0, sizeof from->example);
	from->has_example = 0;
}

/* The byte maps of two shards as one: each cell's worse departure, with
 * the smaller example where they depart alike.  0, or -1 (no memory). */
static int
merge_map(struct u8c_report_map *to, struct u8c_report_map *from)
{
	struct u8c_report_map_example *ex;
	size_t n = 0, i = 0, j = 0;

	if ((ex = calloc(to->nex + from->nex + 1, sizeof *ex)) == NULL)
		return -1;
	for (size_t cell = 0; cell < U8C_MAP_CELLS; cell++) {
		int da = departure_of(to->cells[cell]);
		int db = departure_of(from->cells[cell]);
		struct u8c_report_map_example *xa =
		    i < to->nex && to->ex[i].cell == cell ? &to->ex[i++] : NULL;
		struct u8c_report_map_example *xb =
		    j < from->nex && from->ex[j].cell == cell ? &from->ex[j++]
		                                              : NULL;
		int take_b =
		    db > da ||
		    (db == da && xb != NULL &&
		     (xa == NULL || input_before(&xb->example, &xa->example)));

		if (take_b)
			to->cells[cell] = from->cells[cell];
		if (take_b ? xb != NULL : xa != NULL) {
			ex[n++] = take_b ? *xb : *xa;
			memset(take_b ? xb : xa, 0, sizeof *xa);
		}
	}
	for (size_t k = 0; k < to->nex; k++)
		u8c_report_example_free(&to->ex[k].example);
	free(to->ex);
	to->ex = ex;
	to->nex = n;
	return 0;
}

/* The causes of both, each once. */
static void
merge_causes(struct u8c_report_check *to, const struct u8c_report_check *from)
{
	to->any_cause |= from->any_cause;
	for (unsigned k = 0; k < from->ncauses && !to->any_cause; k++) {
		unsigned j = 0;

		while (j < to->ncauses &&
		       strcmp(to->causes[j], from->causes[k]) != 0)
			j++;
		if (j < to->ncauses)
			continue;
		if (to->ncauses == U8C_CAUSES)
			to->any_cause = 1;
		else
			memcpy(to->causes[to->ncauses++], from->causes[k],
			       U8C_CAUSE_TEXT);
	}
}

/* Whether two reports judged the rows of one plan (read_families gives
 * each row the plan's own strings). */
static int
same_families(const struct u8c_report *a, const struct u8c_report *b)
{
	if (a->nfamilies != b->nfamilies)
		return 0;
	for (size_t k = 0; k < a->nfamilies; k++)
		if (a->families[k].name != b->families[k].name ||
		    a->families[k].placement != b->families[k].placement)
			return 0;
	return 1;
}

static void
add(struct u8c_report *to, struct u8c_report *from)
{
	for (size_t k = 0; k < to->nfamilies; k++) {
		to->families[k].inputs += from->families[k].inputs;
		to->families[k].judged += from->families[k].judged;
	}
	to->policy_runs += from->policy_runs;
	to->policy_ruled_out |= from->policy_ruled_out;
	to->variant_tested += from->variant_tested;
	to->variant_ruled_out |= from->variant_ruled_out;
	to->functions |= from->functions;
	if (!from->complete && to->stopped == NULL && from->stopped) {
		/* which shard stopped, for the one line a merge job shows */
		size_t len = strlen(from->stopped) + 64;

		if (from->shards > 0 && (to->stopped = malloc(len)) != NULL) {
			snprintf(to->stopped, len,
			         "shard %zu of %zu stopped: %s", from->shard,
			         from->shards, from->stopped);
		} else {
			to->stopped = from->stopped;
			from->stopped = NULL;
		}
	}
	to->complete &= from->complete;
	for (int c = 0; c < U8C_CHECKS; c++) {
		struct u8c_report_check *a = &to->checks[c],
		                        *b = &from->checks[c];

		a->skipped |= b->skipped;
		if (!b->ran)
			continue;
		a->check = b->check;
		a->ran = 1;
		a->tested += b->tested;
		a->failed += b->failed;
		a->died += b->died;
		/* expected when every shard that saw it fail expected it */
		if (b->level > U8C_PASS)
			a->expected = a->level > U8C_PASS
			                  ? a->expected && b->expected
			                  : b->expected;
		if (a->why == NULL) {
			a->why = b->why;
			b->why = NULL;
		}
		if (b->level > a->level)
			a->level = b->level;
		merge_example(a, b);
		merge_causes(a, b);
	}
}

/* Names the shards of @of that no file held. */
static void
missing(struct u8c_report *r, const unsigned char *seen, size_t of)
{
	char text[512], *before;
	size_t at = 0, n = 0, len;

	for (size_t k = 1; k <= of; k++) {
		if (seen[k])
			continue;
		n++;
		if (at < sizeof text - 64)
			at += (size_t)snprintf(text + at, sizeof text - at,
			                       "%s%zu", at ? ", " : "", k);
	}
	if (n == 0)
		return;
	if (at >= sizeof text - 64)
		snprintf(text + at, sizeof text - at, ", ...");
	/* a shard that stopped early is named after them */
	before = r->stopped;
	len = sizeof text + 64 + (before != NULL ? strlen(before) : 0);
	r->stopped = malloc(len);
	if (r->stopped != NULL)
		snprintf(r->stopped, len, "%zu of %zu shards missing: %s%s%s",
		         n, of, text, before != NULL ? "; " : "",
		         before != NULL ? before : "");
	free(before);
	r->complete = 0;
}

int
u8c_merge_reports(struct u8c_report *r, char *const *files, int nfiles,
                  char *err, size_t errlen)
{
	unsigned char *seen = NULL;
	struct u8c_report one;
	int rc = -1, maps = 1;

	memset(r, 0, sizeof *r);
	r->namespaced = -1;
	for (int i = 0; i < nfiles; i++) {
		struct reading rd = {files[i], err, errlen};

		memset(&one, 0, sizeof one);
		if (read_report(&rd, &one) != 0)
			goto out;
		if (i == 0) {
			r->target = one.target;
			r->path = one.path;
			one.target = one.path = NULL;
			r->profile = one.profile;
			r->profile_source = one.profile_source;
			r->shards = one.shards;
			r->functions = one.functions;
			memcpy(r->families, one.families, sizeof r->families);
			r->nfamilies = one.nfamilies;
			for (size_t k = 0; k < r->nfamilies; k++)
				r->families[k].inputs = r->families[k].judged =
				    0; /* add() counts them */
			r->expect_file = one.expect_file;
			one.expect_file = NULL;
			r->complete = 1;
			if (one.shards > 0 &&
			    (seen = calloc(one.shards + 1, 1)) == NULL) {
				snprintf(err, errlen, "out of memory");
				goto out;
			}
		} else if (strcmp(one.path, r->path) != 0 ||
		           strcmp(one.target, r->target) != 0 ||
		           strcmp(one.profile, r->profile) != 0) {
			snprintf(err, errlen,
			         "%s: a report on %s (%s, %s), not %s (%s, %s)",
			         files[i], one.path, one.target, one.profile,
			         r->path, r->target, r->profile);
			goto out;
		} else if (!same_families(&one, r)) {
			snprintf(err, errlen,
			         "%s: a shard of another plan than %s (the "
			         "default suite and --exhaustive do not merge)",
			         files[i], files[0]);
			goto out;
		} else if (one.functions != r->functions) {
			/* shards that judged other functions leave some
			 * inputs unjudged by some function */
			snprintf(
			    err, errlen,
			    "%s: judged other functions than %s (--functions "
			    "must be the same in every shard)",
			    files[i], files[0]);
			goto out;
		} else if ((one.expect_file == NULL) !=
		               (r->expect_file == NULL) ||
		           (one.expect_file != NULL &&
		            strcmp(one.expect_file, r->expect_file) != 0)) {
			snprintf(err, errlen,
			         "%s: judged with --expect %s, %s with %s",
			         files[i],
			         one.expect_file ? one.expect_file : "(none)",
			         files[0],
			         r->expect_file ? r->expect_file : "(none)");
			goto out;
		} else if (one.shards != r->shards || one.shards == 0) {
			snprintf(
			    err, errlen,
			    "%s: not a shard of the same --shard K/%zu run "
			    "as %s",
			    files[i], r->shards, files[0]);
			goto out;
		}
		if (seen != NULL && seen[one.shard]++) {
			snprintf(err, errlen,
			         "%s: shard %zu of %zu a second time", files[i],
			         one.shard, one.shards);
			goto out;
		}
		add(r, &one);
		/* a byte map only when every shard has one */
		maps &= one.map != NULL;
		if (!maps) {
			u8c_report_map_free(r->map);
			r->map = NULL;
		} else if (r->map == NULL) {
			r->map = one.map;
			one.map = NULL;
		} else if (merge_map(r->map, one.map) != 0) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		u8c_report_free(&one);
	}
	if (seen != NULL)
		missing(r, seen, r->shards);
	for (int c = 0; c < U8C_CHECKS; c++)
		r->checks[c].skipped &= !r->checks[c].ran;
	r->shard = 0;
	r->verdict = worst(r, 1);
	r->unexpected = worst(r, 0);
	r->policy = u8c_policy_name_of(r->policy_runs, r->policy_ruled_out);
	r->variant =
	    u8c_variant_name_of(r->variant_tested, r->variant_ruled_out);
	rc = 0;
	memset(&one, 0, sizeof one);
out:
	u8c_report_free(&one);
	free(seen);
	return rc;
}
